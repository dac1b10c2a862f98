import Foundation
import Testing
import AssinafyTestSupport

@testable import APIRuntime

/// Records every log call; test-only.
final class CapturingLogger: ClientLogger, @unchecked Sendable {
    struct Entry: Sendable {
        let level: String
        let message: String
        let context: [String: String]
        var text: String { ([level, message] + context.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }).joined(separator: " ") }
    }
    private let lock = NSLock()
    private var stored: [Entry] = []

    var entries: [Entry] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
    private func append(_ level: String, _ message: String, _ context: [String: String]) {
        lock.lock()
        stored.append(Entry(level: level, message: message, context: context))
        lock.unlock()
    }
    func debug(_ message: String, context: [String: String]) { append("debug", message, context) }
    func info(_ message: String, context: [String: String]) { append("info", message, context) }
    func warn(_ message: String, context: [String: String]) { append("warn", message, context) }
    func error(_ message: String, context: [String: String]) { append("error", message, context) }
}

/// Hands every call to each logger, in order.
struct TeeLogger: ClientLogger {
    let loggers: [any ClientLogger]
    init(_ loggers: [any ClientLogger]) { self.loggers = loggers }
    func debug(_ message: String, context: [String: String]) { for logger in loggers { logger.debug(message, context: context) } }
    func info(_ message: String, context: [String: String]) { for logger in loggers { logger.info(message, context: context) } }
    func warn(_ message: String, context: [String: String]) { for logger in loggers { logger.warn(message, context: context) } }
    func error(_ message: String, context: [String: String]) { for logger in loggers { logger.error(message, context: context) } }
}

/// Lines written by a `StandardErrorLogger`; thread-safe.
final class LineSink: @unchecked Sendable {
    // @unchecked: `stored` is only touched with `lock` held.
    private let lock = NSLock()
    private var stored: [String] = []
    var lines: [String] { lock.withLock { stored } }
    @Sendable func append(_ line: String) { lock.withLock { stored.append(line) } }
}

enum Fixture {
    static let token = "tok_SECRET_4f9a"
    static let apiKey = "key_SECRET_77b1"
    static let accessCode = "ACCESS-SECRET-1234"

    static func id(_ function: String = #function) -> String {
        "t" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
    }

    /// The calls' deadline unless a test sets its own: only a hang guard. On a machine whose
    /// cores are busy with other builds, a loopback exchange of several hops can take tens of
    /// seconds, and a guard that fires then fails a test that was about to pass.
    static let hangGuard: TimeInterval = 120

    static func configuration(
        scheme: String = "http", host: String = "127.0.0.1", token: String? = Fixture.token, apiKey: String? = nil,
        timeout: TimeInterval = hangGuard, retry: RetryPolicy = .none, logger: any ClientLogger = NoopLogger()
    ) -> APIEngineConfiguration {
        var credentials: [String: CredentialValue] = [:]
        if let token { credentials[SecurityScheme.bearer.name] = .token(token) }
        if let apiKey { credentials[SecurityScheme.apiKeyHeader.name] = .apiKey(apiKey) }
        return APIEngineConfiguration(
            baseURL: TestServer.shared.baseURL(scheme, host), credentials: credentials, timeout: timeout,
            logger: logger, allowsInsecureLoopback: true, retryPolicy: retry)
    }

    /// The engine over URLSession against the test server.
    static func transport(
        scheme: String = "http", host: String = "127.0.0.1", token: String? = Fixture.token, apiKey: String? = nil,
        timeout: TimeInterval = hangGuard, retry: RetryPolicy = .none, logger: any ClientLogger = NoopLogger(),
        middlewares: [any APIMiddleware] = []
    ) -> APIEngine {
        APIEngine(
            configuration: configuration(
                scheme: scheme, host: host, token: token, apiKey: apiKey, timeout: timeout, retry: retry, logger: logger),
            middlewares: middlewares)
    }

    /// A request to `/v1/<scenario>/<id><rest>` with the scenario's options as query items.
    static func request(
        _ scenario: String, _ id: String, rest: String = "", method: RequestMethod = .get,
        credential: RequestCredential = .account, query: [QueryItem] = [], template: String? = nil
    ) -> APIRequest {
        var request = APIRequest(
            operationName: "test\(scenario.capitalized)", method: method,
            pathTemplate: template ?? "/v1/\(scenario)/{id}", path: RequestPath(stringLiteral: "/v1/\(scenario)/\(id)\(rest)"))
        credential.apply(to: &request)
        request.query = query
        return request
    }

    /// The `data` of an echo envelope.
    static func echoed(_ response: RawResponse) throws -> JSONValue {
        let value = try JSONCoding.decode(JSONValue.self, from: response.body)
        return value["data"] ?? .null
    }
}

/// Runs blocking work (subprocesses, big files) on a Dispatch thread so it never holds one of
/// the few cooperative threads that the timing-sensitive tests need.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}

/// Measures how long an async operation takes.
func elapsed<T>(_ body: () async throws -> T) async rethrows -> (T, TimeInterval) {
    let start = Date()
    let value = try await body()
    return (value, Date().timeIntervalSince(start))
}

/// Runs `body` and returns the error it threw (or records an issue when it did not throw).
func thrown<T>(_ body: () async throws -> T, sourceLocation: SourceLocation = #_sourceLocation) async -> (any Error)? {
    do {
        _ = try await body()
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// The test server's schemes, shaped like a real document's: a bearer token or an API key header
/// for "account" routes, an access code in the query for "signer" routes.
extension SecurityScheme {
    static let bearer = SecurityScheme("bearerAuth", .bearer)
    static let apiKeyHeader = SecurityScheme("apiKeyAuth", .apiKey(name: "X-Api-Key", location: .header))
    static let accessCode = SecurityScheme("signerAccessCode", .apiKey(name: "signer-access-code", location: .query))
}

/// Shorthand for the three requirement shapes the transport tests use.
enum RequestCredential: Sendable, Hashable {
    case account
    case signerAccessCode(String)
    case none

    func apply(to request: inout APIRequest) {
        switch self {
        case .account: request.security = [[.bearer], [.apiKeyHeader]]
        case .signerAccessCode(let code):
            request.security = [[.accessCode]]
            request.credentials[SecurityScheme.accessCode.name] = .apiKey(code)
        case .none: request.security = []
        }
    }
}
