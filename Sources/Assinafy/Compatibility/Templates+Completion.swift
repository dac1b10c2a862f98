import APIRuntime
import AssinafyAPI
import Foundation

// Completion-handler variants of every public async method of `TemplatesResource`, one per method with
// the same labels plus `completion:`. Each returns the `Task` doing the work: cancel it to stop
// the request (the handler then receives `CancellationError`). See `deliverOnMain`.
extension TemplatesResource {
    /// Completion-handler variant of `list(params:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func list(
        params: TemplateListParams = TemplateListParams(),
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<PaginatedResult<Template>, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await list(params: params, accountId: accountId) }
    }

    /// Completion-handler variant of `create(name:pdfData:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func create(
        name: String,
        pdfData: Data,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Template, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await create(name: name, pdfData: pdfData, accountId: accountId) }
    }

    /// Completion-handler variant of `get(templateId:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func get(
        templateId: String,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Template, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await get(templateId: templateId, accountId: accountId) }
    }

    /// Completion-handler variant of `update(templateId:payload:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func update(
        templateId: String,
        payload: UpdateTemplatePayload,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Template, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await update(templateId: templateId, payload: payload, accountId: accountId) }
    }

    /// Completion-handler variant of `delete(templateId:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func delete(
        templateId: String,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await delete(templateId: templateId, accountId: accountId) }
    }

    /// Completion-handler variant of `downloadPage(templateId:pageId:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func downloadPage(
        templateId: String,
        pageId: String,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Data, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await downloadPage(templateId: templateId, pageId: pageId, accountId: accountId)
        }
    }
}
