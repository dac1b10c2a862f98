import APIRuntime
import Assinafy
import AssinafyAPI
import Foundation

/// Time-driven steps, signing steps, activities and webhook deliveries, as the emulator's
/// `lifecycle.py` and `events.py` run them.
extension FakeState {
    /// Applies what became due: processing after upload, certification after the last
    /// signature, expiry of assignments.
    func tick() {
        let now = self.now
        for id in documentOrder {
            guard let document = documents[id] else { continue }
            if document.status == "uploaded" && now >= document.uploadedAt + processingSeconds / 2 {
                setStatus(document, "metadata_processing")
            }
            if document.status == "metadata_processing" && now >= document.uploadedAt + processingSeconds {
                if document.failsProcessing {
                    setStatus(document, "failed")
                    record(
                        "document_processing_failed", subject: accountSubject(), document: document,
                        payload: ["error_message": "The file could not be processed."])
                    continue
                }
                document.pageIds = (1...FakeArtifacts.pageCount(document.files["original"] ?? Data()))
                    .map { _ in newId("page") }
                setStatus(document, "metadata_ready")
                record("document_metadata_ready", subject: userSubject(), document: document)
                if document.assignmentId != nil { setStatus(document, "pending_signature") }
            }
            if document.status == "certificating", let started = document.certificatingAt,
                now >= started + processingSeconds
            {
                certify(document)
            }
            if document.status == "pending_signature", let assignment = assignments[document.assignmentId ?? ""],
                let expiresAt = assignment.expiresAt, now > expiresAt
            {
                setStatus(document, "expired")
            }
        }
    }

    func setStatus(_ document: FakeDocument, _ status: String) {
        document.status = status
        document.updatedAt = now
    }

    func notify(_ document: FakeDocument, _ assignment: FakeAssignment, signerId: String) {
        guard let stage = assignment.stages[signerId], !stage.notified, let signer = signers[signerId] else { return }
        stage.notified = true
        stage.sentAt.append(now)
        record(
            "signature_requested", subject: userSubject(), document: document,
            payload: [
                "signer_full_name": .string(signer.fullName),
                "signer_email": signer.email.map(JSONValue.string) ?? .null,
                "notification_method": .string(stage.notificationMethod),
            ], names: ["signer": signer.fullName])
    }

    func completeSigner(_ document: FakeDocument, _ assignment: FakeAssignment, signerId: String) {
        guard let stage = assignment.stages[signerId], let signer = signers[signerId] else { return }
        stage.completed = true
        stage.completedAt = now
        record(
            "signer_signed_document", subject: signerSubject(signer), document: document,
            payload: ["signer_full_name": .string(signer.fullName)])
        guard let step = assignment.activeStep else {
            setStatus(document, "certificating")
            document.certificatingAt = now
            return
        }
        for id in assignment.signerOrder where (assignment.stages[id]?.step ?? 1) == step {
            notify(document, assignment, signerId: id)
        }
    }

    func certify(_ document: FakeDocument) {
        let signed = FakeArtifacts.pdf(lines: ["Certificated: \(document.name)", "ID: \(document.id)"])
        document.files["certificated"] = signed
        document.files["certificate-page"] = FakeArtifacts.pdf(lines: ["Certificate page: \(document.id)"])
        document.artifacts = ["original", "certificated", "certificate-page", "bundle"]
        document.signatureHash = FakeArtifacts.hex(PortableCrypto.sha256(signed))
        document.completedAt = now
        setStatus(document, "certificated")
        record("document_ready", subject: accountSubject(), document: document)
    }

    func decline(_ document: FakeDocument, signerId: String, reason: String) {
        document.declineReason = reason
        document.declinedBy = signerId
        setStatus(document, "rejected_by_signer")
        if let signer = signers[signerId] {
            record(
                "signer_rejected_document", subject: signerSubject(signer), document: document,
                payload: ["signer_full_name": .string(signer.fullName)])
        }
    }

    // MARK: Activities and webhooks

    func userSubject() -> JSONObject {
        ["id": "user-fake", "name": .string(userName), "email": .string(userEmail), "type": "User"]
    }

    func accountSubject() -> JSONObject {
        ["id": .string(accountId), "name": .string(workspaceName), "type": "Account"]
    }

    func signerSubject(_ signer: FakeSigner) -> JSONObject {
        var subject = FakeViews.object(FakeViews.signer(signer))
        subject["type"] = "Signer"
        return subject
    }

    /// Stores the activity and delivers it to every active endpoint that listens for `event`.
    func record(
        _ event: String, subject: JSONObject, document: FakeDocument? = nil, object: JSONObject? = nil,
        payload: JSONObject? = nil, names: [String: String] = [:]
    ) {
        var object = object ?? document.map { FakeViews.object(FakeViews.document(self, $0, origin: nil)) } ?? [:]
        if document != nil { object["type"] = "Document" }
        let who = names["signer"] ?? subject.string("full_name") ?? subject.string("name") ?? ""
        let activity = FakeActivity(
            id: activities.count + 1, event: event,
            message: FakeEvents.message(event, who: who, what: document?.name ?? object.string("name") ?? ""),
            payload: payload, createdAt: now, accountId: accountId, documentId: document?.id, subject: subject,
            object: object)
        activities.append(activity)
        for endpoint in endpoints
        where endpoint.isActive && (endpoint.events.isEmpty || endpoint.events.contains(event)) {
            let dispatch = FakeDispatch(
                id: newId("dispatch"), activity: activity, messageId: "msg_" + newId("message"), endpoint: endpoint,
                payload: FakeEvents.body(activity), now: now)
            dispatches[dispatch.id] = dispatch
            dispatchOrder.append(dispatch.id)
            deliver(dispatch)
        }
    }

    /// One attempt: a signed delivery the test can read, delivered when the receiver says 2xx.
    func deliver(_ dispatch: FakeDispatch) {
        let body = JSONValue.object(dispatch.payload).jsonData()
        let timestamp = String(Int64(now.timeIntervalSince1970))
        var headers = [
            "Content-Type": "application/json", "webhook-id": dispatch.messageId, "webhook-timestamp": timestamp,
        ]
        if let signature = try? WebhookSignature.sign(
            body: body, id: dispatch.messageId, timestamp: timestamp,
            secret: endpoints.first { $0.id == dispatch.endpointId }?.secret ?? webhookSecret)
        {
            headers["webhook-signature"] = signature
        }
        deliveries.append(
            FakeWebhookDelivery(
                dispatchId: dispatch.id, event: dispatch.event, url: dispatch.url, headers: headers, body: body))
        dispatch.delivered = (200..<300).contains(webhookReceiverStatus)
        dispatch.httpStatus = webhookReceiverStatus
        dispatch.error = dispatch.delivered ? nil : "HTTP \(webhookReceiverStatus)"
        dispatch.updatedAt = now
    }
}

/// Activity messages and webhook bodies.
enum FakeEvents {
    /// The document's webhook event names (`webhooks:` in openapi.yaml).
    static let names = [
        "document_uploaded", "document_metadata_ready", "document_prepared", "assignment_created",
        "signature_requested", "signer_created", "signer_email_verified", "signer_whatsapp_verified",
        "signer_data_confirmed", "signer_viewed_document", "signer_signed_document", "signer_rejected_document",
        "user_rejected_document", "document_ready", "document_processing_failed", "template_created",
        "template_processed", "template_processing_failed",
    ]

    static func message(_ event: String, who: String, what: String) -> String {
        switch event {
        case "document_uploaded": "\(who) enviou o documento \(what)."
        case "document_metadata_ready": "O documento \(what) foi processado."
        case "assignment_created": "\(who) solicitou assinaturas no documento \(what)."
        case "signature_requested": "Assinatura solicitada a \(who)."
        case "signer_created": "\(who) criou o signatário \(what)."
        case "signer_data_confirmed": "\(who) confirmou os dados."
        case "signer_email_verified": "\(who) verificou o e-mail."
        case "signer_whatsapp_verified": "\(who) verificou o WhatsApp."
        case "signer_viewed_document": "\(who) visualizou o documento \(what)."
        case "signer_signed_document": "\(who) assinou o documento \(what)."
        case "signer_rejected_document": "\(who) recusou o documento \(what)."
        case "document_ready": "O documento \(what) foi certificado."
        case "document_processing_failed": "O processamento do documento \(what) falhou."
        default: event
        }
    }

    static func body(_ activity: FakeActivity) -> JSONObject {
        FakeViews.object(
            WebhookEvent(
                id: activity.id, event: activity.event, message: activity.message, payload: activity.payload,
                origin: WebhookEventOrigin(ip: "127.0.0.1", userAgent: "assinafy-fake"),
                createdAt: Int(activity.createdAt.timeIntervalSince1970), subject: activity.subject,
                object: activity.object, accountId: activity.accountId))
    }
}
