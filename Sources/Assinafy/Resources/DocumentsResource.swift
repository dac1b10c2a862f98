import APIRuntime
import AssinafyAPI
import Foundation

/// Documents: upload, list, read, processing, pages, artifacts, activities, verification, templates, public token flow.
///
/// Document tags are managed by `client.tags` (`appendDocumentTags`, `replaceDocumentTags`, …).
public struct DocumentsResource: Sendable {
    @usableFromInline let context: ClientContext
    /// Time for `waitUntilReady`; tests inject a manual clock so long waits run instantly.
    @usableFromInline var clock: any PollingClock = SystemPollingClock()

    // MARK: Upload and processing

    /// Uploads a PDF held in memory. The `%PDF` signature and the 25 MB limit are checked first,
    /// so a wrong file fails with `ValidationError` before any request.
    ///
    /// - Throws: `ValidationError` before any request: `errors["data"]` (not a PDF, over 25 MB),
    ///   `errors["name"]` (a blank `options.name`), `errors["accountId"]` (no account given and no default).
    @_alwaysEmitIntoClient
    public func upload(_ data: Data, options: DocumentUploadOptions = .init()) async throws -> Document {
        try LocalFileChecks.validatePDF(data)
        let name = try options.filename(default: DocumentUploadOptions.defaultName)
        return try await upload(MultipartFile(data: data, filename: name, contentType: "application/pdf"), options)
    }

    /// Uploads a PDF from disk, streamed rather than loaded whole. The same checks run on the
    /// file's first bytes and size; the name defaults to the file's own.
    ///
    /// - Throws: `ValidationError` before any request: `errors["fileURL"]` (unreadable, not a PDF,
    ///   over 25 MB), `errors["name"]`, `errors["accountId"]`.
    @_alwaysEmitIntoClient
    public func upload(fileURL: URL, options: DocumentUploadOptions = .init()) async throws -> Document {
        try LocalFileChecks.validatePDF(fileURL: fileURL)
        let name = try options.filename(default: fileURL.lastPathComponent)
        return try await upload(
            MultipartFile(fileURL: fileURL, filename: name, contentType: "application/pdf"), options)
    }

    @usableFromInline func upload(_ file: MultipartFile, _ options: DocumentUploadOptions) async throws -> Document {
        let accountId = try context.accountId(options.accountId)
        // Progress is a property of the request, which the generated call builds: run that call
        // over a transport that sets it.
        let context = self.context.reportingUploadProgress(options.onProgress)
        return try await context.documentsAPI.uploadDocument(accountId: accountId, file: file).payload()
    }

    /// Polls until the document is `metadata_ready`, `pending_signature`, `certificating` or
    /// `certificated` and returns it as last read. Throws `AssinafySDKError` (context
    /// `documentId`, `lastStatus`) on `failed`, `expired`, `rejected_by_signer` or
    /// `rejected_by_user` and at the deadline; keeps polling through 429, 5xx and network
    /// failures; throws any other `APIError` at once; honours cancellation.
    ///
    /// - Note: Compatibility: polls `GET /v1/documents/{documentId}` every
    ///   `options.pollIntervalSeconds` until `options.maxWaitSeconds` have passed since the first
    ///   request; 429, 5xx and network failures count as "not yet" rather than as errors.
    /// - Throws: `AssinafySDKError` (`context["documentId"]`, `context["lastStatus"]`) on a terminal
    ///   status or at the deadline; `ValidationError` before any request for invalid `options`
    ///   (or, in the `String?` overload, `errors["documentId"]` for a missing id).
    @_alwaysEmitIntoClient
    public func waitUntilReady(
        documentId: String, options: WaitUntilReadyOptions = .init()
    ) async throws -> Document {
        try await DocumentReadinessPoller(context: context, clock: clock).wait(documentId: documentId, options: options)
    }

    // MARK: Listing

    /// One page of the workspace's documents.
    @_alwaysEmitIntoClient
    public func list(
        params: ListParams = ListParams(), filter: DocumentListFilter = .init(), accountId: String? = nil
    ) async throws -> PaginatedResult<DocumentListItem> {
        try await context.documentsAPI.listDocuments(
            accountId: try context.accountId(accountId), status: filter.status?.rawValue,
            method: filter.method.map { ListDocumentsMethod(rawValue: $0.rawValue) }, search: params.search,
            tags: filter.tagsParameter, sort: filter.sort, page: params.page, perPage: params.perPage
        ).page()
    }

    /// Every document, page after page, starting at `params.page`.
    @_alwaysEmitIntoClient
    public func listAll(
        params: ListParams = ListParams(), filter: DocumentListFilter = .init(), accountId: String? = nil
    ) -> PageSequence<DocumentListItem> {
        PageSequence(firstPage: params.page) { page in
            var params = params
            params.page = page
            return try await list(params: params, filter: filter, accountId: accountId)
        }
    }

    /// Free-text search (`params.search`), optionally within one status.
    @_alwaysEmitIntoClient
    public func search(
        params: ListParams, status: DocumentLifecycleStatus? = nil, accountId: String? = nil
    ) async throws -> PaginatedResult<DocumentListItem> {
        try await context.documentsAPI.searchDocuments(
            accountId: try context.accountId(accountId), search: params.search, status: status?.rawValue,
            page: params.page, perPage: params.perPage
        ).page()
    }

    /// Every search result, page after page, starting at `params.page`.
    @_alwaysEmitIntoClient
    public func searchAll(
        params: ListParams, status: DocumentLifecycleStatus? = nil, accountId: String? = nil
    ) -> PageSequence<DocumentListItem> {
        PageSequence(firstPage: params.page) { page in
            var params = params
            params.page = page
            return try await search(params: params, status: status, accountId: accountId)
        }
    }

    /// The statuses a document can have, and which of them allow deletion.
    @_alwaysEmitIntoClient
    public func statuses() async throws -> [DocumentStatus] {
        try await context.documentsAPI.listDocumentStatuses().payload()
    }

    // MARK: One document

    @_alwaysEmitIntoClient
    public func get(documentId: String) async throws -> Document {
        try await context.documentsAPI.getDocument(documentId: documentId).payload()
    }

    /// - Throws: `ValidationError` (`errors["name"]`) before any request when `name` is blank.
    @_alwaysEmitIntoClient
    public func rename(documentId: String, name: String) async throws -> Document {
        try InputChecks.requireText(name, "name")
        return try await update(documentId: documentId, payload: UpdateDocumentPayload(name: name))
    }

    /// The document's editable members (today: its name).
    @_alwaysEmitIntoClient
    public func update(documentId: String, payload: UpdateDocumentPayload) async throws -> Document {
        try await context.documentsAPI.renameDocument(documentId: documentId, body: payload).payload()
    }

    /// Deletes the document; the API refuses while it is still being processed.
    ///
    /// - Throws: `APIError` when the API refuses (see `statuses()` for the statuses that allow it).
    @_alwaysEmitIntoClient
    public func delete(documentId: String) async throws {
        try await context.documentsAPI.deleteDocument(documentId: documentId)
    }

    /// The rendered pages, from the document itself.
    @_alwaysEmitIntoClient
    public func pages(documentId: String) async throws -> [DocumentPage] {
        try await get(documentId: documentId).pages ?? []
    }

    /// One page's image.
    @_alwaysEmitIntoClient
    public func downloadPage(documentId: String, pageId: String) async throws -> Data {
        try await context.documentsAPI.downloadDocumentPage(documentId: documentId, pageId: pageId).body
    }

    @_alwaysEmitIntoClient
    public func thumbnail(documentId: String) async throws -> Data {
        try await context.documentsAPI.getDocumentThumbnail(documentId: documentId).body
    }

    /// Every audit event of the document, each with its payload snapshot and request origin.
    @_alwaysEmitIntoClient
    public func activities(documentId: String) async throws -> [DocumentActivity] {
        try await context.documentsAPI.listDocumentActivities(documentId: documentId).payload()
    }

    @_alwaysEmitIntoClient
    public func downloadArtifact(documentId: String, artifact: Artifact) async throws -> Data {
        try await context.documentsAPI.downloadDocumentArtifact(
            documentId: documentId, artifactName: artifact.accountRouteName
        ).body
    }

    /// Streams the artifact into `fileURL` without holding it in memory, replacing what is
    /// there once the whole file has arrived; on failure or cancellation nothing is left
    /// behind. `progress` gets (bytes received, bytes expected or -1) as it arrives. The file
    /// is readable by its owner only (0600). Larger than the client's `maximumDownloadBytes`,
    /// it fails with `AssinafySDKError` whose `underlyingError` is a `ResponseTooLargeError`.
    @_alwaysEmitIntoClient
    public func downloadArtifact(
        documentId: String, artifact: Artifact, to fileURL: URL,
        progress: (@Sendable (_ received: Int64, _ expected: Int64) -> Void)? = nil
    ) async throws {
        try await context.downloading(to: fileURL, progress: progress) { context in
            try await context.documentsAPI.downloadDocumentArtifact(
                documentId: documentId, artifactName: artifact.accountRouteName
            ).body
        }
    }

    // MARK: Signing state

    @_alwaysEmitIntoClient
    public func getSigningProgress(documentId: String) async throws -> SigningProgress {
        SigningProgress(document: try await get(documentId: documentId))
    }

    /// True once every signer has signed, or the document is already being or has been
    /// certificated.
    @_alwaysEmitIntoClient
    public func isFullySigned(documentId: String) async throws -> Bool {
        let document = try await get(documentId: documentId)
        if let status = document.lifecycleStatus, status == .certificating || status == .certificated { return true }
        return SigningProgress(document: document).isComplete
    }

    /// Confirms a finished document by the hash printed on it; needs no credential.
    @_alwaysEmitIntoClient
    public func verifyDetails(signatureHash: String) async throws -> DocumentVerification {
        try await context.documentsAPI.verifyDocument(documentSignatureHash: signatureHash).payload()
    }

    // MARK: Public and signer-side

    /// The public summary of a document; needs no credential.
    @_alwaysEmitIntoClient
    public func getPublicInfo(documentId: String) async throws -> Document {
        try await context.signing.getPublicDocument(documentId: documentId).payload()
    }

    /// Sends the six-digit token for a public document; needs no credential.
    ///
    /// - Throws: `ValidationError` (`errors["email"]`) before any request for a malformed address.
    @_alwaysEmitIntoClient
    public func sendPublicSignToken(documentId: String, email: String? = nil) async throws {
        if let email, !InputChecks.isWellFormedEmail(email) {
            throw ValidationError("Invalid e-mail address", errors: ["email": ["must be a well-formed e-mail address"]])
        }
        try await context.signing.sendPublicDocumentToken(
            documentId: documentId, body: email.map { SendPublicDocumentTokenRequest(email: $0) })
    }

    /// Confirms the signer's identity data (required before signing a virtual assignment).
    @_alwaysEmitIntoClient
    public func confirmSignerData(
        documentId: String, signerAccessCode: String, payload: ConfirmSignerDataPayload
    ) async throws {
        _ = try await confirmSignerDataAndReturnSigner(
            documentId: documentId, signerAccessCode: signerAccessCode, payload: payload)
    }

    /// `confirmSignerData`, returning the signer as the API answers it.
    @_alwaysEmitIntoClient
    public func confirmSignerDataAndReturnSigner(
        documentId: String, signerAccessCode: String, payload: ConfirmSignerDataPayload
    ) async throws -> Signer {
        try await context.signing.confirmSignerData(
            documentId: documentId, signerAccessCode: signerAccessCode, body: payload.request
        ).payload()
    }

    // MARK: Templates

    /// Creates a document from a template, mapping its roles to workspace signers.
    ///
    /// - Throws: `ValidationError` before any request, listing each problem by field:
    ///   `errors["signers"]` (none), `errors["signers[i].roleId"]`, `errors["signers[i].id"]`,
    ///   `errors["signers[i].step"]`, and the channel each signer's verification needs.
    @_alwaysEmitIntoClient
    public func createFromTemplate(
        templateId: String, signers: [TemplateSigner], options: CreateDocumentFromTemplateOptions = .init(),
        accountId: String? = nil
    ) async throws -> Document {
        let items = try TemplateSignerChecks.resolve(signers, requireIds: true).map {
            CreateDocumentFromTemplateRequestSignersItem(
                roleId: $0.roleId, id: $0.signer.id,
                verificationMethod: .init(rawValue: $0.signer.verification.rawValue),
                notificationMethods: [$0.signer.notification.rawValue], step: $0.signer.step)
        }
        let body = CreateDocumentFromTemplateRequest(
            signers: items, editorFields: options.editorFields.isEmpty ? nil : options.editorFields,
            name: options.name, message: options.message, expiresAt: options.expiresAt,
            tags: options.tags.isEmpty ? nil : options.tags)
        return try await context.documentsAPI.createDocumentFromTemplate(
            accountId: try context.accountId(accountId), templateId: templateId, body: body
        ).payload()
    }

    /// Prices `createFromTemplate` for the same roles and channels.
    ///
    /// - Throws: `ValidationError` before any request, as `createFromTemplate` (signer ids are not
    ///   needed to price).
    @_alwaysEmitIntoClient
    public func estimateCostFromTemplate(
        templateId: String, signers: [TemplateSigner], accountId: String? = nil
    ) async throws -> CostEstimate {
        let items = try TemplateSignerChecks.resolve(signers, requireIds: false).map {
            EstimateDocumentFromTemplateCostRequestSignersItem(
                roleId: $0.roleId, verificationMethod: .init(rawValue: $0.signer.verification.rawValue),
                notificationMethods: [$0.signer.notification.rawValue])
        }
        return CostEstimate(
            try await context.documentsAPI.estimateDocumentFromTemplateCost(
                accountId: try context.accountId(accountId), templateId: templateId,
                body: EstimateDocumentFromTemplateCostRequest(signers: items)
            ).payload())
    }
}

// MARK: - Ids taken from models

// The published schema leaves every `id` optional, so `uploaded.id` is a `String?`. These
// overloads take it as it comes and refuse a missing id with `ValidationError` before any request.
extension DocumentsResource {
    /// - Throws: `ValidationError` (`errors["documentId"]`) before any request when the id is `nil`.
    @_alwaysEmitIntoClient
    public func waitUntilReady(
        documentId: String?, options: WaitUntilReadyOptions = .init()
    ) async throws -> Document {
        try await waitUntilReady(documentId: InputChecks.require(documentId, "documentId"), options: options)
    }

    /// - Throws: `ValidationError` (`errors["documentId"]`) before any request when the id is `nil`.
    @_alwaysEmitIntoClient
    public func get(documentId: String?) async throws -> Document {
        try await get(documentId: InputChecks.require(documentId, "documentId"))
    }

    @_alwaysEmitIntoClient
    public func delete(documentId: String?) async throws {
        try await delete(documentId: InputChecks.require(documentId, "documentId"))
    }

    @_alwaysEmitIntoClient
    public func activities(documentId: String?) async throws -> [DocumentActivity] {
        try await activities(documentId: InputChecks.require(documentId, "documentId"))
    }

    @_alwaysEmitIntoClient
    public func downloadArtifact(documentId: String?, artifact: Artifact) async throws -> Data {
        try await downloadArtifact(documentId: InputChecks.require(documentId, "documentId"), artifact: artifact)
    }

    @_alwaysEmitIntoClient
    public func getSigningProgress(documentId: String?) async throws -> SigningProgress {
        try await getSigningProgress(documentId: InputChecks.require(documentId, "documentId"))
    }

    @_alwaysEmitIntoClient
    public func isFullySigned(documentId: String?) async throws -> Bool {
        try await isFullySigned(documentId: InputChecks.require(documentId, "documentId"))
    }
}
