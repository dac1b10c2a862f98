import APIRuntime
import AssinafyAPI
import Foundation

/// Webhook subscription, event types, delivery history and retry, and the per-endpoint
/// operations (up to three endpoints, each with its own signing secret) — every `Webhooks`
/// operation. `accountId` defaults to the client's `defaultAccountId`.
///
/// The subscription calls act on the workspace's oldest endpoint; the endpoint calls address one
/// endpoint by id. To check and decode what the API delivers, see `WebhookDelivery`.
public struct WebhooksResource: Sendable {
    @usableFromInline let context: ClientContext

    // MARK: - Subscription

    /// Creates or replaces the subscription and switches it on.
    @discardableResult
    @_alwaysEmitIntoClient
    public func register(_ payload: WebhookRegisterPayload, accountId: String? = nil) async throws
        -> WebhookSubscription
    {
        try await context.webhooksAPI.updateWebhookSubscription(
            accountId: try context.accountId(accountId), body: payload.request
        ).payload()
    }

    /// The current subscription.
    @_alwaysEmitIntoClient
    public func get(accountId: String? = nil) async throws -> WebhookSubscription {
        try await context.webhooksAPI.getWebhookSubscription(accountId: try context.accountId(accountId)).payload()
    }

    /// Stops delivery. The API has no destructive delete: the subscription stays, switched off,
    /// and `register` switches it on again.
    @discardableResult
    @_alwaysEmitIntoClient
    public func inactivate(accountId: String? = nil) async throws -> WebhookSubscription {
        try await context.webhooksAPI.inactivateWebhookSubscription(accountId: try context.accountId(accountId))
            .payload()
    }

    /// The product README's name for `inactivate()`, which it documents as deprecated: there is no
    /// delete, so this inactivates.
    ///
    /// - Note: Compatibility: the API has no destructive delete for subscriptions; this forwards to
    ///   `inactivate()`, which stops delivery and keeps the subscription.
    @available(*, deprecated, renamed: "inactivate")
    @discardableResult
    @_alwaysEmitIntoClient
    public func delete(accountId: String? = nil) async throws -> WebhookSubscription {
        try await inactivate(accountId: accountId)
    }

    // MARK: - Event types and deliveries

    /// Every event type a subscription or endpoint can ask for.
    @_alwaysEmitIntoClient
    public func listEventTypes() async throws -> PaginatedResult<WebhookEventType> {
        try await context.webhooksAPI.listWebhookEventTypes().page()
    }

    /// Delivery history, newest first, one page at a time.
    @_alwaysEmitIntoClient
    public func listDispatches(
        params: WebhookDispatchListParams = WebhookDispatchListParams(), accountId: String? = nil
    ) async throws -> PaginatedResult<WebhookDispatch> {
        let delivered = params.delivered.map { ListWebhookDeliveriesDelivered(rawValue: $0 ? "true" : "false") }
        return try await context.webhooksAPI.listWebhookDeliveries(
            accountId: try context.accountId(accountId), endpointId: params.endpointId, event: params.event,
            delivered: delivered, from: WebhookDispatchListParams.unixSeconds(params.from),
            to: WebhookDispatchListParams.unixSeconds(params.to), page: params.page, perPage: params.perPage
        ).page()
    }

    /// Every delivery matching `params`, page after page, starting at `params.page`.
    @_alwaysEmitIntoClient
    public func listAllDispatches(
        params: WebhookDispatchListParams = WebhookDispatchListParams(), accountId: String? = nil
    ) -> PageSequence<WebhookDispatch> {
        PageSequence(firstPage: params.page) { page in
            var params = params
            params.page = page
            return try await listDispatches(params: params, accountId: accountId)
        }
    }

    /// Sends a recorded delivery again (also the way to probe an endpoint the circuit breaker
    /// paused). Returns the new delivery record.
    @discardableResult
    @_alwaysEmitIntoClient
    public func retryDispatch(dispatchId: String, accountId: String? = nil) async throws -> WebhookDispatch {
        try await context.webhooksAPI.retryWebhookDelivery(
            accountId: try context.accountId(accountId), historyId: dispatchId
        ).payload()
    }

    /// `retryDispatch` with the optional `id` of a listed `WebhookDispatch`, as in
    /// `retryDispatch(dispatchId: attempts.data[0].id)`.
    ///
    /// - Throws: `ValidationError`, before any request, when `dispatchId` is `nil`.
    @discardableResult
    @_alwaysEmitIntoClient
    public func retryDispatch(dispatchId: String?, accountId: String? = nil) async throws -> WebhookDispatch {
        guard let dispatchId else {
            throw ValidationError("The delivery has no id to retry", errors: ["dispatchId": ["required"]])
        }
        return try await retryDispatch(dispatchId: dispatchId, accountId: accountId)
    }

    // MARK: - Endpoints

    @_alwaysEmitIntoClient
    public func listEndpoints(accountId: String? = nil) async throws -> PaginatedResult<WebhookEndpoint> {
        try await context.webhooksAPI.listWebhookEndpoints(accountId: try context.accountId(accountId)).page()
    }

    /// Adds an endpoint (one per workspace, up to three on paid plans).
    @_alwaysEmitIntoClient
    public func createEndpoint(
        _ payload: CreateWebhookEndpointPayload, accountId: String? = nil
    ) async throws -> WebhookEndpoint {
        try await context.webhooksAPI.createWebhookEndpoint(accountId: try context.accountId(accountId), body: payload)
            .payload()
    }

    @_alwaysEmitIntoClient
    public func getEndpoint(endpointId: String, accountId: String? = nil) async throws -> WebhookEndpoint {
        try await context.webhooksAPI.getWebhookEndpoint(
            accountId: try context.accountId(accountId), endpointId: endpointId
        ).payload()
    }

    @discardableResult
    @_alwaysEmitIntoClient
    public func updateEndpoint(
        endpointId: String, payload: UpdateWebhookEndpointPayload, accountId: String? = nil
    ) async throws -> WebhookEndpoint {
        try await context.webhooksAPI.updateWebhookEndpoint(
            accountId: try context.accountId(accountId), endpointId: endpointId, body: payload
        ).payload()
    }

    @_alwaysEmitIntoClient
    public func deleteEndpoint(endpointId: String, accountId: String? = nil) async throws {
        try await context.webhooksAPI.deleteWebhookEndpoint(
            accountId: try context.accountId(accountId), endpointId: endpointId)
    }

    /// The endpoint's `whsec_…` signing secret, for `WebhookSignature` / `WebhookDelivery`.
    /// A credential: keep it on the server that receives deliveries.
    @_alwaysEmitIntoClient
    public func endpointSecret(endpointId: String, accountId: String? = nil) async throws -> String {
        try Self.secret(
            await context.webhooksAPI.getWebhookEndpointSecret(
                accountId: try context.accountId(accountId), endpointId: endpointId
            ).payload())
    }

    /// Replaces the signing secret; deliveries sent afterwards carry only the new one.
    @discardableResult
    @_alwaysEmitIntoClient
    public func rotateEndpointSecret(endpointId: String, accountId: String? = nil) async throws -> String {
        try Self.secret(
            await context.webhooksAPI.rotateWebhookEndpointSecret(
                accountId: try context.accountId(accountId), endpointId: endpointId
            ).payload())
    }

    @usableFromInline static func secret(_ value: WebhookEndpointSecret) throws -> String {
        guard let secret = value.secret, !secret.isEmpty else {
            throw AssinafySDKError("The API returned no signing secret")
        }
        return secret
    }
}
