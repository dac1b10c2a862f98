import APIRuntime
import Foundation

/// A scripted HTTP stack for overlay tests: the client under test runs the real engine and the
/// real Assinafy middlewares over it, so the envelope, status and error rules are the ones apps
/// get. It records each request as it leaves the chain (`recorder`, the innermost middleware)
/// and answers from a script; responders see that request.
final class StubTransport: HTTPTransport, @unchecked Sendable {
    typealias Responder = @Sendable (APIRequest) throws -> RawResponse

    /// The request the recorder is passing on, for the transport below it in the same task.
    @TaskLocal static var current: APIRequest?

    private let lock = NSLock()
    private var responders: [Responder] = []
    private var fallback: Responder?
    private var recorded: [APIRequest] = []
    private var sent: [TransportRequest] = []

    init(fallback: Responder? = nil) { self.fallback = fallback }

    /// Queues one answer (used in order); after the queue is empty, `fallback` answers.
    func enqueue(_ responder: @escaping Responder) {
        lock.withLock { responders.append(responder) }
    }

    /// Queues a JSON answer with the given status and headers.
    func enqueueJSON(_ json: String, status: Int = 200, headers: HeaderFields = [:]) {
        enqueue { _ in RawResponse(statusCode: status, headers: headers, body: Data(json.utf8)) }
    }

    func setFallback(_ responder: @escaping Responder) { lock.withLock { fallback = responder } }

    /// Every request as the chain handed it to the engine's core, in order.
    var requests: [APIRequest] { lock.withLock { recorded } }
    /// Every request as the engine put it on the wire (URL, headers, body).
    var transportRequests: [TransportRequest] { lock.withLock { sent } }

    /// Add as the client's (last) middleware.
    var recorder: any APIMiddleware { Recorder(stub: self) }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        try Task.checkCancellation()
        guard let operation = StubTransport.current else {
            throw URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey: "StubTransport has no recorder"])
        }
        let responder: Responder? = lock.withLock {
            sent.append(request)
            return responders.isEmpty ? fallback : responders.removeFirst()
        }
        guard let responder else {
            throw URLError(
                .resourceUnavailable,
                userInfo: [
                    NSLocalizedDescriptionKey: "StubTransport has no answer for \(operation.method.rawValue) \(operation.path)"
                ])
        }
        let response = try responder(operation)
        return TransportResponse(statusCode: response.statusCode, headers: response.headers, body: response.body)
    }

    fileprivate func record(_ request: APIRequest) { lock.withLock { recorded.append(request) } }

    private struct Recorder: APIMiddleware {
        let stub: StubTransport

        func intercept(
            _ request: APIRequest, operation: String, next: @Sendable (APIRequest) async throws -> RawResponse
        ) async throws -> RawResponse {
            stub.record(request)
            return try await StubTransport.$current.withValue(request) { try await next(request) }
        }
    }
}

/// The `{status, message, data}` envelope around `data` (already JSON text).
func envelope(_ data: String, status: Int = 200) -> String {
    "{\"status\": \(status), \"message\": \"\", \"data\": \(data)}"
}
