import APIRuntime
import Foundation
import Testing

@testable import Assinafy

@Suite struct AuthResourceTests {
    static let sessionJSON = """
        {"access_token": "header.payload.signature",
         "user": {"id": "usr-1", "name": "Ana Souza", "email": "ana@example.invalid",
                  "is_email_verified": true, "created_at": "2026-03-01T12:00:00Z"},
         "accounts": [{"id": "acc-test-1", "name": "Acme", "roles": ["owner"], "is_delete_allowed": true}]}
        """

    @Test func loginPostsCredentialsWithoutAnyCredentialHeaderAndDecodesTheSession() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(Self.sessionJSON))
        let session = try await Stubbed.client(transport).auth.login(
            LoginPayload(email: "ana@example.invalid", password: "correct horse"))

        let request = try #require(transport.requests.first)
        #expect(Stubbed.route(request) == "POST /v1/login")
        #expect(request.credential == .none)
        #expect(
            Stubbed.body(request) == Stubbed.canonical(["email": "ana@example.invalid", "password": "correct horse"]))
        #expect(session.accessToken == "header.payload.signature")
        #expect(session.user?.email == "ana@example.invalid")
        #expect(session.accounts?.first?.id == "acc-test-1")
        #expect(session.accounts?.first?.roles == ["owner"])
    }

    @Test func loginWithTwoFactorOnThrowsAnSDKErrorCarryingTheChallenge() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(#"{"mfa_required": true, "mfa_token": "mfa-challenge-1", "methods": ["totp"]}"#))
        let client = Stubbed.client(transport)

        // One of the four types the SDK promises, not a fifth.
        let error = try await #require(throws: AssinafySDKError.self) {
            try await client.auth.login(LoginPayload(email: "ana@example.invalid", password: "pw"))
        }
        #expect(error.reason == .mfaRequired)
        #expect(error.mfaChallenge?.mfaToken == "mfa-challenge-1" && error.mfaChallenge?.methods == ["totp"])
        #expect(error.localizedDescription.contains("Two-factor"))
        // The challenge is a credential: it must not leak into logs through any description.
        let ns = error as NSError
        #expect(ns.domain == "com.assinafy.sdk.SDKError" && ns.code == -1)
        #expect((ns.userInfo["context"] as? [String: String]) == ["reason": "mfa_required"])
        var dumped = ""
        dump(error, to: &dumped)
        for text in [String(describing: error), String(reflecting: error), "\(ns.userInfo)", dumped] {
            #expect(!text.contains("mfa-challenge-1"), "\(text)")
        }
    }

    @Test func attemptLoginReturnsTheChallengeOrTheSession() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(#"{"mfa_token": "mfa-challenge-1", "methods": [{"type": "totp"}]}"#))
        transport.enqueueJSON(envelope(Self.sessionJSON))
        let client = Stubbed.client(transport)
        let payload = LoginPayload(email: "ana@example.invalid", password: "pw")

        guard case .mfaRequired(let challenge) = try await client.auth.attemptLogin(payload) else {
            Issue.record("expected a two-factor challenge")
            return
        }
        #expect(challenge.mfaToken == "mfa-challenge-1" && challenge.methods == ["totp"])
        guard case .session(let session) = try await client.auth.attemptLogin(payload) else {
            Issue.record("expected a session")
            return
        }
        #expect(session.accessToken == "header.payload.signature")
        #expect(transport.requests.count == 2)
    }

    @Test func loginAnswerWithoutTokenOrChallengeIsAContractViolation() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(#"{"user": {"id": "usr-1"}}"#))
        let client = Stubbed.client(transport)
        await #expect(throws: AssinafySDKError.self) {
            try await client.auth.login(LoginPayload(email: "ana@example.invalid", password: "pw"))
        }
    }

    @Test func verifyMFASendsTheChallengeAndCodePublicly() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(Self.sessionJSON))
        let session = try await Stubbed.client(transport).auth.verifyMFA(mfaToken: "mfa-challenge-1", code: "123456")

        let request = try #require(transport.requests.first)
        #expect(Stubbed.route(request) == "POST /v1/authentication/mfa/verify")
        #expect(request.credential == .none)
        #expect(Stubbed.body(request) == Stubbed.canonical(["mfa_token": "mfa-challenge-1", "code": "123456"]))
        #expect(session.accessToken != nil)
    }

    @Test func socialLoginIsPublicAndAlsoDetectsTheMFAChallenge() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(#"{"mfa_token": "mfa-challenge-2"}"#))
        let client = Stubbed.client(transport)
        let error = try await #require(throws: AssinafySDKError.self) {
            try await client.auth.socialLogin(
                SocialLoginPayload(provider: .google, token: "google-id-token", hasAcceptedTerms: true))
        }
        #expect(error.reason == .mfaRequired && error.mfaChallenge?.mfaToken == "mfa-challenge-2")
        let request = try #require(transport.requests.first)
        #expect(Stubbed.route(request) == "POST /v1/authentication/social-login")
        #expect(request.credential == .none)
        #expect(
            Stubbed.body(request)
                == Stubbed.canonical(["provider": "google", "token": "google-id-token", "has_accepted_terms": true]))
    }

    @Test func linkSocialLoginActsAsTheUser() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(#"{"status": 200, "message": "Linked"}"#)
        try await Stubbed.client(transport).auth.linkSocialLogin(
            LinkSocialLoginPayload(provider: .google, token: "google-id-token"))
        let request = try #require(transport.requests.first)
        #expect(Stubbed.route(request) == "POST /v1/auth/link-social-login")
        #expect(request.credential == .account)
    }

    @Test func mfaStatusDecodesMethodsAndRemainingCodes() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(
            envelope(
                """
                {"methods": [{"id": "mfa-1", "type": "totp", "label": "Phone",
                              "confirmed_at": "2026-04-01T08:00:00Z", "last_used_at": null}],
                 "recovery_codes_remaining": 7}
                """))
        let status = try await Stubbed.client(transport).auth.mfaStatus()
        #expect(Stubbed.route(transport.requests.first) == "GET /v1/users/self/mfa")
        #expect(transport.requests.first?.credential == .account)
        #expect(status.recoveryCodesRemaining == 7)
        #expect(status.methods?.first?.type == "totp")
        #expect(status.methods?.first?.confirmedAt != nil)
    }

    @Test func totpEnrollmentAndConfirmation() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(
            envelope(#"{"id": "mfa-2", "secret": "JBSWY3DPEHPK3PXP", "provisioning_uri": "otpauth://totp/Assinafy"}"#))
        transport.enqueueJSON(envelope(#"{"recovery_codes": ["aaaa-bbbb", "cccc-dddd"]}"#))
        let auth = Stubbed.client(transport).auth

        let enrollment = try await auth.enrollTOTP(label: "Work phone")
        let codes = try await auth.confirmTOTP(methodId: "mfa-2", code: "654321", reauthentication: .code("111222"))

        #expect(enrollment.id == "mfa-2")
        #expect(enrollment.provisioningUri == "otpauth://totp/Assinafy")
        #expect(codes == ["aaaa-bbbb", "cccc-dddd"])
        let requests = transport.requests
        #expect(Stubbed.route(requests[0]) == "POST /v1/users/self/mfa/totp")
        #expect(Stubbed.body(requests[0]) == Stubbed.canonical(["label": "Work phone"]))
        #expect(Stubbed.route(requests[1]) == "PUT /v1/users/self/mfa/totp/confirm")
        // A code re-authenticates a replacement as `reauth_code`, never as `password`.
        #expect(
            Stubbed.body(requests[1]) == Stubbed.canonical(["id": "mfa-2", "code": "654321", "reauth_code": "111222"]))
        #expect(requests.allSatisfy { $0.credential == .account })
    }

    @Test func confirmationWithoutRecoveryCodesIsNotSilentlyAccepted() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope("{}"))
        let auth = Stubbed.client(transport).auth
        await #expect(throws: AssinafySDKError.self) {
            try await auth.confirmTOTP(methodId: "mfa-2", code: "654321")
        }
    }

    @Test func recoveryCodesAndMethodRemovalCarryTheReauthentication() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(#"{"recovery_codes": ["x1", "x2"]}"#))
        transport.enqueueJSON(envelope(#"{"is_mfa_enabled": false}"#))
        let auth = Stubbed.client(transport).auth

        let codes = try await auth.regenerateRecoveryCodes(.password("pw"))
        let removal = try await auth.removeMFAMethod(methodId: "mfa-1", reauthentication: .code("x1"))

        #expect(codes == ["x1", "x2"])
        #expect(removal.isMfaEnabled == false)
        let requests = transport.requests
        #expect(Stubbed.route(requests[0]) == "POST /v1/users/self/mfa/recovery-codes")
        #expect(Stubbed.body(requests[0]) == Stubbed.canonical(["password": "pw"]))
        #expect(Stubbed.route(requests[1]) == "DELETE /v1/users/self/mfa/mfa-1")
        #expect(Stubbed.body(requests[1]) == Stubbed.canonical(["code": "x1"]))
    }

    @Test func passwordOperationsUseTheRightCredentialClass() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(#"{"email": "ana@example.invalid"}"#))
        transport.enqueueJSON(envelope(#"{"email": "ana@example.invalid"}"#))
        transport.enqueueJSON(envelope(#"{"email": "ana@example.invalid"}"#))
        let auth = Stubbed.client(transport).auth

        try await auth.requestPasswordReset(email: "ana@example.invalid")
        try await auth.resetPassword(
            ResetPasswordPayload(email: "ana@example.invalid", token: "reset-token", newPassword: "new pw"))
        try await auth.changePassword(
            ChangePasswordPayload(email: "ana@example.invalid", password: "old pw", newPassword: "new pw"))

        let requests = transport.requests
        #expect(
            requests.map(Stubbed.route) == [
                "PUT /v1/authentication/request-password-reset",
                "PUT /v1/authentication/reset-password",
                "PUT /v1/authentication/change-password",
            ])
        #expect(requests.map(\.credential) == [.none, .none, .account])
        #expect(Stubbed.body(requests[0]) == Stubbed.canonical(["email": "ana@example.invalid"]))
        #expect(
            Stubbed.body(requests[1])
                == Stubbed.canonical(["email": "ana@example.invalid", "token": "reset-token", "new_password": "new pw"])
        )
        #expect(
            Stubbed.body(requests[2])
                == Stubbed.canonical(["email": "ana@example.invalid", "password": "old pw", "new_password": "new pw"]))
    }

    @Test func apiKeyManagement() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(#"{"api_key": "example-api-key"}"#))
        transport.enqueueJSON(envelope(#"{"api_key": "example-api-key-2"}"#))
        transport.enqueueJSON(envelope("[]"))
        let auth = Stubbed.client(transport).auth

        #expect(try await auth.getAPIKey().apiKey == "example-api-key")
        #expect(try await auth.createAPIKey(password: "pw").apiKey == "example-api-key-2")
        try await auth.deleteAPIKey()

        let requests = transport.requests
        #expect(
            requests.map(Stubbed.route) == [
                "GET /v1/users/api-keys", "POST /v1/users/api-keys", "DELETE /v1/users/api-keys",
            ])
        #expect(Stubbed.body(requests[1]) == Stubbed.canonical(["password": "pw"]))
        #expect(requests.allSatisfy { $0.credential == .account })
    }

    @Test func currentUserPreferencesAndStats() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(#"{"id": "usr-1", "name": "Ana Souza", "email": "ana@example.invalid"}"#))
        transport.enqueueJSON(envelope(#"{"DocumentCompleted": true, "SignerDeclined": false}"#))
        transport.enqueueJSON(envelope(#"{"DocumentCompleted": false, "SignerDeclined": false}"#))
        transport.enqueueJSON(
            envelope(#"[{"period": "2026-05-01", "documents_uploaded": 4, "signature_requests_completed": 2}]"#))
        let auth = Stubbed.client(transport).auth

        let user = try await auth.currentUser()
        let preferences = try await auth.notificationPreferences()
        let updated = try await auth.updateNotificationPreferences(NotificationPreferences(documentCompleted: false))
        let stats = try await auth.userStats(granularity: .daily, month: "2026-05")

        #expect(user.name == "Ana Souza")
        #expect(preferences.documentCompleted == true)
        #expect(updated.documentCompleted == false)
        #expect(stats.first?.documentsUploaded == 4)
        let requests = transport.requests
        #expect(
            requests.map(Stubbed.route) == [
                "GET /v1/users/self", "GET /v1/users/self/notification-preferences",
                "PUT /v1/users/self/notification-preferences", "GET /v1/users/self/stats",
            ])
        #expect(Stubbed.body(requests[2]) == Stubbed.canonical(["DocumentCompleted": false]))
        #expect(Stubbed.query(requests[3]) == ["granularity": "daily", "month": "2026-05"])
    }

    @Test func userScopedCallsNeedNoDefaultAccount() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(#"{"id": "usr-1"}"#))
        let user = try await Stubbed.client(transport, defaultAccountId: nil).auth.currentUser()
        #expect(user.id == "usr-1")
    }

    @Test func serverErrorsSurfaceAsAPIError() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(#"{"status": 400, "message": "Credenciais inválidas", "data": null}"#, status: 400)
        let client = Stubbed.client(transport)
        let error = try await #require(throws: APIError.self) {
            try await client.auth.login(LoginPayload(email: "ana@example.invalid", password: "wrong"))
        }
        #expect(error.statusCode == 400)
        #expect(error.message == "Credenciais inválidas")
    }
}
