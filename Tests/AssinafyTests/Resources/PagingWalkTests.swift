import APIRuntime
import Foundation
import Testing

@testable import Assinafy

/// Every list of the overlay can be walked as an `AsyncSequence`, not only documents, signers,
/// assignments and templates (which have their own tests): the paged lists fetch page after page
/// with their filters kept, the lists the API answers in one response make exactly one request.
struct PagingWalkTests {
    @Test func webhookDispatchesWalkEveryPageWithTheirFilters() async throws {
        let stub = StubTransport()
        let second = WebhooksResourceTests.dispatchJSON.replacingOccurrences(of: "\"dsp-1\"", with: "\"dsp-2\"")
        stub.enqueueData(
            "[\(WebhooksResourceTests.dispatchJSON)]", headers: Fixture.paging(page: 1, of: 2, perPage: 1, total: 2))
        stub.enqueueData("[\(second)]", headers: Fixture.paging(page: 2, of: 2, perPage: 1, total: 2))
        let all = try await Fixture.client(stub).webhooks.listAllDispatches(
            params: WebhookDispatchListParams(perPage: 1, event: "document_ready")
        ).collect()
        #expect(all.map(\.id) == ["dsp-1", "dsp-2"])
        #expect(stub.requests.map { $0.query("page") } == ["1", "2"])
        #expect(stub.requests.map { $0.query("event") } == ["document_ready", "document_ready"])
        #expect(stub.requests.map { $0.query("per-page") } == ["1", "1"])
    }

    @Test func signerDocumentsWalkEveryPage() async throws {
        let stub = StubTransport()
        stub.enqueueData("[\(Fixture.document(id: "d1"))]", headers: Fixture.paging(page: 1, of: 2, perPage: 1, total: 2))
        stub.enqueueData("[\(Fixture.document(id: "d2"))]", headers: Fixture.paging(page: 2, of: 2, perPage: 1, total: 2))
        let all = try await Fixture.client(stub).signers.listAllSignerDocuments(
            signerId: "sig-1", signerAccessCode: "code-1", params: ListParams(perPage: 1)
        ).collect()
        #expect(all.map(\.id) == ["d1", "d2"])
        #expect(stub.requests.map { $0.query("page") } == ["1", "2"])
        #expect(stub.requests.allSatisfy { $0.route.hasSuffix("/signers/sig-1/documents") }, "\(stub.requests.map(\.route))")
    }

    @Test func documentSearchWalksEveryPage() async throws {
        let stub = StubTransport()
        stub.enqueueData("[\(Fixture.document(id: "a"))]", headers: Fixture.paging(page: 2, of: 3, perPage: 1, total: 3))
        stub.enqueueData("[\(Fixture.document(id: "b"))]", headers: Fixture.paging(page: 3, of: 3, perPage: 1, total: 3))
        let all = try await Fixture.client(stub).documents.searchAll(
            params: ListParams(page: 2, perPage: 1, search: "nda"), status: .certificated
        ).collect()
        #expect(all.map(\.id) == ["a", "b"])
        #expect(stub.requests.map { $0.query("page") } == ["2", "3"])
        #expect(stub.requests.allSatisfy { $0.query("search") == "nda" && $0.query("status") == "certificated" })
    }

    @Test func tagsAndFieldsAreOneResponseAndOneRequest() async throws {
        let stub = StubTransport()
        stub.enqueueData("[\(TagsResourceTests.tagJSON("tag-1", "Contracts")), \(TagsResourceTests.tagJSON("tag-2", "HR"))]")
        stub.enqueueData("[\(FieldsResourceTests.fieldJSON)]")
        let client = Fixture.client(stub)
        let tags = try await client.tags.listAll(search: "C").collect()
        let fields = try await client.fields.listAll(includeInactive: true).collect()
        #expect(tags.map(\.id) == ["tag-1", "tag-2"])
        #expect(fields.count == 1)
        #expect(stub.requests.count == 2, "\(stub.requests.map(\.route))")
        #expect(stub.requests.first?.query("search") == "C")
        #expect(stub.requests.last?.query("include_inactive") == "true")
        #expect(stub.requests.allSatisfy { $0.query("page") == nil })
    }

    @Test func walksStopWhenCancelled() async throws {
        let stub = StubTransport()
        stub.setFallback { _ in
            RawResponse(
                statusCode: 200, headers: Fixture.paging(page: 1, of: 99, perPage: 1, total: 99),
                body: Data(envelope("[\(WebhooksResourceTests.dispatchJSON)]").utf8))
        }
        let walk = Fixture.client(stub).webhooks.listAllDispatches()
        let task = Task {
            var seen = 0
            for try await _ in walk {
                seen += 1
                if seen == 1 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return seen
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
