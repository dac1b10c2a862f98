import AssinafyRuntime
import Foundation

/// A transport that records every request and answers from a script, for overlay tests.
/// It applies the runtime's envelope rule (non-2xx → APIError) through `respond`.
final class StubTransport: HTTPClientProtocol, @unchecked Sendable {
    typealias Responder = @Sendable (APIRequest) throws -> HTTPResponse

    private let lock = NSLock()
    private var responders: [Responder] = []
    private var fallback: Responder?
    private var recorded: [APIRequest] = []

    init(fallback: Responder? = nil) { self.fallback = fallback }

    /// Queues one answer (used in order); after the queue is empty, `fallback` answers.
    func enqueue(_ responder: @escaping Responder) {
        lock.withLock { responders.append(responder) }
    }

    /// Queues a JSON answer with the given status and headers.
    func enqueueJSON(_ json: String, status: Int = 200, headers: HTTPHeaders = [:]) {
        enqueue { _ in HTTPResponse(statusCode: status, headers: headers, body: Data(json.utf8)) }
    }

    func setFallback(_ responder: @escaping Responder) { lock.withLock { fallback = responder } }

    var requests: [APIRequest] { lock.withLock { recorded } }

    func send(_ request: APIRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let responder: Responder? = lock.withLock {
            recorded.append(request)
            return responders.isEmpty ? fallback : responders.removeFirst()
        }
        guard let responder else {
            throw AssinafySDKError("StubTransport has no answer for \(request.method.rawValue) \(request.path)")
        }
        let response = try responder(request)
        guard (200..<300).contains(response.statusCode) else {
            throw APIError(
                statusCode: response.statusCode, headers: response.headers, rawBody: response.body,
                operationName: request.operationName, payload: request.errorPayload?(response.statusCode, response.body))
        }
        return response
    }
}

/// The `{status, message, data}` envelope around `data` (already JSON text).
func envelope(_ data: String, status: Int = 200) -> String {
    "{\"status\": \(status), \"message\": \"\", \"data\": \(data)}"
}
