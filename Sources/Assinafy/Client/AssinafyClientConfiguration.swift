import APIRuntime
import Foundation

/// Everything a client needs to talk to the Assinafy API: the engine's configuration (`engine`)
/// plus what only Assinafy knows (`defaultAccountId`, one credential at a time). Fails closed:
/// `validate()` rejects anything doubtful, and the engine runs its checks before every request,
/// so a configuration that was never validated still cannot send a malformed or leaky request.
///
/// Each setting lives once. The engine's settings are stored in `engine` and checked by the
/// engine; the properties named as the README names them (`token`, `apiKey`, `baseURL`,
/// `timeout`, …) read and write `engine`. The token and API key are the engine's credentials
/// for the document's `bearerAuth` and `apiKeyAuth` schemes, and the base URL may end in `/v1`
/// as the API's documentation writes it: `baseURL` reads back as given, `engine.baseURL` is its
/// parent, to which the operations' paths (`/v1/…`) are appended.
public struct AssinafyClientConfiguration: Sendable {
    public static let productionBaseURL = constantURL("https://api.assinafy.com.br/v1")
    public static let sandboxBaseURL = constantURL("https://sandbox.assinafy.com.br/v1")
    public static let defaultUserAgent = "assinafy-swift-sdk/\(sdkVersion)"

    /// The engine's configuration: server, credentials, timeout, logger, retries, user agent and
    /// response limits. Validated by the engine. Its `baseURL` is the server root the operations'
    /// `/v1/…` paths are appended to (set `baseURL` on this configuration to give `…/v1`).
    public var engine: APIEngineConfiguration
    /// The workspace the overlay fills into operations' `accountId`; only validated here.
    public var defaultAccountId: String?
    /// `baseURL` as it was last set, so it reads back as given (`…/v1` included).
    private var givenBaseURL: URL

    /// `engine` as it is (its `baseURL` is the server root, without `/v1`) and `defaultAccountId`.
    public init(engine: APIEngineConfiguration, defaultAccountId: String? = nil) {
        self.engine = engine
        self.defaultAccountId = defaultAccountId
        givenBaseURL = engine.baseURL
    }

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
        self.init(
            engine: APIEngineConfiguration(
                baseURL: Self.serverURL(for: baseURL), timeout: timeout, logger: logger,
                allowsInsecureLoopback: allowsInsecureLoopback, retryPolicy: retryPolicy, userAgent: userAgent),
            defaultAccountId: defaultAccountId)
        givenBaseURL = baseURL
        self.token = token
        self.apiKey = apiKey
    }

    // MARK: - The engine's settings, by the names the README uses

    /// Sent as `Authorization: Bearer <token>` on account operations: `engine.credentials["bearerAuth"]`.
    public var token: String? {
        get {
            guard case .token(let token)? = engine.credentials[SecurityScheme.bearerAuth.name] else { return nil }
            return token
        }
        set { engine.credentials[SecurityScheme.bearerAuth.name] = newValue.map(CredentialValue.token) }
    }
    /// Sent as `X-Api-Key` on account operations: `engine.credentials["apiKeyAuth"]`.
    public var apiKey: String? {
        get {
            guard case .apiKey(let key)? = engine.credentials[SecurityScheme.apiKeyAuth.name] else { return nil }
            return key
        }
        set { engine.credentials[SecurityScheme.apiKeyAuth.name] = newValue.map(CredentialValue.apiKey) }
    }
    /// The API's base URL as given (the documented ones end in `/v1`); `engine.baseURL` holds its
    /// parent. When `engine.baseURL` was changed directly, that is what this reads.
    public var baseURL: URL {
        get { Self.serverURL(for: givenBaseURL) == engine.baseURL ? givenBaseURL : engine.baseURL }
        set {
            givenBaseURL = newValue
            engine.baseURL = Self.serverURL(for: newValue)
        }
    }
    /// Seconds one attempt may take (whole seconds, rounded up, on Linux's idle timer; the SDK
    /// enforces the exact value as an overall deadline per attempt).
    public var timeout: TimeInterval {
        get { engine.timeout }
        set { engine.timeout = newValue }
    }
    public var logger: any ClientLogger {
        get { engine.logger }
        set { engine.logger = newValue }
    }
    /// Permits `http://` for 127.0.0.0/8, `::1` and `localhost` only (local development, tests).
    public var allowsInsecureLoopback: Bool {
        get { engine.allowsInsecureLoopback }
        set { engine.allowsInsecureLoopback = newValue }
    }
    public var retryPolicy: RetryPolicy {
        get { engine.retryPolicy }
        set { engine.retryPolicy = newValue }
    }
    public var userAgent: String {
        get { engine.userAgent }
        set { engine.userAgent = newValue }
    }
    /// The largest answer held in memory, in bytes (decoded), JSON or binary (an artifact
    /// returned as `Data`); a larger one is cancelled and fails with `AssinafySDKError` over a
    /// `ResponseTooLargeError`.
    public var maximumResponseBytes: Int64 {
        get { engine.maximumResponseBytes }
        set { engine.maximumResponseBytes = newValue }
    }
    /// The same limit for downloads streamed to a file (the `…to:` methods).
    public var maximumDownloadBytes: Int64 {
        get { engine.maximumDownloadBytes }
        set { engine.maximumDownloadBytes = newValue }
    }

    // MARK: - Validation

    /// Throws `ValidationError` listing every problem by field. Messages name the field, never
    /// echo a credential.
    public func validate() throws {
        let errors = validationProblems()
        guard errors.isEmpty else {
            throw ValidationError(Validation.summary("Invalid client configuration", errors), errors: errors)
        }
    }

    /// The engine's problems and Assinafy's own, by field.
    func validationProblems() -> [String: [String]] {
        validationProblems(engineProblems: engine.validationProblems())
    }

    /// `engineProblems` (what the engine found in `engine`, checked once by whoever holds it),
    /// with credentials named as this configuration names them, plus `ownValidationProblems()`.
    func validationProblems(engineProblems: [String: [String]]) -> [String: [String]] {
        var errors = engineProblems
        for (scheme, field) in [(SecurityScheme.bearerAuth.name, "token"), (SecurityScheme.apiKeyAuth.name, "apiKey")] {
            if let problems = errors.removeValue(forKey: "credentials.\(scheme)") { errors[field] = problems }
        }
        errors.merge(ownValidationProblems()) { $0 + $1 }
        return errors
    }

    /// What only Assinafy knows: one credential at a time, a usable default account. Nothing the
    /// engine checks is checked here.
    func ownValidationProblems() -> [String: [String]] {
        var errors: [String: [String]] = [:]
        if token != nil && apiKey != nil {
            errors["credentials", default: []].append("configure either a token or an API key, not both")
        }
        if let defaultAccountId, !RequestPath.isSafeSegment(defaultAccountId) {
            errors["defaultAccountId", default: []].append(
                "must not be blank, '.' or '..', nor contain '/', '\\', '?', '#' or control characters")
        }
        return errors
    }

    /// Operation paths in the Assinafy description start with `/v1`, so a base URL written as
    /// `…/v1` (as the API's documentation writes it) stands for its parent.
    static func serverURL(for baseURL: URL) -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return baseURL }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        guard path == "/v1" || path.hasSuffix("/v1") else { return baseURL }
        components.percentEncodedPath = String(path.dropLast(3))
        return components.url ?? baseURL
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
