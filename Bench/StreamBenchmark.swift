import APIRuntime
import Foundation

/// A long JSON Lines answer read as a typed stream (issue 32): the engine hands each item over
/// as it arrives, so resident memory must stay flat however long the answer is, and the first
/// item must reach the caller long before the answer ends.
///
/// The loopback server sends `--megabytes` of ~1 KiB lines at `--rate` MB/s (chunked, no
/// `Content-Length`); a fresh child process reads them through `APIEngine` +
/// `RawResponse.stream(of:framing: .jsonLines)`, decoding each line to a struct.
enum StreamBenchmark {
    static func what(_ megabytes: Int, _ rate: Int) -> String {
        "\(megabytes) MB JSON Lines stream at \(rate) MB/s: peak RSS growth"
    }
    static let target = "flat: second half ≤ 2 MB above the first"
    static func latencyWhat(_ megabytes: Int, _ rate: Int) -> String {
        "\(megabytes) MB JSON Lines stream at \(rate) MB/s: first-item latency"
    }

    struct Line: Decodable, Sendable {
        let i: Int
        let payload: String
    }

    // MARK: Parent side

    static func run(_ context: BenchContext, server: LoopbackServer) -> [ResultRow] {
        let megabytes = context.quick ? 10 : 100
        let short = 10
        let rate = Int(ProcessInfo.processInfo.environment["BENCH_STREAM_RATE"] ?? "") ?? 25
        let what = what(megabytes, rate)
        let latencyWhat = latencyWhat(megabytes, rate)
        do {
            var growth: [Double] = []
            var shortGrowth: [Double] = []
            var secondHalf: [Double] = []
            var firstItem: [Double] = []
            var seconds: [Double] = []
            var items: [Double] = []
            var tenths: [[Double]] = Array(repeating: [], count: 10)
            func measure(_ size: Int) throws -> [String: Double] {
                try ProcessBenchmarks.child([
                    "stream", "--port", String(server.port), "--megabytes", String(size), "--rate", String(rate),
                ])
            }
            func hwmGrowthMB(_ result: [String: Double]) -> Double {
                (result["hwmAfterKiB", default: 0] - result["hwmBeforeKiB", default: 0]) * 1024 / 1e6
            }
            for _ in 0..<context.runs(3, quick: 1) {
                shortGrowth.append(hwmGrowthMB(try measure(short)))
                let result = try measure(megabytes)
                growth.append(hwmGrowthMB(result))
                secondHalf.append(
                    (result["rssLateMaxKiB", default: 0] - result["rssEarlyMaxKiB", default: 0]) * 1024 / 1e6)
                firstItem.append(result["firstItemSeconds", default: .nan])
                seconds.append(result["seconds", default: .nan])
                items.append(result["items", default: .nan])
                for index in 0..<10 { tenths[index].append(result["rssTenth\(index)KiB", default: .nan] / 1024) }
            }
            let summary = Summary(growth)
            let extra = summary.median - Summary(shortGrowth).median
            let rise = Summary(secondHalf).median
            var row = ResultRow(
                what: what, measured: summary.formatted(unit: "MB", digits: 1), target: target,
                verdict: rise <= 2 ? .met : .missed)
            row.notes.append(
                (context.quick ? "--quick: only " : "")
                    + "\(megabytes) MB of ~1 KiB JSON lines (\(Int(items.first ?? 0)) "
                    + "items) sent chunked at \(rate) MB/s by the loopback server, read by `APIEngine` with "
                    + "`streamsResponse` and decoded item by item (`RawResponse.stream(of:framing: .jsonLines)`); "
                    + "VmHWM before (after a 1 MB warm-up stream) vs after, fresh process per run")
            row.notes.append(
                "the same for a \(short) MB stream: " + Summary(shortGrowth).formatted(unit: "MB", digits: 1)
                    + "; the \(megabytes) MB stream's peak is \(fixed(extra, 1)) MB higher")
            row.notes.append(
                "VmRSS, most in the second half of the stream minus most in the first half (the verdict): "
                    + Summary(secondHalf).formatted(unit: "MB", digits: 1))
            row.notes.append(
                "VmRSS above its value before the stream, most in each tenth of it (median of runs, MiB): "
                    + tenths.map { fixed(Summary($0).median, 1) }.joined(separator: ", "))
            row.notes.append("stream wall time: " + Summary(seconds).formatted(unit: "s", digits: 2))
            row.notes.append(
                "the network is not back-pressured: what waits unread stays in memory up to a 1 MiB window and "
                    + "spills to a temporary file past it (up to `maximumDownloadBytes`), so a reader stalled by a "
                    + "busy machine costs disk, not memory; reproduce with `make bench BENCH_ARGS=\"--only stream\"` "
                    + "(`BENCH_STREAM_RATE=<MB/s>` changes the pace)")
            let latency = ResultRow(
                what: latencyWhat, measured: Summary(firstItem).formatted(unit: "ms", scale: 1e3, digits: 1),
                target: "no target (long before the \(fixed(Double(megabytes) / Double(rate), 1)) s answer ends)",
                verdict: .info,
                notes: [
                    "from calling `send` to the first decoded item, on a warm client (a fresh connection per stream)"
                ])
            return [row, latency]
        } catch {
            return [.failure(what, target: target, error), .failure(latencyWhat, target: "", error)]
        }
    }

    // MARK: Child side

    static func child(port: Int, megabytes: Int, rate: Int) async throws -> [String: Double] {
        guard let base = URL(string: "http://127.0.0.1:\(port)") else { throw BenchFailure("bad port") }
        let engine = APIEngine(
            configuration: APIEngineConfiguration(
                baseURL: base, timeout: 30, allowsInsecureLoopback: true, retryPolicy: .none))
        func request(megabytes: Int, rate: Int) -> APIRequest {
            var request = APIRequest(
                operationName: "streamLines", method: .get, pathTemplate: "/v1/stream/jsonl", path: "/v1/stream/jsonl")
            request.query = [QueryItem("mb", String(megabytes)), QueryItem("rate", String(rate))]
            request.headers.set("Accept", "application/jsonl")
            request.streamsResponse = true
            return request
        }
        // Warm-up: the engine, URLSession and the decoder's first use.
        for try await _ in try await engine.send(request(megabytes: 1, rate: 1000)).stream(
            of: Line.self, framing: .jsonLines
        ).body {}

        let before = memoryStatusKiB()
        let start = monotonicNanoseconds()
        var firstItem: UInt64?
        var count = 0
        var received = 0
        var earlyMax = 0
        var lateMax = 0
        var tenths = [Int](repeating: 0, count: 10)
        let total = megabytes << 20
        let lines = try await engine.send(request(megabytes: megabytes, rate: rate)).stream(
            of: Line.self, framing: .jsonLines
        ).body
        for try await line in lines {
            if firstItem == nil { firstItem = monotonicNanoseconds() }
            count += 1
            received += line.payload.utf8.count + 20
            // Sample the resident size about every 1 MB.
            if count % 1000 == 0 {
                let now = memoryStatusKiB().current
                if received < total / 2 { earlyMax = max(earlyMax, now) } else { lateMax = max(lateMax, now) }
                let tenth = min(9, received * 10 / total)
                tenths[tenth] = max(tenths[tenth], now)
            }
        }
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        let after = memoryStatusKiB()
        guard let firstItem, count > 0 else { throw BenchFailure("the stream had no items") }
        var result: [String: Double] = [:]
        for (index, peak) in tenths.enumerated() { result["rssTenth\(index)KiB"] = Double(peak - before.current) }
        return result.merging([
            "hwmBeforeKiB": Double(before.peak), "hwmAfterKiB": Double(after.peak),
            "rssBeforeKiB": Double(before.current), "rssEarlyMaxKiB": Double(earlyMax),
            "rssLateMaxKiB": Double(lateMax),
            "firstItemSeconds": Double(firstItem - start) / 1e9, "seconds": seconds, "items": Double(count),
        ]) { $1 }
    }
}
