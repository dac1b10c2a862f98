import APIRuntime
import AssinafyAPI
import Foundation

/// An error the fake answers with the API's `{status, message}` envelope.
struct FakeAPIError: Error {
    var status: Int
    var message: String
    var headers: [(String, String)] = []
    /// Members beside `status` and `message` (the `restrictions` of a refused workspace deletion).
    var extra: JSONObject = [:]

    static let notFoundMessage = "The requested resource was not found."
    static func notFound() -> FakeAPIError { FakeAPIError(status: 404, message: notFoundMessage) }
    static func invalid(_ message: String) -> FakeAPIError { FakeAPIError(status: 400, message: message) }
    static func forbidden(_ message: String = "You are not allowed to perform this action.") -> FakeAPIError {
        FakeAPIError(status: 403, message: message)
    }
}

final class FakeDocument {
    let id: String
    let accountId: String
    var templateId: String?
    var name: String
    var status = "uploaded"
    let uploadedAt: Date
    var updatedAt: Date
    var files: [String: Data]
    var artifacts = ["original"]
    var pageIds: [String] = []
    var tags: [String] = []
    var assignmentId: String?
    var declineReason: String?
    var declinedBy: String?
    var signatureHash: String?
    var certificatingAt: Date?
    var completedAt: Date?
    /// Processing that fails, as the emulator's marker asks (`%EMULATOR-FAIL` in the first bytes).
    let failsProcessing: Bool

    init(id: String, accountId: String, name: String, data: Data, now: Date) {
        self.id = id
        self.accountId = accountId
        self.name = name
        uploadedAt = now
        updatedAt = now
        files = ["original": data]
        failsProcessing = data.prefix(4096).range(of: Data("%EMULATOR-FAIL".utf8)) != nil
    }
}

final class FakeSigner {
    let id: String
    let accountId: String
    var fullName: String
    var email: String?
    var whatsappPhoneNumber: String?
    var governmentId: String?
    var hasAcceptedTerms = false
    var deleted = false
    var signatureReusable = false

    init(id: String, accountId: String, fullName: String) {
        self.id = id
        self.accountId = accountId
        self.fullName = fullName
    }
}

/// One signer's part in an assignment.
final class FakeStage {
    var verificationMethod: String
    var notificationMethod: String
    var step: Int?
    var notified = false
    var completed = false
    var completedAt: Date?
    var sentAt: [Date] = []
    var confirmed = false
    var acceptedTerms = false
    var viewed = false
    let accessCode: String
    /// The code the signer's e-mail or WhatsApp message carries, for `verifySignerCode`.
    var verificationCode = ""
    var verified = false

    init(verificationMethod: String, notificationMethod: String, step: Int?, accessCode: String) {
        self.verificationMethod = verificationMethod
        self.notificationMethod = notificationMethod
        self.step = step
        self.accessCode = accessCode
    }
}

final class FakeAssignment {
    let id: String
    let documentId: String
    let method: String
    let senderEmail: String
    var expiresAt: Date?
    let message: String?
    let copyReceivers: [String]
    let signerOrder: [String]
    let stages: [String: FakeStage]
    var createdAt: Date?

    init(
        id: String, documentId: String, method: String, senderEmail: String, expiresAt: Date?, message: String?,
        copyReceivers: [String], signerOrder: [String], stages: [String: FakeStage]
    ) {
        self.id = id
        self.documentId = documentId
        self.method = method
        self.senderEmail = senderEmail
        self.expiresAt = expiresAt
        self.message = message
        self.copyReceivers = copyReceivers
        self.signerOrder = signerOrder
        self.stages = stages
    }

    /// The lowest step some signer has yet to sign; `nil` once all have.
    var activeStep: Int? {
        stages.values.filter { !$0.completed }.map { $0.step ?? 1 }.min()
    }
}

final class FakeTag {
    let id: String
    let accountId: String
    var name: String
    var color: String?
    let createdAt: Date
    var updatedAt: Date

    init(id: String, accountId: String, name: String, color: String?, now: Date) {
        self.id = id
        self.accountId = accountId
        self.name = name
        self.color = color
        createdAt = now
        updatedAt = now
    }
}

final class FakeTemplate {
    let id: String
    let accountId: String
    var name: String
    var documentName: String?
    var message: String?
    /// (role id, role name), in order.
    var roles: [(id: String, name: String)]
    var pageIds: [String] = []
    let createdAt: Date
    var updatedAt: Date

    init(id: String, accountId: String, name: String, roles: [(id: String, name: String)], now: Date) {
        self.id = id
        self.accountId = accountId
        self.name = name
        self.roles = roles
        createdAt = now
        updatedAt = now
    }
}

/// An entry of a document's history; also what a webhook delivery carries.
struct FakeActivity {
    let id: Int
    let event: String
    let message: String
    let payload: JSONObject?
    let createdAt: Date
    let accountId: String
    let documentId: String?
    let subject: JSONObject
    let object: JSONObject
}

/// A webhook endpoint; the workspace's first one is what the legacy `subscriptions` calls show
/// and change, as in the emulator.
final class FakeEndpoint {
    let id: String
    var name: String?
    var url = ""
    var email = ""
    var events: [String] = []
    var isActive = true
    var signingEnabled = false
    /// Starts as the fake's `webhookSecret`; `rotateWebhookEndpointSecret` replaces it.
    var secret: String
    let createdAt: Date
    var updatedAt: Date

    init(id: String, secret: String, now: Date) {
        self.id = id
        self.secret = secret
        createdAt = now
        updatedAt = now
    }
}

final class FakeDispatch {
    let id: String
    let event: String
    let activityId: Int
    let messageId: String
    let endpointId: String
    let url: String
    let payload: JSONObject
    var delivered: Bool
    var httpStatus: Int?
    var error: String?
    let createdAt: Date
    var updatedAt: Date

    init(id: String, activity: FakeActivity, messageId: String, endpoint: FakeEndpoint, payload: JSONObject, now: Date)
    {
        self.id = id
        event = activity.event
        activityId = activity.id
        self.messageId = messageId
        endpointId = endpoint.id
        url = endpoint.url
        self.payload = payload
        delivered = false
        createdAt = now
        updatedAt = now
    }
}

/// Everything the fake holds. Only touched with `AssinafyFake`'s lock held.
final class FakeState {
    let accountId: String
    let token: String
    let apiKey: String
    let userEmail = "owner@example.invalid"
    let userName = "Fake Owner"
    let clock: VirtualClock
    var processingSeconds: TimeInterval
    var documentBalance: Double = 10
    var creditBalance: Double = 100
    var webhookSecret: String
    var webhookReceiverStatus = 200

    private var counters: [String: Int] = [:]
    var documents: [String: FakeDocument] = [:]
    var documentOrder: [String] = []
    var signers: [String: FakeSigner] = [:]
    var signerOrder: [String] = []
    var assignments: [String: FakeAssignment] = [:]
    /// Access code → (assignment id, signer id).
    var accessCodes: [String: (assignmentId: String, signerId: String)] = [:]
    var signerImages: [String: Data] = [:]
    var logo: Data?
    var tags: [String: FakeTag] = [:]
    var tagOrder: [String] = []
    var templates: [String: FakeTemplate] = [:]
    var templateOrder: [String] = []
    lazy var user = FakeUser(email: AssinafyFake.ownerEmail, password: AssinafyFake.ownerPassword, now: now)
    var fields: [String: FakeField] = [:]
    var fieldOrder: [String] = []
    var activities: [FakeActivity] = []
    var workspaceName = "Fake workspace"
    /// As the emulator's seeded workspace: deleting it needs `force` (see `deleteAccount`).
    var hasPaidSubscription = true
    var workspaceDeleted = false
    /// API keys, password resets, second factors and OAuth grants.
    let credentials: FakeCredentials
    var notificationSenderType: AccountNotificationSenderType = .user
    /// Created through `createAccount`: listed and read back only.
    var otherWorkspaces: [Workspace] = []
    /// In creation order.
    var endpoints: [FakeEndpoint] = []
    var subscription: FakeEndpoint? { endpoints.first }
    var dispatches: [String: FakeDispatch] = [:]
    var dispatchOrder: [String] = []
    var deliveries: [FakeWebhookDelivery] = []
    var exchanges: [FakeExchange] = []

    init(
        accountId: String, token: String, apiKey: String, clock: VirtualClock, processingSeconds: TimeInterval,
        webhookSecret: String
    ) {
        self.accountId = accountId
        self.token = token
        self.apiKey = apiKey
        self.clock = clock
        self.processingSeconds = processingSeconds
        self.webhookSecret = webhookSecret
        credentials = FakeCredentials(apiKey: apiKey)
    }

    var now: Date { clock.date }

    /// The workspace's fields in creation order, seeded on first use as the emulator seeds them:
    /// the standard ones (read-only, one hidden) and the pre-defined ones.
    var fieldList: [FakeField] {
        seedFields()
        return fieldOrder.compactMap { fields[$0] }
    }

    @discardableResult
    func addField(name: String, type: String) -> FakeField {
        seedFields()
        let field = FakeField(id: newId("field"), name: name, type: type)
        fields[field.id] = field
        fieldOrder.append(field.id)
        return field
    }

    private func seedFields() {
        guard fieldOrder.isEmpty else { return }
        let seeds = [
            ("Assinatura", "signature", true), ("Rubrica", "initial", true),
            ("Data da assinatura", "signatureDate", true),
            ("Nome completo", "name", false), ("CPF", "cpf", false), ("E-mail", "email", false),
            ("Virtual", "virtual", true),
        ]
        for (name, type, standard) in seeds {
            let field = FakeField(id: newId("field"), name: name, type: type)
            field.isStandard = standard
            field.isReadOnly = standard
            field.isPreDefined = !standard
            field.isVisible = type != "virtual"
            fields[field.id] = field
            fieldOrder.append(field.id)
        }
    }

    /// Ids that are the same on every run: `doc-0001`, `signer-0002`, ….
    func newId(_ prefix: String) -> String {
        let next = (counters[prefix] ?? 0) + 1
        counters[prefix] = next
        let digits = String(next)
        return prefix + "-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    func document(_ id: String?) throws -> FakeDocument {
        guard let id, let document = documents[id], document.accountId == accountId else {
            throw FakeAPIError.notFound()
        }
        return document
    }

    func signer(_ id: String?) throws -> FakeSigner {
        guard let id, let signer = signers[id], !signer.deleted else { throw FakeAPIError.notFound() }
        return signer
    }

    func requireAccount(_ id: String?) throws {
        guard id == accountId, !workspaceDeleted else { throw FakeAPIError.notFound() }
    }
}
