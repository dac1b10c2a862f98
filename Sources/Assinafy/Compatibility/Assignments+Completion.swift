import APIRuntime
import AssinafyAPI
import Foundation

// Completion-handler variants of every public async method of `AssignmentsResource`, one per method with
// the same labels plus `completion:`. Each returns the `Task` doing the work: cancel it to stop
// the request (the handler then receives `CancellationError`). See `deliverOnMain`.
extension AssignmentsResource {
    /// Completion-handler variant of `list(params:)`; `completion` runs on the main queue.
    @discardableResult
    public func list(
        params: ListParams = ListParams(),
        completion: @escaping @Sendable (Result<PaginatedResult<Assignment>, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await list(params: params) }
    }

    /// Completion-handler variant of `create(documentId:payload:)`; `completion` runs on the main queue.
    @discardableResult
    public func create(
        documentId: String,
        payload: CreateAssignmentPayload,
        completion: @escaping @Sendable (Result<Assignment, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await create(documentId: documentId, payload: payload) }
    }

    /// Completion-handler variant of `estimateCost(documentId:payload:)`; `completion` runs on the main queue.
    @discardableResult
    public func estimateCost(
        documentId: String,
        payload: CreateAssignmentPayload,
        completion: @escaping @Sendable (Result<CostEstimate, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await estimateCost(documentId: documentId, payload: payload) }
    }

    /// Completion-handler variant of `resend(documentId:assignmentId:signerId:)`; `completion` runs on the main queue.
    @discardableResult
    public func resend(
        documentId: String,
        assignmentId: String,
        signerId: String,
        completion: @escaping @Sendable (Result<ResendSignatureRequestResponseData, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await resend(documentId: documentId, assignmentId: assignmentId, signerId: signerId)
        }
    }

    /// Completion-handler variant of `estimateResendCost(documentId:assignmentId:signerId:)`; `completion` runs on the main queue.
    @discardableResult
    public func estimateResendCost(
        documentId: String,
        assignmentId: String,
        signerId: String,
        completion: @escaping @Sendable (Result<CostEstimate, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await estimateResendCost(documentId: documentId, assignmentId: assignmentId, signerId: signerId)
        }
    }

    /// Completion-handler variant of `resetExpiration(documentId:assignmentId:expiresAt:)`; `completion` runs on the main queue.
    @discardableResult
    public func resetExpiration(
        documentId: String,
        assignmentId: String,
        expiresAt: Date,
        completion: @escaping @Sendable (Result<Assignment, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await resetExpiration(documentId: documentId, assignmentId: assignmentId, expiresAt: expiresAt)
        }
    }

    /// Completion-handler variant of `whatsappNotifications(documentId:assignmentId:)`; `completion` runs on the main queue.
    @discardableResult
    public func whatsappNotifications(
        documentId: String,
        assignmentId: String,
        completion: @escaping @Sendable (Result<[WhatsappNotification], any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await whatsappNotifications(documentId: documentId, assignmentId: assignmentId)
        }
    }

    /// Completion-handler variant of `sign(documentId:assignmentId:signerAccessCode:items:)`; `completion` runs on the main queue.
    @discardableResult
    public func sign(
        documentId: String,
        assignmentId: String,
        signerAccessCode: String,
        items: [SignAssignmentRequestItem] = [],
        completion: @escaping @Sendable (Result<JSONObject?, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await sign(
                documentId: documentId, assignmentId: assignmentId, signerAccessCode: signerAccessCode, items: items)
        }
    }

    /// Completion-handler variant of `decline(documentId:assignmentId:signerAccessCode:reason:)`; `completion` runs on the main queue.
    @discardableResult
    public func decline(
        documentId: String,
        assignmentId: String,
        signerAccessCode: String,
        reason: String,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await decline(
                documentId: documentId, assignmentId: assignmentId, signerAccessCode: signerAccessCode, reason: reason)
        }
    }

    /// Completion-handler variant of `create(documentId:payload:)`; `completion` runs on the main queue.
    @discardableResult
    public func create(
        documentId: String?,
        payload: CreateAssignmentPayload,
        completion: @escaping @Sendable (Result<Assignment, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await create(documentId: documentId, payload: payload) }
    }

    /// Completion-handler variant of `estimateCost(documentId:payload:)`; `completion` runs on the main queue.
    @discardableResult
    public func estimateCost(
        documentId: String?,
        payload: CreateAssignmentPayload,
        completion: @escaping @Sendable (Result<CostEstimate, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await estimateCost(documentId: documentId, payload: payload) }
    }
}
