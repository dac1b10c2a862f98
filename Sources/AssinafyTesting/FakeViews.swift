import APIRuntime
import AssinafyAPI
import Foundation

/// State → the document's response schemas, built with the generated model types so that the
/// shapes follow openapi.yaml (the emulator's `views.py`).
enum FakeViews {
    static let appOrigin = "https://app.example.invalid"
    static let defaultOrigin = "https://api.example.invalid"
    static let closedStatuses: Set<String> = [
        "certificated", "rejected_by_signer", "rejected_by_user", "expired", "failed",
    ]
    static let pageWidth = 595
    static let pageHeight = 842
    /// The field every virtual assignment item stands for.
    static let virtualFieldId = "field-virtual-signature"

    /// A model as a JSON object (activity subjects and objects, webhook bodies).
    static func object(_ value: some Encodable) -> JSONObject {
        guard let data = try? JSONCoding.encode(value), case .object(let object)? = try? JSONValue(parsing: data) else {
            return [:]
        }
        return object
    }

    static func signer(_ signer: FakeSigner) -> Signer {
        Signer(
            resource: "signer", id: signer.id, fullName: signer.fullName, email: signer.email,
            whatsappPhoneNumber: signer.whatsappPhoneNumber, governmentId: signer.governmentId,
            hasAcceptedTerms: signer.hasAcceptedTerms)
    }

    static func signerSelf(_ state: FakeState, _ signer: FakeSigner) -> SignerSelf {
        SignerSelf(
            resource: "signer", id: signer.id, fullName: signer.fullName, email: signer.email,
            whatsappPhoneNumber: signer.whatsappPhoneNumber, governmentId: signer.governmentId,
            hasAcceptedTerms: signer.hasAcceptedTerms,
            hasSignature: state.signerImages[signer.id + "/signature"] != nil,
            hasInitial: state.signerImages[signer.id + "/initial"] != nil, isSignatureReusable: signer.signatureReusable
        )
    }

    static func page(_ origin: String, _ documentId: String, _ pageId: String, number: Int) -> DocumentPage {
        DocumentPage(
            id: pageId, number: number, height: pageHeight, width: pageWidth,
            downloadUrl: "\(origin)/v1/documents/\(documentId)/pages/\(pageId)/download")
    }

    static func document(
        _ state: FakeState, _ document: FakeDocument, origin: String?, onlySigner: String? = nil,
        compact: Bool = false, includeDeclineReason: Bool = true
    ) -> Document {
        let origin = origin ?? defaultOrigin
        var artifacts = JSONObject()
        for name in document.artifacts {
            artifacts[name] = .string("\(origin)/v1/documents/\(document.id)/download/\(name)")
        }
        let assignment = compact ? nil : document.assignmentId.flatMap { state.assignments[$0] }
        return Document(
            resource: "document", id: document.id, accountId: document.accountId, templateId: document.templateId,
            name: document.name, status: document.status, artifacts: artifacts,
            isClosed: closedStatuses.contains(document.status), signingUrl: "\(appOrigin)/sign/\(document.id)",
            declineReason: includeDeclineReason ? document.declineReason : nil,
            declinedBy: document.declinedBy.flatMap { state.signers[$0] }.map(signer),
            tags: document.tags.compactMap { state.tags[$0] }.map { DocumentTagsItem(id: $0.id, name: $0.name) },
            assignment: assignment.map { self.assignment(state, $0, origin: origin, onlySigner: onlySigner) },
            pages: compact
                ? nil
                : document.pageIds.enumerated().map { page(origin, document.id, $0.element, number: $0.offset + 1) },
            createdAt: document.uploadedAt, updatedAt: document.updatedAt)
    }

    static func assignment(
        _ state: FakeState, _ assignment: FakeAssignment, origin: String, onlySigner: String? = nil
    ) -> Assignment {
        let order = assignment.signerOrder
        let shown = order.filter { onlySigner == nil || $0 == onlySigner }
        let signers = order.compactMap { id -> AssignmentSigner? in
            guard let signer = state.signers[id], let stage = assignment.stages[id] else { return nil }
            return AssignmentSigner(
                resource: "signer", id: signer.id, fullName: signer.fullName, email: signer.email,
                whatsappPhoneNumber: signer.whatsappPhoneNumber, governmentId: signer.governmentId,
                hasAcceptedTerms: signer.hasAcceptedTerms, verificationMethod: stage.verificationMethod,
                notificationMethods: [stage.notificationMethod], step: stage.step, notified: stage.notified,
                completed: stage.completed,
                notificationHistory: stage.sentAt.map {
                    NotificationHistoryEntry(event: "signature_requested", status: .sent, sentAt: $0)
                })
        }
        let items =
            assignment.method == "virtual"
            ? shown.compactMap { id -> AssignmentItem? in
                guard let signer = state.signers[id], let stage = assignment.stages[id] else { return nil }
                return AssignmentItem(
                    id: "item-\(assignment.id)-\(id)",
                    signer: [
                        "id": .string(id), "full_name": .string(signer.fullName),
                        "email": signer.email.map(JSONValue.string) ?? .null,
                    ],
                    field: ["id": .string(virtualFieldId), "name": "Assinatura", "type": "signature"],
                    displaySettings: .array([]), value: .null, completed: stage.completed)
            } : []
        let summarySigners: [JSONObject] = order.compactMap { id in
            guard let signer = state.signers[id], let stage = assignment.stages[id] else { return nil }
            return [
                "id": .string(id), "full_name": .string(signer.fullName),
                "email": signer.email.map(JSONValue.string) ?? .null, "completed": .bool(stage.completed),
            ]
        }
        return Assignment(
            resource: "assignment", id: assignment.id, senderEmail: assignment.senderEmail,
            method: AssignmentMethod(rawValue: assignment.method), expiresAt: assignment.expiresAt,
            message: assignment.message, signers: signers,
            copyReceivers: assignment.copyReceivers.map { ["email": .string($0)] }, items: items,
            summary: AssignmentSummary(
                signerCount: order.count,
                completedCount: order.filter { assignment.stages[$0]?.completed == true }.count,
                signers: summarySigners),
            signingUrls: shown.compactMap { id in
                assignment.stages[id].map {
                    SigningUrl(
                        signerId: id,
                        url: "\(appOrigin)/sign/\(assignment.documentId)?signer-access-code=\($0.accessCode)")
                }
            })
    }

    static func tag(_ tag: FakeTag) -> Tag {
        Tag(
            resource: "tag", id: tag.id, name: tag.name, color: tag.color, createdAt: tag.createdAt,
            updatedAt: tag.updatedAt)
    }

    static func template(_ template: FakeTemplate, origin: String? = nil) -> Template {
        Template(
            resource: "template", id: template.id, name: template.name,
            documentName: template.documentName ?? template.name,
            message: template.message, status: "ready",
            pages: template.pageIds.enumerated().map { index, pageId in
                TemplatePage(
                    id: pageId, number: index + 1, height: 842, width: 595,
                    downloadUrl: origin.map {
                        "\($0)/v1/accounts/\(template.accountId)/templates/\(template.id)/pages/\(pageId)/download"
                    }, fields: [])
            },
            roles: template.roles.map {
                TemplateRole(
                    id: $0.id, name: $0.name, assignmentType: "signer", createdAt: template.createdAt,
                    updatedAt: template.updatedAt)
            }, tags: [], defaultDocumentTags: [], createdAt: template.createdAt, updatedAt: template.updatedAt)
    }

    static func activity(_ activity: FakeActivity) -> DocumentActivity {
        DocumentActivity(
            id: activity.id, event: activity.event, message: activity.message, payload: activity.payload,
            origin: DocumentActivityOrigin(ip: "127.0.0.1", userAgent: "assinafy-fake"), createdAt: activity.createdAt)
    }

    static func dispatch(_ dispatch: FakeDispatch) -> WebhookDispatch {
        WebhookDispatch(
            resource: "webhook_dispatch", id: dispatch.id, event: dispatch.event, activityId: dispatch.activityId,
            endpointId: dispatch.endpointId, endpoint: dispatch.url, payload: dispatch.payload,
            delivered: dispatch.delivered, httpStatus: dispatch.httpStatus, error: dispatch.error,
            createdAt: dispatch.createdAt, updatedAt: dispatch.updatedAt)
    }
}

/// Minimal, deterministic files: PDFs, PNGs, a stored ZIP.
enum FakeArtifacts {
    /// Pages of an uploaded PDF: its `/Type /Page` objects, at least one.
    static func pageCount(_ pdf: Data) -> Int {
        let text = String(decoding: pdf, as: UTF8.self)
        let pages = text.components(separatedBy: "/Type /Page").dropFirst().filter { !$0.hasPrefix("s") }.count
        return max(1, pages)
    }

    static func pdf(lines: [String]) -> Data {
        let content = lines.map { "% \($0)" }.joined(separator: "\n")
        return Data("%PDF-1.4\n\(content)\n1 0 obj << /Type /Page >> endobj\n%%EOF\n".utf8)
    }

    /// The eight-byte PNG signature and an empty IHDR-less body: enough for a magic-byte check.
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("fake-png".utf8)

    static func isPNG(_ data: Data) -> Bool { data.prefix(8) == png.prefix(8) }

    /// A JPEG's start and end markers around a comment: what a template page image answers.
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xFE, 0x00, 0x06]) + Data("fake".utf8) + Data([0xFF, 0xD9])

    static func hex(_ data: Data) -> String {
        let digits = Array("0123456789abcdef")
        return String(data.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }
}
