import APIRuntime
import Assinafy
import AssinafyTesting
import Foundation
import Testing

/// The README's templates, tags, workspaces and webhooks samples against the fake.
@Suite struct CatalogAndWebhooksAgainstFakeTests {
    @Test func templatesSample() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let (templateId, roleIds) = fake.addTemplate(name: "Hiring offer", roles: ["Candidate"])
        fake.addTemplate(name: "Lease", roles: ["Tenant"])
        let roleId = try #require(roleIds.first)
        let signer = try await client.signers.create(
            CreateSignerPayload(fullName: "Ana Souza", email: "ana@example.invalid"))

        try await quickly {
            let templates = try await client.templates.list(
                params: TemplateListParams(search: "Hiring")
            )

            let estimate = try await client.documents.estimateCostFromTemplate(
                templateId: templateId, signers: [TemplateSigner(roleId: roleId, id: signer.id)])

            let document = try await client.documents.createFromTemplate(
                templateId: templateId,
                signers: [TemplateSigner(roleId: roleId, id: signer.id)],
                options: CreateDocumentFromTemplateOptions(name: "Offer letter")
            )

            #expect(templates.data.map(\.name) == ["Hiring offer"])
            #expect(estimate.hasSufficientResources)
            #expect(document.name == "Offer letter" && document.status == "pending_signature")
            #expect(document.templateId == templateId)
        }
    }

    @Test func aTemplateSignerMustFillEveryRole() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let (templateId, roleIds) = fake.addTemplate(name: "Lease", roles: ["Tenant", "Guarantor"])
        let tenant = try await client.signers.create(CreateSignerPayload(fullName: "Ana", email: "ana@example.invalid"))
        let error = await #expect(throws: APIError.self) {
            _ = try await client.documents.createFromTemplate(
                templateId: templateId, signers: [TemplateSigner(roleId: roleIds[0], id: tenant.id)],
                options: CreateDocumentFromTemplateOptions(name: "Lease"))
        }
        #expect(error?.statusCode == 400)
        #expect(error?.message == "A signer is required for role Guarantor.")
    }

    @Test func tagsSample() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let documentId = try await readyDocument(fake, client)

        try await quickly {
            let tag = try await client.tags.create(
                CreateTagPayload(name: "Contracts", color: "ff8800")
            )
            _ = try await client.tags.appendDocumentTags(documentId: documentId, tagIds: [tag.id])

            let document = try await client.documents.get(documentId: documentId)
            #expect(document.tags?.map(\.name) == ["Contracts"])
            _ = try await client.tags.replaceDocumentTags(documentId: documentId, tagIds: [])
            #expect(try await client.documents.get(documentId: documentId).tags?.isEmpty == true)
        }
        // A second tag of the same name is refused with the document's 409.
        let duplicate = await #expect(throws: APIError.self) {
            _ = try await client.tags.create(CreateTagPayload(name: "contracts"))
        }
        #expect(duplicate?.statusCode == 409)
    }

    @Test func workspacesAndWebhooksSample() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let pngData = Sample.png

        try await quickly {
            let theme = try await client.workspaces.theme()
            try await client.workspaces.uploadLogo(pngData)

            // The README registers "document.completed", a name the document's `webhooks` do not
            // list (the API, the emulator and the fake refuse it); `document_ready` is the event.
            let subscription = try await client.webhooks.register(
                WebhookRegisterPayload(
                    url: "https://example.invalid/hooks/assinafy",
                    email: "ops@example.invalid",
                    events: ["document_ready", "signer_signed_document"]
                )
            )
            try await signOneDocument(fake, client)
            fake.clock.advance(by: 2)

            let types = try await client.webhooks.listEventTypes()
            let attempts = try await client.webhooks.listDispatches()
            try await client.webhooks.retryDispatch(dispatchId: attempts.data[0].id)

            #expect(theme.accountName == "Fake workspace")
            #expect(subscription.isActive == true)
            #expect(types.data.contains { $0.id == "document_ready" })
            #expect(attempts.data.map(\.event) == ["document_ready", "signer_signed_document"])
        }

        let deliveries = fake.webhookDeliveries
        #expect(deliveries.map(\.event) == ["signer_signed_document", "document_ready", "document_ready"])
        // The retry is the same message: receivers deduplicate on webhook-id.
        #expect(deliveries[1].headers["webhook-id"] == deliveries[2].headers["webhook-id"])
        for delivery in deliveries {
            #expect(
                WebhookSignature.verify(
                    body: delivery.body, headers: delivery.headers, secret: fake.webhookSecret, now: fake.clock.date))
            // What an app's receiver does with it: the SDK's own check and parse.
            let received = try WebhookDelivery.verifyAndParse(
                body: delivery.body, headers: delivery.headers, secret: fake.webhookSecret, now: fake.clock.date)
            #expect(received.event.event == delivery.event && received.event.accountId == fake.accountId)
            #expect(received.objectType == "Document")
        }
        // A wrong secret is refused: the signature is real.
        #expect(
            !WebhookSignature.verify(
                body: deliveries[0].body, headers: deliveries[0].headers,
                secret: "whsec_" + Data("x".utf8).base64EncodedString(),
                now: fake.clock.date))
    }

    @Test func anUnsuccessfulDeliveryIsRetriedThroughTheAPI() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        _ = try await client.webhooks.register(
            WebhookRegisterPayload(
                url: "https://example.invalid/hooks", email: "ops@example.invalid",
                events: ["document_uploaded", "document_metadata_ready"]))
        fake.webhookReceiverStatus = 500
        _ = try await readyDocument(fake, client)
        let failed = try await client.webhooks.listDispatches()
        #expect(failed.data.allSatisfy { $0.delivered == false && $0.httpStatus == 500 })

        fake.webhookReceiverStatus = 204
        let retried = try await client.webhooks.retryDispatch(dispatchId: failed.data[0].id)
        #expect(retried.delivered == true)
        try await client.webhooks.inactivate()
        let before = fake.webhookDeliveries.count
        _ = try await readyDocument(fake, client)
        #expect(fake.webhookDeliveries.count == before)
    }

    private func signOneDocument(_ fake: AssinafyFake, _ client: AssinafyClient) async throws {
        let documentId = try await readyDocument(fake, client)
        let signer = try await client.signers.create(
            CreateSignerPayload(fullName: "Ana Souza", email: "ana@example.invalid"))
        let signerId = try #require(signer.id)
        let assignment = try await client.assignments.create(
            documentId: documentId, payload: .withSignerIds([signerId], method: .virtual))
        try await ReadmeSignerSide.signVirtualAssignment(
            client: client, documentId: documentId, assignmentId: try #require(assignment.id),
            accessCode: try #require(fake.accessCode(documentId: documentId, signerId: signerId)),
            fullName: "Ana Souza", email: "ana@example.invalid")
    }
}
