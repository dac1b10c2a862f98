import APIRuntime
import AssinafyAPI
import Foundation

/// Login succeeded on the password but the account has two-factor authentication on: finish with
/// `auth.verifyMFA(mfaToken:code:)` within five minutes.
///
/// The published schema does not model this answer (the live API returns `data.mfa_token`
/// instead of an `AuthSession`), so the SDK surfaces it as an error: code written against
/// `login` cannot mistake a half-finished login for a session.
public struct MFARequiredError: Error, Sendable, LocalizedError, CustomNSError, CustomStringConvertible {
    /// Single-use challenge to send back with the second-factor code. A short-lived credential:
    /// never log it. It is deliberately absent from `description`.
    public let mfaToken: String
    /// The method types the server offered (e.g. `totp`), when it listed them.
    public let methods: [String]
    /// The server's message, when it sent one.
    public let message: String?

    @_alwaysEmitIntoClient public init(mfaToken: String, methods: [String] = [], message: String? = nil) {
        self.mfaToken = mfaToken
        self.methods = methods
        self.message = message
    }

    public var errorDescription: String? { "Two-factor authentication is required to finish logging in." }
    public var description: String { "MFARequiredError(methods: \(methods))" }
    @_alwaysEmitIntoClient public static var errorDomain: String { "com.assinafy.sdk.MFARequiredError" }
    @_alwaysEmitIntoClient public var errorCode: Int { 401 }
    /// Leaves `mfaToken` out, so logging the bridged `NSError` cannot leak it. Sets the
    /// description itself because Linux ignores `errorDescription` for a `CustomNSError`.
    @_alwaysEmitIntoClient public var errorUserInfo: [String: Any] {
        [NSLocalizedDescriptionKey: errorDescription ?? "", "methods": methods]
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
    /// Throws `MFARequiredError` when this "session" is really a second-factor challenge, and
    /// `AssinafySDKError` when it carries neither a token nor a challenge.
    @usableFromInline func requireAccessToken(message: String?) throws -> AuthSession {
        // `mfa_token` is not in the schema, so the generated decoder keeps it with the members it
        // does not name.
        if let token = additionalFields["mfa_token"]?.stringValue, !token.isEmpty {
            let methods = additionalFields["methods"]?.arrayValue?.compactMap { method in
                method.stringValue ?? method["type"]?.stringValue
            }
            throw MFARequiredError(mfaToken: token, methods: methods ?? [], message: message)
        }
        guard let accessToken, !accessToken.isEmpty else {
            throw AssinafySDKError("The login answer carried neither an access token nor an MFA challenge")
        }
        return self
    }
}
