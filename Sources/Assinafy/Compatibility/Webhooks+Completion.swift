import APIRuntime
import AssinafyAPI
import Foundation

// Completion-handler variants of every public async method of `WebhooksResource`, one per method with
// the same labels plus `completion:`. Each returns the `Task` doing the work: cancel it to stop
// the request (the handler then receives `CancellationError`). See `deliverOnMain`.
extension WebhooksResource {
    /// Completion-handler variant of `register(_:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func register(
        _ payload: WebhookRegisterPayload,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<WebhookSubscription, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await register(payload, accountId: accountId) }
    }

    /// Completion-handler variant of `get(accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func get(
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<WebhookSubscription, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await get(accountId: accountId) }
    }

    /// Completion-handler variant of `inactivate(accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func inactivate(
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<WebhookSubscription, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await inactivate(accountId: accountId) }
    }

    /// Completion-handler variant of `delete(accountId:)`; `completion` runs on the main queue.
    @available(*, deprecated, renamed: "inactivate(accountId:completion:)")
    @discardableResult
    public func delete(
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<WebhookSubscription, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await delete(accountId: accountId) }
    }

    /// Completion-handler variant of `listEventTypes()`; `completion` runs on the main queue.
    @discardableResult
    public func listEventTypes(
        completion: @escaping @Sendable (Result<PaginatedResult<WebhookEventType>, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await listEventTypes() }
    }

    /// Completion-handler variant of `listDispatches(params:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func listDispatches(
        params: WebhookDispatchListParams = WebhookDispatchListParams(),
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<PaginatedResult<WebhookDispatch>, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await listDispatches(params: params, accountId: accountId) }
    }

    /// Completion-handler variant of `retryDispatch(dispatchId:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func retryDispatch(
        dispatchId: String,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<WebhookDispatch, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await retryDispatch(dispatchId: dispatchId, accountId: accountId) }
    }

    /// Completion-handler variant of `retryDispatch(dispatchId:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func retryDispatch(
        dispatchId: String?,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<WebhookDispatch, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await retryDispatch(dispatchId: dispatchId, accountId: accountId) }
    }

    /// Completion-handler variant of `listEndpoints(accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func listEndpoints(
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<PaginatedResult<WebhookEndpoint>, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await listEndpoints(accountId: accountId) }
    }

    /// Completion-handler variant of `createEndpoint(_:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func createEndpoint(
        _ payload: CreateWebhookEndpointPayload,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<WebhookEndpoint, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await createEndpoint(payload, accountId: accountId) }
    }

    /// Completion-handler variant of `getEndpoint(endpointId:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func getEndpoint(
        endpointId: String,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<WebhookEndpoint, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await getEndpoint(endpointId: endpointId, accountId: accountId) }
    }

    /// Completion-handler variant of `updateEndpoint(endpointId:payload:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func updateEndpoint(
        endpointId: String,
        payload: UpdateWebhookEndpointPayload,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<WebhookEndpoint, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await updateEndpoint(endpointId: endpointId, payload: payload, accountId: accountId)
        }
    }

    /// Completion-handler variant of `deleteEndpoint(endpointId:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func deleteEndpoint(
        endpointId: String,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await deleteEndpoint(endpointId: endpointId, accountId: accountId) }
    }

    /// Completion-handler variant of `endpointSecret(endpointId:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func endpointSecret(
        endpointId: String,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<String, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await endpointSecret(endpointId: endpointId, accountId: accountId) }
    }

    /// Completion-handler variant of `rotateEndpointSecret(endpointId:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func rotateEndpointSecret(
        endpointId: String,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<String, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await rotateEndpointSecret(endpointId: endpointId, accountId: accountId) }
    }
}
