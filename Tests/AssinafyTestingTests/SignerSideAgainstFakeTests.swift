import Assinafy
import AssinafyTesting
import Foundation
import Testing

/// The README's signer-side samples, as published.
enum ReadmeSignerSide {
    static func signVirtualAssignment(
        client: AssinafyClient,
        documentId: String,
        assignmentId: String,
        accessCode: String,
        fullName: String,
        email: String
    ) async throws {
        _ = try await client.signers.getSelf(signerAccessCode: accessCode)
        try await client.signers.acceptTermsWithoutResponse(signerAccessCode: accessCode)
        _ = try await client.documents.confirmSignerDataAndReturnSigner(
            documentId: documentId,
            signerAccessCode: accessCode,
            payload: ConfirmSignerDataPayload(
                fullName: fullName,
                email: email,
                hasAcceptedTerms: true
            )
        )
        try await client.assignments.sign(
            documentId: documentId,
            assignmentId: assignmentId,
            signerAccessCode: accessCode
        )
    }
}

@Suite struct SignerSideAgainstFakeTests {
    /// A ready document assigned to one signer: (document id, assignment id, signer id, access code).
    func assigned(_ fake: AssinafyFake, _ client: AssinafyClient, email: String = "ana@example.invalid")
        async throws -> (String, String, String, String)
    {
        let documentId = try await readyDocument(fake, client)
        let signer = try await client.signers.create(CreateSignerPayload(fullName: "Ana Souza", email: email))
        let signerId = try #require(signer.id)
        let assignment = try await client.assignments.create(
            documentId: documentId, payload: .withSignerIds([signerId], method: .virtual))
        let code = try #require(fake.accessCode(documentId: documentId, signerId: signerId))
        return (documentId, try #require(assignment.id), signerId, code)
    }

    @Test func theSignerSignsWithOnlyTheAccessCode() async throws {
        let fake = AssinafyFake()
        let owner = fake.client()
        let (documentId, assignmentId, _, accessCode) = try await assigned(fake, owner)
        // The signer's app holds no workspace credential at all.
        let client = AssinafyClient(
            configuration: AssinafyClientConfiguration(), httpTransport: fake.transport, pollingClock: fake.clock)

        try await quickly {
            try await ReadmeSignerSide.signVirtualAssignment(
                client: client, documentId: documentId, assignmentId: assignmentId, accessCode: accessCode,
                fullName: "Ana Souza", email: "ana@example.invalid")
        }
        #expect(fake.documentStatus(documentId) == "certificating")
        let signerCalls = fake.exchanges.suffix(4)
        #expect(signerCalls.allSatisfy { $0.target.contains("signer-access-code=") && $0.statusCode == 200 })
    }

    @Test func signingWithoutConfirmingDataIsRefusedWith400() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let (documentId, assignmentId, _, accessCode) = try await assigned(fake, client)
        let error = await #expect(throws: APIError.self) {
            try await client.assignments.sign(
                documentId: documentId, assignmentId: assignmentId, signerAccessCode: accessCode)
        }
        #expect(error?.statusCode == 400)
        #expect(error?.message == "Signer data must be confirmed before signing.")
    }

    @Test func declineUploadSignaturePublicInfoAndToken() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let (documentId, assignmentId, _, accessCode) = try await assigned(fake, client)
        let pngData = Sample.png

        try await quickly {
            try await client.signers.uploadSignature(
                signerAccessCode: accessCode,
                type: .signature,
                imageData: pngData,
                reuse: true
            )
            let me = try await client.signers.getSelf(signerAccessCode: accessCode)
            #expect(me.hasSignature == true && me.isSignatureReusable == true)

            let info = try await client.documents.getPublicInfo(documentId: documentId)
            #expect(info.id == documentId)

            try await client.documents.sendPublicSignToken(
                documentId: documentId,
                email: "ana@example.invalid"
            )

            try await client.assignments.decline(
                documentId: documentId,
                assignmentId: assignmentId,
                signerAccessCode: accessCode,
                reason: "Wrong recipient"
            )
        }
        #expect(fake.documentStatus(documentId) == "rejected_by_signer")
        let document = try await client.documents.get(documentId: documentId)
        #expect(document.declineReason == "Wrong recipient")
    }

    @Test func aSignerActsOnSeveralDocumentsTogether() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let (first, _, signerId, accessCode) = try await assigned(fake, client)
        let second = try await readyDocument(fake, client, name: "annex.pdf")
        _ = try await client.assignments.create(
            documentId: second, payload: .withSignerIds([signerId], method: .virtual))

        try await quickly {
            let mine = try await client.signers.listSignerDocuments(signerId: signerId, signerAccessCode: accessCode)
            #expect(Set(mine.data.compactMap(\.id)) == [first, second])
            try await client.signers.signMultipleDocuments(signerAccessCode: accessCode, documentIds: [first, second])
        }
        #expect(fake.documentStatus(first) == "certificating")
        #expect(fake.documentStatus(second) == "certificating")
    }

    @Test func anUnknownAccessCodeIs401() async throws {
        let fake = AssinafyFake()
        let error = await #expect(throws: APIError.self) {
            _ = try await fake.client().signers.getSelf(signerAccessCode: "not-a-code")
        }
        #expect(error?.statusCode == 401)
    }
}

/// Ordered signing, declining in a batch and expiry on the virtual clock.
@Suite struct SigningOrderAndTimeTests {
    func signer(_ client: AssinafyClient, _ name: String) async throws -> String {
        try #require(
            try await client.signers.create(CreateSignerPayload(fullName: name, email: "\(name)@example.invalid")).id)
    }

    @Test func stepsSignInTurn() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let documentId = try await readyDocument(fake, client)
        let (ana, bia) = (try await signer(client, "ana"), try await signer(client, "bia"))
        let assignment = try await client.assignments.create(
            documentId: documentId,
            payload: CreateAssignmentPayload(
                signers: [.descriptor(id: ana, step: 1), .descriptor(id: bia, step: 2)]))
        let assignmentId = try #require(assignment.id)
        let biaCode = try #require(fake.accessCode(documentId: documentId, signerId: bia))
        let anaCode = try #require(fake.accessCode(documentId: documentId, signerId: ana))

        // The link carries only the access code: the signer finds the document by it.
        let toSign = try await client.signers.getSigningDocument(signerAccessCode: biaCode)
        #expect(toSign.id == documentId)
        try await ReadmeSignerSide.signVirtualAssignment(
            client: client, documentId: documentId, assignmentId: assignmentId, accessCode: anaCode,
            fullName: "ana", email: "ana@example.invalid")
        #expect(fake.documentStatus(documentId) == "pending_signature")
        try await ReadmeSignerSide.signVirtualAssignment(
            client: client, documentId: documentId, assignmentId: assignmentId, accessCode: biaCode,
            fullName: "bia", email: "bia@example.invalid")
        #expect(fake.documentStatus(documentId) == "certificating")
    }

    @Test func theSecondStepWaitsForTheFirst() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let documentId = try await readyDocument(fake, client)
        let (ana, bia) = (try await signer(client, "ana"), try await signer(client, "bia"))
        let assignment = try await client.assignments.create(
            documentId: documentId,
            payload: CreateAssignmentPayload(
                signers: [.descriptor(id: ana, step: 1), .descriptor(id: bia, step: 2)]))
        let biaCode = try #require(fake.accessCode(documentId: documentId, signerId: bia))
        let error = await #expect(throws: APIError.self) {
            try await ReadmeSignerSide.signVirtualAssignment(
                client: client, documentId: documentId, assignmentId: try #require(assignment.id),
                accessCode: biaCode, fullName: "bia", email: "bia@example.invalid")
        }
        #expect(error?.message == "It is not your turn to sign this document yet.")
    }

    @Test func aSignerDeclinesSeveralDocumentsTogether() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let ana = try await signer(client, "ana")
        var documents: [String] = []
        for name in ["a.pdf", "b.pdf"] {
            let documentId = try await readyDocument(fake, client, name: name)
            _ = try await client.assignments.create(documentId: documentId, payload: .withSignerIds([ana]))
            documents.append(documentId)
        }
        let code = try #require(fake.accessCode(documentId: documents[0], signerId: ana))
        try await client.signers.declineMultipleDocuments(
            signerAccessCode: code, documentIds: documents, reason: "Not mine")
        #expect(documents.map { fake.documentStatus($0) } == ["rejected_by_signer", "rejected_by_signer"])
    }

    @Test func anAssignmentExpiresWhenTheVirtualClockPassesItsDeadline() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let documentId = try await readyDocument(fake, client)
        let ana = try await signer(client, "ana")
        _ = try await client.assignments.create(
            documentId: documentId,
            payload: CreateAssignmentPayload(
                signers: [.signer(id: ana)], expiresAt: fake.clock.date.addingTimeInterval(3600)))
        fake.clock.advance(by: 3599)
        #expect(fake.documentStatus(documentId) == "pending_signature")
        fake.clock.advance(by: 2)
        #expect(try await client.documents.get(documentId: documentId).status == "expired")
    }
}
