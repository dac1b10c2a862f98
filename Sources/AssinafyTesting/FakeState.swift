import APIRuntime
import Foundation

/// An error the fake answers with the API's `{status, message}` envelope.
struct FakeAPIError: Error {
    var status: Int
    var message: String
    var headers: [(String, String)] = []

    static let notFoundMessage = "The requested resource was not found."
    static func notFound() -> FakeAPIError { FakeAPIError(status: 404, message: notFoundMessage) }
    static func invalid(_ message: String) -> FakeAPIError { FakeAPIError(status: 400, message: message) }
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

/// The workspace's one webhook subscription (the legacy `subscriptions` view).
struct FakeSubscription {
    var url: String
    var email: String
    var events: [String]
    var isActive: Bool
    var updatedAt: Date
}

final class FakeDispatch {
    let id: String
    let event: String
    let activityId: Int
    let messageId: String
    let url: String
    let payload: JSONObject
    var delivered: Bool
    var httpStatus: Int?
    var error: String?
    let createdAt: Date
    var updatedAt: Date

    init(id: String, activity: FakeActivity, messageId: String, url: String, payload: JSONObject, now: Date) {
        self.id = id
        event = activity.event
        activityId = activity.id
        self.messageId = messageId
        self.url = url
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
    var activities: [FakeActivity] = []
    var subscription: FakeSubscription?
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
    }

    var now: Date { clock.date }

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
        guard id == accountId else { throw FakeAPIError.notFound() }
    }
}
