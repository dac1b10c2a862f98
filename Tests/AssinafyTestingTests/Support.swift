import Assinafy
import AssinafyTesting
import Foundation
import Testing

/// Files and timing shared by the suites.
enum Sample {
    static let pdf = Data("%PDF-1.7\n1 0 obj << /Type /Page >> endobj\ntrailer <<>>\n%%EOF\n".utf8)
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
}

/// Runs `body` and checks it took well under a second of real time: the fake's clock is virtual,
/// so a flow that waits for processing or certification must not sleep.
func quickly<T>(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T
) async rethrows -> T {
    let start = Date()
    let result = try await body()
    let elapsed = Date().timeIntervalSince(start)
    #expect(elapsed < 0.5, "took \(elapsed) s of real time", sourceLocation: sourceLocation)
    return result
}

/// An uploaded document the fake has finished processing.
func readyDocument(_ fake: AssinafyFake, _ client: AssinafyClient, name: String = "contract.pdf") async throws
    -> String
{
    let uploaded = try await client.documents.upload(Sample.pdf, options: DocumentUploadOptions(name: name))
    let document = try await client.documents.waitUntilReady(documentId: uploaded.id)
    return try #require(document.id)
}
