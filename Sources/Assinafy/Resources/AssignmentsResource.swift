import APIRuntime
import AssinafyAPI
import Foundation

/// Signature requests: list, create, estimate, sign, decline, resend, expiration, WhatsApp notifications.
public struct AssignmentsResource: Sendable {
    @usableFromInline let context: ClientContext

    // MARK: Owner side

    /// One page of the assignments of the credential's account.
    @_alwaysEmitIntoClient
    public func list(params: ListParams = ListParams()) async throws -> PaginatedResult<Assignment> {
        try await context.assignmentsAPI.listAssignments(page: params.page, perPage: params.perPage).page()
    }

    /// Every assignment, page after page, starting at `params.page`.
    @_alwaysEmitIntoClient
    public func listAll(params: ListParams = ListParams()) -> PageSequence<Assignment> {
        PageSequence(firstPage: params.page) { page in
            var params = params
            params.page = page
            return try await list(params: params)
        }
    }

    /// Requests signatures. The payload is checked locally first (see `CreateAssignmentPayload`).
    /// A virtual request is accepted while the document is still being processed.
    ///
    /// - Throws: `ValidationError` before any request, listing each problem by field:
    ///   `errors["signers"]` (none), `errors["signers[i].id"]` (missing or repeated),
    ///   `errors["signers[i].step"]` (below 1), `errors["entries"]` (a collect request without
    ///   page field placements), and the contact each signer's channels need.
    @_alwaysEmitIntoClient
    public func create(documentId: String, payload: CreateAssignmentPayload) async throws -> Assignment {
        try await context.assignmentsAPI.createAssignment(documentId: documentId, body: try payload.createRequest())
            .payload()
    }

    /// Prices the same request without creating it.
    ///
    /// - Throws: `ValidationError` before any request, as `create`.
    @_alwaysEmitIntoClient
    public func estimateCost(documentId: String, payload: CreateAssignmentPayload) async throws -> CostEstimate {
        CostEstimate(
            try await context.assignmentsAPI.estimateAssignmentCost(
                documentId: documentId, body: try payload.estimateRequest()
            ).payload())
    }

    /// Notifies one pending signer again.
    @discardableResult
    @_alwaysEmitIntoClient
    public func resend(
        documentId: String, assignmentId: String, signerId: String
    ) async throws -> ResendSignatureRequestResponseData {
        try await context.assignmentsAPI.resendSignatureRequest(
            documentId: documentId, assignmentId: assignmentId, signerId: signerId
        ).payload()
    }

    /// Prices `resend` for that signer.
    @_alwaysEmitIntoClient
    public func estimateResendCost(
        documentId: String, assignmentId: String, signerId: String
    ) async throws -> CostEstimate {
        CostEstimate(
            try await context.assignmentsAPI.estimateResendCost(
                documentId: documentId, assignmentId: assignmentId, signerId: signerId
            ).payload())
    }

    /// Moves the assignment's expiry.
    @_alwaysEmitIntoClient
    public func resetExpiration(documentId: String, assignmentId: String, expiresAt: Date) async throws -> Assignment {
        try await context.assignmentsAPI.resetAssignmentExpiration(
            documentId: documentId, assignmentId: assignmentId,
            body: ResetAssignmentExpirationRequest(expiresAt: expiresAt)
        ).payload()
    }

    /// The WhatsApp messages sent for the assignment.
    @_alwaysEmitIntoClient
    public func whatsappNotifications(documentId: String, assignmentId: String) async throws -> [WhatsappNotification] {
        try await context.assignmentsAPI.listWhatsappNotifications(documentId: documentId, assignmentId: assignmentId)
            .payload()
    }

    // MARK: Signer side (access code only)

    /// Signs as the signer. A virtual assignment needs no items, but its signer data must have
    /// been confirmed (`documents.confirmSignerData…`), or the API answers 400. A collect
    /// assignment passes one item per field. Returns the envelope's `data`, which the API may
    /// leave empty.
    @discardableResult
    @_alwaysEmitIntoClient
    public func sign(
        documentId: String, assignmentId: String, signerAccessCode: String, items: [SignAssignmentRequestItem] = []
    ) async throws -> JSONObject? {
        try await context.signing.signAssignment(
            documentId: documentId, assignmentId: assignmentId, signerAccessCode: signerAccessCode, body: items
        ).body.data
    }

    /// Declines to sign, with a reason the sender sees.
    ///
    /// - Throws: `ValidationError` (`errors["reason"]`) before any request when `reason` is blank.
    @_alwaysEmitIntoClient
    public func decline(documentId: String, assignmentId: String, signerAccessCode: String, reason: String) async throws
    {
        try InputChecks.requireText(reason, "reason")
        try await context.signing.declineAssignment(
            documentId: documentId, assignmentId: assignmentId, signerAccessCode: signerAccessCode,
            body: DeclineAssignmentRequest(declineReason: reason))
    }
}

// MARK: - Ids taken from models

// `document.id` is a `String?` (the published schema leaves ids optional); a missing id is
// refused with `ValidationError` before any request.
extension AssignmentsResource {
    /// - Throws: `ValidationError` (`errors["documentId"]`) before any request when the id is `nil`.
    @_alwaysEmitIntoClient
    public func create(documentId: String?, payload: CreateAssignmentPayload) async throws -> Assignment {
        try await create(documentId: InputChecks.require(documentId, "documentId"), payload: payload)
    }

    @_alwaysEmitIntoClient
    public func estimateCost(documentId: String?, payload: CreateAssignmentPayload) async throws -> CostEstimate {
        try await estimateCost(documentId: InputChecks.require(documentId, "documentId"), payload: payload)
    }
}
