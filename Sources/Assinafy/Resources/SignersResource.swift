import APIRuntime
import AssinafyAPI
import Foundation

/// Workspace signers and the signer's own (access-code) side of the flow.
///
/// Signer-side methods send only the `signer-access-code` query parameter, never the client's
/// account credential.
public struct SignersResource: Sendable {
    @usableFromInline let context: ClientContext

    /// The page size used to search by e-mail (the API clamps larger ones to 50).
    @usableFromInline static let searchPageSize = 50

    // MARK: Workspace signers

    /// Creates a signer, idempotently by e-mail: an existing signer with the same address (exact,
    /// case-insensitive, searched across every page) is returned instead, and a duplicate refusal
    /// (409, or the 400 "already exists" the live API sends) is recovered the same way. A signer
    /// without an e-mail is simply created.
    ///
    /// - Note: Compatibility: idempotent by e-mail. Before creating, every page of signers is
    ///   searched for the same address (case and surrounding spaces ignored) and a match is
    ///   returned; a 409, or the live API's 400 "already exists", is recovered by searching again.
    /// - Throws: `ValidationError` before any request: `errors["fullName"]` (blank),
    ///   `errors["email"]` or `errors["whatsappPhoneNumber"]` (malformed), `errors["accountId"]`
    ///   (no account given and no default). The duplicate refusal is rethrown as `APIError` only when
    ///   the second search still finds no signer.
    @_alwaysEmitIntoClient
    public func create(_ payload: CreateSignerPayload, accountId: String? = nil) async throws -> Signer {
        try payload.validate()
        let accountId = try context.accountId(accountId)
        guard let email = payload.email else {
            return try await context.signersAPI.createSigner(accountId: accountId, body: payload).payload()
        }
        if let existing = try await findByEmail(email, accountId: accountId) { return existing }
        do {
            return try await context.signersAPI.createSigner(accountId: accountId, body: payload).payload()
        } catch let error as APIError where Self.isDuplicateRefusal(error) {
            // Created concurrently, or found by a search that lagged: the signer exists now.
            guard let existing = try await findByEmail(email, accountId: accountId) else { throw error }
            return existing
        }
    }

    /// The signer whose e-mail equals `email` ignoring case and surrounding whitespace, searching
    /// every page of results; `nil` when there is none.
    ///
    /// - Throws: `ValidationError` (`errors["email"]`) before any request when `email` is blank.
    @_alwaysEmitIntoClient
    public func findByEmail(_ email: String, accountId: String? = nil) async throws -> Signer? {
        let wanted = InputChecks.normalizedEmail(email)
        guard !wanted.isEmpty else {
            throw ValidationError("email must not be empty", errors: ["email": ["must not be empty"]])
        }
        let search = email.trimmingCharacters(in: .whitespacesAndNewlines)
        let params = ListParams(perPage: Self.searchPageSize, search: search)
        var seen: Set<String> = []
        for try await signer in listAll(params: params, accountId: accountId) {
            if let candidate = signer.email, InputChecks.normalizedEmail(candidate) == wanted { return signer }
            // A server that ignores `page` and sends no pagination headers repeats its first page:
            // a signer seen twice means the results are exhausted.
            if let id = signer.id, !seen.insert(id).inserted { break }
        }
        return nil
    }

    @_alwaysEmitIntoClient
    public func get(signerId: String, accountId: String? = nil) async throws -> Signer {
        try await context.signersAPI.getSigner(accountId: try context.accountId(accountId), signerId: signerId)
            .payload()
    }

    /// One page of the workspace's signers (`params.search` filters).
    @_alwaysEmitIntoClient
    public func list(params: ListParams = ListParams(), accountId: String? = nil) async throws -> PaginatedResult<
        Signer
    > {
        try await context.signersAPI.listSigners(
            accountId: try context.accountId(accountId), search: params.search, page: params.page,
            perPage: params.perPage
        ).page()
    }

    /// Every signer, page after page, starting at `params.page`.
    @_alwaysEmitIntoClient
    public func listAll(params: ListParams = ListParams(), accountId: String? = nil) -> PageSequence<Signer> {
        PageSequence(firstPage: params.page) { page in
            var params = params
            params.page = page
            return try await list(params: params, accountId: accountId)
        }
    }

    /// - Throws: `ValidationError` (`errors["email"]`) before any request for a malformed address.
    @_alwaysEmitIntoClient
    public func update(signerId: String, payload: UpdateSignerPayload, accountId: String? = nil) async throws -> Signer
    {
        if let email = payload.email, !InputChecks.isWellFormedEmail(email) {
            throw ValidationError("Invalid signer", errors: ["email": ["must be a well-formed e-mail address"]])
        }
        return try await context.signersAPI.updateSigner(
            accountId: try context.accountId(accountId), signerId: signerId, body: payload
        ).payload()
    }

    @_alwaysEmitIntoClient
    public func delete(signerId: String, accountId: String? = nil) async throws {
        try await context.signersAPI.deleteSigner(accountId: try context.accountId(accountId), signerId: signerId)
    }

    // MARK: The signer's side

    /// The signer behind the access code, with their signature-image state.
    @_alwaysEmitIntoClient
    public func getSelf(signerAccessCode: String) async throws -> SignerSelf {
        try await context.signing.getCurrentSigner(signerAccessCode: signerAccessCode).payload()
    }

    /// Records that the signer accepted the terms of use; returns the API's envelope.
    @discardableResult
    @_alwaysEmitIntoClient
    public func acceptTerms(signerAccessCode: String) async throws -> Envelope {
        try await context.signing.acceptTerms(signerAccessCode: signerAccessCode).body
    }

    /// `acceptTerms` for callers that only care that it succeeded.
    @_alwaysEmitIntoClient
    public func acceptTermsWithoutResponse(signerAccessCode: String) async throws {
        try await acceptTerms(signerAccessCode: signerAccessCode)
    }

    /// Checks the verification code the signer received by e-mail or WhatsApp.
    ///
    /// - Throws: `ValidationError` (`errors["code"]`) before any request when `code` is blank.
    @_alwaysEmitIntoClient
    public func verifyCode(signerAccessCode: String, code: String) async throws {
        try InputChecks.requireText(code, "code")
        try await context.signing.verifySignerCode(
            signerAccessCode: signerAccessCode, body: VerifySignerCodeRequest(verificationCode: code))
    }

    /// The document to sign when the link carries only an access code. The API records the view:
    /// call it once per screen, do not retry it in a loop.
    @_alwaysEmitIntoClient
    public func getSigningDocument(signerAccessCode: String, hasAcceptedTerms: Bool? = nil) async throws -> Document {
        try await context.signing.viewDocumentToSign(
            signerAccessCode: signerAccessCode, hasAcceptedTerms: hasAcceptedTerms
        ).payload()
    }

    /// The signer's current document, by signer id.
    @_alwaysEmitIntoClient
    public func getDocument(signerId: String, signerAccessCode: String) async throws -> Document {
        try await context.signing.getSignerDocument(signerId: signerId, signerAccessCode: signerAccessCode).payload()
    }

    /// One page of the documents the signer can see.
    @_alwaysEmitIntoClient
    public func listSignerDocuments(
        signerId: String, signerAccessCode: String, params: ListParams = ListParams()
    ) async throws -> PaginatedResult<Document> {
        try await context.signing.listSignerDocuments(
            signerId: signerId, signerAccessCode: signerAccessCode, page: params.page, perPage: params.perPage
        ).page()
    }

    /// Every document the signer can see, page after page, starting at `params.page`.
    @_alwaysEmitIntoClient
    public func listAllSignerDocuments(
        signerId: String, signerAccessCode: String, params: ListParams = ListParams()
    ) -> PageSequence<Document> {
        PageSequence(firstPage: params.page) { page in
            var params = params
            params.page = page
            return try await listSignerDocuments(signerId: signerId, signerAccessCode: signerAccessCode, params: params)
        }
    }

    /// The signer's documents matching `search`.
    @_alwaysEmitIntoClient
    public func searchSignerDocuments(
        signerId: String, signerAccessCode: String, search: String
    ) async throws -> PaginatedResult<Document> {
        try await context.signing.searchSignerDocuments(
            signerId: signerId, signerAccessCode: signerAccessCode, search: search
        ).page()
    }

    /// Signs several virtual documents at once.
    ///
    /// - Throws: `ValidationError` (`errors["documentIds"]`) before any request when the list is
    ///   empty or has a blank id.
    @_alwaysEmitIntoClient
    public func signMultipleDocuments(signerAccessCode: String, documentIds: [String]) async throws {
        try Self.requireDocumentIds(documentIds)
        try await context.signing.signMultipleDocuments(
            signerAccessCode: signerAccessCode, body: SignMultipleDocumentsRequest(documentIds: documentIds))
    }

    /// Declines several documents at once, with one reason.
    ///
    /// - Throws: `ValidationError` before any request: `errors["documentIds"]` (empty, or a blank id),
    ///   `errors["reason"]` (blank).
    @_alwaysEmitIntoClient
    public func declineMultipleDocuments(signerAccessCode: String, documentIds: [String], reason: String) async throws {
        try Self.requireDocumentIds(documentIds)
        try InputChecks.requireText(reason, "reason")
        try await context.signing.declineMultipleDocuments(
            signerAccessCode: signerAccessCode,
            body: DeclineMultipleDocumentsRequest(documentIds: documentIds, declineReason: reason))
    }

    /// Stores the signer's signature or initials image; PNG only, checked before sending.
    ///
    /// - Throws: `ValidationError` (`errors["imageData"]`) before any request when it is not a PNG.
    @_alwaysEmitIntoClient
    public func uploadSignature(
        signerAccessCode: String, type: SignatureImageType, imageData: Data, reuse: Bool? = nil
    ) async throws {
        try LocalFileChecks.validatePNG(imageData)
        try await context.signing.uploadSignature(
            signerAccessCode: signerAccessCode, body: imageData, type: type.rawValue, reuse: reuse)
    }

    /// The stored signature or initials image.
    @_alwaysEmitIntoClient
    public func downloadSignature(signerAccessCode: String, type: SignatureImageType) async throws -> Data {
        try await context.signing.downloadSignature(signatureType: type.rawValue, signerAccessCode: signerAccessCode)
            .body
    }

    /// A file of a document the signer took part in. The route takes no credential at all.
    @_alwaysEmitIntoClient
    public func downloadDocumentArtifact(
        signerId: String, documentId: String, artifact: DocumentsResource.Artifact
    ) async throws -> Data {
        try await context.signing.downloadSignerDocumentArtifact(
            signerId: signerId, documentId: documentId, artifactName: artifact.signerRouteName
        ).body
    }

    /// The same file streamed into `fileURL`, as `DocumentsResource.downloadArtifact(documentId:artifact:to:progress:)`.
    @_alwaysEmitIntoClient
    public func downloadDocumentArtifact(
        signerId: String, documentId: String, artifact: DocumentsResource.Artifact, to fileURL: URL,
        progress: (@Sendable (_ received: Int64, _ expected: Int64) -> Void)? = nil
    ) async throws {
        try await context.downloading(to: fileURL, progress: progress) { context in
            try await context.signing.downloadSignerDocumentArtifact(
                signerId: signerId, documentId: documentId, artifactName: artifact.signerRouteName
            ).body
        }
    }

    // MARK: Helpers

    /// A 409, or the live API's 400 for a duplicate e-mail ("Um signatário com este e-mail já
    /// existe.").
    @usableFromInline static func isDuplicateRefusal(_ error: APIError) -> Bool {
        if error.statusCode == 409 { return true }
        guard error.statusCode == 400 else { return false }
        let message = error.message.lowercased()
        return ["já existe", "ja existe", "already exist", "duplicad", "duplicate"].contains { message.contains($0) }
    }

    @usableFromInline static func requireDocumentIds(_ documentIds: [String]) throws {
        if documentIds.isEmpty || documentIds.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw ValidationError(
                "documentIds must list at least one id, none blank", errors: ["documentIds": ["must not be empty"]])
        }
    }
}
