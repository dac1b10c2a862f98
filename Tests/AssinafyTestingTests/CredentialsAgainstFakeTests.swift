import APIRuntime
import Assinafy
import AssinafyTesting
import Foundation
import Testing

/// API keys, the password reset, the signer's e-mail verification, social logins and the
/// authenticator (enrollment, two-factor login, recovery codes) against the fake: the flows
/// that need a secret sent by e-mail or shown by an app, which the fake hands to the test.
@Suite struct CredentialsAgainstFakeTests {
    static let login = LoginPayload(email: AssinafyFake.ownerEmail, password: AssinafyFake.ownerPassword)

    static func apiKeyClient(_ fake: AssinafyFake, key: String) -> AssinafyClient {
        fake.client(
            configuration: AssinafyClientConfiguration(
                apiKey: key, baseURL: AssinafyFake.baseURL, defaultAccountId: fake.accountId))
    }

    @Test func aNewAPIKeyReplacesTheOldOneAndDeletingItRevokesIt() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let masked = try await client.auth.getAPIKey().apiKey
        #expect(masked == "fake-api" + String(repeating: "*", count: 12) + "-key")

        let wrong = await #expect(throws: APIError.self) { try await client.auth.createAPIKey(password: "nope") }
        #expect(wrong?.statusCode == 400 && wrong?.message == "Incorrect password.")

        let created = try #require(try await client.auth.createAPIKey(password: AssinafyFake.ownerPassword).apiKey)
        #expect(created != fake.apiKey && fake.currentAPIKey == created)
        _ = try await Self.apiKeyClient(fake, key: created).documents.list()
        let old = await #expect(throws: APIError.self) {
            try await Self.apiKeyClient(fake, key: fake.apiKey).documents.list()
        }
        #expect(old?.statusCode == 401)

        try await client.auth.deleteAPIKey()
        #expect(fake.currentAPIKey == nil)
        #expect(try await client.auth.getAPIKey().apiKey == nil)
        await #expect(throws: APIError.self) { try await Self.apiKeyClient(fake, key: created).documents.list() }
    }

    @Test func thePasswordResetTokenFromTheEmailSetsANewPassword() async throws {
        let fake = AssinafyFake()
        let client = AssinafyClient(configuration: AssinafyClientConfiguration(), httpTransport: fake.transport)
        #expect(fake.passwordResetToken(for: AssinafyFake.ownerEmail) == nil)
        try await client.auth.requestPasswordReset(email: "nobody@example.invalid")
        #expect(fake.passwordResetToken(for: "nobody@example.invalid") == nil)

        try await client.auth.requestPasswordReset(email: AssinafyFake.ownerEmail.uppercased())
        let token = try #require(fake.passwordResetToken(for: AssinafyFake.ownerEmail))
        let forged = await #expect(throws: APIError.self) {
            try await client.auth.resetPassword(
                ResetPasswordPayload(email: AssinafyFake.ownerEmail, token: "forged", newPassword: "brand-new-pw"))
        }
        #expect(forged?.statusCode == 400)
        let short = await #expect(throws: APIError.self) {
            try await client.auth.resetPassword(
                ResetPasswordPayload(email: AssinafyFake.ownerEmail, token: token, newPassword: "short"))
        }
        #expect(short?.message == "new_password should contain at least 8 characters.")

        try await client.auth.resetPassword(
            ResetPasswordPayload(email: AssinafyFake.ownerEmail, token: token, newPassword: "brand-new-pw"))
        await #expect(throws: APIError.self) { try await client.auth.login(Self.login) }
        let session = try await client.auth.login(
            LoginPayload(email: AssinafyFake.ownerEmail, password: "brand-new-pw"))
        #expect(session.accessToken == fake.token)
    }

    @Test func theSignerTypesTheCodeTheirEmailCarried() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        _ = try await client.webhooks.register(
            WebhookRegisterPayload(
                url: "https://example.invalid/hooks", email: "ops@example.invalid", events: ["signer_email_verified"]))
        let documentId = try await readyDocument(fake, client)
        let signer = try await client.signers.create(
            CreateSignerPayload(fullName: "Ana Souza", email: "ana@example.invalid"))
        let signerId = try #require(signer.id)
        _ = try await client.assignments.create(
            documentId: documentId, payload: .withSignerIds([signerId], method: .virtual))
        let accessCode = try #require(fake.accessCode(documentId: documentId, signerId: signerId))
        let code = try #require(fake.verificationCode(documentId: documentId, signerId: signerId))
        #expect(code.count == 6 && code.allSatisfy(\.isNumber))

        let wrong = await #expect(throws: APIError.self) {
            try await client.signers.verifyCode(signerAccessCode: accessCode, code: "000000")
        }
        #expect(wrong?.statusCode == 400 && wrong?.message == "Código de verificação inválido.")
        try await client.signers.verifyCode(signerAccessCode: accessCode, code: code)
        try await client.signers.verifyCode(signerAccessCode: accessCode, code: code)
        #expect(fake.webhookDeliveries.map(\.event) == ["signer_email_verified"])

        // Verified, the signer's address may no longer change while the document is in flight.
        let blocked = await #expect(throws: APIError.self) {
            try await client.signers.update(
                signerId: signerId, payload: UpdateSignerPayload(email: "ana.souza@example.invalid"))
        }
        #expect(blocked?.statusCode == 400)
    }

    @Test func aNewAddressBeforeVerificationSendsANewCode() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let documentId = try await readyDocument(fake, client)
        let signerId = try #require(
            try await client.signers.create(CreateSignerPayload(fullName: "Bia", email: "bia@example.invalid")).id)
        _ = try await client.assignments.create(
            documentId: documentId, payload: .withSignerIds([signerId], method: .virtual))
        let first = fake.verificationCode(documentId: documentId, signerId: signerId)
        _ = try await client.signers.update(
            signerId: signerId, payload: UpdateSignerPayload(email: "b@example.invalid"))
        #expect(fake.verificationCode(documentId: documentId, signerId: signerId) != first)
    }

    @Test func socialLoginAnswersTheOwnersSessionAndLinksAProvider() async throws {
        let fake = AssinafyFake()
        let open = AssinafyClient(configuration: AssinafyClientConfiguration(), httpTransport: fake.transport)
        let session = try await open.auth.socialLogin(
            SocialLoginPayload(provider: "google", token: "google-id-token", hasAcceptedTerms: true))
        #expect(session.accessToken == fake.token)
        let refused = await #expect(throws: APIError.self) {
            try await open.auth.socialLogin(SocialLoginPayload(provider: "google", token: " ", hasAcceptedTerms: true))
        }
        #expect(refused?.statusCode == 400)
        try await fake.client().auth.linkSocialLogin(
            LinkSocialLoginPayload(provider: "google", token: "google-id-token"))
    }

    @Test func anEnrolledAuthenticatorGuardsLoginAndItsRecoveryCodesWorkOnce() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        #expect(try await client.auth.mfaStatus().methods == [])
        let enrollment = try await client.auth.enrollTOTP(label: "Phone")
        let methodId = try #require(enrollment.id)
        #expect(enrollment.provisioningUri?.hasPrefix("otpauth://totp/") == true)
        let secret = try #require(enrollment.secret)
        #expect(secret.count >= 32 && secret.allSatisfy { $0.isUppercase || ("2"..."7").contains($0) })
        let wrong = await #expect(throws: APIError.self) {
            try await client.auth.confirmTOTP(methodId: methodId, code: "000000")
        }
        #expect(wrong?.statusCode == 400)
        let recovery = try await client.auth.confirmTOTP(methodId: methodId, code: AssinafyFake.authenticatorCode)
        #expect(recovery.count == 10 && Set(recovery).count == 10)
        let status = try await client.auth.mfaStatus()
        #expect(status.methods?.map(\.label) == ["Phone"] && status.recoveryCodesRemaining == 10)

        // Login now asks for the second factor: the authenticator's code, or a recovery code once.
        guard case .mfaRequired(let challenge) = try await client.auth.attemptLogin(Self.login) else {
            Issue.record("the login answered a session, not a second-factor challenge")
            return
        }
        let session = try await client.auth.verifyMFA(
            mfaToken: challenge.mfaToken, code: AssinafyFake.authenticatorCode)
        #expect(session.accessToken == fake.token)
        guard case .mfaRequired(let second) = try await client.auth.attemptLogin(Self.login) else { return }
        _ = try await client.auth.verifyMFA(mfaToken: second.mfaToken, code: recovery[0])
        guard case .mfaRequired(let third) = try await client.auth.attemptLogin(Self.login) else { return }
        let reused = await #expect(throws: APIError.self, "a recovery code works once") {
            try await client.auth.verifyMFA(mfaToken: third.mfaToken, code: recovery[0])
        }
        #expect(reused?.statusCode == 400)
        #expect(try await client.auth.mfaStatus().recoveryCodesRemaining == 9)

        let regenerated = try await client.auth.regenerateRecoveryCodes(.password(AssinafyFake.ownerPassword))
        #expect(Set(regenerated).isDisjoint(with: recovery))
        let noProof = await #expect(throws: APIError.self) {
            try await client.auth.removeMFAMethod(methodId: methodId, reauthentication: .password("nope"))
        }
        #expect(noProof?.statusCode == 400)
        let removal = try await client.auth.removeMFAMethod(
            methodId: methodId, reauthentication: .code(AssinafyFake.authenticatorCode))
        #expect(removal.isMfaEnabled == false)
        #expect(try await client.auth.mfaStatus().recoveryCodesRemaining == 0)
        guard case .session = try await client.auth.attemptLogin(Self.login) else {
            Issue.record("with no second factor left, login still asked for one")
            return
        }
    }

    @Test func replacingAnAuthenticatorNeedsReauthentication() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let first = try #require(try await client.auth.enrollTOTP().id)
        _ = try await client.auth.confirmTOTP(methodId: first, code: AssinafyFake.authenticatorCode)
        let second = try #require(try await client.auth.enrollTOTP(label: "New phone").id)
        await #expect(throws: APIError.self) {
            try await client.auth.confirmTOTP(methodId: second, code: AssinafyFake.authenticatorCode)
        }
        _ = try await client.auth.confirmTOTP(
            methodId: second, code: AssinafyFake.authenticatorCode,
            reauthentication: .password(AssinafyFake.ownerPassword))
        #expect(try await client.auth.mfaStatus().methods?.map(\.id) == [second])
        let none = await #expect(throws: APIError.self) {
            try await client.auth.removeMFAMethod(methodId: "mfa-missing", reauthentication: .password("x"))
        }
        #expect(none?.statusCode == 404)
    }
}
