import APIRuntime
import AssinafyAPI
import Foundation

/// Login succeeded on the password but the account has two-factor authentication on: finish with
/// `auth.verifyMFA(mfaToken:code:)` within five minutes.
///
/// The published schema does not model this answer (the live API returns `data.mfa_token`
/// instead of an `AuthSession`). `auth.attemptLogin` returns it as `LoginOutcome.mfaRequired`;
/// `auth.login` throws it as `AssinafySDKError.mfaChallenge`, so code written against `login`
/// cannot mistake a half-finished login for a session, and the SDK still throws only its four types.
public struct MFAChallenge: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// Single-use challenge to send back with the second-factor code. A short-lived credential:
    /// never log it. It is deliberately absent from `description`, `dump` and `NSError.userInfo`.
    public let mfaToken: String
    /// The method types the server offered (e.g. `totp`), when it listed them.
    public let methods: [String]
    /// The server's message, when it sent one.
    public let message: String?

    public init(mfaToken: String, methods: [String] = [], message: String? = nil) {
        self.mfaToken = mfaToken
        self.methods = methods
        self.message = message
    }

    public var description: String { "MFAChallenge(methods: \(methods))" }
    public var customMirror: Mirror {
        Mirror(self, children: ["mfaToken": "<redacted>", "methods": methods, "message": message as Any])
    }
}

/// What a login answered: a session, or a second-factor challenge to finish with
/// `auth.verifyMFA(mfaToken:code:)`.
public enum LoginOutcome: Sendable, Hashable {
    case session(AuthSession)
    case mfaRequired(MFAChallenge)
}

extension AssinafySDKError.Reason {
    /// The login needs a second factor: `mfaChallenge` holds what `auth.verifyMFA` needs.
    public static let mfaRequired = AssinafySDKError.Reason(rawValue: "mfa_required")
}

extension AssinafySDKError {
    /// The error `auth.login` and `auth.socialLogin` throw when the account needs a second factor.
    init(mfaRequired challenge: MFAChallenge) {
        self.init(
            "Two-factor authentication is required to finish logging in.", reason: .mfaRequired,
            mfaChallenge: challenge)
    }
}

/// How a sensitive second-factor change proves the user is present: the account password, or a
/// live authenticator code / unused recovery code (a recovery code is consumed).
public enum MFAReauthentication: Sendable, Hashable {
    case password(String)
    case code(String)

    @usableFromInline var password: String? {
        if case .password(let value) = self { return value }
        return nil
    }

    @usableFromInline var code: String? {
        if case .code(let value) = self { return value }
        return nil
    }
}

extension AuthSession {
    /// The session, or the second-factor challenge this "session" really is; `AssinafySDKError`
    /// when it carries neither a token nor a challenge.
    @usableFromInline func loginOutcome(message: String?) throws -> LoginOutcome {
        // `mfa_token` is not in the schema, so the generated decoder keeps it with the members it
        // does not name.
        if let token = additionalFields["mfa_token"]?.stringValue, !token.isEmpty {
            let listed = additionalFields["methods"] ?? additionalFields["mfa_methods"]
            let methods = listed?.arrayValue?.compactMap { method in
                method.stringValue ?? method["type"]?.stringValue
            }
            return .mfaRequired(MFAChallenge(mfaToken: token, methods: methods ?? [], message: message))
        }
        guard let accessToken, !accessToken.isEmpty else {
            throw AssinafySDKError("The login answer carried neither an access token nor an MFA challenge")
        }
        return .session(self)
    }

    /// The session; a second-factor challenge is thrown as `AssinafySDKError` (`reason`
    /// `.mfaRequired`, `mfaChallenge` set).
    @usableFromInline func requireAccessToken(message: String?) throws -> AuthSession {
        switch try loginOutcome(message: message) {
        case .session(let session): return session
        case .mfaRequired(let challenge): throw AssinafySDKError(mfaRequired: challenge)
        }
    }
}
