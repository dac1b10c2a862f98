import Assinafy
import AssinafyTestSupport
import Foundation
import Testing

/// One walk through the API as an app would make it, against the seeded workspace. Split by
/// area into extensions (one file each); `CoverageTests` runs them in an order where each part
/// finds what it needs (a signer, a certified document) and the credential-changing part is last.
struct Flow: Sendable {
    let emulator: Emulator
    let state: EmulatorState
    /// The owner's API-key client with the seeded workspace as default account.
    let client: AssinafyClient
    /// No credential at all: the login screen, the signer's device, a public verifier.
    let anonymous: AssinafyClient

    var admin: EmulatorAdmin { emulator.admin }

    init(emulator: Emulator) async throws {
        self.emulator = emulator
        state = try await emulator.admin.state()
        client = .seeded(emulator, state)
        anonymous = emulator.anonymousClient()
    }

    /// Polls the document (through the SDK) until it reaches `status`.
    @discardableResult
    func waitForStatus(_ documentId: String, _ status: DocumentLifecycleStatus, seconds: Double = 15) async throws
        -> Document
    {
        var last: Document?
        return try await eventually(seconds: seconds) {
            "document \(documentId) stayed \(last?.status ?? "?"), wanted \(status.rawValue)"
        } attempt: {
            let document = try await client.documents.get(documentId: documentId)
            last = document
            return document.lifecycleStatus == status ? document : nil
        }
    }

    /// Repeats `attempt` every 50 ms until it returns a value; after `seconds`, fails saying
    /// `failure`.
    func eventually<Value>(
        seconds: Double, failure: () -> String, attempt: () async throws -> Value?
    ) async throws -> Value {
        guard let value = try await waitForValue(within: seconds, every: .milliseconds(50), attempt) else {
            throw EmulatorError(failure())
        }
        return value
    }

    /// The invitation the emulator would have sent the signer of `documentId`.
    func invitation(_ documentId: String) async throws -> (accessCode: String, verificationCode: String) {
        try #require(try await admin.state().invitation(documentId: documentId), "no invitation for \(documentId)")
    }
}

/// What the signing part hands to the parts after it.
struct SignedDocuments: Sendable {
    let signerId: String
    let certifiedDocumentId: String
}
