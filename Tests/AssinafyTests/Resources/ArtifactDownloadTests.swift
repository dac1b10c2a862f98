import AssinafyAPI
import APIRuntime
import Foundation
import Testing

@testable import Assinafy

/// `downloadArtifact(documentId:artifact:to:progress:)` and the signer variant: the file is
/// delivered whole and private, and a too-large answer is a clear SDK error.
@Suite struct ArtifactDownloadTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("artifact-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func documentAndSignerArtifactsGoToTheFile() async throws {
        let stub = StubTransport()
        let bytes = Data("%PDF-1.7 signed".utf8)
        stub.setFallback { _ in RawResponse(statusCode: 200, headers: ["Content-Type": "application/pdf"], body: bytes) }
        let client = Fixture.client(stub)
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("signed.pdf")
        try await client.documents.downloadArtifact(documentId: "doc-1", artifact: .certificated, to: file)
        #expect(try Data(contentsOf: file) == bytes)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let signerFile = directory.appendingPathComponent("signer.pdf")
        try await client.signers.downloadDocumentArtifact(
            signerId: "s-1", documentId: "doc-1", artifact: .original, to: signerFile)
        #expect(try Data(contentsOf: signerFile) == bytes)
        #expect(stub.requests.allSatisfy { $0.responseKind == .binary })
        #expect(stub.requests.map(\.downloadDestination) == [file, signerFile])
        #expect(
            stub.requests.map(\.route) == [
                "GET /v1/documents/doc-1/download/certificated",
                "GET /v1/signers/s-1/documents/doc-1/download/original",
            ])
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["signed.pdf", "signer.pdf"])
    }

    @Test func aTooLargeAnswerIsAnSDKErrorAndLeavesNoFile() async throws {
        let stub = StubTransport()
        stub.setFallback { _ in throw ResponseTooLargeError(limit: 10, receivedBytes: 11) }
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("signed.pdf")
        do {
            try await Fixture.client(stub).documents.downloadArtifact(documentId: "doc-1", artifact: .original, to: file)
            Issue.record("expected an error")
        } catch let error as AssinafySDKError {
            #expect(error.underlyingError is ResponseTooLargeError)
            #expect(error.context["limit"] == "10")
            #expect(error.context["receivedBytes"] == "11")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func theClientConfigurationCarriesTheLimits() throws {
        var configuration = AssinafyClientConfiguration(
            token: "test-token", apiKey: nil, baseURL: AssinafyClientConfiguration.sandboxBaseURL,
            defaultAccountId: nil, retryPolicy: .none)
        #expect(configuration.engine.maximumResponseBytes == 32 << 20)
        #expect(configuration.engine.maximumDownloadBytes == 1 << 30)
        configuration.maximumDownloadBytes = 5 << 20
        #expect(configuration.engine.maximumDownloadBytes == 5 << 20)
        configuration.maximumResponseBytes = 0
        #expect(throws: ValidationError.self) { try configuration.validate() }
    }
}
