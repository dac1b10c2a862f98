import APIRuntime
import AssinafyAPI
import Foundation

/// Building an assignment, shared by `createAssignment` and template documents.
extension FakeServer {
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
