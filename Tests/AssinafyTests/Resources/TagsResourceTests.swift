import APIRuntime
import Foundation
import Testing

@testable import Assinafy

@Suite struct TagsResourceTests {
    static func tagJSON(_ id: String, _ name: String, color: String = "ff8800") -> String {
        """
        {"resource": "tag", "id": "\(id)", "name": "\(name)", "color": "\(color)",
         "created_at": "2026-06-01T10:00:00Z", "updated_at": "2026-06-02T10:00:00Z"}
        """
    }

    @Test func createSendsNameAndColourAndReturnsATagWithANonOptionalId() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(Self.tagJSON("tag-1", "Contracts")))
        let tag = try await Stubbed.client(transport).tags.create(CreateTagPayload(name: "Contracts", color: "ff8800"))

        let request = try #require(transport.requests.first)
        #expect(Stubbed.route(request) == "POST /v1/accounts/acc-test-1/tags")
        #expect(request.credential == .account)
        #expect(Stubbed.body(request) == Stubbed.canonical(["name": "Contracts", "color": "ff8800"]))
        let id: String = tag.id
        #expect(id == "tag-1")
        #expect(tag.createdAt != nil)
    }

    @Test func aTagWithoutAnIdIsAContractViolation() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(#"{"name": "Contracts"}"#))
        let tags = Stubbed.client(transport).tags
        await #expect(throws: AssinafySDKError.self) { try await tags.create(CreateTagPayload(name: "Contracts")) }
    }

    @Test func listUpdateAndDelete() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope("[\(Self.tagJSON("tag-1", "Contracts")), \(Self.tagJSON("tag-2", "HR"))]"))
        transport.enqueueJSON(envelope(Self.tagJSON("tag-1", "Contratos")))
        transport.enqueueJSON(envelope(#"{"deleted": true}"#))
        let tags = Stubbed.client(transport).tags

        let page = try await tags.list(search: "Con")
        let renamed = try await tags.update(tagId: "tag-1", payload: UpdateTagPayload(name: "Contratos", color: .null))
        try await tags.delete(tagId: "tag-2", force: true)

        #expect(page.data.map(\.id) == ["tag-1", "tag-2"])
        #expect(renamed.name == "Contratos")
        let requests = transport.requests
        #expect(
            requests.map(Stubbed.route) == [
                "GET /v1/accounts/acc-test-1/tags", "PUT /v1/accounts/acc-test-1/tags/tag-1",
                "DELETE /v1/accounts/acc-test-1/tags/tag-2",
            ])
        #expect(Stubbed.query(requests[0]) == ["search": "Con"])
        #expect(Stubbed.body(requests[1]) == Stubbed.canonical(["name": "Contratos", "color": nil]))
        #expect(Stubbed.query(requests[2]) == ["force": "true"])
    }

    @Test func appendAddsToTheDocumentsTags() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope("[\(Self.tagJSON("tag-0", "Old")), \(Self.tagJSON("tag-1", "Contracts"))]"))
        let result = try await Stubbed.client(transport).tags.appendDocumentTags(documentId: "doc-1", tagIds: ["tag-1"])

        let request = try #require(transport.requests.first)
        #expect(Stubbed.route(request) == "POST /v1/accounts/acc-test-1/documents/doc-1/tags")
        #expect(Stubbed.body(request) == Stubbed.canonical(["tags": ["tag-1"]]))
        #expect(result.map(\.id) == ["tag-0", "tag-1"])
    }

    @Test func replaceSetsExactlyTheGivenTags() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope("[\(Self.tagJSON("tag-2", "HR"))]"))
        let result = try await Stubbed.client(transport).tags.replaceDocumentTags(
            documentId: "doc-1", tagIds: ["tag-2"], accountId: "acc-other")

        let request = try #require(transport.requests.first)
        #expect(Stubbed.route(request) == "PUT /v1/accounts/acc-other/documents/doc-1/tags")
        #expect(Stubbed.body(request) == Stubbed.canonical(["tags": ["tag-2"]]))
        #expect(result.map(\.id) == ["tag-2"])
    }

    @Test func replaceWithEmptySendsAnEmptyListAndClears() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope("[]"))
        transport.enqueueJSON(envelope("null"))
        let tags = Stubbed.client(transport).tags

        let cleared = try await tags.replaceDocumentTags(documentId: "doc-1", tagIds: [])
        let clearedWithNullData = try await tags.replaceDocumentTags(documentId: "doc-1", tagIds: [])

        for request in transport.requests {
            #expect(request.method == .put)
            // Omitting `tags` would not clear: the empty list must be on the wire.
            #expect(Stubbed.body(request) == Stubbed.canonical(["tags": []]))
        }
        #expect(cleared.isEmpty)
        #expect(clearedWithNullData.isEmpty)
    }

    @Test func listAndDetachDocumentTags() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope("[\(Self.tagJSON("tag-1", "Contracts"))]"))
        transport.enqueueJSON(envelope(#"{"detached": true}"#))
        let tags = Stubbed.client(transport).tags

        let onDocument = try await tags.listDocumentTags(documentId: "doc-1")
        try await tags.detachDocumentTag(documentId: "doc-1", tagId: "tag-1")

        #expect(onDocument.data.map(\.name) == ["Contracts"])
        #expect(
            transport.requests.map(Stubbed.route) == [
                "GET /v1/accounts/acc-test-1/documents/doc-1/tags",
                "DELETE /v1/accounts/acc-test-1/documents/doc-1/tags/tag-1",
            ])
    }

    @Test func unsafeIdentifiersArePercentEncodedIntoOneSegment() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(#"{"detached": true}"#))
        let tags = Stubbed.client(transport).tags
        let error = await expectValidationError { try await tags.detachDocumentTag(documentId: "doc 1", tagId: "a/b") }
        // The engine refuses a segment that could change the path before any I/O...
        #expect(error?.errors["path"] != nil)
        #expect(transport.requests.isEmpty && transport.transportRequests.isEmpty)
        // ...and percent-encodes what it sends.
        transport.enqueueJSON(envelope(#"{"detached": true}"#))
        try await tags.detachDocumentTag(documentId: "doc 1", tagId: "tag 1")
        #expect(transport.requests.first?.path.encoded == "/v1/accounts/acc-test-1/documents/doc%201/tags/tag%201")
    }
}
