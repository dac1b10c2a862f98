import AssinafyAPI
import APIRuntime
import Foundation
import Testing

@testable import Assinafy

@Suite struct SignersResourceTests {
    // MARK: Idempotent creation

    @Test func createReturnsAnExistingSignerWithTheSameEmailIgnoringCase() async throws {
        let stub = StubTransport()
        stub.enqueueData(
            "[\(Fixture.signer(id: "sig-near", email: "ana.souza@example.invalid")), \(Fixture.signer(id: "sig-1", email: "ANA@Example.Invalid"))]",
            headers: Fixture.paging(page: 1, of: 1, total: 2))
        let signer = try await Fixture.client(stub).signers.create(
            CreateSignerPayload(fullName: "Ana Souza", email: "ana@example.invalid"))

        #expect(signer.id == "sig-1")
        #expect(stub.requests.count == 1)
        let search = try #require(stub.requests.first)
        #expect(search.route == "GET /v1/accounts/\(Fixture.accountId)/signers")
        #expect(search.query("search") == "ana@example.invalid")
        #expect(search.query("per-page") == "50")
        #expect(search.query("page") == "1")
        #expect(search.credential == .account)
    }

    @Test func createFindsAMatchOnASecondPage() async throws {
        let stub = StubTransport()
        stub.enqueueData(
            "[\(Fixture.signer(id: "sig-a", email: "ana.maria@example.invalid"))]",
            headers: Fixture.paging(page: 1, of: 2, total: 51))
        stub.enqueueData(
            "[\(Fixture.signer(id: "sig-b", email: "ana@example.invalid"))]",
            headers: Fixture.paging(page: 2, of: 2, total: 51))
        let signer = try await Fixture.client(stub).signers.create(
            CreateSignerPayload(fullName: "Ana Souza", email: "ana@example.invalid"))
        #expect(signer.id == "sig-b")
        #expect(stub.requests.map { $0.query("page") } == ["1", "2"])
        #expect(!stub.requests.contains { $0.method == .post })
    }

    @Test func createPostsWhenNoSignerMatches() async throws {
        let stub = StubTransport()
        stub.enqueueData("[]", headers: Fixture.paging(page: 1, of: 1, total: 0))
        stub.enqueueData(Fixture.signer(id: "sig-new", email: "ana@example.invalid"))
        let signer = try await Fixture.client(stub).signers.create(
            CreateSignerPayload(
                fullName: "Ana Souza", email: "ana@example.invalid", whatsappPhoneNumber: "+5548999990000"))
        #expect(signer.id == "sig-new")
        let post = try #require(stub.requests.last)
        #expect(post.route == "POST /v1/accounts/\(Fixture.accountId)/signers")
        #expect(post.jsonBody?["full_name"] == "Ana Souza")
        #expect(post.jsonBody?["email"] == "ana@example.invalid")
        #expect(post.jsonBody?["whatsapp_phone_number"] == "+5548999990000")
    }

    @Test func createRecoversFromTheLiveDuplicate400() async throws {
        let stub = StubTransport()
        stub.enqueueData("[]", headers: Fixture.paging(page: 1, of: 1, total: 0))
        stub.enqueueError(400, "Um signatário com este e-mail já existe.")
        stub.enqueueData("[\(Fixture.signer(id: "sig-raced", email: "Ana@example.invalid"))]")
        let signer = try await Fixture.client(stub).signers.create(
            CreateSignerPayload(fullName: "Ana Souza", email: "ana@example.invalid"))
        #expect(signer.id == "sig-raced")
        #expect(stub.requests.map(\.method) == [.get, .post, .get])
    }

    @Test func createRecoversFromA409() async throws {
        let stub = StubTransport()
        stub.enqueueData("[]")
        stub.enqueueError(409, "Conflict")
        stub.enqueueData("[\(Fixture.signer(id: "sig-raced", email: "ana@example.invalid"))]")
        let signer = try await Fixture.client(stub).signers.create(
            CreateSignerPayload(fullName: "Ana Souza", email: "ana@example.invalid"))
        #expect(signer.id == "sig-raced")
    }

    @Test func aDuplicateRefusalWithNoSignerFoundIsRethrown() async throws {
        let stub = StubTransport()
        stub.enqueueData("[]")
        stub.enqueueError(409, "Conflict")
        stub.enqueueData("[]")
        await #expect(throws: APIError.self) {
            _ = try await Fixture.client(stub).signers.create(
                CreateSignerPayload(fullName: "Ana Souza", email: "ana@example.invalid"))
        }
    }

    @Test func otherRefusalsAreNotTakenForDuplicates() async throws {
        let stub = StubTransport()
        stub.enqueueData("[]")
        stub.enqueueError(400, "O campo nome é obrigatório.")
        do {
            _ = try await Fixture.client(stub).signers.create(
                CreateSignerPayload(fullName: "Ana Souza", email: "ana@example.invalid"))
            Issue.record("expected an APIError")
        } catch let error as APIError {
            #expect(error.statusCode == 400)
        }
        #expect(stub.requests.count == 2)
    }

    @Test func aSignerWithoutEmailIsJustCreated() async throws {
        let stub = StubTransport()
        stub.enqueueData(Fixture.signer(id: "sig-name-only", email: nil))
        let signer = try await Fixture.client(stub).signers.create(CreateSignerPayload(fullName: "Carla Dias"))
        #expect(signer.id == "sig-name-only")
        #expect(stub.requests.map(\.route) == ["POST /v1/accounts/\(Fixture.accountId)/signers"])
        #expect(stub.requests.first?.jsonBody == ["full_name": "Carla Dias"])
    }

    @Test func createChecksTheInputLocally() async throws {
        let stub = StubTransport()
        let signers = Fixture.client(stub).signers
        let error = await expectValidationError {
            _ = try await signers.create(CreateSignerPayload(fullName: " ", email: "ana@", whatsappPhoneNumber: "12"))
        }
        #expect(error?.errors["fullName"] != nil)
        #expect(error?.errors["email"] != nil)
        #expect(error?.errors["whatsappPhoneNumber"] != nil)
        #expect(stub.requests.isEmpty)
    }

    @Test func findByEmailReturnsNilWhenAllPagesMiss() async throws {
        let stub = StubTransport()
        stub.enqueueData(
            "[\(Fixture.signer(id: "x", email: "other@example.invalid"))]",
            headers: Fixture.paging(page: 1, of: 2, total: 2))
        stub.enqueueData(
            "[\(Fixture.signer(id: "y", email: "ana@example.invalid.br"))]",
            headers: Fixture.paging(page: 2, of: 2, total: 2))
        let found = try await Fixture.client(stub).signers.findByEmail("ana@example.invalid", accountId: "acc-2")
        #expect(found == nil)
        #expect(stub.requests.map(\.route) == Array(repeating: "GET /v1/accounts/acc-2/signers", count: 2))
    }

    // MARK: CRUD

    @Test func getListUpdateDelete() async throws {
        let stub = StubTransport()
        let signers = Fixture.client(stub).signers
        stub.enqueueData(Fixture.signer(id: "sig-1", email: "ana@example.invalid"))
        let signer = try await signers.get(signerId: "sig-1")
        #expect(signer.fullName == "Ana Souza")
        stub.enqueueData(
            "[\(Fixture.signer(id: "sig-1", email: "ana@example.invalid"))]",
            headers: Fixture.paging(page: 3, of: 3, perPage: 10, total: 21))
        let page = try await signers.list(params: ListParams(page: 3, perPage: 10, search: "ana"))
        #expect(page.meta?.total == 21)
        stub.enqueueData(Fixture.signer(id: "sig-1", name: "Ana S.", email: "ana@example.invalid"))
        _ = try await signers.update(signerId: "sig-1", payload: UpdateSignerPayload(fullName: "Ana S."))
        stub.enqueueData("[]")
        try await signers.delete(signerId: "sig-1", accountId: "acc-2")

        #expect(
            stub.requests.map(\.route) == [
                "GET /v1/accounts/\(Fixture.accountId)/signers/sig-1", "GET /v1/accounts/\(Fixture.accountId)/signers",
                "PUT /v1/accounts/\(Fixture.accountId)/signers/sig-1", "DELETE /v1/accounts/acc-2/signers/sig-1",
            ])
        #expect(stub.requests[1].query("per-page") == "10")
        #expect(stub.requests[1].query("search") == "ana")
        #expect(stub.requests[2].jsonBody == ["full_name": "Ana S."])
    }

    // MARK: Signer side

    @Test func signerSideCallsSendOnlyTheAccessCode() async throws {
        let stub = StubTransport()
        let signers = Fixture.client(stub).signers
        stub.enqueueData(
            """
            {"resource": "signer", "id": "sig-1", "full_name": "Ana Souza", "email": "ana@example.invalid",
             "has_accepted_terms": true, "has_signature": true, "has_initial": false, "is_signature_reusable": true}
            """)
        let me = try await signers.getSelf(signerAccessCode: "code-1")
        #expect(me.hasSignature == true)
        stub.enqueueJSON("{\"status\": 200, \"message\": \"Terms accepted\"}")
        try await signers.acceptTermsWithoutResponse(signerAccessCode: "code-1")
        stub.enqueueJSON("{\"status\": 200, \"message\": \"Verified\"}")
        try await signers.verifyCode(signerAccessCode: "code-1", code: "123456")
        stub.enqueueData(Fixture.document())
        _ = try await signers.getSigningDocument(signerAccessCode: "code-1", hasAcceptedTerms: true)
        stub.enqueueData(Fixture.document())
        _ = try await signers.getDocument(signerId: "sig-1", signerAccessCode: "code-1")
        stub.enqueueData("[\(Fixture.document())]", headers: Fixture.paging(page: 1, of: 1, total: 1))
        let mine = try await signers.listSignerDocuments(signerId: "sig-1", signerAccessCode: "code-1")
        #expect(mine.data.count == 1)
        stub.enqueueData("[]")
        _ = try await signers.searchSignerDocuments(signerId: "sig-1", signerAccessCode: "code-1", search: "lease")
        stub.enqueueData("[]")
        try await signers.signMultipleDocuments(signerAccessCode: "code-1", documentIds: ["d1", "d2"])
        stub.enqueueData("[]")
        try await signers.declineMultipleDocuments(signerAccessCode: "code-1", documentIds: ["d3"], reason: "Not mine")

        #expect(
            stub.requests.map(\.route) == [
                "GET /v1/signers/self", "PUT /v1/signers/accept-terms", "POST /v1/verify", "GET /v1/sign",
                "GET /v1/signers/sig-1/document", "GET /v1/signers/sig-1/documents",
                "GET /v1/signers/sig-1/documents/search",
                "PUT /v1/signers/documents/sign-multiple", "PUT /v1/signers/documents/decline-multiple",
            ])
        #expect(stub.requests.allSatisfy { $0.credential == .signerAccessCode("code-1") })
        #expect(stub.requests[2].jsonBody == ["verification-code": "123456"])
        #expect(stub.requests[3].query("has_accepted_terms") == "true")
        #expect(stub.requests[5].query("per-page") == "50")
        #expect(stub.requests[6].query("search") == "lease")
        #expect(stub.requests[7].jsonBody == ["document_ids": ["d1", "d2"]])
        #expect(stub.requests[8].jsonBody?["decline_reason"] == "Not mine")
    }

    @Test func batchCallsRefuseEmptyInput() async throws {
        let stub = StubTransport()
        let signers = Fixture.client(stub).signers
        _ = await expectValidationError {
            try await signers.signMultipleDocuments(signerAccessCode: "c", documentIds: [])
        }
        _ = await expectValidationError {
            try await signers.declineMultipleDocuments(signerAccessCode: "c", documentIds: ["d"], reason: " ")
        }
        #expect(stub.requests.isEmpty)
    }

    @Test func signatureImagesArePNGOnly() async throws {
        let stub = StubTransport()
        let signers = Fixture.client(stub).signers
        stub.enqueueJSON("{\"status\": 200, \"message\": \"\"}")
        try await signers.uploadSignature(
            signerAccessCode: "code-1", type: .initial, imageData: Fixture.png, reuse: true)
        let upload = try #require(stub.requests.first)
        #expect(upload.route == "POST /v1/signature")
        #expect(upload.query("type") == "initial")
        #expect(upload.query("reuse") == "true")
        #expect(upload.body == .raw(Fixture.png, contentType: "image/png"))
        #expect(upload.credential == .signerAccessCode("code-1"))

        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0, 0, 0])
        let error = await expectValidationError {
            try await signers.uploadSignature(signerAccessCode: "code-1", type: .signature, imageData: jpeg)
        }
        #expect(error?.errors["imageData"] != nil)
        #expect(stub.requests.count == 1)

        stub.enqueue { _ in RawResponse(statusCode: 200, body: Fixture.png) }
        #expect(try await signers.downloadSignature(signerAccessCode: "code-1", type: .signature) == Fixture.png)
        #expect(stub.requests.last?.route == "GET /v1/signature/signature")
    }

    @Test func signerArtifactDownloadCarriesNoCredential() async throws {
        let stub = StubTransport()
        stub.enqueue { _ in RawResponse(statusCode: 200, body: Fixture.pdf) }
        let bytes = try await Fixture.client(stub).signers.downloadDocumentArtifact(
            signerId: "sig-1", documentId: "doc-1", artifact: .certificated)
        #expect(bytes == Fixture.pdf)
        #expect(stub.requests.first?.route == "GET /v1/signers/sig-1/documents/doc-1/download/certificated")
        #expect(stub.requests.first?.credential == RequestCredential.none)
    }

    @Test func typedMethodAccessorsDegradeForUnknownValues() throws {
        let assignment = try JSONCoding.decode(Assignment.self, from: Data(Fixture.assignment().utf8))
        let signers = try #require(assignment.signers)
        #expect(signers[0].verification == .email)
        #expect(signers[0].notifications == [.email])
        #expect(signers[1].verification == nil)
        #expect(signers[1].notifications == [.whatsapp])

        let plain = try JSONCoding.decode(
            Signer.self,
            from: Data(
                #"{"id": "s", "verification_method": "digitalcertificate", "notification_methods": ["Email"]}"#.utf8))
        #expect(plain.verification == .digitalCertificate)
        #expect(plain.notifications == [.email])
        let bare = try JSONCoding.decode(Signer.self, from: Data(#"{"id": "s"}"#.utf8))
        #expect(bare.verification == nil)
        #expect(bare.notifications.isEmpty)
    }
}

extension SignersResourceTests {
    @Test func findByEmailStopsWhenAServerRepeatsItsOnlyPage() async throws {
        let stub = StubTransport(fallback: { _ in
            RawResponse(
                statusCode: 200,
                body: Data(envelope("[\(Fixture.signer(id: "x", email: "other@example.invalid"))]").utf8))
        })
        let found = try await Fixture.client(stub).signers.findByEmail("ana@example.invalid")
        #expect(found == nil)
        #expect(stub.requests.count == 2)
    }
}
