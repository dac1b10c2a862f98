import AssinafyAPI
import APIRuntime
import Foundation
import Testing

@testable import Assinafy

@Suite struct WaitUntilReadyTests {
    /// The documents resource over `stub`, on a clock that never waits.
    func documents(_ stub: StubTransport, _ clock: ManualPollingClock) -> DocumentsResource {
        DocumentsResource(context: Fixture.client(stub).context, clock: clock)
    }

    @Test func returnsTheFreshDocumentOnceItIsReady() async throws {
        let stub = StubTransport()
        let clock = ManualPollingClock()
        stub.enqueueData(Fixture.document(status: "uploaded"))
        stub.enqueueData(Fixture.document(status: "metadata_processing"))
        stub.enqueueData(Fixture.document(status: "metadata_ready", name: "fresh.pdf"))
        let document = try await documents(stub, clock).waitUntilReady(documentId: "doc-1")
        #expect(document.name == "fresh.pdf")
        #expect(stub.requests.count == 3)
        #expect(stub.requests.allSatisfy { $0.route == "GET /v1/documents/doc-1" })
        #expect(clock.sleeps == [2, 2])
    }

    @Test(arguments: ["metadata_ready", "pending_signature", "certificating", "certificated"])
    func everyReadyStatusEndsTheWait(status: String) async throws {
        let stub = StubTransport()
        let clock = ManualPollingClock()
        stub.enqueueData(Fixture.document(status: status))
        let document = try await documents(stub, clock).waitUntilReady(documentId: "doc-1")
        #expect(document.status == status)
        #expect(clock.sleeps.isEmpty)
    }

    @Test(arguments: ["failed", "expired", "rejected_by_signer", "rejected_by_user"])
    func aTerminalStatusThrowsAtOnceWithContext(status: String) async throws {
        let stub = StubTransport()
        let clock = ManualPollingClock()
        stub.enqueueData(Fixture.document(status: "metadata_processing"))
        stub.enqueueData(Fixture.document(status: status))
        let error = await expectSDKError { _ = try await documents(stub, clock).waitUntilReady(documentId: "doc-1") }
        #expect(error?.context["documentId"] == "doc-1")
        #expect(error?.context["lastStatus"] == status)
        #expect(error?.message.contains("terminal") == true)
        #expect(stub.requests.count == 2)
    }

    @Test func keepsPollingThroughTransientFailures() async throws {
        let stub = StubTransport()
        let clock = ManualPollingClock()
        stub.enqueueError(503, "Service Unavailable")
        stub.enqueueNetworkFailure()
        stub.enqueueError(429, "Too Many Requests", headers: ["Retry-After": "7"])
        stub.enqueueError(500, "Internal Server Error")
        stub.enqueueData(Fixture.document(status: "metadata_ready"))
        let document = try await documents(stub, clock).waitUntilReady(
            documentId: "doc-1", options: WaitUntilReadyOptions(maxWaitSeconds: 60, pollIntervalSeconds: 2))
        #expect(document.lifecycleStatus == .metadataReady)
        #expect(stub.requests.count == 5)
        #expect(clock.sleeps == [2, 2, 7, 2])
    }

    @Test func otherClientErrorsSurfaceAtOnce() async throws {
        let stub = StubTransport()
        let clock = ManualPollingClock()
        stub.enqueueData(Fixture.document(status: "uploaded"))
        stub.enqueueError(404, "Documento não encontrado.")
        do {
            _ = try await documents(stub, clock).waitUntilReady(documentId: "doc-1")
            Issue.record("expected an APIError")
        } catch let error as APIError {
            #expect(error.statusCode == 404)
        }
        #expect(stub.requests.count == 2)
    }

    @Test func theDeadlineNamesADocumentThatNeverLeftUploaded() async throws {
        let stub = StubTransport(fallback: { _ in
            RawResponse(statusCode: 200, body: Data(envelope(Fixture.document(status: "uploaded")).utf8))
        })
        let clock = ManualPollingClock()
        let error = await expectSDKError {
            _ = try await documents(stub, clock).waitUntilReady(
                documentId: "doc-1", options: WaitUntilReadyOptions(maxWaitSeconds: 10, pollIntervalSeconds: 3))
        }
        #expect(error?.message.contains("still uploaded") == true)
        #expect(error?.context["lastStatus"] == "uploaded")
        #expect(error?.context["documentId"] == "doc-1")
        // Polls at 0, 3, 6, 9 and a last one at the deadline (10), never past it.
        #expect(clock.sleeps == [3, 3, 3, 1])
        #expect(clock.elapsed == 10)
        #expect(stub.requests.count == 5)
    }

    @Test func theDeadlineAfterProcessingStartedSaysSoDistinctly() async throws {
        let stub = StubTransport(fallback: { _ in
            RawResponse(statusCode: 200, body: Data(envelope(Fixture.document(status: "metadata_processing")).utf8))
        })
        stub.enqueueData(Fixture.document(status: "uploaded"))
        let clock = ManualPollingClock()
        let error = await expectSDKError {
            _ = try await documents(stub, clock).waitUntilReady(
                documentId: "doc-1", options: WaitUntilReadyOptions(maxWaitSeconds: 4, pollIntervalSeconds: 2))
        }
        #expect(error?.message.contains("still uploaded") == false)
        #expect(error?.message.contains("metadata_processing") == true)
        #expect(error?.context["lastStatus"] == "metadata_processing")
    }

    @Test func aDeadlineReachedOnlyThroughFailuresKeepsTheCause() async throws {
        let stub = StubTransport(fallback: { _ in
            RawResponse(statusCode: 502, body: Data(Fixture.error(502, "Bad Gateway").utf8))
        })
        let clock = ManualPollingClock()
        let error = await expectSDKError {
            _ = try await documents(stub, clock).waitUntilReady(
                documentId: "doc-1", options: WaitUntilReadyOptions(maxWaitSeconds: 2, pollIntervalSeconds: 1))
        }
        #expect(error?.context["lastStatus"] == nil)
        #expect((error?.underlyingError as? APIError)?.statusCode == 502)
    }

    @Test func cancellationStopsTheWait() async throws {
        let stub = StubTransport(fallback: { _ in
            RawResponse(statusCode: 200, body: Data(envelope(Fixture.document(status: "uploaded")).utf8))
        })
        let documents = Fixture.client(stub).documents
        let task = Task {
            try await documents.waitUntilReady(
                documentId: "doc-1", options: WaitUntilReadyOptions(maxWaitSeconds: 3_600, pollIntervalSeconds: 1_800))
        }
        // Let the first poll happen, then cancel during the (real, 30-minute) sleep.
        while stub.requests.isEmpty { await Task.yield() }
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
        #expect(stub.requests.count == 1)
    }

    @Test func anAlreadyCancelledTaskSendsNothing() async throws {
        let stub = StubTransport()
        let clock = ManualPollingClock()
        let documents = documents(stub, clock)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await documents.waitUntilReady(documentId: "doc-1")
        }
        await #expect(throws: CancellationError.self) { _ = try await task.value }
        #expect(stub.requests.isEmpty)
    }

    @Test(arguments: [
        WaitUntilReadyOptions(maxWaitSeconds: 0, pollIntervalSeconds: 1),
        WaitUntilReadyOptions(maxWaitSeconds: -5, pollIntervalSeconds: 1),
        WaitUntilReadyOptions(maxWaitSeconds: .infinity, pollIntervalSeconds: 1),
        WaitUntilReadyOptions(maxWaitSeconds: .nan, pollIntervalSeconds: 1),
        WaitUntilReadyOptions(maxWaitSeconds: 10, pollIntervalSeconds: 0),
        WaitUntilReadyOptions(maxWaitSeconds: 10, pollIntervalSeconds: 11),
        WaitUntilReadyOptions(maxWaitSeconds: 1e300, pollIntervalSeconds: 1),
    ])
    func invalidOptionsAreRefusedBeforeAnyRequest(options: WaitUntilReadyOptions) async throws {
        let stub = StubTransport()
        let error = await expectValidationError {
            _ = try await documents(stub, ManualPollingClock()).waitUntilReady(documentId: "doc-1", options: options)
        }
        #expect(error?.errors.isEmpty == false)
        #expect(stub.requests.isEmpty)
    }

    @Test func aMissingModelIdIsRefused() async throws {
        let stub = StubTransport()
        let id: String? = nil
        _ = await expectValidationError {
            _ = try await documents(stub, ManualPollingClock()).waitUntilReady(documentId: id)
        }
        #expect(stub.requests.isEmpty)
    }
}
