import Assinafy
import AssinafyTesting
import Foundation
import Testing

/// Workspace create, update and statistics; the resend estimate and the expiration reset.
@Suite struct WorkspaceAndAssignmentExtrasTests {
    @Test func workspacesAreCreatedAndRenamed() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let created = try await client.workspaces.create(CreateWorkspacePayload(name: "Second"))
        #expect(try await client.workspaces.list().data.map(\.name) == ["Fake workspace", "Second"])
        #expect(try await client.workspaces.get(accountId: created.id).name == "Second")

        let renamed = try await client.workspaces.update(
            UpdateWorkspacePayload(name: "Renamed", notificationSenderType: .account))
        #expect(renamed.name == "Renamed" && renamed.notificationSenderType == .account)
        #expect(try await client.workspaces.theme().accountName == "Renamed")
        await #expect(throws: (any Error).self) {
            try await client.workspaces.update(UpdateWorkspacePayload(name: "  "))
        }
        #expect(fake.exchanges.last?.statusCode == 400)
    }

    @Test func statisticsCountWhatHappenedThisMonth() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let (documentId, _, _) = try await sentDocument(fake, client)
        #expect(fake.documentStatus(documentId) == "pending_signature")

        let monthly = try await client.workspaces.stats()
        #expect(monthly.count == 12)
        #expect(monthly.first?.documentsUploaded == 1 && monthly.first?.documentsSent == 1)
        #expect(monthly.first?.signatureRequests == 1)
        #expect(monthly.dropFirst().allSatisfy { $0.documentsUploaded == 0 })

        let period = try #require(monthly.first?.period)
        let daily = try await client.workspaces.stats(granularity: .daily, month: period)
        #expect(daily.reduce(0) { $0 + ($1.documentsUploaded ?? 0) } == 1)
        await #expect(throws: (any Error).self) { try await client.workspaces.stats(granularity: .daily, month: "May") }
        #expect(fake.exchanges.last?.statusCode == 400)
    }

    @Test func theResendEstimateAndTheExpirationReset() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let (documentId, assignmentId, signerId) = try await sentDocument(fake, client)
        let estimate = try await client.assignments.estimateResendCost(
            documentId: documentId, assignmentId: assignmentId, signerId: signerId)
        #expect(estimate.hasSufficientResources)

        let later = fake.clock.date.addingTimeInterval(7 * 86_400)
        let moved = try await client.assignments.resetExpiration(
            documentId: documentId, assignmentId: assignmentId, expiresAt: later)
        #expect(abs((moved.expiresAt ?? .distantPast).timeIntervalSince(later)) < 1)
        await #expect(throws: (any Error).self) {
            try await client.assignments.resetExpiration(
                documentId: documentId, assignmentId: assignmentId, expiresAt: fake.clock.date.addingTimeInterval(-60))
        }
        #expect(fake.exchanges.last?.statusCode == 400)
        await #expect(throws: (any Error).self) {
            try await client.assignments.estimateResendCost(
                documentId: documentId, assignmentId: assignmentId, signerId: "signer-9999")
        }
        #expect(fake.exchanges.last?.statusCode == 404)
    }

    /// A ready document sent to one signer: its id, the assignment's and the signer's.
    private func sentDocument(
        _ fake: AssinafyFake, _ client: AssinafyClient
    ) async throws -> (String, String, String) {
        let uploaded = try await client.documents.upload(Sample.pdf)
        let document = try await client.documents.waitUntilReady(documentId: uploaded.id)
        let signer = try await client.signers.create(CreateSignerPayload(fullName: "Ana", email: "ana@example.invalid"))
        let assignment = try await client.assignments.create(
            documentId: document.id, payload: .withSignerIds([signer.id], method: .virtual))
        return (try #require(document.id), try #require(assignment.id), try #require(signer.id))
    }
}
