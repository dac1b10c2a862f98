import APIRuntime
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The SDK throws exactly four error types (plus `CancellationError`). Each bridges to `NSError`
// with a stable domain and code. On Linux `errorDescription` is ignored for a type that is both
// `CustomNSError` and `LocalizedError`, so every `errorUserInfo` sets `NSLocalizedDescriptionKey`
// itself. Messages never contain credentials or access codes: the engine redacts them.
// The engine's own errors are translated into these four at one point
// (`AssinafyErrorTranslation.translate`), so an app sees only them.

/// A request was refused before any I/O: bad configuration or unsafe parameters.
public struct ValidationError: Error, Sendable, LocalizedError, CustomNSError, CustomStringConvertible {
    public let message: String
    /// Problems by field name, e.g. `["timeout": ["must be positive"]]`.
    public let errors: [String: [String]]

    public init(_ message: String, errors: [String: [String]] = [:]) {
        self.message = message
        self.errors = errors
    }

    public var errorDescription: String? { message }
    public var description: String { "ValidationError: \(message)" }
    public static var errorDomain: String { "com.assinafy.sdk.ValidationError" }
    public var errorCode: Int { 422 }
    public var errorUserInfo: [String: Any] {
        [NSLocalizedDescriptionKey: message, "errors": errors]
    }
}

/// The request could not be completed at the transport level (DNS, connect, TLS, timeout, reset).
public struct NetworkError: Error, Sendable, LocalizedError, CustomNSError, CustomStringConvertible {
    public let message: String
    /// The `URLError` behind it, rebuilt so its failing URL carries no query string.
    public let underlyingError: URLError?
    /// `false` only when the request certainly never reached the server (DNS, connect and TLS
    /// failures), so even a non-idempotent request can be retried safely.
    public let mayHaveReachedServer: Bool

    public init(message: String, underlyingError: URLError? = nil, mayHaveReachedServer: Bool) {
        self.message = message
        self.underlyingError = underlyingError
        self.mayHaveReachedServer = mayHaveReachedServer
    }

    /// The engine's transport failure in this SDK's terms.
    init(_ error: TransportError) {
        self.init(
            message: error.message, underlyingError: error.underlyingError,
            mayHaveReachedServer: error.mayHaveReachedServer)
    }

    public var errorDescription: String? { message }
    public var description: String { "NetworkError: \(message)" }
    public static var errorDomain: String { "com.assinafy.sdk.NetworkError" }
    public var errorCode: Int { underlyingError?.errorCode ?? -1 }
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: message, "mayHaveReachedServer": mayHaveReachedServer]
        if let underlyingError { info[NSUnderlyingErrorKey] = underlyingError as NSError }
        return info
    }
}

/// The SDK itself could not do its job: an unreadable upload file, a response it cannot read.
public struct AssinafySDKError: Error, Sendable, LocalizedError, CustomNSError, CustomStringConvertible {
    public let message: String
    public let context: [String: String]
    public let underlyingError: (any Error)?
    /// What `auth.verifyMFA` needs when `reason` is `.mfaRequired` (a login that needs a second
    /// factor); `nil` otherwise. Its token is in neither `description` nor `errorUserInfo`.
    public let mfaChallenge: MFAChallenge?

    public init(_ message: String, context: [String: String] = [:], underlyingError: (any Error)? = nil) {
        self.init(message, context: context, underlyingError: underlyingError, mfaChallenge: nil)
    }

    init(_ message: String, context: [String: String], underlyingError: (any Error)?, mfaChallenge: MFAChallenge?) {
        self.message = message
        self.context = context
        self.underlyingError = underlyingError
        self.mfaChallenge = mfaChallenge
    }

    public var errorDescription: String? { message }
    /// Names the underlying error too, so a failing test says what failed (an unstubbed
    /// operation, a middleware's own error) rather than only that something did.
    public var description: String {
        guard let underlyingError else { return "AssinafySDKError: \(message)" }
        return "AssinafySDKError: \(message) (\(underlyingError))"
    }
    public static var errorDomain: String { "com.assinafy.sdk.SDKError" }
    public var errorCode: Int { -1 }
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: message, "context": context]
        if let underlyingError { info[NSUnderlyingErrorKey] = underlyingError as NSError }
        return info
    }
}

extension AssinafySDKError {
    /// Why the SDK gave up, as a value to compare with instead of a word to spell. It travels as
    /// `context["reason"]`, so the `NSError` `userInfo["context"]` keeps the text; a reason this
    /// SDK version does not name is kept as it came.
    public struct Reason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The OAuth connection cannot go on: the user must authorize again (`context["cause"]`
        /// says why).
        public static let reconnectRequired = Reason(rawValue: "reconnect_required")
        /// A `TokenProvider` failed or returned an unusable token.
        public static let tokenProviderFailed = Reason(rawValue: "token_provider_failed")
        /// A `TokenStore` could not save, read or delete.
        public static let tokenStoreFailed = Reason(rawValue: "token_store_failed")
        /// A token endpoint answer lacks a required member or holds an unusable one.
        public static let invalidTokenResponse = Reason(rawValue: "invalid_token_response")
        /// The userinfo answer cannot be read.
        public static let invalidUserInfoResponse = Reason(rawValue: "invalid_userinfo_response")
        /// An OAuth answer cannot be decoded.
        public static let invalidResponse = Reason(rawValue: "invalid_response")
        /// A refresh answered without the rotated refresh token the server promises.
        public static let refreshTokenNotRotated = Reason(rawValue: "refresh_token_not_rotated")
        /// An id_token failed verification.
        public static let invalidIDToken = Reason(rawValue: "invalid_id_token")
        /// Authorization server or protected resource metadata fails its checks.
        public static let invalidMetadata = Reason(rawValue: "invalid_metadata")
        /// Protected resource metadata names another resource than the API it was fetched from.
        public static let resourceMismatch = Reason(rawValue: "resource_mismatch")
        /// The authorization server does not offer PKCE with S256.
        public static let pkceUnsupported = Reason(rawValue: "pkce_unsupported")
        /// An authorization response repeats a parameter.
        public static let duplicateParameter = Reason(rawValue: "duplicate_parameter")
        /// An authorization response's `state` is not the request's.
        public static let stateMismatch = Reason(rawValue: "state_mismatch")
        /// An authorization response has no `iss` (RFC 9207).
        public static let issuerMissing = Reason(rawValue: "issuer_missing")
        /// A response names another issuer than the expected one.
        public static let issuerMismatch = Reason(rawValue: "issuer_mismatch")
        /// An authorization response carries no usable code.
        public static let missingCode = Reason(rawValue: "missing_code")
    }

    /// An error for `reason`, recorded in `context["reason"]`.
    public init(
        _ message: String, reason: Reason, context: [String: String] = [:], underlyingError: (any Error)? = nil
    ) {
        self.init(message, reason: reason, context: context, underlyingError: underlyingError, mfaChallenge: nil)
    }

    init(
        _ message: String, reason: Reason, context: [String: String] = [:], underlyingError: (any Error)? = nil,
        mfaChallenge: MFAChallenge?
    ) {
        var context = context
        context["reason"] = reason.rawValue
        self.init(message, context: context, underlyingError: underlyingError, mfaChallenge: mfaChallenge)
    }

    /// `context["reason"]` as a `Reason`, when there is one.
    public var reason: Reason? { context["reason"].map(Reason.init(rawValue:)) }
}

/// One reason a workspace (account) cannot be deleted, from the error body's `restrictions`.
public struct WorkspaceDeletionRestriction: Sendable, Hashable {
    /// The blocker's code (`""` when the server sent none, so it reads like the README's samples).
    public var code: String
    public var message: String?
    /// From `account_ids`; numbers are kept as their decimal text.
    public var accountIds: [String]

    public init(code: String, message: String?, accountIds: [String]) {
        self.code = code
        self.message = message
        self.accountIds = accountIds
    }
}

/// An OAuth 2.0 error body (RFC 6749 §5.2): `{"error": "...", "error_description": "..."}`.
public struct OAuthErrorDetail: Sendable, Hashable {
    /// The `error` member, e.g. `invalid_grant`.
    public var code: String
    /// The `error_description` member.
    public var description: String?

    public init(code: String, description: String?) {
        self.code = code
        self.description = description
    }
}
