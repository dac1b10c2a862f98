import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif


/// The Python test server (Tests/TestServer/server.py), started once per test process and
/// stopped when the process exits (its stdin closes).
///
/// Where there are no subprocesses (iOS, tvOS, watchOS, visionOS) the server cannot start: the
/// type is still there so the suites that use it compile, with no ports, and its control calls
/// throw. Those suites are disabled there by `isAvailable`.
public final class TestServer: @unchecked Sendable {
    public struct Ports: Decodable, Sendable {
        public let http: [String: Int]
        public let https: [String: Int]
    }

    public struct Record: Decodable, Sendable {
        public let origin: String
        public let method: String
        public let path: String
        public let query: String
        public let headers: [[String]]
        public let body_size: Int
        public let body_sha256: String
        public let body: String

        public func header(_ name: String) -> String? {
            headers.first { $0.first?.lowercased() == name.lowercased() }?.last
        }
        public var headerNames: Set<String> { Set(headers.compactMap { $0.first?.lowercased() }) }
    }

    public struct Event: Decodable, Sendable {
        public let event: String
        /// Seconds from the scenario's start to the event, by the server's clock (timeouts).
        public let after: Double?
    }

    /// HTTPS tests need the test CA trusted: `scripts/test-ca.sh run swift test ...` sets this.
    public static let httpsEnabled = ProcessInfo.processInfo.environment["ASSINAFY_TEST_CA"] != nil
    public static let httpsSkipReason: Comment =
        "HTTPS tests skipped: ASSINAFY_TEST_CA is not set; run `scripts/test-ca.sh run swift test ...`"

    /// Whether the server can run on this platform; suites that use it take
    /// `.enabled(if: TestServer.isAvailable, TestServer.unavailableReason)`.
    // The same platform test as ReferenceTool's: only these platforms lack `Process`.
    #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
    public static let isAvailable = false
    #else
    public static let isAvailable = true
    #endif
    public static let unavailableReason: Comment =
        "Test server skipped: it is a python3 subprocess, and this platform cannot spawn one"

    public static let shared: TestServer = {
        do { return try TestServer() } catch { fatalError("Cannot start the test server: \(error)") }
    }()

    public let ports: Ports

    #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
    /// No server: no ports, so `origin` names a port nothing listens on and `control` throws.
    /// Not a throwing start: `shared` would end the whole test process on it.
    private init() throws {
        ports = Ports(http: [:], https: [:])
    }
    #else
    private let process: Process
    private let input: Pipe

    private init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TestServer/server.py")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw TestServerError.exitedEarly }
            line.append(chunk)
        }
        ports = try JSONDecoder().decode(Ports.self, from: line)
    }
    #endif

    public func origin(_ scheme: String = "http", _ host: String = "127.0.0.1") -> String {
        let table = scheme == "https" ? ports.https : ports.http
        return "\(scheme)://\(host):\(table[host] ?? 1)"
    }

    /// The server's origin: its routes (`/v1/<scenario>/…`) are the operation paths.
    public func baseURL(_ scheme: String = "http", _ host: String = "127.0.0.1") -> URL {
        URL(string: origin(scheme, host)) ?? URL(fileURLWithPath: "/")
    }

    public func requests(_ id: String) async throws -> [Record] {
        try await control("requests", id)
    }

    public func events(_ id: String) async throws -> [String] {
        try await timedEvents(id).map(\.event)
    }

    public func timedEvents(_ id: String) async throws -> [Event] {
        try await control("events", id)
    }

    private func control<T: Decodable>(_ route: String, _ id: String) async throws -> T {
        guard Self.isAvailable else { throw TestServerError.unavailable }
        guard let url = URL(string: origin() + "/_control/\(route)?id=\(id)") else { throw URLError(.badURL) }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, _) = try await session.data(from: url)
        return try JSONDecoder().decode(T.self, from: data)
    }
}

enum TestServerError: Error, CustomStringConvertible {
    /// The test server exited before printing its ports.
    case exitedEarly
    /// This platform cannot run the test server (see `TestServer.isAvailable`).
    case unavailable

    var description: String {
        switch self {
        case .exitedEarly: "the test server exited before printing its ports"
        case .unavailable: "the test server cannot run on this platform: it needs a subprocess"
        }
    }
}
