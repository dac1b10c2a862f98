import APIRuntime
import AssinafyAPI
import Foundation

// Completion-handler variants of every public async method of `DocumentsResource`, one per method with
// the same labels plus `completion:`. Each returns the `Task` doing the work: cancel it to stop
// the request (the handler then receives `CancellationError`). See `deliverOnMain`.
extension DocumentsResource {
    /// Completion-handler variant of `upload(_:options:)`; `completion` runs on the main queue.
    @discardableResult
    public func upload(
        _ data: Data,
        options: DocumentUploadOptions = .init(),
        completion: @escaping @Sendable (Result<Document, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await upload(data, options: options) }
    }

    /// Completion-handler variant of `upload(fileURL:options:)`; `completion` runs on the main queue.
    @discardableResult
    public func upload(
        fileURL: URL,
        options: DocumentUploadOptions = .init(),
        completion: @escaping @Sendable (Result<Document, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await upload(fileURL: fileURL, options: options) }
    }

    /// Completion-handler variant of `waitUntilReady(documentId:options:)`; `completion` runs on the main queue.
    @discardableResult
    public func waitUntilReady(
        documentId: String,
        options: WaitUntilReadyOptions = .init(),
        completion: @escaping @Sendable (Result<Document, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await waitUntilReady(documentId: documentId, options: options) }
    }

    /// Completion-handler variant of `list(params:filter:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func list(
        params: ListParams = ListParams(),
        filter: DocumentListFilter = .init(),
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<PaginatedResult<DocumentListItem>, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await list(params: params, filter: filter, accountId: accountId) }
    }

    /// Completion-handler variant of `search(params:status:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func search(
        params: ListParams,
        status: DocumentLifecycleStatus? = nil,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<PaginatedResult<DocumentListItem>, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await search(params: params, status: status, accountId: accountId) }
    }

    /// Completion-handler variant of `statuses()`; `completion` runs on the main queue.
    @discardableResult
    public func statuses(
        completion: @escaping @Sendable (Result<[DocumentStatus], any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await statuses() }
    }

    /// Completion-handler variant of `get(documentId:)`; `completion` runs on the main queue.
    @discardableResult
    public func get(
        documentId: String,
        completion: @escaping @Sendable (Result<Document, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await get(documentId: documentId) }
    }

    /// Completion-handler variant of `rename(documentId:name:)`; `completion` runs on the main queue.
    @discardableResult
    public func rename(
        documentId: String,
        name: String,
        completion: @escaping @Sendable (Result<Document, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await rename(documentId: documentId, name: name) }
    }

    /// Completion-handler variant of `update(documentId:payload:)`; `completion` runs on the main queue.
    @discardableResult
    public func update(
        documentId: String,
        payload: UpdateDocumentPayload,
        completion: @escaping @Sendable (Result<Document, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await update(documentId: documentId, payload: payload) }
    }

    /// Completion-handler variant of `delete(documentId:)`; `completion` runs on the main queue.
    @discardableResult
    public func delete(
        documentId: String,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await delete(documentId: documentId) }
    }

    /// Completion-handler variant of `pages(documentId:)`; `completion` runs on the main queue.
    @discardableResult
    public func pages(
        documentId: String,
        completion: @escaping @Sendable (Result<[DocumentPage], any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await pages(documentId: documentId) }
    }

    /// Completion-handler variant of `downloadPage(documentId:pageId:)`; `completion` runs on the main queue.
    @discardableResult
    public func downloadPage(
        documentId: String,
        pageId: String,
        completion: @escaping @Sendable (Result<Data, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await downloadPage(documentId: documentId, pageId: pageId) }
    }

    /// Completion-handler variant of `thumbnail(documentId:)`; `completion` runs on the main queue.
    @discardableResult
    public func thumbnail(
        documentId: String,
        completion: @escaping @Sendable (Result<Data, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await thumbnail(documentId: documentId) }
    }

    /// Completion-handler variant of `activities(documentId:)`; `completion` runs on the main queue.
    @discardableResult
    public func activities(
        documentId: String,
        completion: @escaping @Sendable (Result<[DocumentActivity], any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await activities(documentId: documentId) }
    }

    /// Completion-handler variant of `downloadArtifact(documentId:artifact:)`; `completion` runs on the main queue.
    @discardableResult
    public func downloadArtifact(
        documentId: String,
        artifact: Artifact,
        completion: @escaping @Sendable (Result<Data, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await downloadArtifact(documentId: documentId, artifact: artifact) }
    }

    /// Completion-handler variant of `downloadArtifact(documentId:artifact:to:progress:)`; `completion` runs on the main queue.
    @discardableResult
    public func downloadArtifact(
        documentId: String,
        artifact: Artifact,
        to fileURL: URL,
        progress: (@Sendable (_ received: Int64, _ expected: Int64) -> Void)? = nil,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await downloadArtifact(documentId: documentId, artifact: artifact, to: fileURL, progress: progress)
        }
    }

    /// Completion-handler variant of `getSigningProgress(documentId:)`; `completion` runs on the main queue.
    @discardableResult
    public func getSigningProgress(
        documentId: String,
        completion: @escaping @Sendable (Result<SigningProgress, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await getSigningProgress(documentId: documentId) }
    }

    /// Completion-handler variant of `isFullySigned(documentId:)`; `completion` runs on the main queue.
    @discardableResult
    public func isFullySigned(
        documentId: String,
        completion: @escaping @Sendable (Result<Bool, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await isFullySigned(documentId: documentId) }
    }

    /// Completion-handler variant of `verifyDetails(signatureHash:)`; `completion` runs on the main queue.
    @discardableResult
    public func verifyDetails(
        signatureHash: String,
        completion: @escaping @Sendable (Result<DocumentVerification, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await verifyDetails(signatureHash: signatureHash) }
    }

    /// Completion-handler variant of `getPublicInfo(documentId:)`; `completion` runs on the main queue.
    @discardableResult
    public func getPublicInfo(
        documentId: String,
        completion: @escaping @Sendable (Result<Document, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await getPublicInfo(documentId: documentId) }
    }

    /// Completion-handler variant of `sendPublicSignToken(documentId:email:)`; `completion` runs on the main queue.
    @discardableResult
    public func sendPublicSignToken(
        documentId: String,
        email: String? = nil,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await sendPublicSignToken(documentId: documentId, email: email) }
    }

    /// Completion-handler variant of `confirmSignerData(documentId:signerAccessCode:payload:)`; `completion` runs on the main queue.
    @discardableResult
    public func confirmSignerData(
        documentId: String,
        signerAccessCode: String,
        payload: ConfirmSignerDataPayload,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await confirmSignerData(documentId: documentId, signerAccessCode: signerAccessCode, payload: payload)
        }
    }

    /// Completion-handler variant of `confirmSignerDataAndReturnSigner(documentId:signerAccessCode:payload:)`; `completion` runs on the main queue.
    @discardableResult
    public func confirmSignerDataAndReturnSigner(
        documentId: String,
        signerAccessCode: String,
        payload: ConfirmSignerDataPayload,
        completion: @escaping @Sendable (Result<Signer, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await confirmSignerDataAndReturnSigner(
                documentId: documentId, signerAccessCode: signerAccessCode, payload: payload)
        }
    }

    /// Completion-handler variant of `createFromTemplate(templateId:signers:options:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func createFromTemplate(
        templateId: String,
        signers: [TemplateSigner],
        options: CreateDocumentFromTemplateOptions = .init(),
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Document, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await createFromTemplate(
                templateId: templateId, signers: signers, options: options, accountId: accountId)
        }
    }

    /// Completion-handler variant of `estimateCostFromTemplate(templateId:signers:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func estimateCostFromTemplate(
        templateId: String,
        signers: [TemplateSigner],
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<CostEstimate, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await estimateCostFromTemplate(templateId: templateId, signers: signers, accountId: accountId)
        }
    }

    /// Completion-handler variant of `waitUntilReady(documentId:options:)`; `completion` runs on the main queue.
    @discardableResult
    public func waitUntilReady(
        documentId: String?,
        options: WaitUntilReadyOptions = .init(),
        completion: @escaping @Sendable (Result<Document, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await waitUntilReady(documentId: documentId, options: options) }
    }

    /// Completion-handler variant of `get(documentId:)`; `completion` runs on the main queue.
    @discardableResult
    public func get(
        documentId: String?,
        completion: @escaping @Sendable (Result<Document, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await get(documentId: documentId) }
    }

    /// Completion-handler variant of `delete(documentId:)`; `completion` runs on the main queue.
    @discardableResult
    public func delete(
        documentId: String?,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await delete(documentId: documentId) }
    }

    /// Completion-handler variant of `activities(documentId:)`; `completion` runs on the main queue.
    @discardableResult
    public func activities(
        documentId: String?,
        completion: @escaping @Sendable (Result<[DocumentActivity], any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await activities(documentId: documentId) }
    }

    /// Completion-handler variant of `downloadArtifact(documentId:artifact:)`; `completion` runs on the main queue.
    @discardableResult
    public func downloadArtifact(
        documentId: String?,
        artifact: Artifact,
        completion: @escaping @Sendable (Result<Data, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await downloadArtifact(documentId: documentId, artifact: artifact) }
    }

    /// Completion-handler variant of `getSigningProgress(documentId:)`; `completion` runs on the main queue.
    @discardableResult
    public func getSigningProgress(
        documentId: String?,
        completion: @escaping @Sendable (Result<SigningProgress, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await getSigningProgress(documentId: documentId) }
    }

    /// Completion-handler variant of `isFullySigned(documentId:)`; `completion` runs on the main queue.
    @discardableResult
    public func isFullySigned(
        documentId: String?,
        completion: @escaping @Sendable (Result<Bool, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await isFullySigned(documentId: documentId) }
    }
}
