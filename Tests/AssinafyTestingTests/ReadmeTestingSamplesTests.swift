import Assinafy
import AssinafyAPITesting
import AssinafyTesting
import Foundation
import Testing

/// The README's "Testing your app" samples, line for line, compiled and run here: the README
/// check in AssinafyTests leaves them to this target, which links the test-only product.
@Suite struct ReadmeTestingSamplesTests {
    @Test func typedStubs() async throws {
        var stubs = AssinafyAPIStubs.examples
        stubs.createSigner = { call in
            .ok(EnvelopeOf(data: Signer(id: "signer-1", fullName: call.body.fullName, email: call.body.email)))
        }
        let stubbed = AssinafyClient(
            configuration: AssinafyClientConfiguration(token: "test-token", defaultAccountId: "account-1"),
            httpTransport: stubs.transport)
        let signer = try await stubbed.signers.create(
            CreateSignerPayload(fullName: "Ana", email: "ana@example.invalid"))
        #expect(signer.id == "signer-1")
        #expect(signer.fullName == "Ana")
    }

    /// Through the overlay, a call no stub answers still names the operation.
    @Test func anUnansweredCallNamesItsOperation() async throws {
        let client = AssinafyClient(
            configuration: AssinafyClientConfiguration(token: "test-token", defaultAccountId: "account-1"),
            httpTransport: AssinafyAPIStubs().transport)
        let error = await #expect(throws: AssinafySDKError.self) {
            try await client.signers.create(CreateSignerPayload(fullName: "Ana", email: "ana@example.invalid"))
        }
        #expect("\(error.map { $0 } as Any)".contains("listSigners"))
    }

    @Test func exampleAnswers() async throws {
        let preview = AssinafyClient(
            configuration: AssinafyClientConfiguration(token: "preview", defaultAccountId: "account-1"),
            httpTransport: AssinafyAPIStubs.examples.transport)
        let documents = try await preview.documents.list()
        #expect(!documents.data.isEmpty)
    }

    /// The one-line spellings for previews: the example transport as an implicit member, and a
    /// whole client.
    @Test func exampleShorthands() async throws {
        let configured = AssinafyClient(
            configuration: AssinafyClientConfiguration(token: "preview", defaultAccountId: "account-1"),
            httpTransport: .examples)
        #expect(!(try await configured.documents.list().data.isEmpty))
        let client: AssinafyClient = .examples
        #expect(!(try await client.signers.list().data.isEmpty))
        #expect(try await client.documents.get(documentId: "any").id != nil)
    }

    @Test func fake() async throws {
        let pdfData = Sample.pdf
        let fake = AssinafyFake()
        let client = fake.client()
        let uploaded = try await client.documents.upload(pdfData)
        let ready = try await client.documents.waitUntilReady(documentId: uploaded.id)
        fake.failNext(.getDocument, with: .rateLimited(retryAfter: 2))
        #expect(ready.status == "metadata_ready")
        await #expect(throws: (any Error).self) { try await client.documents.get(documentId: uploaded.id) }
    }

    @Test func everyLineOfTheReadmeSamplesIsHere() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let sourceLines = Set(source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        var checked = 0
        var block: [String]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let lines = block, lines.first == "import AssinafyTesting" {
                    for line in lines where !line.isEmpty {
                        #expect(sourceLines.contains(line), "README line not compiled here: \(line)")
                        checked += 1
                    }
                }
                block = line == "```swift" ? [] : nil
                continue
            }
            block?.append(line.trimmingCharacters(in: .whitespaces))
        }
        #expect(checked > 10)
    }
}
