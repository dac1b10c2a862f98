import AssinafyAPI
import APIRuntime
import Foundation
import Testing

@testable import Assinafy

@Suite struct DocumentsResourceTests {
    // MARK: Upload

    @Test func uploadSendsOnePDFPartNamedFileWithTheDefaultName() async throws {
        let stub = StubTransport()
        stub.enqueueData(Fixture.document(status: "uploaded", name: "document.pdf"))
        let document = try await Fixture.client(stub).documents.upload(Fixture.pdf)

        #expect(document.id == "doc-1")
        #expect(document.lifecycleStatus == .uploaded)
        let request = try #require(stub.requests.first)
        #expect(request.route == "POST /v1/accounts/\(Fixture.accountId)/documents")
        #expect(request.credential == .account)
        let parts = request.multipartParts
        #expect(parts.count == 1)
        #expect(parts.first?.name == "file")
        #expect(parts.first?.filename == "document.pdf")
        #expect(parts.first?.contentType == "application/pdf")
        #expect(parts.first?.content == .data(Fixture.pdf))
    }

    @Test func uploadOptionsChooseTheAccountTheNameAndReportProgress() async throws {
        let stub = StubTransport()
        stub.enqueue { request in
            request.uploadProgress?(512, 1024)
            return RawResponse(statusCode: 200, body: Data(envelope(Fixture.document(name: "Offer.pdf")).utf8))
        }
        let reports = ProgressLog()
        let options = DocumentUploadOptions(accountId: "acc-other", name: "Offer.pdf") { sent, total in
            reports.append(sent, total)
        }
        _ = try await Fixture.client(stub).documents.upload(Fixture.pdf, options: options)

        let request = try #require(stub.requests.first)
        #expect(request.route == "POST /v1/accounts/acc-other/documents")
        #expect(request.multipartParts.first?.filename == "Offer.pdf")
        #expect(request.uploadProgress != nil)
        #expect(reports.entries == [ProgressLog.Entry(sent: 512, total: 1024)])
    }

    @Test func uploadWithoutProgressLeavesTheRequestAlone() async throws {
        let stub = StubTransport()
        stub.enqueueData(Fixture.document())
        _ = try await Fixture.client(stub).documents.upload(Fixture.pdf)
        #expect(stub.requests.first?.uploadProgress == nil)
    }

    @Test func uploadRefusesWhatIsNotAPDFBeforeAnyRequest() async throws {
        let stub = StubTransport()
        let documents = Fixture.client(stub).documents
        let error = await expectValidationError { _ = try await documents.upload(Data("GIF89a".utf8)) }
        #expect(error?.errors["data"] == ["must start with %PDF"])
        #expect(stub.requests.isEmpty)
    }

    @Test func uploadRefusesMoreThan25MBBeforeAnyRequest() async throws {
        let stub = StubTransport()
        var big = Fixture.pdf
        big.append(Data(count: 25 * 1024 * 1024 - big.count + 1))
        let documents = Fixture.client(stub).documents
        let error = await expectValidationError { _ = try await documents.upload(big) }
        #expect(error?.errors["data"] == ["must be at most 25 MB"])
        #expect(stub.requests.isEmpty)

        stub.enqueueData(Fixture.document())
        big.removeLast()
        _ = try await documents.upload(big)
        #expect(stub.requests.count == 1)
    }

    @Test func uploadNeedsAnAccount() async throws {
        let stub = StubTransport()
        let documents = Fixture.client(stub, defaultAccountId: nil).documents
        let error = await expectValidationError { _ = try await documents.upload(Fixture.pdf) }
        #expect(error?.errors["accountId"] == ["required"])
        #expect(stub.requests.isEmpty)
    }

    @Test func uploadFromAFileStreamsItUnderItsOwnName() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pdfURL = directory.appendingPathComponent("Lease.pdf")
        try Fixture.pdf.write(to: pdfURL)
        let textURL = directory.appendingPathComponent("notes.txt")
        try Data("hello".utf8).write(to: textURL)

        let stub = StubTransport()
        stub.enqueueData(Fixture.document(name: "Lease.pdf"))
        let documents = Fixture.client(stub).documents
        _ = try await documents.upload(fileURL: pdfURL)
        let part = try #require(stub.requests.first?.multipartParts.first)
        #expect(part.filename == "Lease.pdf")
        #expect(part.content == .file(pdfURL))

        let wrongType = await expectValidationError { _ = try await documents.upload(fileURL: textURL) }
        #expect(wrongType?.errors["fileURL"] == ["must start with %PDF"])
        let missing = await expectValidationError {
            _ = try await documents.upload(fileURL: directory.appendingPathComponent("absent.pdf"))
        }
        #expect(missing?.errors["fileURL"] == ["must be a readable local file"])
        #expect(stub.requests.count == 1)
    }

    // MARK: Reading

    @Test func listSendsPagingSearchAndFiltersAndReadsPaginationHeaders() async throws {
        let stub = StubTransport()
        stub.enqueueData(
            "[\(Fixture.document(id: "doc-1")), \(Fixture.document(id: "doc-2"))]",
            headers: Fixture.paging(page: 2, of: 3, perPage: 2, total: 6))
        let page = try await Fixture.client(stub).documents.list(
            params: ListParams(page: 2, perPage: 2, search: "lease"),
            filter: DocumentListFilter(
                status: .pendingSignature, method: .virtual, tagIds: ["t1", "t2"], sort: "-created_at"))

        #expect(page.data.map(\.id) == ["doc-1", "doc-2"])
        #expect(page.meta == PaginationMeta(currentPage: 2, lastPage: 3, perPage: 2, total: 6))
        let request = try #require(stub.requests.first)
        #expect(request.route == "GET /v1/accounts/\(Fixture.accountId)/documents")
        #expect(request.query("page") == "2")
        #expect(request.query("per-page") == "2")
        #expect(request.query("per_page") == nil)
        #expect(request.query("search") == "lease")
        #expect(request.query("status") == "pending_signature")
        #expect(request.query("method") == "virtual")
        #expect(request.query("tags") == "t1,t2")
        #expect(request.query("sort") == "-created_at")
    }

    @Test func listAllWalksEveryPage() async throws {
        let stub = StubTransport()
        stub.enqueueData(
            "[\(Fixture.document(id: "a"))]", headers: Fixture.paging(page: 1, of: 2, perPage: 1, total: 2))
        stub.enqueueData(
            "[\(Fixture.document(id: "b"))]", headers: Fixture.paging(page: 2, of: 2, perPage: 1, total: 2))
        let all = try await Fixture.client(stub).documents.listAll(params: ListParams(perPage: 1)).collect()
        #expect(all.map(\.id) == ["a", "b"])
        #expect(stub.requests.map { $0.query("page") } == ["1", "2"])
    }

    @Test func searchUsesTheSearchRoute() async throws {
        let stub = StubTransport()
        stub.enqueueData("[]")
        _ = try await Fixture.client(stub).documents.search(params: ListParams(search: "nda"), status: .certificated)
        let request = try #require(stub.requests.first)
        #expect(request.route == "GET /v1/accounts/\(Fixture.accountId)/documents/search")
        #expect(request.query("search") == "nda")
        #expect(request.query("status") == "certificated")
        #expect(request.query("per-page") == "50")
    }

    @Test func getDecodesARealisticDocument() async throws {
        let stub = StubTransport()
        stub.enqueueData(Fixture.document(assignment: Fixture.assignment()))
        let document = try await Fixture.client(stub).documents.get(documentId: "doc-1")
        #expect(stub.requests.first?.route == "GET /v1/documents/doc-1")
        #expect(document.name == "contract.pdf")
        #expect(document.lifecycleStatus?.isReady == true)
        #expect(document.pages?.first?.id == "page-1")
        #expect(document.tags?.first?.name == "Contracts")
        #expect(document.assignment?.signers?.count == 2)
        #expect(document.createdAt == Date(timeIntervalSince1970: 1_787_745_600))
    }

    @Test func renameUpdateDeleteStatusesAndPages() async throws {
        let stub = StubTransport()
        let documents = Fixture.client(stub).documents
        stub.enqueueData(Fixture.document(name: "Renamed.pdf"))
        let renamed = try await documents.rename(documentId: "doc-1", name: "Renamed.pdf")
        #expect(renamed.name == "Renamed.pdf")
        stub.enqueueData("[]")
        try await documents.delete(documentId: "doc-1")
        stub.enqueueData(
            "[{\"code\": \"uploaded\", \"deletable\": false}, {\"code\": \"certificated\", \"deletable\": true}]")
        let statuses = try await documents.statuses()
        #expect(statuses.map(\.code) == ["uploaded", "certificated"])
        stub.enqueueData(Fixture.document())
        let pages = try await documents.pages(documentId: "doc-1")
        #expect(pages.map(\.id) == ["page-1"])

        #expect(
            stub.requests.map(\.route) == [
                "PATCH /v1/documents/doc-1", "DELETE /v1/documents/doc-1", "GET /v1/documents/statuses",
                "GET /v1/documents/doc-1",
            ])
        #expect(stub.requests.first?.jsonBody == ["name": "Renamed.pdf"])
        let blank = await expectValidationError { _ = try await documents.rename(documentId: "doc-1", name: "  ") }
        #expect(blank?.errors["name"] != nil)
        #expect(stub.requests.count == 4)
    }

    @Test func binaryDownloadsReturnTheBytes() async throws {
        let stub = StubTransport()
        let bytes = Data([1, 2, 3])
        stub.setFallback { _ in RawResponse(statusCode: 200, body: bytes) }
        let documents = Fixture.client(stub).documents
        #expect(try await documents.downloadArtifact(documentId: "doc-1", artifact: .certificatePage) == bytes)
        #expect(try await documents.downloadArtifact(documentId: "doc-1", artifact: .original) == bytes)
        #expect(try await documents.thumbnail(documentId: "doc-1") == bytes)
        #expect(try await documents.downloadPage(documentId: "doc-1", pageId: "page-1") == bytes)
        #expect(
            stub.requests.map(\.route) == [
                "GET /v1/documents/doc-1/download/certificate-page", "GET /v1/documents/doc-1/download/original",
                "GET /v1/documents/doc-1/thumbnail", "GET /v1/documents/doc-1/pages/page-1/download",
            ])
        #expect(stub.requests.allSatisfy { $0.responseKind == .binary && $0.credential == .account })
        #expect(
            DocumentsResource.Artifact.allCases.map(\.rawValue) == [
                "original", "certificated", "certificate-page", "pades", "bundle",
            ])
    }

    @Test func activitiesExposeLosslessJSONAndTextViews() async throws {
        let stub = StubTransport()
        stub.enqueueData(
            """
            [{"id": 4, "event": "assignment_created", "message": "Assignment created.",
              "payload": {"signers": 2, "big": 9007199254740993, "nested": {"a": [1, "x"]}},
              "origin": {"ip": "192.0.2.1", "user-agent": "Tests/1.0", "geo": "BR"},
              "created_at": "2026-08-26T12:00:00Z"},
             {"id": 5, "event": "document_viewed", "message": "Viewed.", "payload": null, "origin": null,
              "created_at": "2026-08-26T12:05:00Z"}]
            """)
        let activities = try await Fixture.client(stub).documents.activities(documentId: "doc-1")
        #expect(stub.requests.first?.route == "GET /v1/documents/doc-1/activities")
        let first = try #require(activities.first)
        #expect(first.payloadJSON?["big"] == .integer(9_007_199_254_740_993))
        #expect(first.payloadJSON?["nested"]?["a"] == [1, "x"])
        #expect(first.originJSON?["user-agent"] == "Tests/1.0")
        #expect(first.originJSON?["geo"] == "BR")
        #expect(first.payloadText?.contains("9007199254740993") == true)
        #expect(activities[1].payloadJSON == nil)
        #expect(activities[1].originText == nil)
    }

    @Test func signingProgressFromTheSummaryOrTheSigners() async throws {
        let stub = StubTransport()
        let documents = Fixture.client(stub).documents
        stub.enqueueData(Fixture.document(status: "pending_signature", assignment: Fixture.assignment()))
        let progress = try await documents.getSigningProgress(documentId: "doc-1")
        #expect(progress == SigningProgress(signed: 1, total: 2))
        #expect(progress.pending == 1)
        #expect(progress.percentage == 50)

        stub.enqueueData(Fixture.document(status: "pending_signature", assignment: Fixture.assignment(summary: false)))
        #expect(try await documents.getSigningProgress(documentId: "doc-1") == SigningProgress(signed: 1, total: 2))
        stub.enqueueData(Fixture.document(status: "pending_signature", assignment: Fixture.assignment()))
        #expect(try await documents.isFullySigned(documentId: "doc-1") == false)
        stub.enqueueData(Fixture.document(status: "certificated", assignment: Fixture.assignment()))
        #expect(try await documents.isFullySigned(documentId: "doc-1") == true)
        stub.enqueueData(Fixture.document(status: "metadata_ready"))
        #expect(try await documents.isFullySigned(documentId: "doc-1") == false)
    }

    @Test func verificationAndPublicRoutesSendNoCredential() async throws {
        let stub = StubTransport()
        let documents = Fixture.client(stub).documents
        stub.enqueueData(
            """
            {"hash": "abc123", "id": "doc-1", "status": "certificated", "signer_count": "2", "completed_count": 2,
             "is_valid": true, "verified_at": "2026-08-27T10:00:00Z"}
            """)
        let verification = try await documents.verifyDetails(signatureHash: "abc123")
        #expect(verification.isValid == true)
        #expect(verification.hash == "abc123")
        stub.enqueueData(Fixture.document())
        _ = try await documents.getPublicInfo(documentId: "doc-1")
        stub.enqueueJSON("{\"status\": 200, \"message\": \"Token sent\"}")
        try await documents.sendPublicSignToken(documentId: "doc-1", email: "ana@example.invalid")

        #expect(
            stub.requests.map(\.route) == [
                "GET /v1/documents/abc123/verify", "GET /v1/public/documents/doc-1",
                "PUT /v1/public/documents/doc-1/send-token",
            ])
        #expect(stub.requests.allSatisfy { $0.credential == .none })
        #expect(stub.requests.last?.jsonBody == ["email": "ana@example.invalid"])
        let invalid = await expectValidationError {
            try await documents.sendPublicSignToken(documentId: "doc-1", email: "not-an-address")
        }
        #expect(invalid?.errors["email"] != nil)
        #expect(stub.requests.count == 3)
    }

    @Test func confirmSignerDataUsesOnlyTheAccessCodeAndSendsTheLiveMembers() async throws {
        let stub = StubTransport()
        stub.enqueueData(Fixture.signer(id: "sig-1", email: "ana@example.invalid"))
        let signer = try await Fixture.client(stub).documents.confirmSignerDataAndReturnSigner(
            documentId: "doc-1", signerAccessCode: "code-123",
            payload: ConfirmSignerDataPayload(
                fullName: "Ana Souza", email: "ana@example.invalid", hasAcceptedTerms: true))
        #expect(signer.id == "sig-1")
        let request = try #require(stub.requests.first)
        #expect(request.route == "PUT /v1/documents/doc-1/signers/confirm-data")
        #expect(request.credential == .signerAccessCode("code-123"))
        #expect(request.credential.credentialClass == .signer)
        #expect(request.jsonBody?["full_name"] == "Ana Souza")
        #expect(request.jsonBody?["email"] == "ana@example.invalid")
        #expect(request.jsonBody?["has_accepted_terms"] == true)
    }

    @Test func createFromTemplateMapsRolesAndOptions() async throws {
        let stub = StubTransport()
        stub.enqueueData(Fixture.document(id: "doc-9", name: "Offer letter"))
        let document = try await Fixture.client(stub).documents.createFromTemplate(
            templateId: "tpl-1",
            signers: [
                TemplateSigner(roleId: "role-1", id: "sig-1"),
                TemplateSigner(roleId: "role-2", id: "sig-2", verification: .whatsapp, step: 2),
            ],
            options: CreateDocumentFromTemplateOptions(name: "Offer letter", tags: ["tag-1"]))
        #expect(document.id == "doc-9")
        let request = try #require(stub.requests.first)
        #expect(request.route == "POST /v1/accounts/\(Fixture.accountId)/templates/tpl-1/documents")
        let body = try #require(request.jsonBody)
        #expect(body["name"] == "Offer letter")
        #expect(body["tags"] == ["tag-1"])
        #expect(body["signers"]?.arrayValue?.count == 2)
        #expect(body["signers"]?.arrayValue?.first?["role_id"] == "role-1")
        #expect(body["signers"]?.arrayValue?.first?["verification_method"] == "Email")
        #expect(body["signers"]?.arrayValue?.first?["notification_methods"] == ["Email"])
        #expect(body["signers"]?.arrayValue?.last?["notification_methods"] == ["Whatsapp"])
        #expect(body["signers"]?.arrayValue?.last?["step"] == 2)
    }

    @Test func createFromTemplateRefusesAMissingSignerIdAndBadPairings() async throws {
        let stub = StubTransport()
        let documents = Fixture.client(stub).documents
        let missingId: String? = nil
        let error = await expectValidationError {
            _ = try await documents.createFromTemplate(
                templateId: "tpl-1",
                signers: [
                    TemplateSigner(roleId: "role-1", id: missingId),
                    TemplateSigner(roleId: "role-2", id: "sig-2", verification: .email, notifications: [.whatsapp]),
                ])
        }
        #expect(error?.errors["signers[0].id"] == ["required"])
        #expect(error?.errors["signers[1].notifications"] == ["email verification notifies by email"])
        #expect(stub.requests.isEmpty)
    }

    @Test func estimateCostFromTemplate() async throws {
        let stub = StubTransport()
        stub.enqueueData(Fixture.costEstimate(sufficient: false, reason: "InsufficientCredits"))
        let estimate = try await Fixture.client(stub).documents.estimateCostFromTemplate(
            templateId: "tpl-1", signers: [TemplateSigner(roleId: "role-1", id: nil, verification: .whatsapp)])
        #expect(estimate.hasSufficientResources == false)
        #expect(estimate.blockingReason == .insufficientCredits)
        let request = try #require(stub.requests.first)
        #expect(request.route == "POST /v1/accounts/\(Fixture.accountId)/templates/tpl-1/documents/estimate-cost")
        #expect(
            request.jsonBody
                == Fixture.canonical([
                    "signers": [
                        ["role_id": "role-1", "verification_method": "Whatsapp", "notification_methods": ["Whatsapp"]]
                    ]
                ]))
    }

    @Test func optionalModelIdsAreAcceptedAndAMissingOneIsRefused() async throws {
        let stub = StubTransport()
        stub.enqueueData(Fixture.document())
        let uploadedId: String? = "doc-1"
        _ = try await Fixture.client(stub).documents.get(documentId: uploadedId)
        #expect(stub.requests.first?.route == "GET /v1/documents/doc-1")
        let missing: String? = nil
        let error = await expectValidationError {
            _ = try await Fixture.client(stub).documents.get(documentId: missing)
        }
        #expect(error?.errors["documentId"] == ["required"])
        #expect(stub.requests.count == 1)
    }
}

/// Progress callbacks, recorded.
final class ProgressLog: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    struct Entry: Equatable {
        var sent: Int64
        var total: Int64
    }
    private let lock = NSLock()
    private var recorded: [Entry] = []

    func append(_ sent: Int64, _ total: Int64) { lock.withLock { recorded.append(Entry(sent: sent, total: total)) } }
    var entries: [Entry] { lock.withLock { recorded } }
}
