import APIRuntime
import AssinafyAPI
import Foundation

/// Workspace tags and their attachment to documents: every `Tags` operation plus the four
/// document-tag operations of `DocumentsAPI` (they live here, not on `client.documents`, so tag
/// handling has one home). `accountId` defaults to the client's `defaultAccountId`.
public struct TagsResource: Sendable {
    @usableFromInline let context: ClientContext

    /// The workspace's tags, optionally filtered by free text.
    @_alwaysEmitIntoClient
    public func list(search: String? = nil, accountId: String? = nil) async throws -> PaginatedResult<WorkspaceTag> {
        let page: PaginatedResult<Tag> = try await context.tagsAPI.listTags(
            accountId: try context.accountId(accountId), search: search
        ).page()
        return PaginatedResult(data: try WorkspaceTag.adopt(page.data), meta: page.meta)
    }

    /// Every tag of the workspace, as an `AsyncSequence` like the other resources' `listAll`.
    ///
    /// The API answers this list in one response (the contract gives it no `page` parameter), so
    /// the sequence makes exactly one request; it exists so that code walking any list reads the same.
    @_alwaysEmitIntoClient
    public func listAll(search: String? = nil, accountId: String? = nil) -> PageSequence<WorkspaceTag> {
        PageSequence(firstPage: 1, maxPages: 1) { _ in try await list(search: search, accountId: accountId) }
    }

    @_alwaysEmitIntoClient
    public func create(_ payload: CreateTagPayload, accountId: String? = nil) async throws -> WorkspaceTag {
        try WorkspaceTag(
            await context.tagsAPI.createTag(accountId: try context.accountId(accountId), body: payload).payload())
    }

    @discardableResult
    @_alwaysEmitIntoClient
    public func update(tagId: String, payload: UpdateTagPayload, accountId: String? = nil) async throws -> WorkspaceTag
    {
        try WorkspaceTag(
            await context.tagsAPI.updateTag(accountId: try context.accountId(accountId), tagId: tagId, body: payload)
                .payload())
    }

    /// Deletes a tag.
    ///
    /// - Parameter force: Detach it from its documents first; without it the API refuses to
    ///   delete a tag in use.
    @_alwaysEmitIntoClient
    public func delete(tagId: String, force: Bool? = nil, accountId: String? = nil) async throws {
        try await context.tagsAPI.deleteTag(accountId: try context.accountId(accountId), tagId: tagId, force: force)
    }

    // MARK: - Document tags

    /// The tags on a document.
    @_alwaysEmitIntoClient
    public func listDocumentTags(
        documentId: String, accountId: String? = nil
    ) async throws -> PaginatedResult<WorkspaceTag> {
        let page: PaginatedResult<Tag> = try await context.documentsAPI.listDocumentTags(
            accountId: try context.accountId(accountId), documentId: documentId
        ).page()
        return PaginatedResult(data: try WorkspaceTag.adopt(page.data), meta: page.meta)
    }

    /// Adds tags to a document, keeping the ones it has. Returns the document's tags afterwards.
    @discardableResult
    @_alwaysEmitIntoClient
    public func appendDocumentTags(
        documentId: String, tagIds: [String], accountId: String? = nil
    ) async throws -> [WorkspaceTag] {
        let body = AttachDocumentTagsRequest(tags: tagIds)
        return try WorkspaceTag.adopt(
            await context.documentsAPI.attachDocumentTags(
                accountId: try context.accountId(accountId), documentId: documentId, body: body
            ).payload())
    }

    /// Sets a document's tags to exactly `tagIds`; an empty array removes them all.
    @discardableResult
    @_alwaysEmitIntoClient
    public func replaceDocumentTags(
        documentId: String, tagIds: [String], accountId: String? = nil
    ) async throws -> [WorkspaceTag] {
        // `tags: []` is sent explicitly (never omitted), so an empty array clears.
        let body = ReplaceDocumentTagsRequest(tags: tagIds)
        let response = try await context.documentsAPI.replaceDocumentTags(
            accountId: try context.accountId(accountId), documentId: documentId, body: body)
        // Clearing may answer `data: null`: no tags is then the truthful reading.
        return try WorkspaceTag.adopt(response.body.data ?? [])
    }

    /// Removes one tag from a document (the tag itself stays in the workspace).
    @_alwaysEmitIntoClient
    public func detachDocumentTag(documentId: String, tagId: String, accountId: String? = nil) async throws {
        try await context.documentsAPI.detachDocumentTag(
            accountId: try context.accountId(accountId), documentId: documentId, tagId: tagId)
    }
}
