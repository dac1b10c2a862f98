import AssinafyAPI
import Foundation
import Testing

/// Generated members, initialisers and open-enum cases are compiled into the module that uses
/// them (`@_alwaysEmitIntoClient`); these are the ways an app reaches them from another module.
@Suite struct GeneratedModelSurfaceTests {
    @Test func membersAreReadThroughKeyPathsAndClosures() {
        let documents = [Document(id: "d1", name: "a.pdf"), Document(id: "d2", name: "b.pdf")]
        #expect(documents.map(\.id) == ["d1", "d2"])
        let name: KeyPath<Document, String?> = \.name
        #expect(documents.map { $0[keyPath: name] } == ["a.pdf", "b.pdf"])
        #expect(documents.first?.additionalFields.isEmpty == true)
    }

    @Test func aDecodedModelEqualsTheOneItsInitialiserBuilds() throws {
        let decoded = try JSONDecoder().decode(Document.self, from: Data(#"{"name":"a.pdf","id":"d1"}"#.utf8))
        #expect(decoded == Document(id: "d1", name: "a.pdf"))
        #expect(decoded.hashValue == Document(id: "d1", name: "a.pdf").hashValue)
        #expect(Set([decoded, Document(id: "d1", name: "a.pdf")]).count == 1)
    }

    @Test func openEnumCasesCompareSwitchAndListTheirKnownValues() {
        let event: WebhookEventName = "document_ready"
        #expect(event == .documentReady)
        #expect(WebhookEventName.knownValues.contains(.documentReady))
        switch event {
        case .documentUploaded: Issue.record("matched the wrong case")
        case .documentReady: break
        default: Issue.record("matched no case")
        }
        #expect(WebhookEventName(rawValue: "not_yet_named").rawValue == "not_yet_named")
    }
}
