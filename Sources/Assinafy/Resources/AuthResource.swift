import APIRuntime
import AssinafyAPI
import Foundation

/// Login (with two-factor), social login and linking, passwords, API keys, the current user,
/// notification preferences and statistics: every `Authentication` and `Users` operation.
///
/// Login, social login, MFA verification and the two password-reset calls are public: they send
/// no credential even on a client that has one. Everything else acts as the configured user.
public struct AuthResource: Sendable {
    @usableFromInline let context: ClientContext

    // MARK: - Login

    /// Logs in with e-mail and password.
    ///
    /// - Throws: `AssinafySDKError` with `reason` `.mfaRequired` when the account has two-factor
    ///   authentication on; pass its `mfaChallenge.mfaToken` and the user's code to
    ///   `verifyMFA(mfaToken:code:)`, or call `attemptLogin(_:)` to get the challenge as a value.
    @_alwaysEmitIntoClient
    public func login(_ payload: LoginPayload) async throws -> AuthSession {
        let response = try await context.authentication.login(body: payload)
        return try response.payload().requireAccessToken(message: response.body.message)
    }

    /// Logs in with e-mail and password; a second-factor challenge is a result, not an error.
    @_alwaysEmitIntoClient
    public func attemptLogin(_ payload: LoginPayload) async throws -> LoginOutcome {
        let response = try await context.authentication.login(body: payload)
        return try response.payload().loginOutcome(message: response.body.message)
    }

    /// Finishes a two-factor login with an authenticator code or an unused recovery code.
    @_alwaysEmitIntoClient
    public func verifyMFA(mfaToken: String, code: String) async throws -> AuthSession {
        let body = VerifyMFARequest(mfaToken: mfaToken, code: code)
        let response = try await context.authentication.verifyMFA(body: body)
        return try response.payload().requireAccessToken(message: response.body.message)
    }

    /// Logs in with a social provider's token (Google).
    ///
    /// - Throws: `AssinafySDKError` with `reason` `.mfaRequired` when the account has two-factor
    ///   authentication on (see `login(_:)`).
    @_alwaysEmitIntoClient
    public func socialLogin(_ payload: SocialLoginPayload) async throws -> AuthSession {
        let response = try await context.authentication.socialLogin(body: payload)
        return try response.payload().requireAccessToken(message: response.body.message)
    }

    /// Logs in with a social provider's token; a second-factor challenge is a result, not an error.
    @_alwaysEmitIntoClient
    public func attemptSocialLogin(_ payload: SocialLoginPayload) async throws -> LoginOutcome {
        let response = try await context.authentication.socialLogin(body: payload)
        return try response.payload().loginOutcome(message: response.body.message)
    }

    /// Links a social provider to the current user.
    @_alwaysEmitIntoClient
    public func linkSocialLogin(_ payload: LinkSocialLoginPayload) async throws {
        try await context.authentication.linkSocialLogin(body: payload)
    }

    // MARK: - Two-factor authentication

    /// The current user's enrolled second factors and remaining recovery codes.
    @_alwaysEmitIntoClient
    public func mfaStatus() async throws -> MFAStatus {
        try await context.authentication.listMFAMethods().payload()
    }

    /// Starts authenticator-app enrollment; confirm it with `confirmTOTP(methodId:code:reauthentication:)`.
    @_alwaysEmitIntoClient
    public func enrollTOTP(label: String? = nil) async throws -> TOTPEnrollment {
        try await context.authentication.startTOTPEnrollment(body: StartTOTPEnrollmentRequest(label: label)).payload()
    }

    /// Activates an enrolled authenticator with a live code from it and returns the recovery
    /// codes, which the API shows only once.
    ///
    /// - Parameter reauthentication: Needed only when this replaces a confirmed authenticator.
    @_alwaysEmitIntoClient
    public func confirmTOTP(
        methodId: String, code: String, reauthentication: MFAReauthentication? = nil
    ) async throws -> [String] {
        let body = ConfirmTOTPEnrollmentRequest(
            id: methodId, code: code, password: reauthentication?.password, reauthCode: reauthentication?.code)
        let result = try await context.authentication.confirmTOTPEnrollment(body: body).payload()
        return try Self.recoveryCodes(result.recoveryCodes)
    }

    /// Replaces every recovery code with ten new ones (shown only once).
    @_alwaysEmitIntoClient
    public func regenerateRecoveryCodes(_ reauthentication: MFAReauthentication) async throws -> [String] {
        let body = RegenerateRecoveryCodesRequest(password: reauthentication.password, code: reauthentication.code)
        let result = try await context.authentication.regenerateRecoveryCodes(body: body).payload()
        return try Self.recoveryCodes(result.recoveryCodes)
    }

    /// Removes an enrolled second factor; removing the last one also discards the recovery codes.
    @discardableResult
    @_alwaysEmitIntoClient
    public func removeMFAMethod(
        methodId: String, reauthentication: MFAReauthentication
    ) async throws -> MFAMethodRemoval {
        let body = DeleteMFAMethodRequest(password: reauthentication.password, code: reauthentication.code)
        return try await context.authentication.deleteMFAMethod(customId: methodId, body: body).payload()
    }

    // MARK: - Passwords

    /// Sends a password-reset e-mail. Public: sends no credential.
    @_alwaysEmitIntoClient
    public func requestPasswordReset(email: String) async throws {
        try await context.authentication.requestPasswordReset(body: RequestPasswordResetRequest(email: email))
    }

    /// Sets a new password with the token from the reset e-mail. Public: sends no credential.
    @_alwaysEmitIntoClient
    public func resetPassword(_ payload: ResetPasswordPayload) async throws {
        try await context.authentication.resetPassword(body: payload)
    }

    /// Changes the current user's password.
    @_alwaysEmitIntoClient
    public func changePassword(_ payload: ChangePasswordPayload) async throws {
        try await context.authentication.changePassword(body: payload)
    }

    // MARK: - API keys

    /// The current user's API key (a standing workspace credential: keep it on a trusted server).
    @_alwaysEmitIntoClient
    public func getAPIKey() async throws -> ApiKey {
        try await context.authentication.getAPIKey().payload()
    }

    /// Creates (or replaces) the current user's API key; the API asks for the password again.
    @_alwaysEmitIntoClient
    public func createAPIKey(password: String) async throws -> ApiKey {
        try await context.authentication.createAPIKey(body: CreateAPIKeyRequest(password: password)).payload()
    }

    /// Revokes the current user's API key.
    @_alwaysEmitIntoClient
    public func deleteAPIKey() async throws {
        try await context.authentication.deleteAPIKey()
    }

    // MARK: - Current user

    /// The user the credential belongs to.
    @_alwaysEmitIntoClient
    public func currentUser() async throws -> AuthUser {
        try await context.users.getCurrentUser().payload()
    }

    /// Which e-mail notifications the current user receives.
    @_alwaysEmitIntoClient
    public func notificationPreferences() async throws -> NotificationPreferences {
        try await context.users.getNotificationPreferences().payload()
    }

    /// Changes the current user's e-mail notifications; members left `nil` are unchanged.
    @discardableResult
    @_alwaysEmitIntoClient
    public func updateNotificationPreferences(
        _ preferences: NotificationPreferences
    ) async throws -> NotificationPreferences {
        try await context.users.updateNotificationPreferences(body: preferences).payload()
    }

    /// Document statistics across every workspace of the current user.
    ///
    /// - Parameters:
    ///   - granularity: Monthly (default on the server) or daily series.
    ///   - month: `YYYY-MM`; needed for a daily series.
    @_alwaysEmitIntoClient
    public func userStats(
        granularity: UserStatsGranularity? = nil, month: String? = nil
    ) async throws -> [DocumentStatsRow] {
        try await context.users.getUserStats(granularity: granularity, month: month).payload()
    }

    /// Recovery codes are the user's only way back in without the device: an answer without them
    /// must not look like success.
    @usableFromInline static func recoveryCodes(_ codes: [String]?) throws -> [String] {
        guard let codes, !codes.isEmpty else {
            throw AssinafySDKError("The API did not return the recovery codes")
        }
        return codes
    }
}
