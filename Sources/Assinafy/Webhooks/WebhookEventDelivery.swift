import APIRuntime
import AssinafyAPI
import Foundation

/// One webhook delivery as your endpoint received it: the Standard Webhooks headers plus the
/// decoded body (the generated `WebhookEvent`).
///
/// Parsing is tolerant so that the API can grow without breaking receivers: an event name this
/// SDK does not know still parses (`name.isKnown` is then `false`), and members the schema does
/// not name are kept in `event.additionalFields`.
///
/// ```swift
/// let delivery = try WebhookDelivery.verifyAndParse(body: rawBody, headers: headers, secret: secret)
/// if let id = delivery.webhookId, !deduplicator.markSeen(id) { return .ok }  // a retry
/// if delivery.name == .documentReady { … }
/// ```
public struct WebhookDelivery: Sendable, Hashable {
    /// The `webhook-id` header: the same on every attempt of one event to one endpoint, so it is
    /// the key to deduplicate on (`WebhookDeduplicator`).
    public let webhookId: String?
    /// The `webhook-timestamp` header: when this attempt was sent.
    public let timestamp: Date?
    /// The decoded body.
    public let event: WebhookEvent
    /// The body exactly as received.
    public let rawBody: Data

    @_alwaysEmitIntoClient public init(webhookId: String?, timestamp: Date?, event: WebhookEvent, rawBody: Data) {
        self.webhookId = webhookId
        self.timestamp = timestamp
        self.event = event
        self.rawBody = rawBody
    }

    /// The event type; compare with `WebhookEventName`'s constants. Open: unknown names are kept.
    @_alwaysEmitIntoClient public var name: WebhookEventName { WebhookEventName(rawValue: event.event) }

    /// When the event was recorded (the body's `created_at`, Unix seconds).
    @_alwaysEmitIntoClient public var createdAt: Date { Date(timeIntervalSince1970: TimeInterval(event.createdAt)) }

    /// The `type` of `subject` (who acted): `User`, `Signer` or `Account`.
    @_alwaysEmitIntoClient public var subjectType: String? { event.subject["type"]?.stringValue }

    /// The `type` of `object` (what was acted on): `Document`, `Signer` or `Template`.
    @_alwaysEmitIntoClient public var objectType: String? { event.object["type"]?.stringValue }

    /// The event-specific `payload` as lossless JSON; `nil` when the event has none.
    @_alwaysEmitIntoClient public var payloadJSON: JSONValue? { event.payload.map { .object($0) } }

    /// Decodes a delivery without checking its signature — for endpoints without signing, or
    /// after verifying yourself. Prefer `verifyAndParse` whenever the endpoint signs.
    ///
    /// - Parameter headers: The request headers; names are matched case-insensitively.
    /// - Throws: `ValidationError` when the body is not a webhook event.
    @_alwaysEmitIntoClient public static func parse(body: Data, headers: [String: String] = [:]) throws
        -> WebhookDelivery
    {
        let event: WebhookEvent
        do {
            event = try JSONCoding.decode(WebhookEvent.self, from: body)
        } catch {
            // The body came from outside the app: reject it as bad input, without echoing it.
            throw ValidationError(
                "The webhook body is not a valid event", errors: ["body": [Self.reason(for: error)]])
        }
        let timestamp = header("webhook-timestamp", in: headers)
            .flatMap { Int64($0) }
            .map { Date(timeIntervalSince1970: TimeInterval($0)) }
        return WebhookDelivery(
            webhookId: header("webhook-id", in: headers), timestamp: timestamp, event: event, rawBody: body)
    }

    /// Verifies the Standard Webhooks signature over the raw body, then decodes it.
    ///
    /// - Parameters:
    ///   - body: The raw request body, exactly as received (never re-encoded JSON).
    ///   - headers: The request headers; names are matched case-insensitively.
    ///   - secret: The endpoint's `whsec_…` secret (`webhooks.endpointSecret(endpointId:)`).
    ///   - tolerance: How far `webhook-timestamp` may be from `now`, in seconds.
    /// - Throws: `ValidationError` naming the failed check under `errors["webhook-signature"]`
    ///   (do not send it back to the caller), or when the body is not a webhook event.
    @_alwaysEmitIntoClient public static func verifyAndParse(
        body: Data, headers: [String: String], secret: String,
        tolerance: TimeInterval = WebhookSignature.defaultTolerance, now: Date = Date()
    ) throws -> WebhookDelivery {
        do {
            try WebhookSignature.verifyOrThrow(
                body: body, id: header("webhook-id", in: headers) ?? "",
                timestamp: header("webhook-timestamp", in: headers) ?? "",
                signatureHeader: header("webhook-signature", in: headers) ?? "", secret: secret,
                tolerance: tolerance, now: now)
        } catch {
            throw ValidationError(
                "The webhook signature could not be verified",
                errors: ["webhook-signature": [error.errorDescription ?? "invalid"]])
        }
        return try parse(body: body, headers: headers)
    }

    @usableFromInline @_alwaysEmitIntoClient static func header(_ name: String, in headers: [String: String]) -> String?
    {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Which member was missing or mistyped, without any of the body's values.
    @usableFromInline @_alwaysEmitIntoClient static func reason(for error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "not JSON" }
        switch decoding {
        case .keyNotFound(let key, _): return "missing \(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case .dataCorrupted: return "not valid JSON"
        @unknown default: return "not a webhook event"
        }
    }
}
