import APIRuntime
import Foundation
import Testing

@testable import Assinafy

@Suite struct CallOptionsTests {
    @Test func aTimeoutAndHeadersForSomeCallsOnly() async throws {
        let stub = StubTransport()
        stub.setFallback { _ in RawResponse(statusCode: 200, body: Data(envelope(Fixture.document()).utf8)) }
        let client = Fixture.client(stub)
        let quick = client.with(CallOptions(timeout: 5, headers: ["X-Request-Id": "req-1"]))
        _ = try await quick.documents.get(documentId: "doc-1")
        _ = try await client.documents.get(documentId: "doc-1")

        let requests = stub.requests
        try #require(requests.count == 2)
        #expect(requests[0].timeout == 5 && requests[0].headers["X-Request-Id"] == "req-1")
        #expect(requests[1].timeout == nil && requests[1].headers["X-Request-Id"] == nil)
        // On the wire too, beside the configured credential.
        let sent = stub.transportRequests
        #expect(sent[0].headers["X-Request-Id"] == "req-1" && sent[0].timeout <= 5)
        #expect(sent[0].headers["Authorization"] == "Bearer test-token")
    }

    @Test func credentialHeadersAndBadTimeoutsAreRefusedBeforeIO() async throws {
        let stub = StubTransport()
        let client = Fixture.client(stub)
        for options in [
            CallOptions(headers: ["Authorization": "Bearer other"]), CallOptions(headers: ["x-api-key": "k"]),
            CallOptions(headers: ["Cookie": "a=b"]), CallOptions(timeout: 0), CallOptions(timeout: .infinity),
        ] {
            let documents = client.with(options).documents
            let error = await expectValidationError { _ = try await documents.get(documentId: "doc-1") }
            #expect(error?.errors.isEmpty == false)
            #expect(!(error?.message.contains("Bearer other") ?? true))
        }
        #expect(stub.transportRequests.isEmpty)
    }
}
