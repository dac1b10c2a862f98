import Assinafy
import AssinafyTesting
import Foundation
import Testing

/// Login and the two-factor challenge, the current user, fields, webhook endpoints and the
/// account operations against the fake.
@Suite struct AccountSideAgainstFakeTests {
    @Test func loginAnswersASessionWithTheFakesToken() async throws {
        let fake = AssinafyFake()
        let client = AssinafyClient(configuration: AssinafyClientConfiguration(), httpTransport: fake.transport)
        let session = try await client.auth.login(
            LoginPayload(email: AssinafyFake.ownerEmail, password: AssinafyFake.ownerPassword))
        #expect(session.accessToken == fake.token)
        #expect(session.accounts?.map(\.id) == [fake.accountId])
        let user = try await fake.client().auth.currentUser()
        #expect(user.email == AssinafyFake.ownerEmail)
    }

    @Test func aWrongPasswordIsRefused() async throws {
        let fake = AssinafyFake()
        await #expect(throws: (any Error).self) {
            try await fake.client().auth.login(LoginPayload(email: AssinafyFake.ownerEmail, password: "nope"))
        }
        #expect(fake.exchanges.last?.statusCode == 400)
    }

    @Test func theSecondFactorChallengeCarriesATokenThatVerifyMFAFinishes() async throws {
        let fake = AssinafyFake()
        fake.requireSecondFactor(code: "123456")
        let client = fake.client()
        let login = LoginPayload(email: AssinafyFake.ownerEmail, password: AssinafyFake.ownerPassword)
        guard case .mfaRequired(let challenge) = try await client.auth.attemptLogin(login) else {
            Issue.record("the login answered a session, not a second-factor challenge")
            return
        }
        // The emulator and the fake list the methods as `mfa_methods`.
        #expect(challenge.methods == ["totp"])
        let body = try #require(fake.exchanges.last?.responseBody)
        #expect(String(decoding: body, as: UTF8.self).contains("\"mfa_token\""))

        await #expect(throws: (any Error).self) {
            try await client.auth.verifyMFA(mfaToken: challenge.mfaToken, code: "000000")
        }
        let session = try await client.auth.verifyMFA(mfaToken: challenge.mfaToken, code: "123456")
        #expect(session.accessToken == fake.token)
        // A challenge is single-use.
        await #expect(throws: (any Error).self) {
            try await client.auth.verifyMFA(mfaToken: challenge.mfaToken, code: "123456")
        }
        #expect(fake.exchanges.last?.statusCode == 401)
    }

    @Test func fieldsAreDefinedChangedAndDeleted() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let field = try await client.fields.create(
            CreateFieldPayload(name: "Order", type: "text", regex: .value("[A-Z]{3}-\\d+"), isRequired: true))
        let fieldId = try #require(field.id)
        #expect(try await client.fields.validate(fieldId: fieldId, value: "ABC-12").success == true)
        let wrong = try await client.fields.validate(fieldId: fieldId, value: "abc")
        #expect(wrong.success == false)
        #expect(wrong.errorMessage == "O valor não corresponde ao formato esperado.")
        #expect(try await client.fields.validate(fieldId: fieldId, value: "").errorMessage == "O valor é obrigatório.")

        let renamed = try await client.fields.update(fieldId: fieldId, payload: UpdateFieldPayload(name: "Order id"))
        #expect(renamed.name == "Order id")
        try await client.fields.delete(fieldId: fieldId)
        await #expect(throws: (any Error).self) { try await client.fields.get(fieldId: fieldId) }
        #expect(fake.exchanges.last?.statusCode == 404)
        #expect(try await client.fields.types().data.contains { $0.type == "cpf" })
    }

    @Test func anUnknownFieldTypeIsA400() async throws {
        let fake = AssinafyFake()
        await #expect(throws: (any Error).self) {
            try await fake.client().fields.create(CreateFieldPayload(name: "X", type: "colour"))
        }
        #expect(fake.exchanges.last?.statusCode == 400)
    }

    @Test func webhookEndpointsAreListedCreatedChangedAndDeleted() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let legacy = try await client.webhooks.register(
            WebhookRegisterPayload(url: "https://example.invalid/a", email: "ops@example.invalid", events: []))
        let second = try await client.webhooks.createEndpoint(
            CreateWebhookEndpointPayload(
                url: "https://example.invalid/b", email: "ops@example.invalid", events: ["document_ready"]))
        let secondId = try #require(second.id)
        #expect(legacy.url == "https://example.invalid/a")
        #expect(try await client.webhooks.listEndpoints().data.map(\.url) == [legacy.url, second.url])

        let renamed = try await client.webhooks.updateEndpoint(
            endpointId: secondId, payload: UpdateWebhookEndpointPayload(name: "Ready only", isActive: false))
        #expect(renamed.name == "Ready only" && renamed.isActive == false)
        #expect(try await client.webhooks.getEndpoint(endpointId: secondId).isActive == false)
        #expect(try await client.webhooks.endpointSecret(endpointId: secondId) == fake.webhookSecret)

        // Two endpoints cannot share a URL.
        await #expect(throws: (any Error).self) {
            try await client.webhooks.createEndpoint(
                CreateWebhookEndpointPayload(url: "https://example.invalid/a", email: "x@example.invalid", events: []))
        }
        #expect(fake.exchanges.last?.statusCode == 400)

        try await client.webhooks.deleteEndpoint(endpointId: secondId)
        await #expect(throws: (any Error).self) { try await client.webhooks.getEndpoint(endpointId: secondId) }
        #expect(fake.exchanges.last?.statusCode == 404)
        #expect(try await client.webhooks.listEndpoints().data.count == 1)
    }

    @Test func everyActiveEndpointThatListensGetsTheDelivery() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        for (path, events) in [("all", [String]()), ("ready", ["document_ready"]), ("signed", ["signer_created"])] {
            _ = try await client.webhooks.createEndpoint(
                CreateWebhookEndpointPayload(
                    url: "https://example.invalid/\(path)", email: "o@example.invalid", events: events))
        }
        _ = try await client.signers.create(CreateSignerPayload(fullName: "Ana", email: "ana@example.invalid"))
        let deliveries = fake.webhookDeliveries.filter { $0.event == "signer_created" }
        #expect(deliveries.map(\.url) == ["https://example.invalid/all", "https://example.invalid/signed"])
    }

    @Test func notificationPreferencesAndUserStatistics() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        #expect(try await client.auth.notificationPreferences().documentCompleted == true)
        let changed = try await client.auth.updateNotificationPreferences(
            NotificationPreferences(documentCompleted: false))
        #expect(changed.documentCompleted == false && changed.signerDeclined == true)
        #expect(try await client.auth.notificationPreferences().documentCompleted == false)
        _ = try await client.documents.upload(Sample.pdf)
        let stats = try await client.auth.userStats()
        #expect(stats.first?.documentsUploaded == 1)
        try await client.auth.requestPasswordReset(email: AssinafyFake.ownerEmail)
        #expect(fake.exchanges.last?.statusCode == 200)
    }

    @Test func aChangedPasswordIsTheOneLoginAccepts() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let owner = AssinafyFake.ownerEmail
        try await client.auth.changePassword(
            ChangePasswordPayload(email: owner, password: AssinafyFake.ownerPassword, newPassword: "a-new-password"))
        await #expect(throws: (any Error).self) {
            try await client.auth.login(LoginPayload(email: owner, password: AssinafyFake.ownerPassword))
        }
        _ = try await client.auth.login(LoginPayload(email: owner, password: "a-new-password"))
        await #expect(throws: (any Error).self) {
            try await client.auth.changePassword(
                ChangePasswordPayload(email: owner, password: "a-new-password", newPassword: "short"))
        }
        #expect(fake.exchanges.last?.statusCode == 400)
    }

    @Test func aRotatedSecretSignsTheEndpointsNextDeliveries() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let endpoint = try await client.webhooks.createEndpoint(
            CreateWebhookEndpointPayload(url: "https://example.invalid/h", email: "o@example.invalid", events: []))
        let endpointId = try #require(endpoint.id)
        let rotated = try await client.webhooks.rotateEndpointSecret(endpointId: endpointId)
        #expect(rotated != fake.webhookSecret)
        #expect(try await client.webhooks.endpointSecret(endpointId: endpointId) == rotated)
        _ = try await client.signers.create(CreateSignerPayload(fullName: "Ana", email: "ana@example.invalid"))
        let delivery = try #require(fake.webhookDeliveries.last)
        let now = fake.clock.date
        #expect(WebhookSignature.verify(body: delivery.body, headers: delivery.headers, secret: rotated, now: now))
        #expect(
            !WebhookSignature.verify(
                body: delivery.body, headers: delivery.headers, secret: fake.webhookSecret, now: now))
    }
}
