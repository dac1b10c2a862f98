import APIRuntime
import Assinafy
import Foundation

/// One answer as the scenario saw it: the operation, the status and the body's shape.
struct RecordedAnswer: Sendable, Hashable {
    var operation: String
    var status: Int
    var body: Data

    /// Every non-null member path with its JSON type, array elements merged under `[]`:
    /// `data.assignment.signers[].email: string`. Nulls are left out, since the emulator writes
    /// `null` where the generated models leave a member out, which the document treats alike.
    var shape: Set<String> {
        guard let value = try? JSONValue(parsing: body) else { return body.isEmpty ? [] : ["<binary>"] }
        var paths: Set<String> = []
        func walk(_ value: JSONValue, _ path: String) {
            switch value {
            case .null: return
            case .bool: paths.insert("\(path): boolean")
            case .integer, .bigInteger, .double: paths.insert("\(path): number")
            case .string: paths.insert("\(path): string")
            case .array(let items):
                paths.insert("\(path): array")
                for item in items { walk(item, path + "[]") }
            case .object(let object):
                paths.insert("\(path): object")
                for (key, member) in object { walk(member, path.isEmpty ? key : "\(path).\(key)") }
            }
        }
        walk(value, "")
        return paths
    }
}

/// Records every answer a client receives, before the overlay turns errors into throws.
final class AnswerRecorder: APIMiddleware, @unchecked Sendable {
    // @unchecked: `answers` is only touched with `lock` held.
    private let lock = NSLock()
    private var answers: [RecordedAnswer] = []

    func intercept(
        _ request: APIRequest, operation: String, next: @Sendable (APIRequest) async throws -> RawResponse
    ) async throws -> RawResponse {
        let response = try await next(request)
        lock.withLock {
            answers.append(RecordedAnswer(operation: operation, status: response.statusCode, body: response.body))
        }
        return response
    }

    /// The answers in order, a run of the same operation and status (polling) kept as its last.
    var recorded: [RecordedAnswer] {
        lock.withLock {
            answers.reduce(into: []) { kept, answer in
                if let last = kept.last, last.operation == answer.operation, last.status == answer.status {
                    kept.removeLast()
                }
                kept.append(answer)
            }
        }
    }
}

/// The same calls against any Assinafy: the owner's lifecycle, the signer's side, tags,
/// webhooks and the error shapes. Calls that must fail are made with `try?`: their answer is
/// what is compared.
enum ConformanceScenario {
    static let pdf = Data("%PDF-1.7\n1 0 obj << /Type /Page >> endobj\ntrailer <<>>\n%%EOF\n".utf8)

    /// A processed document assigned to one signer: its id, the assignment's and the access code.
    static func readyAndAssigned(_ owner: AssinafyClient, signerId: String) async throws -> (
        id: String, assignmentId: String, accessCode: String
    ) {
        let uploaded = try await owner.documents.upload(pdf, options: DocumentUploadOptions(name: "annex.pdf"))
        let document = try await owner.documents.waitUntilReady(
            documentId: uploaded.id, options: WaitUntilReadyOptions(maxWaitSeconds: 30, pollIntervalSeconds: 0.05))
        let assignment = try await owner.assignments.create(
            documentId: document.id ?? "", payload: .withSignerIds([signerId], method: .virtual))
        let url = assignment.signingUrls?.first?.url ?? ""
        let code = URLComponents(string: url)?.queryItems?.first { $0.name == "signer-access-code" }?.value ?? ""
        return (document.id ?? "", assignment.id ?? "", code)
    }

    /// - Parameters:
    ///   - owner: a client with the workspace's credential and default account.
    ///   - signer: a client without credentials (the signer's device).
    ///   - certify: lets the server's certification time pass.
    static func run(owner: AssinafyClient, signer: AssinafyClient, certify: () async throws -> Void) async throws {
        let uploaded = try await owner.documents.upload(pdf, options: DocumentUploadOptions(name: "contract.pdf"))
        let document = try await owner.documents.waitUntilReady(
            documentId: uploaded.id, options: WaitUntilReadyOptions(maxWaitSeconds: 30, pollIntervalSeconds: 0.05))
        let documentId = document.id ?? ""
        _ = try await owner.documents.list()
        let ana = try await owner.signers.create(
            CreateSignerPayload(fullName: "Ana Souza", email: "ana@example.invalid"))
        _ = try await owner.signers.get(signerId: ana.id ?? "")
        let request = CreateAssignmentPayload.withSignerIds([ana.id], method: .virtual, message: "Please sign.")
        _ = try await owner.assignments.estimateCost(documentId: documentId, payload: request)
        let assignment = try await owner.assignments.create(documentId: documentId, payload: request)
        let url = assignment.signingUrls?.first?.url ?? ""
        let accessCode = URLComponents(string: url)?.queryItems?.first { $0.name == "signer-access-code" }?.value ?? ""

        _ = try await signer.signers.getSelf(signerAccessCode: accessCode)
        _ = try? await signer.signers.verifyCode(signerAccessCode: accessCode, code: "000000")
        try await signer.signers.acceptTermsWithoutResponse(signerAccessCode: accessCode)
        _ = try await signer.documents.confirmSignerDataAndReturnSigner(
            documentId: documentId, signerAccessCode: accessCode,
            payload: ConfirmSignerDataPayload(
                fullName: "Ana Souza", email: "ana@example.invalid", hasAcceptedTerms: true))
        _ = try await signer.assignments.sign(
            documentId: documentId, assignmentId: assignment.id ?? "", signerAccessCode: accessCode)
        try await certify()
        _ = try await owner.documents.get(documentId: documentId)
        _ = try await owner.documents.activities(documentId: documentId)
        _ = try await owner.documents.downloadArtifact(documentId: documentId, artifact: .certificated)
        _ = try await owner.documents.verifyDetails(signatureHash: String(repeating: "0", count: 64))

        let tag = try await owner.tags.create(CreateTagPayload(name: "Contracts", color: "ff8800"))
        _ = try await owner.tags.appendDocumentTags(documentId: documentId, tagIds: [tag.id])
        _ = try await owner.webhooks.register(
            WebhookRegisterPayload(
                url: "https://example.invalid/hooks", email: "ops@example.invalid", events: ["document_ready"]))
        _ = try await owner.webhooks.listEventTypes()

        // A second and a third document for the same signer: one signed in a batch, one declined.
        _ = try await owner.signers.list(params: ListParams(page: 1, perPage: 1))
        let batch = try await readyAndAssigned(owner, signerId: ana.id ?? "")
        let declined = try await readyAndAssigned(owner, signerId: ana.id ?? "")
        _ = try await signer.signers.listSignerDocuments(signerId: ana.id ?? "", signerAccessCode: batch.accessCode)
        try await signer.signers.signMultipleDocuments(signerAccessCode: batch.accessCode, documentIds: [batch.id])
        try await signer.assignments.decline(
            documentId: declined.id, assignmentId: declined.assignmentId, signerAccessCode: declined.accessCode,
            reason: "Wrong recipient")
        _ = try await owner.documents.get(documentId: declined.id)

        _ = try? await owner.documents.get(documentId: "doc-missing")
        _ = try? await owner.assignments.create(
            documentId: documentId, payload: .withSignerIds(["signer-missing"], method: .virtual))
        _ = try? await signer.signers.getSelf(signerAccessCode: "not-a-code")

        // Credentials, OAuth discovery and the workspace's deletion, where no secret is needed.
        _ = try await owner.assignments.whatsappNotifications(documentId: documentId, assignmentId: assignment.id ?? "")
        _ = try await owner.auth.getAPIKey()
        _ = try await owner.auth.mfaStatus()
        _ = try? await owner.auth.resetPassword(
            ResetPasswordPayload(email: "owner@example.invalid", token: "forged", newPassword: "long-enough"))
        _ = try await owner.oauth.protectedResourceMetadata()
        _ = try? await owner.oauth.userInfo()
        _ = try? await owner.workspaces.delete()
    }
}
