import APIRuntime
import AssinafyAPI
import AssinafyAPITesting
import Foundation

/// The workspace owner: who logs in, and the second factor a test may require.
final class FakeUser {
    let id = "user-0001"
    var name = "Fake Owner"
    var email: String
    var password: String
    /// A code `verifyMFA` accepts besides the authenticator's and the recovery codes (set by
    /// `requireSecondFactor(code:)`, which also makes login ask for a second factor).
    var mfaCode: String?
    /// Challenge token → expiry.
    var mfaTokens: [String: Date] = [:]
    var notificationPreferences = JSONObject(FakeUser.notificationKeys.map { (key: $0, value: JSONValue.bool(true)) })
    let createdAt: Date

    static let notificationKeys = [
        "DocumentCompleted", "SignerDeclined", "DocumentCancelled", "DocumentAboutToExpire", "DocumentExpired",
        "DocumentExpirationReset", "DocumentProcessingFailed", "TemplateProcessingFailed", "SignerWhatsappFailed",
    ]

    init(email: String, password: String, now: Date) {
        self.email = email
        self.password = password
        createdAt = now
    }
}

/// Login, the two-factor challenge, the current user, their statistics and notification
/// preferences, and the password-reset request (the emulator's `h_users.py`; the rest is in
/// FakeCredentialHandlers.swift).
extension FakeServer {
    static let badLogin = "Incorrect email or password."
    /// As long as the emulator keeps a challenge open.
    static let mfaTokenLifetime: TimeInterval = 300

    func usersHandler(_ operation: String, _ context: FakeContext) throws -> FakeReply? {
        let request = context.request
        let user = state.user
        switch operation {
        case "login":
            let call = try request.call(AssinafyAPIStubs.LoginCall.init)
            guard !call.body.email.isEmpty, !call.body.password.isEmpty else {
                throw FakeAPIError.invalid("email and password cannot be blank.")
            }
            guard call.body.email.lowercased() == user.email.lowercased(), call.body.password == user.password else {
                throw FakeAPIError.invalid(Self.badLogin)
            }
            guard state.requiresSecondFactor else { return try .ok(session()) }
            let token = state.newId("mfa")
            user.mfaTokens[token] = state.now.addingTimeInterval(Self.mfaTokenLifetime)
            let challenge = AuthSession(additionalFields: [
                "mfa_required": true, "mfa_token": .string(token),
                "mfa_methods": ["totp"],
            ])
            return try .ok(challenge, message: "Two-factor authentication required.")
        case "verifyMFA":
            let call = try request.call(AssinafyAPIStubs.VerifyMFACall.init)
            guard let expiry = user.mfaTokens[call.body.mfaToken], expiry >= state.now else {
                throw FakeAPIError(status: 401, message: "The two-factor challenge is invalid or expired.")
            }
            guard state.secondFactorAccepted(call.body.code) else {
                throw FakeAPIError.invalid("Invalid two-factor code.")
            }
            user.mfaTokens[call.body.mfaToken] = nil
            return try .ok(session())
        case "changePassword":
            if context.principal?.isOAuth == true { throw FakeAPIError.forbidden(Self.oauthRefused) }
            let body = try request.object()
            guard body.string("email")?.lowercased() == user.email.lowercased(),
                body.string("password") == user.password
            else { throw FakeAPIError.invalid(Self.badLogin) }
            guard let new = body.string("new_password"), new.count >= 8 else {
                throw FakeAPIError.invalid("new_password should contain at least 8 characters.")
            }
            user.password = new
            return try .ok(JSONValue.object(["email": .string(user.email)]))
        case "getCurrentUser":
            return try .ok(Self.view(user))
        case "getUserStats":
            let call = try request.call(AssinafyAPIStubs.GetUserStatsCall.init)
            return try .ok(try FakeStats.rows(state, granularity: call.granularity?.rawValue, month: call.month))
        case "getNotificationPreferences":
            return try .ok(JSONValue.object(user.notificationPreferences))
        case "updateNotificationPreferences":
            let body = try request.object()
            guard !body.isEmpty else { throw FakeAPIError.invalid("The request body cannot be empty.") }
            for (key, value) in body {
                guard FakeUser.notificationKeys.contains(key) else {
                    throw FakeAPIError.invalid("Unknown notification code: \(key).")
                }
                guard case .bool = value else { throw FakeAPIError.invalid("\(key) must be a boolean.") }
            }
            for (key, value) in body { user.notificationPreferences[key] = value }
            return try .ok(JSONValue.object(user.notificationPreferences))
        case "requestPasswordReset":
            guard let email = try request.object().trimmed("email") else {
                throw FakeAPIError.invalid("email cannot be blank.")
            }
            // The e-mail goes only to a user who exists; the answer is the same either way.
            if email.lowercased() == user.email.lowercased() {
                state.credentials.resetTokens[email.lowercased()] = "fake-reset-" + state.newId("reset")
            }
            return try .ok(
                JSONValue.object(["email": .string(email)]), message: "Se o e-mail existir, enviaremos instruções.")
        default:
            return nil
        }
    }

    func session() -> AuthSession {
        AuthSession(
            accessToken: state.token, user: Self.view(state.user),
            accounts: [
                AuthAccount(
                    id: state.accountId, name: state.workspaceName, roles: ["owner"], isDeleteAllowed: true,
                    createdAt: state.user.createdAt)
            ])
    }

    static func view(_ user: FakeUser) -> AuthUser {
        AuthUser(
            id: user.id, name: user.name, email: user.email, isEmailVerified: true, hasAcceptedTerms: true,
            createdAt: user.createdAt)
    }
}
