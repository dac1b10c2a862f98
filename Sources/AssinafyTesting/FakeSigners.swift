import APIRuntime
import AssinafyAPI
import Foundation

/// Workspace signers, cost estimates and assignments (the emulator's `h_assignments.py`).
extension FakeServer {
    /// The live API's refusal of a second signer with the same e-mail (a 400, as the document says).
    static let duplicateEmail = "Um signatário com este e-mail já existe."
    static let prices = ["Email": 0.0, "Whatsapp": 0.45]
    static let digitalCertificatePrice = 0.5
    static let lineNames = [
        "NotificationEmail": "Notificação por e-mail", "NotificationWhatsapp": "Notificação por WhatsApp",
        "SignatureDigitalCertificate": "Assinatura com certificado digital",
    ]
    /// Document statuses in which a signer still has work to do.
    static let inFlight: Set<String> = [
        "uploaded", "metadata_processing", "metadata_ready", "pending_signature", "certificating",
    ]

    func signersHandler(_ operation: String, _ context: FakeContext) throws -> FakeReply? {
        let request = context.request
        switch operation {
        case "createSigner":
            try state.requireAccount(context.param("accountId"))
            let body = try request.object()
            guard let fullName = body.trimmed("full_name") else {
                throw FakeAPIError.invalid("full_name cannot be blank.")
            }
            let email = body.string("email")
            if emailTaken(email) { throw FakeAPIError.invalid(Self.duplicateEmail) }
            let signer = FakeSigner(id: state.newId("signer"), accountId: state.accountId, fullName: fullName)
            signer.email = email
            signer.whatsappPhoneNumber = body.string("whatsapp_phone_number")
            signer.governmentId = body.string("government_id")
            state.signers[signer.id] = signer
            state.signerOrder.append(signer.id)
            var object = state.signerSubject(signer)
            object["name"] = .string(fullName)
            state.record(
                "signer_created", subject: state.userSubject(), object: object,
                payload: ["signer_full_name": .string(fullName)], names: ["signer": state.userName])
            return try .ok(FakeViews.signer(signer))
        case "listSigners":
            try state.requireAccount(context.param("accountId"))
            var found = state.signerOrder.compactMap { state.signers[$0] }.filter { !$0.deleted }
            if let search = request.query("search")?.lowercased(), !search.isEmpty {
                found = found.filter {
                    $0.fullName.lowercased().contains(search) || ($0.email ?? "").lowercased().contains(search)
                        || ($0.governmentId ?? "").contains(search)
                }
            }
            return try context.paged(found, FakeViews.signer)
        case "getSigner":
            try state.requireAccount(context.param("accountId"))
            return try .ok(FakeViews.signer(try state.signer(context.param("signerId"))))
        case "updateSigner":
            try state.requireAccount(context.param("accountId"))
            let signer = try state.signer(context.param("signerId"))
            let body = try request.object()
            try changeChannels(signer, body)
            if body["email"] != nil, emailTaken(body.string("email"), except: signer.id) {
                throw FakeAPIError.invalid(Self.duplicateEmail)
            }
            if body["full_name"] != nil {
                guard let name = body.trimmed("full_name") else {
                    throw FakeAPIError.invalid("full_name cannot be blank.")
                }
                signer.fullName = name
            }
            if body["email"] != nil { signer.email = body.string("email") }
            if body["whatsapp_phone_number"] != nil {
                signer.whatsappPhoneNumber = body.string("whatsapp_phone_number")
            }
            if body["government_id"] != nil { signer.governmentId = body.string("government_id") }
            return try .ok(FakeViews.signer(signer))
        case "deleteSigner":
            try state.requireAccount(context.param("accountId"))
            let signer = try state.signer(context.param("signerId"))
            let busy = state.assignments.values.contains {
                $0.stages[signer.id] != nil && Self.inFlight.contains(state.documents[$0.documentId]?.status ?? "")
            }
            if busy { throw FakeAPIError.invalid("The signer has documents in progress and cannot be deleted.") }
            signer.deleted = true
            return try .ok([JSONValue?]())
        case "estimateAssignmentCost":
            _ = try state.document(context.param("documentId"))
            let methods = try (try request.object().objects("signers") ?? []).map(resolveMethods)
            return try .ok(estimate(methods))
        case "createAssignment":
            let document = try state.document(context.param("documentId"))
            let body = try request.object()
            guard let method = body.string("method"), ["virtual", "collect"].contains(method) else {
                throw FakeAPIError.invalid("method must be virtual or collect.")
            }
            let assignment = try buildAssignment(
                document, method: method, specs: body.objects("signers") ?? [], entries: body.objects("entries") ?? [],
                message: body.string("message"), expiresAt: body.string("expires_at"),
                copyReceivers: body.strings("copy_receivers") ?? [])
            return try .ok(FakeViews.assignment(state, assignment, origin: request.origin))
        case "listAssignments":
            let all = state.documentOrder.reversed().compactMap { state.documents[$0]?.assignmentId }
                .compactMap { state.assignments[$0] }
            return try context.paged(all) { FakeViews.assignment(state, $0, origin: request.origin) }
        case "resendSignatureRequest":
            let document = try state.document(context.param("documentId"))
            guard let assignment = state.assignments[context.param("assignmentId")],
                assignment.documentId == document.id, let stage = assignment.stages[context.param("signerId")]
            else { throw FakeAPIError.notFound() }
            let sent = !stage.completed && document.status == "pending_signature"
            if sent { stage.sentAt.append(state.now) }
            return try .ok(
                ResendSignatureRequestResponseData(
                    isSent: sent, documentId: document.id, signerId: context.param("signerId")))
        default:
            return nil
        }
    }

    /// A new e-mail or number is refused while a document in flight has it verified; otherwise
    /// every in-flight invitation gets a new verification code.
    private func changeChannels(_ signer: FakeSigner, _ body: JSONObject) throws {
        let stages = state.assignments.values.compactMap { assignment in
            assignment.stages[signer.id].flatMap { stage in
                Self.inFlight.contains(state.documents[assignment.documentId]?.status ?? "")
                    ? (documentId: assignment.documentId, stage: stage) : nil
            }
        }.sorted { $0.documentId < $1.documentId }
        for (channel, current) in [("email", signer.email), ("whatsapp_phone_number", signer.whatsappPhoneNumber)]
        where body[channel] != nil && body.string(channel) != current {
            let blocked = stages.filter(\.stage.verified).map(\.documentId)
            guard blocked.isEmpty else {
                throw FakeAPIError.invalid(
                    "\(channel) cannot be changed while verified on documents: \(blocked.joined(separator: ", "))")
            }
            for entry in stages { entry.stage.verificationCode = state.newVerificationCode() }
        }
    }

    private func emailTaken(_ email: String?, except id: String? = nil) -> Bool {
        guard let email = email?.lowercased(), !email.isEmpty else { return false }
        return state.signers.values.contains { !$0.deleted && $0.id != id && $0.email?.lowercased() == email }
    }

    /// (verification, notification) of one signer entry, defaulted and checked as the API does.
    func resolveMethods(_ spec: JSONObject) throws -> (verification: String, notification: String) {
        let notifications = spec.strings("notification_methods")
        if let notifications, notifications.count > 1 {
            throw FakeAPIError.invalid("Only one notification method is allowed per signer.")
        }
        var verification = spec.string("verification_method")
        var notification = notifications?.first
        if verification == nil && notification == nil { return ("Email", "Email") }
        verification = verification ?? notification
        notification = notification ?? (verification == "DigitalCertificate" ? "Email" : verification)
        let allowed = ["Email": ["Email"], "Whatsapp": ["Whatsapp"], "DigitalCertificate": ["Email", "Whatsapp"]]
        guard let verification, let notification, allowed[verification]?.contains(notification) == true else {
            throw FakeAPIError.invalid(
                "Verification method \(verification ?? "") cannot be combined with \(notification ?? "") notification.")
        }
        return (verification, notification)
    }

    func estimate(_ methods: [(verification: String, notification: String)], documents: Int = 1) -> CostEstimate {
        var lines: [(code: String, quantity: Int, unit: Double)] = []
        func add(_ code: String, _ unit: Double) {
            if let index = lines.firstIndex(where: { $0.code == code }) {
                lines[index].quantity += 1
            } else {
                lines.append((code, 1, unit))
            }
        }
        for method in methods {
            add("Notification\(method.notification)", Self.prices[method.notification] ?? 0)
            if method.verification == "DigitalCertificate" {
                add("SignatureDigitalCertificate", Self.digitalCertificatePrice)
            }
        }
        let breakdown = lines.map {
            CostEstimateBreakdownItem(
                code: $0.code, name: Self.lineNames[$0.code], cost: rounded(Double($0.quantity) * $0.unit),
                quantity: $0.quantity, unitCost: $0.unit)
        }
        let credits = rounded(breakdown.reduce(0) { $0 + ($1.cost ?? 0) })
        let needsExtra = documents > 0 && state.documentBalance < Double(documents)
        let extra = needsExtra ? 1.0 : 0
        let total = rounded(credits + extra)
        let sufficient = state.creditBalance >= total
        return CostEstimate(
            documents: documents, credits: credits, needsExtraDocument: needsExtra, extraDocumentCost: extra,
            totalCredits: total, breakdown: breakdown, documentBalance: state.documentBalance,
            creditBalance: rounded(state.creditBalance), hasSufficientResources: sufficient,
            blockingReason: sufficient ? nil : .insufficientCredits,
            message: sufficient ? nil : "Créditos insuficientes.")
    }

    private func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    func charge(_ cost: CostEstimate) throws {
        guard cost.hasSufficientResources == true else {
            throw FakeAPIError.invalid(cost.message ?? "Insufficient resources.")
        }
        if (cost.documents ?? 0) > 0 {
            if cost.needsExtraDocument == true {
                state.creditBalance -= cost.extraDocumentCost ?? 0
            } else {
                state.documentBalance -= Double(cost.documents ?? 0)
            }
        }
        state.creditBalance = rounded(state.creditBalance - (cost.credits ?? 0))
    }
}
