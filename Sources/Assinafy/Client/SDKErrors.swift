import APIRuntime
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The SDK throws exactly four error types (plus `CancellationError`). Each bridges to `NSError`
// with a stable domain and code. On Linux `errorDescription` is ignored for a type that is both
// `CustomNSError` and `LocalizedError`, so every `errorUserInfo` sets `NSLocalizedDescriptionKey`
// itself. Messages never contain credentials or access codes: the engine redacts them.
// The engine's own errors are translated into these four at the client boundary
// (`AssinafyErrorTranslation`), so an app sees only them.

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

    /// A `URLError` as the engine reports it (redacted, failing URL without its query).
    init(transport error: URLError, redactor: Redactor) {
        self.init(TransportError.from(error, redactor: redactor))
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

    public init(_ message: String, context: [String: String] = [:], underlyingError: (any Error)? = nil) {
        self.message = message
        self.context = context
        self.underlyingError = underlyingError
    }

    public var errorDescription: String? { message }
    public var description: String { "AssinafySDKError: \(message)" }
    public static var errorDomain: String { "com.assinafy.sdk.SDKError" }
    public var errorCode: Int { -1 }
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: message, "context": context]
        if let underlyingError { info[NSUnderlyingErrorKey] = underlyingError as NSError }
        return info
    }
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
