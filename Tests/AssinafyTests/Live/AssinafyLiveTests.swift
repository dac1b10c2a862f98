import Assinafy
import Foundation
import Testing

/// The SDK against the real sandbox: `make live` (or
/// `swift test --filter AssinafyTests.AssinafyLiveTests`) with credentials in the environment.
/// `LiveGate` decides what may run; without credentials every test here is skipped, so CI never
/// reaches the network. The suite ends by printing `live: N tests ran`, which `make live`
/// requires to be non-zero, so a fully skipped run cannot pass for a green one.
@Suite("Live sandbox", .serialized, .liveRunReport)
struct AssinafyLiveTests {
    static let gate = LiveGate.current
    static var configured: Bool { gate.settings != nil }
    static var mutating: Bool { gate.allowsMutations }

    /// A client for the gate's settings; records that a live test really ran.
    static func client() throws -> AssinafyClient {
        let settings = try #require(gate.settings, "the live gate did not allow this run")
        LiveRunCounter.shared.increment()
        let configuration = AssinafyClientConfiguration(
            apiKey: settings.apiKey, baseURL: settings.baseURL, defaultAccountId: settings.accountId, timeout: 60)
        try configuration.validate()
        return AssinafyClient(configuration: configuration)
    }

    @Test("the live configuration is either absent or safe")
    func configurationIsSafe() {
        // A refusal is a misconfiguration someone should see, not a silent skip.
        if case .refuse(let reason) = Self.gate { Issue.record("live tests refused: \(reason)") }
    }

    // MARK: - Read-only

    @Test("the workspace of ASSINAFY_ACCOUNT_ID is reachable", .enabled(if: AssinafyLiveTests.configured))
    func workspace() async throws {
        let client = try Self.client()
        let workspace = try await client.workspaces.get()
        #expect(workspace.id == Self.gate.settings?.accountId)
        _ = try await client.workspaces.theme()
        #expect(try await client.workspaces.list().data.contains { $0.id == workspace.id })
    }

    @Test("catalogues: document statuses, field types, webhook event types", .enabled(if: AssinafyLiveTests.configured))
    func catalogues() async throws {
        let client = try Self.client()
        #expect(try await client.documents.statuses().contains { $0.code == "certificated" })
        #expect(try await client.fields.types().data.isEmpty == false)
        #expect(try await client.webhooks.listEventTypes().data.isEmpty == false)
    }

    @Test("lists page as documented", .enabled(if: AssinafyLiveTests.configured))
    func lists() async throws {
        let client = try Self.client()
        let documents = try await client.documents.list(params: ListParams(perPage: 5))
        #expect(documents.data.count <= 5)
        _ = try await client.signers.list(params: ListParams(perPage: 5))
        _ = try await client.templates.list(params: TemplateListParams(perPage: 5))
        _ = try await client.assignments.list(params: ListParams(perPage: 5))
    }

    @Test("OAuth discovery names the API and an authorization server", .enabled(if: AssinafyLiveTests.configured))
    func discovery() async throws {
        let client = try Self.client()
        let metadata = try await client.oauth.protectedResourceMetadata()
        #expect(metadata.resource.contains(LiveGate.sandboxHost))
        #expect(!metadata.authorizationServers.isEmpty)
    }

    // MARK: - Mutating (ASSINAFY_RUN_LIVE_MUTATIONS=1 and two recipients)

    @Test("upload, wait, two signers (duplicate reused), estimate, request", .enabled(if: AssinafyLiveTests.mutating))
    func signatureRequest() async throws {
        let client = try Self.client()
        let recipients = try #require(Self.gate.recipients)
        let uploaded = try await client.documents.upload(
            LivePDF.make(title: "SDK live test"), options: DocumentUploadOptions(name: "sdk-live-test.pdf"))
        let documentId = try #require(uploaded.id)
        do {
            let ready = try await client.documents.waitUntilReady(
                documentId: documentId, options: WaitUntilReadyOptions(maxWaitSeconds: 180, pollIntervalSeconds: 3))
            #expect(ready.lifecycleStatus?.isReady == true)
            let first = try await client.signers.create(
                CreateSignerPayload(fullName: "SDK Teste A", email: recipients.first))
            let again = try await client.signers.create(
                CreateSignerPayload(fullName: "SDK Teste A", email: recipients.first.uppercased()))
            #expect(again.id == first.id, "a duplicate e-mail must reuse the signer")
            let second = try await client.signers.create(
                CreateSignerPayload(fullName: "SDK Teste B", email: recipients.second))
            let request = CreateAssignmentPayload(
                signers: [.signer(id: first.id, step: 1), .signer(id: second.id, step: 2)],
                message: "Teste automatizado do SDK (sandbox).")
            let estimate = try await client.assignments.estimateCost(documentId: documentId, payload: request)
            try #require(
                estimate.hasSufficientResources, "the sandbox account lacks credits: \(estimate.message ?? "")")
            let assignment = try await client.assignments.create(documentId: documentId, payload: request)
            #expect(assignment.signers?.count == 2)
            #expect(try await client.documents.activities(documentId: documentId).isEmpty == false)
        } catch {
            try? await client.documents.delete(documentId: documentId)
            throw error
        }
        // Leave nothing behind that a person would have to sign.
        try await client.documents.delete(documentId: documentId)
    }

    @Test("a tag is created, found and deleted", .enabled(if: AssinafyLiveTests.mutating))
    func tagRoundTrip() async throws {
        let client = try Self.client()
        let name = "sdk-live-\(UUID().uuidString.prefix(8).lowercased())"
        let tag = try await client.tags.create(CreateTagPayload(name: name))
        do {
            #expect(try await client.tags.list(search: name).data.map(\.id) == [tag.id])
        } catch {
            try? await client.tags.delete(tagId: tag.id, force: true)
            throw error
        }
        try await client.tags.delete(tagId: tag.id, force: true)
    }
}

/// How many live tests actually talked to the sandbox in this process.
final class LiveRunCounter: @unchecked Sendable {
    static let shared = LiveRunCounter()
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// Prints `live: N tests ran` after the suite, whatever happened in it (`make live` greps it).
struct LiveRunReport: SuiteTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        _ = AssinafyLiveTests.gate  // prints why the suite runs, is skipped or is refused
        defer { print("live: \(LiveRunCounter.shared.value) tests ran") }
        try await function()
    }
}

extension Trait where Self == LiveRunReport {
    static var liveRunReport: LiveRunReport { LiveRunReport() }
}

/// A one-page PDF made in memory (the sandbox needs a real, parseable file).
enum LivePDF {
    static func make(title: String) -> Data {
        let stream = "BT /F1 18 Tf 72 720 Td (\(title)) Tj ET"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
                + " /Resources << /Font << /F1 5 0 R >> >> >>",
            "<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
        var body = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(body.utf8.count)
            body += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = body.utf8.count
        body += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset)
            body += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        body += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(body.utf8)
    }
}
