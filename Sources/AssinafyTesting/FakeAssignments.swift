import APIRuntime
import AssinafyAPI
import AssinafyAPITesting
import Foundation

/// Building an assignment, shared by `createAssignment` and template documents; the resend
/// estimate and the expiration reset (the emulator's `h_assignments.py`).
extension FakeServer {
    func assignmentsHandler(_ operation: String, _ context: FakeContext) throws -> FakeReply? {
        switch operation {
        case "estimateResendCost":
            let call = try context.request.call(AssinafyAPIStubs.EstimateResendCostCall.init)
            let (_, _, stage) = try stage(call.documentId, call.assignmentId, call.signerId)
            return try .ok(estimate([(stage.verificationMethod, stage.notificationMethod)], documents: 0))
        case "resetAssignmentExpiration":
            let call = try context.request.call(AssinafyAPIStubs.ResetAssignmentExpirationCall.init)
            let document = try state.document(call.documentId)
            guard let assignment = state.assignments[call.assignmentId], assignment.documentId == document.id else {
                throw FakeAPIError.notFound()
            }
            if let expires = call.body.expiresAt, expires <= state.now {
                throw FakeAPIError.invalid("expires_at must be in the future.")
            }
            assignment.expiresAt = call.body.expiresAt
            if document.status == "expired" { state.setStatus(document, "pending_signature") }
            document.updatedAt = state.now
            return try .ok(FakeViews.assignment(state, assignment, origin: context.request.origin))
        case "listWhatsappNotifications":
            let document = try state.document(context.param("documentId"))
            guard let assignment = state.assignments[context.param("assignmentId")],
                assignment.documentId == document.id
            else { throw FakeAPIError.notFound() }
            var sent: [WhatsappNotification] = []
            for id in assignment.signerOrder {
                guard let stage = assignment.stages[id], stage.notificationMethod == "Whatsapp",
                    let signer = state.signers[id]
                else { continue }
                for date in stage.sentAt {
                    sent.append(
                        WhatsappNotification(
                            sentAt: Int(date.timeIntervalSince1970), header: "Assinafy",
                            body: "Olá \(signer.fullName), você tem um documento para assinar: \(document.name)",
                            buttons: [WhatsappNotificationButtonsItem(text: "Assinar")],
                            phoneNumber: signer.whatsappPhoneNumber ?? "", signerId: id))
                }
            }
            return try .ok(sent)
        default:
            return nil
        }
    }

    private func stage(
        _ documentId: String, _ assignmentId: String, _ signerId: String
    ) throws -> (FakeDocument, FakeAssignment, FakeStage) {
        let document = try state.document(documentId)
        guard let assignment = state.assignments[assignmentId], assignment.documentId == document.id,
            let stage = assignment.stages[signerId]
        else { throw FakeAPIError.notFound() }
        return (document, assignment, stage)
    }

    func buildAssignment(
        _ document: FakeDocument, method: String, specs: [JSONObject], entries: [JSONObject], message: String?,
        expiresAt: String?, copyReceivers: [String]
    ) throws -> FakeAssignment {
        guard document.assignmentId == nil else {
            throw FakeAPIError.invalid("The document already has an assignment.")
        }
        let allowed = method == "collect" ? ["metadata_ready"] : ["uploaded", "metadata_processing", "metadata_ready"]
        guard allowed.contains(document.status) else {
            throw FakeAPIError.invalid("An assignment cannot be created for a document in status \(document.status).")
        }
        guard !specs.isEmpty else { throw FakeAPIError.invalid("signers cannot be blank.") }
        try checkSteps(specs.map { $0["step"]?.intValue.map(Int.init) })
        var stages: [String: FakeStage] = [:]
        var order: [String] = []
        for spec in specs {
            guard let signer = state.signers[spec.string("id") ?? ""], !signer.deleted else {
                throw FakeAPIError.invalid("Signer \(spec.string("id") ?? "") not found.")
            }
            guard stages[signer.id] == nil else {
                throw FakeAPIError.invalid("A signer can appear only once per assignment.")
            }
            let methods = try resolveMethods(spec)
            let uses = [methods.verification, methods.notification]
            if uses.contains("Email") && signer.email == nil {
                throw FakeAPIError.invalid("Signer \(signer.fullName) has no e-mail address.")
            }
            if uses.contains("Whatsapp") && signer.whatsappPhoneNumber == nil {
                throw FakeAPIError.invalid("Signer \(signer.fullName) has no WhatsApp number.")
            }
            if methods.verification == "DigitalCertificate" && signer.governmentId == nil {
                throw FakeAPIError.invalid("Signer \(signer.fullName) needs a CPF in government_id.")
            }
            order.append(signer.id)
            stages[signer.id] = FakeStage(
                verificationMethod: methods.verification, notificationMethod: methods.notification,
                step: spec["step"]?.intValue.map(Int.init), accessCode: "fake-ac-" + state.newId("code"))
            stages[signer.id]?.verificationCode = state.newVerificationCode()
        }
        if method == "collect" && entries.isEmpty {
            throw FakeAPIError.invalid("entries cannot be blank for the collect method.")
        }
        for entry in entries where !document.pageIds.contains(entry.string("page_id") ?? "") {
            throw FakeAPIError.invalid("Page \(entry.string("page_id") ?? "") not found.")
        }
        var expires: Date?
        if let expiresAt {
            guard let date = DateTimeCoding.parse(expiresAt) else {
                throw FakeAPIError.invalid("expires_at is not a valid date-time.")
            }
            guard date > state.now else { throw FakeAPIError.invalid("expires_at must be in the future.") }
            expires = date
        }
        try charge(estimate(order.compactMap { stages[$0] }.map { ($0.verificationMethod, $0.notificationMethod) }))
        let assignment = FakeAssignment(
            id: state.newId("assignment"), documentId: document.id, method: method, senderEmail: state.userEmail,
            expiresAt: expires, message: message, copyReceivers: copyReceivers, signerOrder: order, stages: stages)
        assignment.createdAt = state.now
        state.assignments[assignment.id] = assignment
        for (signerId, stage) in stages { state.accessCodes[stage.accessCode] = (assignment.id, signerId) }
        document.assignmentId = assignment.id
        if document.status == "metadata_ready" { state.setStatus(document, "pending_signature") }
        if method == "collect" { state.record("document_prepared", subject: state.userSubject(), document: document) }
        state.record(
            "assignment_created", subject: state.userSubject(), document: document,
            payload: ["user_name": .string(state.userName), "user_email": .string(state.userEmail)])
        let first = assignment.activeStep
        for id in order where (stages[id]?.step ?? 1) == first { state.notify(document, assignment, signerId: id) }
        return assignment
    }

    /// Either no signer has a step or all do, numbered from 1 without gaps.
    private func checkSteps(_ steps: [Int?]) throws {
        let given = steps.compactMap { $0 }
        guard !given.isEmpty else { return }
        guard given.count == steps.count else {
            throw FakeAPIError.invalid("When step is used, every signer must have one.")
        }
        guard Set(given).sorted() == Array(1...(given.max() ?? 1)) else {
            throw FakeAPIError.invalid("Steps must be contiguous starting at 1.")
        }
    }
}
