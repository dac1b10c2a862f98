import Assinafy
import Foundation
import GeneratorCore
import SyntheticDocuments

/// Benchmarks that need a process of their own: peak RSS (VmHWM only ever grows, so each
/// measurement needs a fresh process) and process CPU time (nothing else may run meanwhile).
/// The parent re-runs this executable as `assinafy-bench child <kind> ...`; the child prints one
/// JSON object on its last stdout line.
enum ProcessBenchmarks {
    static let uploadWhat = "upload 25 MB PDF from file URL: peak RSS growth"
    static let uploadTarget = "≤ 8 MB"
    static let pollWhat = "waitUntilReady (0.5 s interval): CPU between polls"
    static let pollTarget = "≈ 0 (< 1 % of the sleep)"
    static let uploadBytes = 25 * 1024 * 1024
    static let bombWhat = "305 KB gzip answer inflating to 300 MB, 32 MiB limit: peak RSS growth"
    static let bombTarget = "near the limit (≤ 64 MB)"
    static let floodWhat = "300 MB uncoded answer of unknown length at loopback speed, 32 MiB limit: peak RSS growth"

    // MARK: Parent side

    static func upload(_ context: BenchContext, server: LoopbackServer) -> ResultRow {
        do {
            let large = context.scratch + "/large.pdf"
            let small = context.scratch + "/small.pdf"
            try writePDF(large, bytes: uploadBytes)
            try writePDF(small, bytes: 4096)
            var growth: [Double] = []
            var seconds: [Double] = []
            var baselines: [Double] = []
            for _ in 0..<context.runs(3, quick: 1) {
                let result = try child(["upload", "--port", String(server.port), "--file", large, "--small", small])
                growth.append((result["hwmAfterKiB", default: 0] - result["hwmBeforeKiB", default: 0]) * 1024 / 1e6)
                seconds.append(result["seconds", default: .nan])
                baselines.append(result["hwmBeforeKiB", default: 0] * 1024 / 1e6)
            }
            let summary = Summary(growth)
            var row = ResultRow(
                what: uploadWhat, measured: summary.formatted(unit: "MB", digits: 1), target: uploadTarget,
                verdict: summary.median <= 8 ? .met : .missed)
            row.notes.append(
                "`documents.upload(fileURL:options:)` of \(uploadBytes) bytes to the loopback server (body discarded); "
                    + "VmHWM after a warm-up (3 gets, 2 small uploads) vs after the upload, fresh process per run")
            row.notes.append("baseline VmHWM: " + Summary(baselines).formatted(unit: "MB", digits: 1))
            row.notes.append("upload wall time: " + Summary(seconds).formatted(unit: "s", digits: 2))
            return row
        } catch {
            return .failure(uploadWhat, target: uploadTarget, error)
        }
    }

    /// A compression bomb, then an uncoded flood, against the default JSON limit: the call must
    /// fail with the limit's error, and the figure is how far past the limit memory went before
    /// the transfer stopped.
    static func bomb(_ context: BenchContext, server: LoopbackServer) -> [ResultRow] {
        [
            limitRow(context, server: server, document: "bomb", what: bombWhat, note:
                "`documents.get` answered with `Content-Encoding: gzip` although the request asked for identity"),
            limitRow(context, server: server, document: "flood", what: floodWhat, note:
                "`documents.get` answered with a chunked body written as fast as the socket takes it"),
        ]
    }

    private static func limitRow(
        _ context: BenchContext, server: LoopbackServer, document: String, what: String, note: String
    ) -> ResultRow {
        do {
            var growth: [Double] = []
            var received: [Double] = []
            for _ in 0..<context.runs(3, quick: 1) {
                let result = try child(["bomb", "--port", String(server.port), "--document", document])
                growth.append((result["hwmAfterKiB", default: 0] - result["hwmBeforeKiB", default: 0]) * 1024 / 1e6)
                received.append(result["receivedBytes", default: .nan] / 1e6)
            }
            let summary = Summary(growth)
            var row = ResultRow(
                what: what, measured: summary.formatted(unit: "MB", digits: 1), target: bombTarget,
                verdict: summary.median <= 64 ? .met : .missed)
            row.notes.append(note + "; VmHWM before vs after the refused call, fresh process per run")
            row.notes.append("bytes counted when the limit tripped: " + Summary(received).formatted(unit: "MB", digits: 1))
            row.notes.append(
                "on Linux libcurl inflates and delivers a whole socket read per call; the delegate queue makes it "
                    + "wait while 64 pieces are pending (`BoundedDelegateQueue`), so what it piles up stays near the limit")
            return row
        } catch {
            return .failure(what, target: bombTarget, error)
        }
    }

    static func poll(_ context: BenchContext, server: LoopbackServer) -> [ResultRow] {
        let pagingWhat = "listAll paging loop (10 pages × 50): CPU per page"
        do {
            let result = try child(["poll", "--port", String(server.port), "--processing", "4"])
            let total = result["waitCPU", default: .nan]
            let polls = result["polls", default: .nan]
            let perGet = result["cpuPerGet", default: .nan]
            let sleeping = result["sleepSeconds", default: .nan]
            let between = max(0, total - polls * perGet)
            let share = between / sleeping
            var row = ResultRow(
                what: pollWhat,
                measured: "\(fixed(between * 1e3, 1)) ms CPU over \(fixed(sleeping, 1)) s of sleep (\(fixed(share * 100, 2)) %)",
                target: pollTarget, verdict: share < 0.01 ? .met : .missed)
            row.notes.append(
                "server answers `metadata_processing` 4 times, then `metadata_ready`: \(Int(polls)) polls, "
                    + "wall \(fixed(result["waitWall", default: .nan], 2)) s; process CPU (getrusage user+sys) across the wait "
                    + "\(fixed(total * 1e3, 1)) ms (user \(fixed(result["waitUser", default: .nan] * 1e3, 1)), "
                    + "sys \(fixed(result["waitSystem", default: .nan] * 1e3, 1))); one `documents.get` costs "
                    + "\(fixed(perGet * 1e3, 2)) ms CPU (mean of 20), subtracted per poll")
            let pages = result["pages", default: .nan]
            let pagingRow = ResultRow(
                what: pagingWhat,
                measured: "\(fixed(result["pagingCPU", default: .nan] / pages * 1e3, 2)) ms CPU/page, "
                    + "\(fixed(result["pagingWall", default: .nan] / pages * 1e3, 2)) ms wall/page",
                target: "no target (busy work only)", verdict: .info,
                notes: ["\(Int(result["items", default: 0])) items over \(Int(pages)) pages; no sleeping between pages"])
            return [row, pagingRow]
        } catch {
            return [.failure(pollWhat, target: pollTarget, error), .failure(pagingWhat, target: "", error)]
        }
    }

    static func child(_ arguments: [String]) throws -> [String: Double] {
        let outcome = try Subprocess.check([ownExecutablePath(), "child"] + arguments)
        guard let line = outcome.stdout.split(separator: "\n").last,
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        else { throw BenchFailure("child \(arguments.first ?? "") printed no result:\n\(outcome.stdout)\(outcome.stderr)") }
        return object.compactMapValues { ($0 as? NSNumber)?.doubleValue }
    }

    /// A file the SDK's PDF check accepts (`%PDF` magic), filled with incompressible bytes.
    static func writePDF(_ path: String, bytes: Int) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else { throw BenchFailure("cannot create \(path)") }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var random = SyntheticDocument.SplitMix64(state: 7)
        var written = 0
        var first = true
        while written < bytes {
            var chunk = [UInt8](repeating: 0, count: min(1 << 20, bytes - written))
            for index in stride(from: 0, to: chunk.count - 7, by: 8) {
                withUnsafeBytes(of: random.next()) { word in
                    for offset in 0..<8 { chunk[index + offset] = word[offset] }
                }
            }
            if first {
                chunk.replaceSubrange(0..<9, with: Array("%PDF-1.7\n".utf8))
                first = false
            }
            try handle.write(contentsOf: chunk)
            written += chunk.count
        }
    }

    // MARK: Child side

    static func runChild(_ arguments: [String]) async -> Int32 {
        var options: [String: String] = [:]
        var index = 1
        while index + 1 < arguments.count {
            options[arguments[index]] = arguments[index + 1]
            index += 2
        }
        do {
            guard let port = options["--port"].flatMap(Int.init), let base = URL(string: "http://127.0.0.1:\(port)/v1")
            else { throw BenchFailure("child needs --port") }
            let client = AssinafyClient(
                configuration: AssinafyClientConfiguration(
                    token: "bench-token", apiKey: nil, baseURL: base, defaultAccountId: "acc-1",
                    allowsInsecureLoopback: true))
            let result: [String: Double]
            switch arguments.first {
            case "upload":
                guard let file = options["--file"], let small = options["--small"] else {
                    throw BenchFailure("upload needs --file and --small")
                }
                result = try await childUpload(client, file: file, small: small)
            case "bomb":
                result = try await childBomb(client, document: options["--document"] ?? "bomb")
            case "poll":
                result = try await childPoll(client, processing: options["--processing"].flatMap(Int.init) ?? 4)
            case "stream":
                result = try await StreamBenchmark.child(
                    port: port, megabytes: options["--megabytes"].flatMap(Int.init) ?? 100,
                    rate: options["--rate"].flatMap(Int.init) ?? 25)
            default:
                throw BenchFailure("unknown child benchmark \(arguments.first ?? "")")
            }
            let data = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return 0
        } catch {
            FileHandle.standardError.write(Data("child failed: \(error)\n".utf8))
            return 1
        }
    }

    static func childUpload(_ client: AssinafyClient, file: String, small: String) async throws -> [String: Double] {
        for _ in 0..<3 { _ = try await client.documents.get(documentId: "doc-1") }
        for _ in 0..<2 { _ = try await client.documents.upload(fileURL: URL(fileURLWithPath: small)) }
        let before = memoryStatusKiB()
        let start = monotonicNanoseconds()
        let document = try await client.documents.upload(fileURL: URL(fileURLWithPath: file))
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        let after = memoryStatusKiB()
        guard document.id == "doc-upload" else { throw BenchFailure("unexpected upload answer") }
        return [
            "hwmBeforeKiB": Double(before.peak), "hwmAfterKiB": Double(after.peak),
            "rssBeforeKiB": Double(before.current), "rssAfterKiB": Double(after.current), "seconds": seconds,
        ]
    }

    static func childBomb(_ client: AssinafyClient, document: String) async throws -> [String: Double] {
        for _ in 0..<3 { _ = try await client.documents.get(documentId: "doc-1") }
        let before = memoryStatusKiB()
        var tooLarge: ResponseTooLargeError?
        do {
            _ = try await client.documents.get(documentId: document)
        } catch let error as AssinafySDKError {
            tooLarge = error.underlyingError as? ResponseTooLargeError
        }
        let after = memoryStatusKiB()
        guard let tooLarge else { throw BenchFailure("the bomb was not refused as too large") }
        return [
            "hwmBeforeKiB": Double(before.peak), "hwmAfterKiB": Double(after.peak),
            "receivedBytes": Double(tooLarge.receivedBytes),
        ]
    }

    static func childPoll(_ client: AssinafyClient, processing: Int) async throws -> [String: Double] {
        for _ in 0..<5 { _ = try await client.documents.get(documentId: "doc-1") }
        let getCount = 20
        let getStart = rusageCPUSeconds()
        for _ in 0..<getCount { _ = try await client.documents.get(documentId: "doc-1") }
        let getEnd = rusageCPUSeconds()
        let cpuPerGet = (getEnd.user + getEnd.system - getStart.user - getStart.system) / Double(getCount)

        let interval = 0.5
        let id = "poll-\(UUID().uuidString.lowercased())-\(processing)"
        let waitStart = rusageCPUSeconds()
        let wallStart = monotonicNanoseconds()
        let document = try await client.documents.waitUntilReady(
            documentId: id, options: WaitUntilReadyOptions(maxWaitSeconds: 30, pollIntervalSeconds: interval))
        let waitWall = Double(monotonicNanoseconds() - wallStart) / 1e9
        let waitEnd = rusageCPUSeconds()
        guard document.status == "metadata_ready" else { throw BenchFailure("waitUntilReady returned \(document.status ?? "nil")") }

        let pagingStart = rusageCPUSeconds()
        let pagingWallStart = monotonicNanoseconds()
        let items = try await client.documents.listAll().collect()
        let pagingWall = Double(monotonicNanoseconds() - pagingWallStart) / 1e9
        let pagingEnd = rusageCPUSeconds()
        return [
            "cpuPerGet": cpuPerGet, "polls": Double(processing + 1), "sleepSeconds": Double(processing) * interval,
            "waitCPU": waitEnd.user + waitEnd.system - waitStart.user - waitStart.system,
            "waitUser": waitEnd.user - waitStart.user, "waitSystem": waitEnd.system - waitStart.system,
            "waitWall": waitWall, "items": Double(items.count), "pages": 10,
            "pagingCPU": pagingEnd.user + pagingEnd.system - pagingStart.user - pagingStart.system,
            "pagingWall": pagingWall,
        ]
    }
}
