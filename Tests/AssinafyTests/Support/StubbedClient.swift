import APIRuntime
import Foundation

@testable import Assinafy

/// Builders shared by the auth, workspace, field, tag and webhook resource tests.
enum Stubbed {
    /// An account identifier that only ever appears in tests.
    static let accountId = "acc-test-1"

    /// A client with a bearer token and `defaultAccountId` over `transport`.
    static func client(_ transport: StubTransport, defaultAccountId: String? = accountId) -> AssinafyClient {
        AssinafyClient(
            configuration: AssinafyClientConfiguration(
                token: "test-token", apiKey: nil, baseURL: AssinafyClientConfiguration.sandboxBaseURL,
                defaultAccountId: defaultAccountId, retryPolicy: .none),
            httpTransport: transport, middlewares: [transport.recorder])
    }

    /// The JSON body a request sent, parsed and made `canonical` (`nil` when it sent no JSON body).
    static func body(_ request: APIRequest?) -> JSONValue? {
        guard case .json(let data, _)? = request?.body else { return nil }
        return (try? JSONCoding.decode(JSONValue.self, from: data)).map(canonical)
    }

    /// `value` with every object's members sorted by key: Foundation's encoder does not keep
    /// member order on Linux, and member order carries no meaning in a request body.
    static func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            let members = object.members.sorted { $0.key < $1.key }.map { (key: $0.key, value: canonical($0.value)) }
            return .object(JSONObject(members))
        case .array(let items):
            return .array(items.map(canonical))
        default:
            return value
        }
    }

    /// The query as name → value (last one wins), for readable expectations.
    static func query(_ request: APIRequest?) -> [String: String] {
        var result: [String: String] = [:]
        for item in request?.query ?? [] { result[item.name] = item.value }
        return result
    }

    /// The request's method and path, e.g. `GET /v1/accounts/acc-test-1`.
    static func route(_ request: APIRequest?) -> String {
        guard let request else { return "<no request>" }
        return "\(request.method.rawValue) \(request.path.encoded)"
    }
}

extension StubTransport {
    /// This stub as an operation-level client: the real engine and Assinafy's policy over it.
    func operationClient(baseURL: URL = AssinafyClientConfiguration.sandboxBaseURL) -> any APIClientProtocol {
        AssinafyEngine.client(
            configuration: AssinafyClientConfiguration(token: nil, apiKey: nil, baseURL: baseURL, retryPolicy: .none),
            transport: self, middlewares: [recorder])
    }
}

/// Runs the main run loop until `isDone` holds or `timeout` passes, so a test on the main thread
/// can observe `DispatchQueue.main.async` deliveries. Only XCTest runs tests on the main thread on
/// Linux (Swift Testing's async entry point hands the main queue to worker threads), so the
/// completion-handler tests are XCTest cases.
func spinMainRunLoop(timeout: TimeInterval = 5, until isDone: () -> Bool) {
    let deadline = Date().addingTimeInterval(timeout)
    while !isDone() && Date() < deadline {
        _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.01))
    }
}

/// What a completion handler received and where it ran; thread-safe.
final class CompletionBox<T: Sendable>: @unchecked Sendable {
    // @unchecked: every stored property is only touched with `lock` held.
    private let lock = NSLock()
    private var storedResult: Result<T, any Error>?
    private var offMainCount = 0
    private var callCount = 0

    var result: Result<T, any Error>? { lock.withLock { storedResult } }
    /// Completions that ran anywhere but the main thread.
    var offMain: Int { lock.withLock { offMainCount } }
    var calls: Int { lock.withLock { callCount } }

    func record(_ result: Result<T, any Error>) {
        let onMain = Thread.isMainThread
        lock.withLock {
            storedResult = result
            callCount += 1
            if !onMain { offMainCount += 1 }
        }
    }
}
