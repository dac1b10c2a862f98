import APIRuntime
import AssinafyAPI
import Foundation

/// The signer's side, authenticated by `signer-access-code` (the emulator's `h_signing.py`).
extension FakeServer {
    static let preparing: Set<String> = ["uploading", "uploaded", "metadata_processing"]

    func signingHandler(_ operation: String, _ context: FakeContext) throws -> FakeReply? {
        let request = context.request
        if operation == "downloadSignerDocumentArtifact" {
            guard let document = state.documents[context.param("documentId")],
                let assignment = state.assignments[document.assignmentId ?? ""],
                assignment.stages[context.param("signerId")] != nil
            else { throw FakeAPIError.notFound() }
            return try artifact(document, context.param("artifactName"))
        }
        guard let session = context.session else { return nil }
        let (assignment, signerId) = (session.assignment, session.signerId)
        guard let signer = state.signers[signerId],
            let stage = assignment.stages[signerId], let document = state.documents[assignment.documentId]
        else { return nil }
        func view(_ document: FakeDocument) -> Document {
            FakeViews.document(
                state, document, origin: request.origin, onlySigner: signerId, includeDeclineReason: false)
        }
        func requireOwn(documentId: String, assignmentId: String? = nil) throws {
            guard documentId == document.id, assignmentId == nil || assignmentId == assignment.id else {
                throw FakeAPIError.notFound()
            }
        }
        switch operation {
        case "getCurrentSigner":
            return try .ok(FakeViews.signerSelf(state, signer))
        case "getSignerDocument":
            guard context.param("signerId") == signerId else { throw FakeAPIError.notFound() }
            return try .ok(view(document))
        case "viewDocumentToSign":
            if Self.preparing.contains(document.status) {
                throw FakeAPIError(status: 409, message: "The document is still being prepared. Try again shortly.")
            }
            if request.queryBool("has_accepted_terms") == true { stage.acceptedTerms = true }
            if !stage.viewed {
                stage.viewed = true
                state.record(
                    "signer_viewed_document", subject: state.signerSubject(signer), document: document,
                    payload: ["signer_full_name": .string(signer.fullName)])
            }
            return try .ok(view(document))
        case "confirmSignerData":
            try requireOwn(documentId: context.param("documentId"))
            let body = try request.object()
            if let name = body.trimmed("full_name") { signer.fullName = name }
            if let email = body.trimmed("email") { signer.email = email }
            if let governmentId = body.trimmed("government_id") { signer.governmentId = governmentId }
            if body["has_accepted_terms"]?.boolValue == true {
                stage.acceptedTerms = true
                signer.hasAcceptedTerms = true
            }
            stage.confirmed = true
            state.record(
                "signer_data_confirmed", subject: state.signerSubject(signer), document: document,
                payload: [
                    "signer_full_name": .string(signer.fullName),
                    "signer_email": signer.email.map(JSONValue.string) ?? .null,
                    "verification_method": .string(stage.verificationMethod),
                ])
            return try .ok(FakeViews.signer(signer))
        case "verifySignerCode":
            guard try request.object().string("verification-code") == stage.verificationCode else {
                throw FakeAPIError.invalid("Código de verificação inválido.")
            }
            if !stage.verified {
                stage.verified = true
                let whatsapp = stage.verificationMethod == "Whatsapp"
                state.record(
                    whatsapp ? "signer_whatsapp_verified" : "signer_email_verified",
                    subject: state.signerSubject(signer), document: document,
                    payload: [
                        "signer_full_name": .string(signer.fullName),
                        whatsapp ? "signer_whatsapp_phone_number" : "signer_email":
                            (whatsapp ? signer.whatsappPhoneNumber : signer.email).map(JSONValue.string) ?? .null,
                    ])
            }
            return try .message("Código verificado.")
        case "acceptTerms":
            stage.acceptedTerms = true
            signer.hasAcceptedTerms = true
            return try .message("Termos aceitos.")
        case "signAssignment":
            try requireOwn(documentId: context.param("documentId"), assignmentId: context.param("assignmentId"))
            guard case .array? = try request.json() else {
                throw FakeAPIError.invalid("The request body must be a JSON array.")
            }
            try checkCanSign(document, assignment, stage)
            if assignment.method == "virtual" && !stage.confirmed {
                throw FakeAPIError.invalid("Signer data must be confirmed before signing.")
            }
            state.completeSigner(document, assignment, signerId: signerId)
            return try .ok(
                [
                    "document_id": .string(document.id), "signer_id": .string(signerId), "completed": true,
                    "document_status": .string(document.status),
                ] as JSONObject)
        case "declineAssignment":
            try requireOwn(documentId: context.param("documentId"), assignmentId: context.param("assignmentId"))
            guard let reason = try request.object().trimmed("decline_reason") else {
                throw FakeAPIError.invalid("decline_reason cannot be blank.")
            }
            let declinable = ["pending_signature", "uploaded", "metadata_processing", "metadata_ready"]
            guard declinable.contains(document.status) else {
                throw FakeAPIError.invalid("The document cannot be declined in status \(document.status).")
            }
            state.decline(document, signerId: signerId, reason: reason)
            return try .ok([JSONValue?]())
        case "signMultipleDocuments", "declineMultipleDocuments":
            return try batch(operation, signerId: signerId, body: request.object())
        case "uploadSignature":
            let kind = request.query("type") ?? "signature"
            guard ["signature", "initial"].contains(kind) else {
                throw FakeAPIError.invalid("type must be signature or initial.")
            }
            guard FakeArtifacts.isPNG(request.body) else {
                throw FakeAPIError.invalid("The signature must be a PNG image.")
            }
            state.signerImages[signerId + "/" + kind] = request.body
            if let reuse = request.queryBool("reuse") { signer.signatureReusable = reuse }
            return try .message("Assinatura salva.")
        case "downloadSignature":
            guard let image = state.signerImages[signerId + "/" + context.param("signatureType")] else {
                throw FakeAPIError.notFound()
            }
            return .binary(image, contentType: "image/png")
        case "listSignerDocuments", "searchSignerDocuments":
            guard context.param("signerId") == signerId else { return try .ok([Document]()) }
            var mine = signerDocuments(signerId).map(\.document)
            if operation == "searchSignerDocuments" {
                let search = (request.query("search") ?? "").lowercased()
                mine = mine.filter { search.isEmpty || $0.name.lowercased().contains(search) }
                return try .ok(mine.map { FakeViews.document(state, $0, origin: request.origin, compact: true) })
            }
            return try context.paged(mine.reversed()) { view($0) }
        default:
            return nil
        }
    }

    private func checkCanSign(_ document: FakeDocument, _ assignment: FakeAssignment, _ stage: FakeStage) throws {
        if Self.preparing.contains(document.status) {
            throw FakeAPIError(status: 409, message: "The document is still being prepared. Try again shortly.")
        }
        guard document.status == "pending_signature" else {
            throw FakeAPIError.invalid("The document cannot be signed in status \(document.status).")
        }
        guard !stage.completed else { throw FakeAPIError.invalid("You have already signed this document.") }
        guard stage.verificationMethod != "DigitalCertificate" else {
            throw FakeAPIError.invalid("Digital certificate signers must sign with their certificate.")
        }
        guard (stage.step ?? 1) == assignment.activeStep else {
            throw FakeAPIError.invalid("It is not your turn to sign this document yet.")
        }
    }

    /// Every document the signer takes part in, oldest first.
    private func signerDocuments(_ signerId: String) -> [(document: FakeDocument, assignment: FakeAssignment)] {
        state.documentOrder.compactMap { id in
            guard let document = state.documents[id], let assignment = state.assignments[document.assignmentId ?? ""],
                assignment.stages[signerId] != nil
            else { return nil }
            return (document, assignment)
        }
    }

    private func batch(_ operation: String, signerId: String, body: JSONObject) throws -> FakeReply {
        guard let ids = body.strings("document_ids"), !ids.isEmpty else {
            throw FakeAPIError.invalid("document_ids cannot be blank.")
        }
        let mine = signerDocuments(signerId)
        let missing = ids.filter { id in !mine.contains { $0.document.id == id } }
        guard missing.isEmpty else {
            throw FakeAPIError.invalid("Documents not available to this signer: \(missing.joined(separator: ", "))")
        }
        let targets = ids.compactMap { id in mine.first { $0.document.id == id } }
        if operation == "signMultipleDocuments" {
            for (document, assignment) in targets {
                guard assignment.method == "virtual" else {
                    throw FakeAPIError.invalid("Document \(document.id) is not prepared for the virtual method.")
                }
                guard let stage = assignment.stages[signerId] else { continue }
                try checkCanSign(document, assignment, stage)
            }
            for (document, assignment) in targets { state.completeSigner(document, assignment, signerId: signerId) }
        } else {
            guard let reason = body.trimmed("decline_reason") else {
                throw FakeAPIError.invalid("decline_reason cannot be blank.")
            }
            for (document, _) in targets where document.status != "pending_signature" {
                throw FakeAPIError.invalid("Document \(document.id) cannot be declined in status \(document.status).")
            }
            for (document, _) in targets { state.decline(document, signerId: signerId, reason: reason) }
        }
        return try .ok([JSONValue?]())
    }
}
