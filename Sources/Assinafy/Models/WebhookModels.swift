import APIRuntime
import AssinafyAPI
import Foundation

/// Where and what to deliver, for `webhooks.register(_:accountId:)`.
///
/// Hand-written because registering always switches the subscription on: the generated request
/// also requires `is_active`, which the README's `WebhookRegisterPayload(url:email:events:)`
/// leaves out.
public struct WebhookRegisterPayload: Sendable, Hashable {
    /// The HTTPS endpoint that receives `POST` deliveries.
    public var url: String
    /// Where the API reports delivery failures.
    public var email: String
    /// Event type identifiers (see `webhooks.listEventTypes()`), e.g. `document_ready`;
    /// `WebhookEventName.documentReady.rawValue` spells a declared one.
    public var events: [String]
    /// `false` stores the subscription switched off.
    public var isActive: Bool

    @_alwaysEmitIntoClient public init(url: String, email: String, events: [String], isActive: Bool = true) {
        self.url = url
        self.email = email
        self.events = events
        self.isActive = isActive
    }

    @usableFromInline var request: UpdateWebhookSubscriptionRequest {
        UpdateWebhookSubscriptionRequest(events: events, isActive: isActive, url: url, email: email)
    }
}

/// Filters and paging for `webhooks.listDispatches(params:accountId:)`.
public struct WebhookDispatchListParams: Sendable, Hashable {
    public var page: Int
    public var perPage: Int
    /// Only deliveries to this endpoint.
    public var endpointId: String?
    /// Only this event type.
    public var event: String?
    /// Only successful (`true`) or failed (`false`) deliveries.
    public var delivered: Bool?
    /// Only entries after this time (sent as Unix seconds).
    public var from: Date?
    /// Only entries before this time (sent as Unix seconds).
    public var to: Date?

    @_alwaysEmitIntoClient public init(
        page: Int = 1, perPage: Int = 50, endpointId: String? = nil, event: String? = nil, delivered: Bool? = nil,
        from: Date? = nil, to: Date? = nil
    ) {
        self.page = page
        self.perPage = perPage
        self.endpointId = endpointId
        self.event = event
        self.delivered = delivered
        self.from = from
        self.to = to
    }

    @usableFromInline static func unixSeconds(_ date: Date?) -> Int? {
        date.map { Int($0.timeIntervalSince1970.rounded(.down)) }
    }
}

extension WebhookDispatch {
    /// The payload that was delivered, as lossless JSON (integers stay 64-bit), `nil` when there
    /// was none. Same convention as the other `…JSON` views.
    @_alwaysEmitIntoClient public var payloadJSON: JSONValue? { payload.map { .object($0) } }
    /// The legacy text view of the payload: its compact JSON text.
    @_alwaysEmitIntoClient public var payloadText: String? { payloadJSON.flatMap(AnyJSONView.text) }
}
