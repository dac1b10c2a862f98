import APIRuntime
import AssinafyAPI
import Foundation

extension AssinafyClient {
    /// Uploads a PDF, creates (or reuses) one workspace signer per input, and requests their
    /// signatures in a virtual assignment, without waiting for processing (the API accepts
    /// virtual assignments before `metadata_ready`). Returns the document as read afterwards
    /// and the assignment.
    ///
    /// Everything checkable is checked before the upload, so invalid input sends no request and
    /// leaves nothing behind: the PDF, the account, each signer (a name, well-formed addresses,
    /// the contact its channel needs, no e-mail twice ignoring case) and the request rules of
    /// `CreateAssignmentPayload`. The remote steps are not transactional: when one fails after
    /// the upload, the `AssinafySDKError` thrown carries in `context` what exists
    /// (`documentId`, `signerIds`, and `assignmentId` once created) and the cause in
    /// `underlyingError`. Cancellation is rethrown as `CancellationError`.
    ///
    /// - Note: Compatibility: signers are created idempotently by e-mail, as `signers.create` does
    ///   (an existing signer with the same address is reused; a duplicate refusal is recovered).
    /// - Throws: one `ValidationError` before any request, listing every problem by field
    ///   (`errors["signers[2].email"]`, `errors["data"]`, …); after the upload, `AssinafySDKError`
    ///   with `context["documentId"]`, `context["signerIds"]`, `context["assignmentId"]` (once
    ///   created) and the failure in `underlyingError`.
    @_alwaysEmitIntoClient
    public func uploadAndRequestSignatures(
        documentData: Data, options: UploadOptions
    ) async throws -> (document: Document, assignment: Assignment) {
        let settings = options.snapshot()
        let plan = try SignatureRequestPlan(settings)
        try LocalFileChecks.validatePDF(documentData, field: "documentData")
        let accountId = try context.accountId(settings.accountId)

        let uploaded = try await documents.upload(
            documentData,
            options: DocumentUploadOptions(
                accountId: accountId, name: settings.documentName, onProgress: settings.onProgress))
        var progress = PartialProgress(documentId: uploaded.id)
        do {
            let documentId = try progress.require(uploaded.id, "the upload response carried no document id")
            for signer in plan.signers {
                progress.operation = "createSigner"
                let created = try await signers.create(signer.payload, accountId: accountId)
                progress.signerIds.append(try progress.require(created.id, "a created signer carried no id"))
            }
            progress.operation = "createAssignment"
            let assignment = try await assignments.create(
                documentId: documentId, payload: plan.assignment(signerIds: progress.signerIds))
            progress.assignmentId = assignment.id
            progress.operation = "getDocument"
            return (try await documents.get(documentId: documentId), assignment)
        } catch let cancellation as CancellationError {
            throw cancellation
        } catch {
            throw progress.failure(error)
        }
    }
}

/// The validated input of `uploadAndRequestSignatures`: signer payloads and the assignment shape.
@usableFromInline struct SignatureRequestPlan {
    @usableFromInline struct PlannedSigner {
        @usableFromInline var payload: CreateSignerPayload
        @usableFromInline var reference: SignerReference

        @usableFromInline @_alwaysEmitIntoClient init(payload: CreateSignerPayload, reference: SignerReference) {
            self.payload = payload
            self.reference = reference
        }
    }

    @usableFromInline var signers: [PlannedSigner]
    @usableFromInline var message: String?
    @usableFromInline var expiresAt: Date?

    /// Throws one `ValidationError` listing every problem by field (`signers[2].email`, …).
    @usableFromInline @_alwaysEmitIntoClient
    init(_ settings: AssinafyClient.UploadOptions.Snapshot) throws {
        var errors: [String: [String]] = [:]
        if settings.signers.isEmpty { errors["signers", default: []].append("at least one signer is required") }
        var seenEmails: [String: Int] = [:]
        var planned: [PlannedSigner] = []
        for (index, input) in settings.signers.enumerated() {
            let key = "signers[\(index)]"
            let name = input.name.trimmingCharacters(in: .whitespacesAndNewlines)
            if name.isEmpty { errors["\(key).name", default: []].append("must not be empty") }
            if let email = input.email {
                if !InputChecks.isWellFormedEmail(email) {
                    errors["\(key).email", default: []].append("must be a well-formed e-mail address")
                } else if let first = seenEmails.updateValue(index, forKey: InputChecks.normalizedEmail(email)) {
                    errors["\(key).email", default: []].append("repeats the e-mail of signers[\(first)]")
                }
            }
            if let whatsapp = input.whatsapp, !InputChecks.isWellFormedPhone(whatsapp) {
                errors["\(key).whatsapp", default: []].append("must be a phone number in international format")
            }
            // Someone reachable only by WhatsApp is notified there unless told otherwise.
            var notification = input.notification
            if input.verification == nil && notification == nil && input.email == nil && input.whatsapp != nil {
                notification = .whatsapp
            }
            let reference = SignerReference(
                id: "signer-\(index + 1)", verification: input.verification, notifications: notification.map { [$0] },
                step: input.step)
            if case .success(let (verification, channel)) = SignerMethodRules.resolve(
                verification: reference.verification, notifications: reference.notifications)
            {
                if (verification == .email || channel == .email) && input.email == nil {
                    errors["\(key).email", default: []].append("is required to verify or notify by e-mail")
                }
                if (verification == .whatsapp || channel == .whatsapp) && input.whatsapp == nil {
                    errors["\(key).whatsapp", default: []].append("is required to verify or notify by WhatsApp")
                }
            }
            planned.append(
                PlannedSigner(
                    payload: CreateSignerPayload(
                        fullName: name, email: input.email, whatsappPhoneNumber: input.whatsapp),
                    reference: reference))
        }
        signers = planned
        message = settings.message
        expiresAt = settings.expiresAt
        // The pairing and step rules, with placeholder ids standing in for the future signers.
        do {
            _ = try assignment(signerIds: planned.map { $0.reference.id ?? "" }).resolvedSigners()
        } catch let error as ValidationError {
            errors.merge(error.errors) { $0 + $1 }
        }
        guard errors.isEmpty else { throw ValidationError("Invalid signature request", errors: errors) }
    }

    /// The virtual assignment for the signers as created, in input order.
    @usableFromInline @_alwaysEmitIntoClient
    func assignment(signerIds: [String]) -> CreateAssignmentPayload {
        let references = zip(signers, signerIds).map { planned, id in
            var reference = planned.reference
            reference.id = id
            return reference
        }
        return CreateAssignmentPayload(method: .virtual, signers: references, message: message, expiresAt: expiresAt)
    }
}

/// What exists after the upload, for the error a later failure throws.
@usableFromInline struct PartialProgress {
    @usableFromInline var documentId: String?
    @usableFromInline var signerIds: [String] = []
    @usableFromInline var assignmentId: String?
    @usableFromInline var operation = "uploadDocument"

    @usableFromInline @_alwaysEmitIntoClient init(documentId: String?) { self.documentId = documentId }

    @usableFromInline @_alwaysEmitIntoClient
    func require(_ id: String?, _ problem: String) throws -> String {
        guard let id, !id.isEmpty else { throw AssinafySDKError(problem, context: ["operation": operation]) }
        return id
    }

    @usableFromInline @_alwaysEmitIntoClient
    func failure(_ error: any Error) -> AssinafySDKError {
        var context = ["operation": operation, "signerIds": signerIds.joined(separator: ",")]
        if let documentId { context["documentId"] = documentId }
        if let assignmentId { context["assignmentId"] = assignmentId }
        if let apiError = error as? APIError { context["lastStatus"] = String(apiError.statusCode) }
        let created = signerIds.isEmpty ? "" : " and \(signerIds.count) signer(s)"
        return AssinafySDKError(
            "Requesting signatures failed at \(operation); the uploaded document\(created) remain for retry or cleanup",
            context: context, underlyingError: error)
    }
}
