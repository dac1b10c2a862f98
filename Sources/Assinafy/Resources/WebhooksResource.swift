import AssinafyAPI
import AssinafyRuntime
import Foundation

/// Webhook subscriptions, event types, deliveries and endpoints.
public struct WebhooksResource: Sendable {
    let context: ClientContext
}
