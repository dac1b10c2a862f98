import AssinafyAPI
import APIRuntime
import Foundation
import Testing

@testable import Assinafy

/// The README's owner-side and signer-side flows, run end to end against a scripted transport
/// (ReadmeSamplesTests.swift only compiles the samples).
@Suite struct ReadmeFlowsTests {
    static func client() -> (AssinafyClient, StubTransport) {
        let stub = UploadAndRequestSignaturesTests.flowStub()
        return (Fixture.client(stub), stub)
    }

    @Test func quickStart() async throws {
        let (client, stub) = Self.client()
        let pdfData = Fixture.pdf

        let uploaded = try await client.documents.upload(pdfData)
        stub.enqueueData(Fixture.document(id: "doc-new", status: "metadata_ready"))
        let document = try await client.documents.waitUntilReady(documentId: uploaded.id)

        let signer = try await client.signers.create(
            CreateSignerPayload(fullName: "Ana Souza", email: "ana@example.invalid")
        )

        let assignment = try await client.assignments.create(
            documentId: document.id,
            payload: .withSignerIds([signer.id], method: .virtual, message: "Please review and sign.")
        )
        #expect(assignment.id == "asg-new")
    }

    @Test func signingLifecycle() async throws {
        let (client, stub) = Self.client()
        let pdfData = Fixture.pdf
        let accountId = Fixture.accountId

        let uploaded = try await client.documents.upload(
            pdfData,
            options: DocumentUploadOptions(accountId: accountId)
        )
        stub.enqueueData(Fixture.document(id: "doc-new", status: "pending_signature"))
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
        stub.enqueueData(Fixture.costEstimate(sufficient: true))
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
        #expect(assignment.id == "asg-new")

        stub.enqueueData(Fixture.document(id: "doc-new", assignment: Fixture.assignment()))
        stub.enqueueData(Fixture.document(id: "doc-new", assignment: Fixture.assignment()))
        stub.enqueueData("[]")
        stub.enqueue { _ in RawResponse(statusCode: 200, body: Fixture.pdf) }
        let progress = try await client.documents.getSigningProgress(documentId: document.id)
        let done = try await client.documents.isFullySigned(documentId: document.id)
        let history = try await client.documents.activities(documentId: document.id)

        let signedPDF = try await client.documents.downloadArtifact(
            documentId: document.id,
            artifact: .certificated
        )
        #expect(progress.signed == 1 && !done && history.isEmpty && signedPDF == Fixture.pdf)
    }

    /// The signer's side as the README writes it.
    func signVirtualAssignment(
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

    @Test func theSignerSideSampleRunsWithOnlyTheAccessCode() async throws {
        let stub = StubTransport()
        let client = Fixture.client(stub)
        stub.enqueueData(#"{"id": "sig-1", "full_name": "Ana Souza", "email": "ana@example.invalid"}"#)
        stub.enqueueJSON(#"{"status": 200, "message": ""}"#)
        stub.enqueueData(Fixture.signer(id: "sig-1", email: "ana@example.invalid"))
        stub.enqueueData("{}")
        try await signVirtualAssignment(
            client: client, documentId: "doc-1", assignmentId: "asg-1", accessCode: "code-1",
            fullName: "Ana Souza", email: "ana@example.invalid")
        #expect(stub.requests.count == 4)
        #expect(stub.requests.allSatisfy { $0.credential == .signerAccessCode("code-1") })
    }
}
