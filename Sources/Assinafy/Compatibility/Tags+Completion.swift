import APIRuntime
import AssinafyAPI
import Foundation

// Completion-handler variants of every public async method of `TagsResource`, one per method with
// the same labels plus `completion:`. Each returns the `Task` doing the work: cancel it to stop
// the request (the handler then receives `CancellationError`). See `deliverOnMain`.
extension TagsResource {
    /// Completion-handler variant of `list(search:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func list(
        search: String? = nil,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<PaginatedResult<WorkspaceTag>, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await list(search: search, accountId: accountId) }
    }

    /// Completion-handler variant of `create(_:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func create(
        _ payload: CreateTagPayload,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<WorkspaceTag, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await create(payload, accountId: accountId) }
    }

    /// Completion-handler variant of `update(tagId:payload:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func update(
        tagId: String,
        payload: UpdateTagPayload,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<WorkspaceTag, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await update(tagId: tagId, payload: payload, accountId: accountId) }
    }

    /// Completion-handler variant of `delete(tagId:force:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func delete(
        tagId: String,
        force: Bool? = nil,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await delete(tagId: tagId, force: force, accountId: accountId) }
    }

    /// Completion-handler variant of `listDocumentTags(documentId:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func listDocumentTags(
        documentId: String,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<PaginatedResult<WorkspaceTag>, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await listDocumentTags(documentId: documentId, accountId: accountId) }
    }

    /// Completion-handler variant of `appendDocumentTags(documentId:tagIds:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func appendDocumentTags(
        documentId: String,
        tagIds: [String],
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<[WorkspaceTag], any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await appendDocumentTags(documentId: documentId, tagIds: tagIds, accountId: accountId)
        }
    }

    /// Completion-handler variant of `replaceDocumentTags(documentId:tagIds:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func replaceDocumentTags(
        documentId: String,
        tagIds: [String],
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<[WorkspaceTag], any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await replaceDocumentTags(documentId: documentId, tagIds: tagIds, accountId: accountId)
        }
    }

    /// Completion-handler variant of `detachDocumentTag(documentId:tagId:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func detachDocumentTag(
        documentId: String,
        tagId: String,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await detachDocumentTag(documentId: documentId, tagId: tagId, accountId: accountId)
        }
    }
}
