import Assinafy
import Foundation
import Testing

extension Flow {
    /// Login (plain, and two-factor finished with the authenticator's current code), social
    /// login and linking, the current user, notification preferences, passwords, two-factor
    /// management, API keys. Last in the walk: it changes the owner's password and API key.
    func authentication() async throws {
        let auth = anonymous.auth
        let session = try await auth.login(LoginPayload(email: state.ownerEmail, password: state.ownerPassword))
        let userClient = emulator.client(token: try #require(session.accessToken), accountId: state.accountId)
        #expect(try await userClient.auth.currentUser().email == state.ownerEmail)

        let outcome = try await auth.attemptLogin(LoginPayload(email: state.mfaEmail, password: state.mfaPassword))
        guard case .mfaRequired(let challenge) = outcome else {
            Issue.record("expected a two-factor challenge, got \(outcome)")
            return
        }
        let mfaToken = challenge.mfaToken
        // The code the user's authenticator shows right now, as the emulator publishes it.
        let code = try await admin.state().mfaCurrentCode
        let finished = try await auth.verifyMFA(mfaToken: mfaToken, code: code)
        #expect(finished.user?.email == state.mfaEmail && finished.accessToken?.isEmpty == false)

        let social = try await auth.socialLogin(
            SocialLoginPayload(provider: .google, token: "google-id-token-stand-in", hasAcceptedTerms: true))
        #expect(social.user?.id == state.ownerId)
        try await userClient.auth.linkSocialLogin(
            LinkSocialLoginPayload(provider: .google, token: "google-id-token-stand-in"))

        let preferences = try await userClient.auth.notificationPreferences()
        #expect(preferences.documentExpired == true)
        let changed = try await userClient.auth.updateNotificationPreferences(
            NotificationPreferences(documentExpired: false))
        #expect(changed.documentExpired == false && changed.documentCompleted == true)

        try await passwords(userClient)
        try await twoFactor(userClient)
        try await apiKeys(userClient)
    }

    /// Reset by e-mail token, then change it back, so the seeded password holds again.
    private func passwords(_ userClient: AssinafyClient) async throws {
        let interim = "integration-pass-2"
        try await anonymous.auth.requestPasswordReset(email: state.ownerEmail)
        try await anonymous.auth.resetPassword(
            ResetPasswordPayload(email: state.ownerEmail, token: state.resetToken, newPassword: interim))
        _ = try await anonymous.auth.login(LoginPayload(email: state.ownerEmail, password: interim))
        try await userClient.auth.changePassword(
            ChangePasswordPayload(email: state.ownerEmail, password: interim, newPassword: state.ownerPassword))
        _ = try await anonymous.auth.login(LoginPayload(email: state.ownerEmail, password: state.ownerPassword))
    }

    /// Enroll an authenticator, confirm it with its live code, regenerate the recovery codes
    /// (re-authenticating with one), then remove it with the password.
    private func twoFactor(_ userClient: AssinafyClient) async throws {
        let auth = userClient.auth
        #expect(try await auth.mfaStatus().methods?.isEmpty ?? true)
        let enrollment = try await auth.enrollTOTP(label: "Telefone de teste")
        let methodId = try #require(enrollment.id)
        let code = try await admin.totp(secret: try #require(enrollment.secret))
        let recovery = try await auth.confirmTOTP(methodId: methodId, code: code)
        #expect(recovery.count == 10)
        let status = try await auth.mfaStatus()
        #expect(status.methods?.map(\.id) == [methodId] && status.recoveryCodesRemaining == 10)

        let renewed = try await auth.regenerateRecoveryCodes(.code(recovery[0]))
        #expect(renewed.count == 10 && Set(renewed).isDisjoint(with: recovery))
        let removal = try await auth.removeMFAMethod(
            methodId: methodId, reauthentication: .password(state.ownerPassword))
        #expect(removal.isMfaEnabled == false)
    }

    /// Read (masked), replace and revoke the API key; the replaced one stops working.
    private func apiKeys(_ userClient: AssinafyClient) async throws {
        let auth = userClient.auth
        let masked = try await auth.getAPIKey()
        #expect(masked.apiKey?.contains("*") == true)
        let fresh = try #require(try await auth.createAPIKey(password: state.ownerPassword).apiKey)
        #expect(fresh != state.apiKey)
        let freshClient = emulator.client(apiKey: fresh, accountId: state.accountId)
        #expect(try await freshClient.auth.currentUser().id == state.ownerId)
        try await auth.deleteAPIKey()
        let refused = await #expect(throws: APIError.self) { try await freshClient.auth.currentUser() }
        #expect(refused?.statusCode == 401)
    }
}
