import Assinafy
import AssinafyTesting
import Foundation
import Testing

/// The product README's owner-side samples, as published, run against the in-process fake:
/// real engine, real overlay, virtual time, no socket.
@Suite struct ReadmeFlowsAgainstFakeTests {
    @Test func quickStart() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let pdfData = Sample.pdf

        try await quickly {
            let uploaded = try await client.documents.upload(pdfData)
            let document = try await client.documents.waitUntilReady(documentId: uploaded.id)

            let signer = try await client.signers.create(
                CreateSignerPayload(fullName: "Ana Souza", email: "ana@example.invalid")
            )

            let assignment = try await client.assignments.create(
                documentId: document.id,
                payload: .withSignerIds([signer.id], method: .virtual, message: "Please review and sign.")
            )

            #expect(uploaded.status == "uploaded")
            #expect(document.status == "metadata_ready")
            #expect(assignment.signers?.map(\.id) == [signer.id])
            let documentId = try #require(document.id)
            #expect(fake.documentStatus(documentId) == "pending_signature")
        }
        // Half the processing time in `uploaded`, half in `metadata_processing`: one poll sleeps.
        #expect(fake.clock.recordedSleeps == [2])
    }

    @Test func signingLifecycleFromUploadToVerification() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let pdfData = Sample.pdf
        let accountId = fake.accountId

        try await quickly {
            let uploaded = try await client.documents.upload(
                pdfData,
                options: DocumentUploadOptions(accountId: accountId)
            )
            let document = try await client.documents.waitUntilReady(
                documentId: uploaded.id,
                options: WaitUntilReadyOptions(maxWaitSeconds: 60, pollIntervalSeconds: 2)
            )
            let signer = try await client.signers.create(
                CreateSignerPayload(fullName: "Ana Souza", email: "ana@example.invalid")
            )
            let request = CreateAssignmentPayload.withSignerIds(
                [signer.id],
                method: .virtual,
                message: "Please review and sign."
            )
            let estimate = try await client.assignments.estimateCost(
                documentId: document.id,
                payload: request
            )
            guard estimate.hasSufficientResources else {
                throw AssinafySDKError(estimate.blockingReason ?? "Insufficient account resources")
            }
            let assignment = try await client.assignments.create(
                documentId: document.id,
                payload: request
            )

            let documentId = try #require(document.id)
            var progress = try await client.documents.getSigningProgress(documentId: document.id)
            #expect(progress.signed == 0 && progress.total == 1)

            // The signer signs; certification takes the fake's processing time.
            let signerId = try #require(signer.id)
            let accessCode = try #require(fake.accessCode(documentId: documentId, signerId: signerId))
            try await signAsReadmeDoes(client, documentId, try #require(assignment.id), accessCode)
            #expect(try await client.documents.isFullySigned(documentId: document.id))
            #expect(fake.documentStatus(documentId) == "certificating")
            fake.clock.advance(by: 2)

            progress = try await client.documents.getSigningProgress(documentId: document.id)
            let done = try await client.documents.isFullySigned(documentId: document.id)
            let history = try await client.documents.activities(documentId: document.id)

            let signedPDF = try await client.documents.downloadArtifact(
                documentId: document.id,
                artifact: .certificated
            )
            let certified = try await client.documents.get(documentId: documentId)
            let hash = try #require(fake.signatureHash(documentId))
            let verification = try await client.documents.verifyDetails(signatureHash: hash)

            #expect(progress.isComplete && done)
            #expect(certified.status == "certificated")
            #expect(signedPDF.starts(with: Data("%PDF".utf8)))
            #expect(verification.isValid == true && verification.id == documentId)
            #expect(
                history.map(\.event) == [
                    "document_uploaded", "document_metadata_ready", "assignment_created", "signature_requested",
                    "signer_data_confirmed", "signer_signed_document", "document_ready",
                ])
        }
    }

    @Test func uploadAndRequestSignaturesInOneCall() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let pdfData = Sample.pdf

        try await quickly {
            let options = AssinafyClient.UploadOptions(signers: [
                AssinafyClient.SignerInput(name: "Ana Souza", email: "ana@example.invalid")
            ])
            options.message = "Please review and sign."

            let (document, assignment) = try await client.uploadAndRequestSignatures(
                documentData: pdfData,
                options: options
            )
            #expect(assignment.message == "Please review and sign.")
            let documentId = try #require(document.id)
            #expect(fake.documentStatus(documentId) != nil)
        }
    }

    @Test func aClientWithPerCallOptionsKeepsTheVirtualClock() async throws {
        let fake = AssinafyFake(processingSeconds: 10)
        let client = fake.client().with(CallOptions(timeout: 5))
        let uploaded = try await client.documents.upload(Sample.pdf)
        let document = try await quickly {
            try await client.documents.waitUntilReady(
                documentId: uploaded.id, options: WaitUntilReadyOptions(maxWaitSeconds: 60, pollIntervalSeconds: 3))
        }
        #expect(document.status == "metadata_ready")
        #expect(fake.clock.recordedSleeps == [3, 3, 3, 3])
    }

    @Test func signerCreationIsIdempotentByEmail() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let first = try await client.signers.create(CreateSignerPayload(fullName: "Ana", email: "ana@example.invalid"))
        let second = try await client.signers.create(
            CreateSignerPayload(fullName: "Ana Souza", email: "ANA@Example.invalid"))
        #expect(first.id == second.id)
        #expect(fake.exchanges.filter { $0.operation == "createSigner" }.count == 1)
    }

    /// The README's field validation sample, as published, on fields the test defines first.
    @Test func fieldValidation() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let fieldId = try #require(
            try await client.fields.create(CreateFieldPayload(name: "Quantity", type: "number")).id)
        let dateFieldId = try #require(try await client.fields.create(CreateFieldPayload(name: "Due", type: "date")).id)

        try await quickly {
            let result = try await client.fields.validate(
                fieldId: fieldId,
                value: JSONValue(.integer(42))
            )
            #expect(result.success == true && result.type == "number")

            let batch = try await client.fields.validateMultiple(items: [
                FieldValidateMultipleItem(fieldId: dateFieldId, value: "2026-08-27"),
                FieldValidateMultipleItem(fieldId: fieldId, value: "forty-two"),
            ])
            #expect(batch.map(\.success) == [true, false])
            #expect(batch.last?.errorMessage == "Número inválido.")
        }
        let listed = try await client.fields.list().data
        #expect(listed.contains { $0.id == fieldId })
        #expect(!listed.contains { $0.type == "signature" })
    }

    /// The README's signer-side function, as published.
    func signAsReadmeDoes(
        _ client: AssinafyClient, _ documentId: String, _ assignmentId: String, _ accessCode: String
    ) async throws {
        try await ReadmeSignerSide.signVirtualAssignment(
            client: client, documentId: documentId, assignmentId: assignmentId, accessCode: accessCode,
            fullName: "Ana Souza", email: "ana@example.invalid")
    }
}
