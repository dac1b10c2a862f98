import APIRuntime
import AssinafyAPI
import Foundation

// Completion-handler variants of every public async method of `SignersResource`, one per method with
// the same labels plus `completion:`. Each returns the `Task` doing the work: cancel it to stop
// the request (the handler then receives `CancellationError`). See `deliverOnMain`.
extension SignersResource {
    /// Completion-handler variant of `create(_:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func create(
        _ payload: CreateSignerPayload,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Signer, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await create(payload, accountId: accountId) }
    }

    /// Completion-handler variant of `findByEmail(_:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func findByEmail(
        _ email: String,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Signer?, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await findByEmail(email, accountId: accountId) }
    }

    /// Completion-handler variant of `get(signerId:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func get(
        signerId: String,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Signer, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await get(signerId: signerId, accountId: accountId) }
    }

    /// Completion-handler variant of `list(params:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func list(
        params: ListParams = ListParams(),
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<PaginatedResult<Signer>, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await list(params: params, accountId: accountId) }
    }

    /// Completion-handler variant of `update(signerId:payload:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func update(
        signerId: String,
        payload: UpdateSignerPayload,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Signer, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await update(signerId: signerId, payload: payload, accountId: accountId) }
    }

    /// Completion-handler variant of `delete(signerId:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func delete(
        signerId: String,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await delete(signerId: signerId, accountId: accountId) }
    }

    /// Completion-handler variant of `getSelf(signerAccessCode:)`; `completion` runs on the main queue.
    @discardableResult
    public func getSelf(
        signerAccessCode: String,
        completion: @escaping @Sendable (Result<SignerSelf, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await getSelf(signerAccessCode: signerAccessCode) }
    }

    /// Completion-handler variant of `acceptTerms(signerAccessCode:)`; `completion` runs on the main queue.
    @discardableResult
    public func acceptTerms(
        signerAccessCode: String,
        completion: @escaping @Sendable (Result<Envelope, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await acceptTerms(signerAccessCode: signerAccessCode) }
    }

    /// Completion-handler variant of `acceptTermsWithoutResponse(signerAccessCode:)`; `completion` runs on the main queue.
    @discardableResult
    public func acceptTermsWithoutResponse(
        signerAccessCode: String,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await acceptTermsWithoutResponse(signerAccessCode: signerAccessCode) }
    }

    /// Completion-handler variant of `verifyCode(signerAccessCode:code:)`; `completion` runs on the main queue.
    @discardableResult
    public func verifyCode(
        signerAccessCode: String,
        code: String,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await verifyCode(signerAccessCode: signerAccessCode, code: code) }
    }

    /// Completion-handler variant of `getSigningDocument(signerAccessCode:hasAcceptedTerms:)`; `completion` runs on the main queue.
    @discardableResult
    public func getSigningDocument(
        signerAccessCode: String,
        hasAcceptedTerms: Bool? = nil,
        completion: @escaping @Sendable (Result<Document, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await getSigningDocument(signerAccessCode: signerAccessCode, hasAcceptedTerms: hasAcceptedTerms)
        }
    }

    /// Completion-handler variant of `getDocument(signerId:signerAccessCode:)`; `completion` runs on the main queue.
    @discardableResult
    public func getDocument(
        signerId: String,
        signerAccessCode: String,
        completion: @escaping @Sendable (Result<Document, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await getDocument(signerId: signerId, signerAccessCode: signerAccessCode) }
    }

    /// Completion-handler variant of `listSignerDocuments(signerId:signerAccessCode:params:)`; `completion` runs on the main queue.
    @discardableResult
    public func listSignerDocuments(
        signerId: String,
        signerAccessCode: String,
        params: ListParams = ListParams(),
        completion: @escaping @Sendable (Result<PaginatedResult<Document>, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await listSignerDocuments(signerId: signerId, signerAccessCode: signerAccessCode, params: params)
        }
    }

    /// Completion-handler variant of `searchSignerDocuments(signerId:signerAccessCode:search:)`; `completion` runs on the main queue.
    @discardableResult
    public func searchSignerDocuments(
        signerId: String,
        signerAccessCode: String,
        search: String,
        completion: @escaping @Sendable (Result<PaginatedResult<Document>, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await searchSignerDocuments(signerId: signerId, signerAccessCode: signerAccessCode, search: search)
        }
    }

    /// Completion-handler variant of `signMultipleDocuments(signerAccessCode:documentIds:)`; `completion` runs on the main queue.
    @discardableResult
    public func signMultipleDocuments(
        signerAccessCode: String,
        documentIds: [String],
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await signMultipleDocuments(signerAccessCode: signerAccessCode, documentIds: documentIds)
        }
    }

    /// Completion-handler variant of `declineMultipleDocuments(signerAccessCode:documentIds:reason:)`; `completion` runs on the main queue.
    @discardableResult
    public func declineMultipleDocuments(
        signerAccessCode: String,
        documentIds: [String],
        reason: String,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await declineMultipleDocuments(
                signerAccessCode: signerAccessCode, documentIds: documentIds, reason: reason)
        }
    }

    /// Completion-handler variant of `uploadSignature(signerAccessCode:type:imageData:reuse:)`; `completion` runs on the main queue.
    @discardableResult
    public func uploadSignature(
        signerAccessCode: String,
        type: SignatureImageType,
        imageData: Data,
        reuse: Bool? = nil,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await uploadSignature(
                signerAccessCode: signerAccessCode, type: type, imageData: imageData, reuse: reuse)
        }
    }

    /// Completion-handler variant of `downloadSignature(signerAccessCode:type:)`; `completion` runs on the main queue.
    @discardableResult
    public func downloadSignature(
        signerAccessCode: String,
        type: SignatureImageType,
        completion: @escaping @Sendable (Result<Data, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await downloadSignature(signerAccessCode: signerAccessCode, type: type) }
    }

    /// Completion-handler variant of `downloadDocumentArtifact(signerId:documentId:artifact:)`; `completion` runs on the main queue.
    @discardableResult
    public func downloadDocumentArtifact(
        signerId: String,
        documentId: String,
        artifact: DocumentsResource.Artifact,
        completion: @escaping @Sendable (Result<Data, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await downloadDocumentArtifact(signerId: signerId, documentId: documentId, artifact: artifact)
        }
    }

    /// Completion-handler variant of `downloadDocumentArtifact(signerId:documentId:artifact:to:progress:)`; `completion` runs on the main queue.
    @discardableResult
    public func downloadDocumentArtifact(
        signerId: String,
        documentId: String,
        artifact: DocumentsResource.Artifact,
        to fileURL: URL,
        progress: (@Sendable (_ received: Int64, _ expected: Int64) -> Void)? = nil,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await downloadDocumentArtifact(
                signerId: signerId, documentId: documentId, artifact: artifact, to: fileURL, progress: progress)
        }
    }
}
