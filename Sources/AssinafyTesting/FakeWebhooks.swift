import APIRuntime
import AssinafyAPI
import Foundation

/// The webhook subscription, event types, delivery history and retries (the emulator's
/// `webhooks.py`). Deliveries are not sent anywhere: the test reads them from
/// `AssinafyFake.webhookDeliveries`.
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
            guard let url = body.string("url"), let parts = URLComponents(string: url),
                ["http", "https"].contains(parts.scheme ?? ""), parts.host?.isEmpty == false
            else { throw FakeAPIError.invalid("url must be an absolute http(s) URL.") }
            guard let events = body.strings("events") else { throw FakeAPIError.invalid("events must be a list.") }
            if let unknown = events.first(where: { !FakeEvents.names.contains($0) }) {
                throw FakeAPIError.invalid("Unknown event type: \(unknown).")
            }
            state.subscription = FakeSubscription(
                url: url, email: body.string("email") ?? "", events: events,
                isActive: body["is_active"]?.boolValue ?? true, updatedAt: state.now)
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
            guard let activity = state.activities.first(where: { $0.id == original.activityId }) else {
                throw FakeAPIError.invalid("The event of this delivery is no longer available.")
            }
            let retry = FakeDispatch(
                id: state.newId("dispatch"), activity: activity, messageId: original.messageId, url: original.url,
                payload: original.payload, now: state.now)
            state.dispatches[retry.id] = retry
            state.dispatchOrder.append(retry.id)
            state.deliver(retry)
            return try .ok(FakeViews.dispatch(retry))
        default:
            return nil
        }
    }

    private func subscriptionView() -> WebhookSubscription {
        guard let subscription = state.subscription else { return WebhookSubscription(events: [], isActive: false) }
        return WebhookSubscription(
            events: subscription.events, isActive: subscription.isActive, url: subscription.url,
            email: subscription.email, updatedAt: subscription.updatedAt)
    }
}
