import APIRuntime
import AssinafyAPI
import Foundation

/// Webhook endpoints, the legacy subscription (the first endpoint), event types, delivery history
/// and retries (the emulator's `webhooks.py`). Deliveries are not sent anywhere: the test reads
/// them from `AssinafyFake.webhookDeliveries`. Every endpoint signs, with the fake's
/// `webhookSecret` until its secret is rotated, so a test verifies any delivery the same way.
extension FakeServer {
    func webhooksHandler(_ operation: String, _ context: FakeContext) throws -> FakeReply? {
        let request = context.request
        switch operation {
        case "getWebhookSubscription":
            try state.requireAccount(context.param("accountId"))
            return try .ok(subscriptionView())
        case "updateWebhookSubscription":
            try state.requireAccount(context.param("accountId"))
            let body = try request.object()
            for key in ["events", "is_active", "url", "email"] where body[key] == nil {
                throw FakeAPIError.invalid("\(key) cannot be blank.")
            }
            if let first = state.subscription { try apply(body, to: first) } else { try createEndpoint(body) }
            return try .ok(subscriptionView())
        case "inactivateWebhookSubscription":
            try state.requireAccount(context.param("accountId"))
            state.subscription?.isActive = false
            state.subscription?.updatedAt = state.now
            return try .ok(subscriptionView())
        case "listWebhookEventTypes":
            return try .ok(FakeEvents.names.map { WebhookEventType(id: $0) })
        case "listWebhookDeliveries":
            try state.requireAccount(context.param("accountId"))
            var found = state.dispatchOrder.compactMap { state.dispatches[$0] }
            if let event = request.query("event") { found = found.filter { $0.event == event } }
            if let delivered = request.query("delivered"), ["true", "false"].contains(delivered) {
                found = found.filter { $0.delivered == (delivered == "true") }
            }
            return try context.paged(found.reversed(), FakeViews.dispatch)
        case "retryWebhookDelivery":
            try state.requireAccount(context.param("accountId"))
            guard let original = state.dispatches[context.param("historyId")] else { throw FakeAPIError.notFound() }
            guard let endpoint = state.endpoints.first(where: { $0.id == original.endpointId }) else {
                throw FakeAPIError.invalid("The endpoint of this delivery no longer exists.")
            }
            guard let activity = state.activities.first(where: { $0.id == original.activityId }) else {
                throw FakeAPIError.invalid("The event of this delivery is no longer available.")
            }
            let retry = FakeDispatch(
                id: state.newId("dispatch"), activity: activity, messageId: original.messageId, endpoint: endpoint,
                payload: original.payload, now: state.now)
            state.dispatches[retry.id] = retry
            state.dispatchOrder.append(retry.id)
            state.deliver(retry)
            return try .ok(FakeViews.dispatch(retry))
        case "listWebhookEndpoints":
            try state.requireAccount(context.param("accountId"))
            return try .ok(state.endpoints.map(Self.view))
        case "createWebhookEndpoint":
            try state.requireAccount(context.param("accountId"))
            let body = try request.object()
            for key in ["url", "email", "events"] where body[key] == nil {
                throw FakeAPIError.invalid("\(key) cannot be blank.")
            }
            return try .ok(Self.view(try createEndpoint(body)))
        case "getWebhookEndpoint":
            return try .ok(Self.view(try endpoint(context)))
        case "updateWebhookEndpoint":
            let endpoint = try endpoint(context)
            try apply(try request.object(), to: endpoint)
            return try .ok(Self.view(endpoint))
        case "deleteWebhookEndpoint":
            let endpoint = try endpoint(context)
            state.endpoints.removeAll { $0 === endpoint }
            return try .ok([JSONValue]())
        case "getWebhookEndpointSecret":
            return try .ok(WebhookEndpointSecret(secret: try endpoint(context).secret))
        case "rotateWebhookEndpointSecret":
            let endpoint = try endpoint(context)
            let seed = "assinafy-fake-rotated-" + state.newId("secret")
            endpoint.secret = "whsec_" + Data(seed.utf8).base64EncodedString()
            endpoint.updatedAt = state.now
            return try .ok(WebhookEndpointSecret(secret: endpoint.secret))
        default:
            return nil
        }
    }

    /// As many endpoints as the emulator allows a paid workspace.
    static let endpointLimit = 3

    private func endpoint(_ context: FakeContext) throws -> FakeEndpoint {
        try state.requireAccount(context.param("accountId"))
        guard let found = state.endpoints.first(where: { $0.id == context.param("endpointId") }) else {
            throw FakeAPIError.notFound()
        }
        return found
    }

    @discardableResult
    private func createEndpoint(_ body: JSONObject) throws -> FakeEndpoint {
        guard state.endpoints.count < Self.endpointLimit else {
            throw FakeAPIError(
                status: 403, message: "This workspace can register at most \(Self.endpointLimit) webhook endpoint(s).")
        }
        let endpoint = FakeEndpoint(id: state.newId("endpoint"), secret: state.webhookSecret, now: state.now)
        try apply(body, to: endpoint)
        state.endpoints.append(endpoint)
        return endpoint
    }

    /// The emulator's `_apply`: checks, then copies the members the body has.
    private func apply(_ body: JSONObject, to endpoint: FakeEndpoint) throws {
        if body["url"] != nil {
            guard let url = body.string("url"), let parts = URLComponents(string: url),
                ["http", "https"].contains(parts.scheme ?? ""), parts.host?.isEmpty == false
            else { throw FakeAPIError.invalid("url must be an absolute http(s) URL.") }
            if state.endpoints.contains(where: { $0.url == url && $0 !== endpoint }) {
                throw FakeAPIError.invalid("Each endpoint of a workspace must have a different url.")
            }
            endpoint.url = url
        }
        if body["events"] != nil {
            guard let events = body.strings("events") else { throw FakeAPIError.invalid("events must be a list.") }
            if let unknown = events.first(where: { !FakeEvents.names.contains($0) }) {
                throw FakeAPIError.invalid("Unknown event type: \(unknown).")
            }
            endpoint.events = events
        }
        if let email = body.string("email") { endpoint.email = email }
        if body["name"] != nil { endpoint.name = body.string("name") }
        if let active = body["is_active"]?.boolValue { endpoint.isActive = active }
        if let signing = body["signing_enabled"]?.boolValue { endpoint.signingEnabled = signing }
        endpoint.updatedAt = state.now
    }

    static func view(_ endpoint: FakeEndpoint) -> WebhookEndpoint {
        WebhookEndpoint(
            id: endpoint.id, name: endpoint.name, url: endpoint.url, email: endpoint.email, events: endpoint.events,
            isActive: endpoint.isActive, signingEnabled: endpoint.signingEnabled, createdAt: endpoint.createdAt,
            updatedAt: endpoint.updatedAt)
    }

    private func subscriptionView() -> WebhookSubscription {
        guard let subscription = state.subscription else { return WebhookSubscription(events: [], isActive: false) }
        return WebhookSubscription(
            events: subscription.events, isActive: subscription.isActive, url: subscription.url,
            email: subscription.email, updatedAt: subscription.updatedAt)
    }
}
