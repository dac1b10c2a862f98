import Foundation

/// How the fake fails the next call to an operation (`AssinafyFake.failNext`).
public enum FakeFault: Sendable, Hashable {
    /// Answers `status` with the API's error envelope; `retryAfter` adds a `Retry-After` header.
    case status(Int, message: String? = nil, retryAfter: Int? = nil)
    /// HTTP 200 whose body is an error envelope `{status, message, data: null}`, as the live API
    /// sometimes answers a refusal.
    case errorEnvelope(status: Int = 400, message: String = "One or more fields failed validation.")
    /// 429 with `Retry-After` and the rate-limit headers the API sends.
    case rateLimited(retryAfter: Int = 1)
    /// The request is never answered: the transport throws `URLError(.timedOut)`; nothing changes.
    case timeout
    /// The connection drops before the request is processed: `URLError(.networkConnectionLost)`.
    case connectionLost
    /// The request is processed (state changes) but the answer is lost on the way back:
    /// `URLError(.networkConnectionLost)`. For testing what a retry after an unknown outcome does.
    case lostResponse
}

/// One delivery the fake made to one of the workspace's webhook endpoints: what a receiver would
/// have been sent. Signed with the Standard Webhooks rules (`WebhookSignature.verify` accepts it
/// with the fake's `webhookSecret` and `now: clock.date`).
public struct FakeWebhookDelivery: Sendable, Hashable {
    /// The dispatch id `listDispatches` and `retryDispatch` use.
    public var dispatchId: String
    public var event: String
    public var url: String
    /// `webhook-id`, `webhook-timestamp`, `webhook-signature` and `Content-Type`.
    public var headers: [String: String]
    /// The JSON body (a `WebhookEvent`).
    public var body: Data
}

/// A request the fake answered, and its answer, for assertions and for validating the fake's
/// responses against the document.
public struct FakeExchange: Sendable, Hashable {
    /// The document's operation (the generated method's name), or `nil` when the request named none.
    public var operation: String?
    public var method: String
    /// The path template, such as `/v1/documents/{documentId}`.
    public var pathTemplate: String?
    /// The request path and query as sent.
    public var target: String
    public var requestHeaders: [String: String]
    public var requestBody: Data
    /// `nil` when a fault answered with a transport error.
    public var statusCode: Int?
    public var responseHeaders: [String: String]
    public var responseBody: Data
}
