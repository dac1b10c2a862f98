import APIRuntime
import AssinafyAPI
import Foundation

/// Templates: listing and definition management.
///
/// Listing is a published v1 operation. `create`, `get`, `update`, `delete` and `downloadPage`
/// use routes the live API serves but the published OpenAPI document omits
/// (openapi-unpublished.yaml); confirm them in your environment before depending on them.
public struct TemplatesResource: Sendable {
    @usableFromInline let context: ClientContext

    /// One page of the workspace's templates.
    @_alwaysEmitIntoClient
    public func list(
        params: TemplateListParams = TemplateListParams(), accountId: String? = nil
    ) async throws -> PaginatedResult<Template> {
        try await context.templatesAPI.listTemplates(
            accountId: try context.accountId(accountId), search: params.search, page: params.page,
            perPage: params.perPage
        ).page()
    }

    /// Every template, page after page, starting at `params.page`.
    @_alwaysEmitIntoClient
    public func listAll(params: TemplateListParams = TemplateListParams(), accountId: String? = nil) -> PageSequence<
        Template
    > {
        PageSequence(firstPage: params.page) { page in
            var params = params
            params.page = page
            return try await list(params: params, accountId: accountId)
        }
    }

    /// Uploads a PDF as a new template named `name`. The API names templates after the uploaded
    /// filename, so `name` is sent as that filename (with `.pdf` added when missing). The PDF
    /// signature and 25 MB limit are checked first. Unpublished route.
    ///
    /// - Throws: `ValidationError` before any request: `errors["pdfData"]` (not a PDF, over 25 MB),
    ///   `errors["name"]` (blank).
    @_alwaysEmitIntoClient
    public func create(name: String, pdfData: Data, accountId: String? = nil) async throws -> Template {
        try InputChecks.requireText(name, "name")
        try LocalFileChecks.validatePDF(pdfData, field: "pdfData")
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let filename = trimmed.lowercased().hasSuffix(".pdf") ? trimmed : trimmed + ".pdf"
        return try await context.templatesAPI.createTemplate(
            accountId: try context.accountId(accountId),
            file: MultipartFile(data: pdfData, filename: filename, contentType: "application/pdf")
        ).payload()
    }

    /// One template with its pages, roles and tags. Unpublished route.
    @_alwaysEmitIntoClient
    public func get(templateId: String, accountId: String? = nil) async throws -> Template {
        try await context.templatesAPI.getTemplate(accountId: try context.accountId(accountId), templateId: templateId)
            .payload()
    }

    /// Renames the template or changes its defaults. Unpublished route.
    @_alwaysEmitIntoClient
    public func update(
        templateId: String, payload: UpdateTemplatePayload, accountId: String? = nil
    ) async throws -> Template {
        try await context.templatesAPI.updateTemplate(
            accountId: try context.accountId(accountId), templateId: templateId, body: payload
        ).payload()
    }

    /// Deletes the template; the API refuses while documents are linked to it. Unpublished route.
    @_alwaysEmitIntoClient
    public func delete(templateId: String, accountId: String? = nil) async throws {
        try await context.templatesAPI.deleteTemplate(
            accountId: try context.accountId(accountId), templateId: templateId)
    }

    /// One template page's rendered image. Unpublished route.
    @_alwaysEmitIntoClient
    public func downloadPage(templateId: String, pageId: String, accountId: String? = nil) async throws -> Data {
        try await context.templatesAPI.downloadTemplatePage(
            accountId: try context.accountId(accountId), templateId: templateId, pageId: pageId
        ).body
    }
}
