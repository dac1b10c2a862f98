import Assinafy
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `client.documents.get(documentId:)` against a raw `URLSession.data(for:)` of the same URL,
/// same server, interleaved call by call, so both see the same machine load.
enum CallOverheadBenchmark {
    static let what = "per-call overhead of AssinafyClient over raw URLSession (documents.get)"
    static let target = "≤ 10 %"

    static func makeClient(_ server: LoopbackServer, accountId: String? = nil) -> AssinafyClient {
        AssinafyClient(
            configuration: AssinafyClientConfiguration(
                token: "bench-token", apiKey: nil, baseURL: server.baseURL, defaultAccountId: accountId,
                allowsInsecureLoopback: true))
    }

    /// The request the SDK sends, built by hand.
    static func rawRequest(_ server: LoopbackServer) throws -> URLRequest {
        guard let url = URL(string: "http://127.0.0.1:\(server.port)/v1/documents/doc-1") else {
            throw BenchFailure("bad loopback URL")
        }
        var request = URLRequest(url: url)
        request.setValue("Bearer bench-token", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue(AssinafyClientConfiguration.defaultUserAgent, forHTTPHeaderField: "User-Agent")
        return request
    }

    /// One sample of each kind: wall seconds and this process's CPU seconds.
    struct Sample {
        var wall: Double
        var cpu: Double
    }

    static func timed(_ body: () async throws -> Void) async throws -> Sample {
        let cpu = processCPUSeconds()
        let start = monotonicNanoseconds()
        try await body()
        return Sample(wall: Double(monotonicNanoseconds() - start) / 1e9, cpu: processCPUSeconds() - cpu)
    }

    /// For `perf record`: one kind of call in a loop for about `seconds` (0 client, 1 raw,
    /// 2 client over the stub transport: the SDK's own work without the network).
    static func profile(kind: Int, seconds: Double) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let request = try rawRequest(server)
        var client = makeClient(server)
        if kind == 2 {
            let (fixedBody, _) = try await session.data(for: request)
            client = AssinafyClient(
                configuration: AssinafyClientConfiguration(
                    token: "bench-token", apiKey: nil, baseURL: server.baseURL, allowsInsecureLoopback: true),
                httpTransport: StubTransport(body: fixedBody))
        }
        let start = monotonicNanoseconds()
        var count = 0
        while Double(monotonicNanoseconds() - start) / 1e9 < seconds {
            if kind != 1 {
                _ = try await client.documents.get(documentId: "doc-1")
            } else {
                _ = try await session.data(for: request)
            }
            count += 1
        }
        print(
            "\(["client", "raw", "stubbed client"][kind]): \(count) calls, \(fixed(seconds / Double(count) * 1e6, 0)) µs each"
        )
    }

    static func run(_ context: BenchContext, server: LoopbackServer) async -> ResultRow {
        do {
            let client = makeClient(server)
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let request = try rawRequest(server)
            // The stub transport answers the very bytes the server sends.
            let (fixedBody, _) = try await session.data(for: request)
            let stubConfiguration = AssinafyClientConfiguration(
                token: "bench-token", apiKey: nil, baseURL: server.baseURL, allowsInsecureLoopback: true)
            let stubbed = AssinafyClient(
                configuration: stubConfiguration, httpTransport: StubTransport(body: fixedBody))
            // The same, with eight more middlewares that only pass the request on: what a step of
            // the chain costs.
            let chained = AssinafyClient(
                configuration: stubConfiguration, httpTransport: StubTransport(body: fixedBody),
                middlewares: Array(repeating: PassThroughMiddleware(), count: 8))

            let lean = AssinafyClient(
                configuration: AssinafyClientConfiguration(
                    token: "bench-token", apiKey: nil, baseURL: server.baseURL, allowsInsecureLoopback: true),
                transport: LeanTransport(
                    session: session, origin: "http://127.0.0.1:\(server.port)", token: "bench-token",
                    userAgent: AssinafyClientConfiguration.defaultUserAgent))
            let kinds = [
                "client", "raw", "raw+decode", "client over stub transport",
                "client over LeanTransport (prototype: bare data(for:))",
                "client over stub transport, 8 more middlewares",
            ]
            let calls: [() async throws -> Void] = [
                { _ = try await client.documents.get(documentId: "doc-1") },
                {
                    let (_, response) = try await session.data(for: request)
                    guard (response as? HTTPURLResponse)?.statusCode == 200 else {
                        throw BenchFailure("raw call failed")
                    }
                },
                {
                    let (data, _) = try await session.data(for: request)
                    _ = try JSONCoding.decode(EnvelopeOf<Document>.self, from: data)
                },
                { _ = try await stubbed.documents.get(documentId: "doc-1") },
                { _ = try await lean.documents.get(documentId: "doc-1") },
                { _ = try await chained.documents.get(documentId: "doc-1") },
            ]
            for _ in 0..<context.runs(60, quick: 20) { for call in calls { try await call() } }
            var samples = Array(repeating: [Sample](), count: calls.count)
            // Single medians of 400 calls moved by ±5 points between runs on a 2-core machine
            // (client and server share it); 1,500 keep the estimate within about ±2.
            let count = context.runs(1500, quick: 300)
            for index in 0..<count {
                // Rotate which kind goes first, so none always follows the same neighbour.
                for offset in 0..<calls.count {
                    let kind = (index + offset) % calls.count
                    samples[kind].append(try await timed(calls[kind]))
                }
            }
            let wall = samples.map { Summary($0.map(\.wall)) }
            let cpu = samples.map { Summary($0.map(\.cpu)) }
            let overhead = (wall[0].median - wall[1].median) / wall[1].median
            var row = ResultRow(
                what: what,
                measured:
                    "\(fixed(overhead * 100, 1)) % (client \(fixed(wall[0].median * 1e6, 0)) µs vs raw \(fixed(wall[1].median * 1e6, 0)) µs, n=\(count) each)",
                target: target, verdict: overhead <= 0.10 ? .met : .missed)
            for (index, kind) in kinds.enumerated() {
                row.notes.append(
                    "\(kind): wall \(wall[index].formatted(unit: "µs", scale: 1e6, digits: 0)); this process's CPU "
                        + cpu[index].formatted(unit: "µs", scale: 1e6, digits: 0))
            }
            row.notes.append(
                "CPU overhead in this process (client − raw, medians): \(fixed((cpu[0].median - cpu[1].median) * 1e6, 0)) µs per call; "
                    + "of which decoding the envelope (raw+decode − raw): \(fixed((cpu[2].median - cpu[1].median) * 1e6, 0)) µs; "
                    + "SDK work without any network (client over stub transport): \(fixed(cpu[3].median * 1e6, 0)) µs; "
                    + "one more middleware in the chain: \(fixed((cpu[5].median - cpu[3].median) / 8 * 1e9, 0)) ns")
            // Adjacent calls see the same load, so the median of per-round differences is a
            // second, drift-resistant estimate; it is reported, the verdict stays on the medians.
            let paired = Summary(zip(samples[0], samples[1]).map { $0.wall - $1.wall }).median / wall[1].median
            row.notes.append(
                "paired estimate (median of client − raw within each round, over the raw median): \(fixed(paired * 100, 1)) %"
            )
            row.notes.append(
                "wall overhead with decoding counted as inherent (client vs raw+decode): "
                    + "\(fixed((wall[0].median - wall[2].median) / wall[2].median * 100, 1)) %; "
                    + "the same generated call over LeanTransport vs raw: "
                    + "\(fixed((wall[4].median - wall[1].median) / wall[1].median * 100, 1)) % (what is left with "
                    + "URLSessionTransport's own machinery taken out)")
            return row
        } catch {
            return .failure(what, target: target, error)
        }
    }
}

/// Answers every request with the same envelope: the SDK's own cost (engine, middlewares,
/// decoding) with the network taken out.
struct StubTransport: HTTPTransport {
    let body: Data

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        TransportResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: body)
    }
}

struct PassThroughMiddleware: APIMiddleware {
    func intercept(
        _ request: APIRequest, operation: String, next: @Sendable (APIRequest) async throws -> RawResponse
    ) async throws -> RawResponse {
        try await next(request)
    }
}
