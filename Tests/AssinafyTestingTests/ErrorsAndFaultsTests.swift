import APIRuntime
import Assinafy
import AssinafyTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The API's error shapes and injected faults, as the overlay surfaces them.
@Suite struct ErrorsAndFaultsTests {
    @Test func aWrongTokenIs401WithAChallenge() async throws {
        let fake = AssinafyFake()
        let client = fake.client(
            configuration: AssinafyClientConfiguration(
                token: "not-the-token", baseURL: AssinafyFake.baseURL, defaultAccountId: fake.accountId))
        let error = await #expect(throws: APIError.self) { _ = try await client.documents.list() }
        #expect(error?.statusCode == 401)
        #expect(error?.wwwAuthenticate == "Bearer realm=\"api\"")
    }

    @Test func theAPIKeyIsAcceptedToo() async throws {
        let fake = AssinafyFake()
        let client = fake.client(
            configuration: AssinafyClientConfiguration(
                apiKey: fake.apiKey, baseURL: AssinafyFake.baseURL, defaultAccountId: fake.accountId))
        #expect(try await client.documents.list().data.isEmpty)
    }

    @Test func anUnknownDocumentIs404WithTheEnvelopeMessage() async throws {
        let error = await #expect(throws: APIError.self) {
            _ = try await AssinafyFake().client().documents.get(documentId: "doc-missing")
        }
        #expect(error?.statusCode == 404)
        #expect(error?.message == "The requested resource was not found.")
    }

    @Test func aRefusedRequestCarriesTheValidationBody() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let documentId = try await readyDocument(fake, client)
        let error = await #expect(throws: APIError.self) {
            _ = try await client.assignments.create(
                documentId: documentId, payload: .withSignerIds(["signer-missing"], method: .virtual))
        }
        #expect(error?.statusCode == 400)
        #expect(error?.message == "Signer signer-missing not found.")
        #expect(error?.responseData?.objectValue?["status"] == .integer(400))
    }

    @Test func insufficientCreditsBlockTheEstimate() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        fake.setBalances(documents: 0, credits: 0)
        let documentId = try await readyDocument(fake, client)
        let signer = try await client.signers.create(CreateSignerPayload(fullName: "Ana", email: "ana@example.invalid"))
        let estimate = try await client.assignments.estimateCost(
            documentId: documentId, payload: .withSignerIds([signer.id], method: .virtual))
        #expect(!estimate.hasSufficientResources)
        #expect(estimate.blockingReason == "InsufficientCredits")
    }

    @Test func rateLimitingCarriesRetryAfter() async throws {
        let fake = AssinafyFake()
        fake.failNext(.listDocuments, with: .rateLimited(retryAfter: 7))
        let client = fake.client()
        let error = await #expect(throws: APIError.self) { _ = try await client.documents.list() }
        #expect(error?.statusCode == 429)
        #expect(error?.retryAfter == 7)
        // The fault is spent: the next call succeeds.
        #expect(try await client.documents.list().data.isEmpty)
    }

    @Test func anInjectedStatusAnswersWithTheEnvelope() async throws {
        let fake = AssinafyFake()
        fake.failNext(.createSigner, with: .status(409, message: "Duplicate"))
        let error = await #expect(throws: APIError.self) {
            _ = try await fake.client().signers.create(CreateSignerPayload(fullName: "Ana", email: "a@example.invalid"))
        }
        #expect(error?.statusCode == 409 && error?.message == "Duplicate")
    }

    @Test func anErrorEnvelopeInsideA200IsAnAPIError() async throws {
        let fake = AssinafyFake()
        fake.failNext(.getDocument, with: .errorEnvelope(status: 400, message: "Refused"))
        let error = await #expect(throws: APIError.self) {
            _ = try await fake.client().documents.get(documentId: "doc-0001")
        }
        #expect(error?.statusCode == 400 && error?.httpStatusCode == 200 && error?.message == "Refused")
    }

    @Test func aTimeoutIsANetworkError() async throws {
        let fake = AssinafyFake()
        fake.failNext(.getDocument, with: .timeout)
        let error = await #expect(throws: NetworkError.self) {
            _ = try await fake.client().documents.get(documentId: "doc-0001")
        }
        #expect(error?.underlyingError?.code == .timedOut)
    }

    @Test func aDroppedConnectionIsANetworkError() async throws {
        let fake = AssinafyFake()
        fake.failNext(.any, with: .connectionLost)
        let error = await #expect(throws: NetworkError.self) {
            _ = try await fake.client().documents.get(documentId: "doc-0001")
        }
        #expect(error?.underlyingError?.code == .networkConnectionLost)
    }

    @Test func aLostResponseStillChangedTheState() async throws {
        let fake = AssinafyFake()
        fake.failNext("createTag", with: .lostResponse)
        let client = fake.client()
        await #expect(throws: NetworkError.self) { _ = try await client.tags.create(CreateTagPayload(name: "A")) }
        #expect(try await client.tags.list().data.map(\.name) == ["A"])
    }

    @Test func waitUntilReadyPollsThroughTransientFaults() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let uploaded = try await client.documents.upload(Sample.pdf)
        fake.failNext(.getDocument, with: .status(503), times: 2)
        let document = try await quickly { try await client.documents.waitUntilReady(documentId: uploaded.id) }
        #expect(document.status == "metadata_ready")
        #expect(fake.clock.recordedSleeps == [2, 2])
    }

    @Test func aFileThatFailsProcessingEndsTheWait() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let uploaded = try await client.documents.upload(Data("%PDF-1.7\n%EMULATOR-FAIL\n".utf8))
        let error = await #expect(throws: AssinafySDKError.self) {
            _ = try await client.documents.waitUntilReady(documentId: uploaded.id)
        }
        #expect(error?.context["lastStatus"] == "failed")
    }

    @Test func listsArePagedWithTheAPIHeaders() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        for name in ["Ana", "Bia", "Caio"] {
            _ = try await client.signers.create(CreateSignerPayload(fullName: name, email: "\(name)@example.invalid"))
        }
        let page = try await client.signers.list(params: ListParams(page: 2, perPage: 2))
        #expect(page.data.map(\.fullName) == ["Caio"])
        #expect(page.meta == PaginationMeta(currentPage: 2, lastPage: 2, perPage: 2, total: 3))
        let link = try #require(fake.exchanges.last?.responseHeaders["Link"])
        #expect(link.contains("rel=prev") && !link.contains("rel=next"))
    }
}

/// The fake under the ways apps use a client: files streamed from disk, calls in parallel.
@Suite struct FakeUsageTests {
    @Test func anUploadStreamedFromAFileIsReceivedWhole() async throws {
        let fake = AssinafyFake()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fake-upload-\(UUID().uuidString).pdf")
        try Sample.pdf.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let client = fake.client()
        let uploaded = try await client.documents.upload(fileURL: file)
        #expect(uploaded.name == file.lastPathComponent)
        let original = try await client.documents.downloadArtifact(documentId: uploaded.id, artifact: .original)
        #expect(original == Sample.pdf)
    }

    @Test func anArtifactDownloadsToAFile() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let documentId = try await readyDocument(fake, client)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fake-download-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try await client.documents.downloadArtifact(documentId: documentId, artifact: .original, to: file)
        #expect(try Data(contentsOf: file) == Sample.pdf)
        await #expect(throws: APIError.self) {
            try await client.documents.downloadArtifact(documentId: documentId, artifact: .certificated, to: file)
        }
    }

    @Test func callsInParallelAreServedOneAtATimeWithoutLoss() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let ids = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<20 {
                group.addTask {
                    try await client.signers.create(
                        CreateSignerPayload(fullName: "Signer \(index)", email: "s\(index)@example.invalid")
                    ).id
                }
            }
            return try await group.reduce(into: Set<String?>()) { $0.insert($1) }
        }
        #expect(ids.count == 20)
        let all = try await client.signers.list(params: ListParams(perPage: 50))
        #expect(all.meta?.total == 20)
    }
}
