import APIRuntime
import Foundation

/// Everything a client needs to talk to the Assinafy API. Fails closed: `validate()` rejects
/// anything doubtful, and the engine runs the same checks before every request, so a
/// configuration that was never validated still cannot send a malformed or leaky request.
///
/// It is the engine's `APIEngineConfiguration` in Assinafy's terms: the token or API key are
/// the values of the document's `bearerAuth` and `apiKeyAuth` schemes, and the base URL may
/// end in `/v1` as the API's documentation writes it.
public struct AssinafyClientConfiguration: Sendable {
    public static let productionBaseURL = constantURL("https://api.assinafy.com.br/v1")
    public static let sandboxBaseURL = constantURL("https://sandbox.assinafy.com.br/v1")
    public static let defaultUserAgent = "assinafy-swift-sdk/\(sdkVersion)"

    /// Sent as `Authorization: Bearer <token>` on account operations.
    public var token: String?
    /// Sent as `X-Api-Key` on account operations.
    public var apiKey: String?
    public var baseURL: URL
    /// The workspace the overlay fills into operations' `accountId`; only validated here.
    public var defaultAccountId: String?
    /// Seconds one attempt may take (whole seconds, rounded up, on Linux's idle timer; the SDK
    /// enforces the exact value as an overall deadline per attempt).
    public var timeout: TimeInterval
    public var logger: any ClientLogger
    /// Permits `http://` for 127.0.0.0/8, `::1` and `localhost` only (local development, tests).
    public var allowsInsecureLoopback: Bool
    public var retryPolicy: RetryPolicy
    public var userAgent: String
    /// The largest answer held in memory, in bytes (decoded), JSON or binary (an artifact
    /// returned as `Data`); a larger one is cancelled and fails with `AssinafySDKError` over a
    /// `ResponseTooLargeError`.
    public var maximumResponseBytes: Int64 = APIEngineConfiguration.defaultMaximumResponseBytes
    /// The same limit for downloads streamed to a file (the `…to:` methods).
    public var maximumDownloadBytes: Int64 = APIEngineConfiguration.defaultMaximumDownloadBytes

    public init(
        token: String, baseURL: URL = productionBaseURL, defaultAccountId: String? = nil, timeout: TimeInterval = 30,
        logger: any ClientLogger = NoopLogger()
    ) {
        self.init(
            token: token, apiKey: nil, baseURL: baseURL, defaultAccountId: defaultAccountId, timeout: timeout,
            logger: logger)
    }

    public init(
        apiKey: String, baseURL: URL = productionBaseURL, defaultAccountId: String? = nil,
        timeout: TimeInterval = 30, logger: any ClientLogger = NoopLogger()
    ) {
        self.init(
            token: nil, apiKey: apiKey, baseURL: baseURL, defaultAccountId: defaultAccountId, timeout: timeout,
            logger: logger)
    }

    /// No credential: only signer (access code) and public operations will succeed.
    public init() {
        self.init(token: nil, apiKey: nil)
    }

    /// Every setting; accepts both credentials so that `validate()` can reject the combination.
    public init(
        token: String?, apiKey: String?, baseURL: URL = productionBaseURL, defaultAccountId: String? = nil,
        timeout: TimeInterval = 30, logger: any ClientLogger = NoopLogger(), allowsInsecureLoopback: Bool = false,
        retryPolicy: RetryPolicy = .default, userAgent: String = defaultUserAgent
    ) {
        self.token = token
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.defaultAccountId = defaultAccountId
        self.timeout = timeout
        self.logger = logger
        self.allowsInsecureLoopback = allowsInsecureLoopback
        self.retryPolicy = retryPolicy
        self.userAgent = userAgent
    }

    /// Throws `ValidationError` listing every problem by field. Messages name the field, never
    /// echo a credential.
    public func validate() throws {
        let errors = validationProblems()
        guard errors.isEmpty else {
            throw ValidationError(Validation.summary("Invalid client configuration", errors), errors: errors)
        }
    }

    /// The engine's configuration for this one. Operation paths in the Assinafy description
    /// start with `/v1`, so a base URL written as `…/v1` (as the API's documentation writes it)
    /// stands for its parent.
    public var engineConfiguration: APIEngineConfiguration {
        var credentials: [String: CredentialValue] = [:]
        if let token { credentials[SecurityScheme.bearerAuth.name] = .token(token) }
        if let apiKey { credentials[SecurityScheme.apiKeyAuth.name] = .apiKey(apiKey) }
        return APIEngineConfiguration(
            baseURL: AssinafyClientConfiguration.serverURL(for: baseURL), credentials: credentials, timeout: timeout,
            logger: logger, allowsInsecureLoopback: allowsInsecureLoopback, retryPolicy: retryPolicy,
            userAgent: userAgent, maximumResponseBytes: maximumResponseBytes,
            maximumDownloadBytes: maximumDownloadBytes)
    }

    static func serverURL(for baseURL: URL) -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return baseURL }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        guard path == "/v1" || path.hasSuffix("/v1") else { return baseURL }
        components.percentEncodedPath = String(path.dropLast(3))
        return components.url ?? baseURL
    }

    /// The engine's checks, with credentials named as this configuration names them, plus what
    /// only Assinafy knows (one credential at a time, a usable default account).
    func validationProblems() -> [String: [String]] {
        var errors = engineConfiguration.validationProblems()
        for (scheme, field) in [(SecurityScheme.bearerAuth.name, "token"), (SecurityScheme.apiKeyAuth.name, "apiKey")] {
            if let problems = errors.removeValue(forKey: "credentials.\(scheme)") { errors[field] = problems }
        }
        if token != nil && apiKey != nil {
            errors["credentials", default: []].append("configure either a token or an API key, not both")
        }
        if let defaultAccountId, !RequestPath.isSafeSegment(defaultAccountId) {
            errors["defaultAccountId", default: []].append(
                "must not be blank, '.' or '..', nor contain '/', '\\', '?', '#' or control characters")
        }
        return errors
    }

    private static func constantURL(_ text: StaticString) -> URL {
        guard let url = URL(string: "\(text)") else { preconditionFailure("invalid constant URL \(text)") }
        return url
    }
}

/// Prints, dumps and `po`s without the token or API key: only whether each is set.
extension AssinafyClientConfiguration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private static func redacted(_ secret: String?) -> String { secret == nil ? "nil" : "<redacted>" }

    public var description: String {
        "AssinafyClientConfiguration(token: \(Self.redacted(token)), apiKey: \(Self.redacted(apiKey)), "
            + "baseURL: \(baseURL), defaultAccountId: \(defaultAccountId ?? "nil"), timeout: \(timeout), "
            + "userAgent: \(userAgent), allowsInsecureLoopback: \(allowsInsecureLoopback))"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "token": Self.redacted(token), "apiKey": Self.redacted(apiKey), "baseURL": baseURL,
                "defaultAccountId": defaultAccountId as Any, "timeout": timeout, "logger": logger,
                "allowsInsecureLoopback": allowsInsecureLoopback, "retryPolicy": retryPolicy,
                "userAgent": userAgent, "maximumResponseBytes": maximumResponseBytes,
                "maximumDownloadBytes": maximumDownloadBytes,
            ], displayStyle: .struct)
    }
}
