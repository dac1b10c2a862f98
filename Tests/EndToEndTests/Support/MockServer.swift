import APIRuntime
import AssinafyTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// tools/mockserver serving one fixture document, as a child process of one test. It exits when
/// its standard input closes (`stop()`), so nothing is ever signalled by name.
final class MockServer: @unchecked Sendable {
    struct Violation: Decodable, Sendable, CustomStringConvertible {
        let kind: String
        let operationId: String?
        let message: String
        var description: String { "\(kind) \(operationId ?? "-"): \(message)" }
    }

    struct Recorded: Decodable, Sendable {
        let method: String
        let path: String
        let operationId: String?
        let query: [[String]]
        let headers: [[String]]
        let cookies: [String: String]
        let body: String

        func header(_ name: String) -> String? {
            headers.first { $0.first?.lowercased() == name.lowercased() }?.last
        }
    }

    private struct Announcement: Decodable {
        let base_url: String
        let admin_url: String
        let operations: Int
    }

    let baseURL: URL
    let operationCount: Int
    private let adminURL: URL
    // Process and Pipe are not Sendable; only init and stop() touch them.
    private let process: Process
    private let input: Pipe

    /// Starts `python tools/mockserver/mockserver.py --spec <fixture>` and reads its announcement.
    init(fixture: String) throws {
        guard let python = MockServer.python else { throw MockServerError("no Python for the mock server") }
        let root = MockServer.packageRoot
        process = Process()
        process.executableURL = python
        process.arguments = [
            root.appendingPathComponent("tools/mockserver/mockserver.py").path, "--spec",
            root.appendingPathComponent("Tests/GeneratorTests/Fixtures/EndToEnd/\(fixture)").path,
        ]
        process.currentDirectoryURL = root
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw MockServerError("the mock server exited before announcing its port") }
            line.append(chunk)
        }
        let announcement = try JSONDecoder().decode(
            Announcement.self, from: line.prefix { $0 != UInt8(ascii: "\n") })
        guard let base = URL(string: announcement.base_url), let admin = URL(string: announcement.admin_url) else {
            throw MockServerError("the mock server announced unusable URLs")
        }
        baseURL = base
        adminURL = admin
        operationCount = announcement.operations
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitForExitOrKill(within: 10)
    }

    /// An engine on the real transport, aimed at the mock, with `credentials` by scheme name. Its
    /// deadline is only a hang guard: the mock validates every request in Python, and on a machine
    /// busy with other builds one answer can take many seconds.
    func engine(_ credentials: [String: CredentialValue]) -> APIEngine {
        APIEngine(
            configuration: APIEngineConfiguration(
                baseURL: baseURL, credentials: credentials, timeout: 120, allowsInsecureLoopback: true,
                retryPolicy: .none),
            transport: URLSessionHTTPTransport())
    }

    func violations() async throws -> [Violation] { try await admin("violations") }
    func requests() async throws -> [Recorded] { try await admin("requests") }

    private func admin<T: Decodable>(_ route: String) async throws -> T {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, _) = try await session.data(from: adminURL.appendingPathComponent(route))
        return try JSONDecoder().decode(T.self, from: data)
    }

    /// Runs `body` against a fresh mock for `fixture`, then requires that the mock saw no
    /// violation and that `minimumOperations` different operations were called.
    static func run(
        _ fixture: String, minimumOperations: Int = 10,
        _ body: (MockServer) async throws -> Void
    ) async throws {
        let mock = try MockServer(fixture: fixture)
        defer { mock.stop() }
        try await body(mock)
        let violations = try await mock.violations()
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
        let called = Set(try await mock.requests().compactMap(\.operationId))
        #expect(called.count >= minimumOperations, "only \(called.sorted()) were called")
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // EndToEndTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `$ASSINAFY_PYTHON` (exported by `make test`), else the package's `.venv/bin/python`.
    static let python: URL? = {
        if let configured = ProcessInfo.processInfo.environment["ASSINAFY_PYTHON"],
            FileManager.default.isExecutableFile(atPath: configured)
        {
            return URL(fileURLWithPath: configured)
        }
        let venv = packageRoot.appendingPathComponent(".venv/bin/python")
        if FileManager.default.isExecutableFile(atPath: venv.path) { return venv }
        print("end-to-end: skipped, no Python for the mock server; set ASSINAFY_PYTHON or run `make venv`")
        return nil
    }()
}

struct MockServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
