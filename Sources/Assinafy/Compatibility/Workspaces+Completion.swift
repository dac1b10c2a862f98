import APIRuntime
import AssinafyAPI
import Foundation

// Completion-handler variants of every public async method of `WorkspacesResource`, one per method with
// the same labels plus `completion:`. Each returns the `Task` doing the work: cancel it to stop
// the request (the handler then receives `CancellationError`). See `deliverOnMain`.
extension WorkspacesResource {
    /// Completion-handler variant of `list()`; `completion` runs on the main queue.
    @discardableResult
    public func list(
        completion: @escaping @Sendable (Result<PaginatedResult<Workspace>, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await list() }
    }

    /// Completion-handler variant of `create(_:)`; `completion` runs on the main queue.
    @discardableResult
    public func create(
        _ payload: CreateWorkspacePayload,
        completion: @escaping @Sendable (Result<Workspace, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await create(payload) }
    }

    /// Completion-handler variant of `get(accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func get(
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Workspace, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await get(accountId: accountId) }
    }

    /// Completion-handler variant of `update(_:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func update(
        _ payload: UpdateWorkspacePayload,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Workspace, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await update(payload, accountId: accountId) }
    }

    /// Completion-handler variant of `delete(accountId:force:)`; `completion` runs on the main queue.
    @discardableResult
    public func delete(
        accountId: String? = nil,
        force: Bool? = nil,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await delete(accountId: accountId, force: force) }
    }

    /// Completion-handler variant of `theme(accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func theme(
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<WorkspaceTheme, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await theme(accountId: accountId) }
    }

    /// Completion-handler variant of `stats(granularity:month:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func stats(
        granularity: WorkspaceStatsGranularity? = nil,
        month: String? = nil,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<[DocumentStatsRow], any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await stats(granularity: granularity, month: month, accountId: accountId) }
    }

    /// Completion-handler variant of `uploadLogo(_:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func uploadLogo(
        _ pngData: Data,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await uploadLogo(pngData, accountId: accountId) }
    }

    /// Completion-handler variant of `downloadLogo(accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func downloadLogo(
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Data, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await downloadLogo(accountId: accountId) }
    }

    /// Completion-handler variant of `deleteLogo(accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func deleteLogo(
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await deleteLogo(accountId: accountId) }
    }
}
