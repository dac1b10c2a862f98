import APIRuntime
import Foundation

/// Supplies the bearer token for account operations, for a client built with
/// `AssinafyClient(tokenProvider:configuration:)`.
///
/// `OAuthSession` is one; `BackendTokenProvider` serves apps whose own back end mints
/// short-lived tokens. A custom provider must run at most one refresh at a time
/// (`SingleFlight` does that) and should throw one of the SDK's error types.
public protocol TokenProvider: Sendable {
    /// A token to send now. With `forceRefresh`, a new one even if the current one looks valid.
    func accessToken(forceRefresh: Bool) async throws -> String
    /// A replacement for `rejected`, which the API just answered 401 to. When the current
    /// token already differs (another request refreshed meanwhile) it is returned as is, so a
    /// burst of 401s costs one refresh, not one each. The default forces a refresh.
    func accessToken(replacingRejected rejected: String) async throws -> String
}

extension TokenProvider {
    public func accessToken(replacingRejected rejected: String) async throws -> String {
        try await accessToken(forceRefresh: true)
    }
}

/// Runs one operation at a time: callers that arrive while it runs await the same result
/// instead of starting their own. Serves both `OAuthSession` (so a rotating refresh token is
/// never sent twice concurrently) and `BackendTokenProvider`.
///
/// The operation runs in its own task, so a caller that is cancelled does not cancel it: a
/// refresh abandoned half-way could rotate the refresh token on the server and lose the answer.
public actor SingleFlight<Value: Sendable> {
    private var inFlight: Task<Value, any Error>?

    public init() {}

    /// Whether an operation is running.
    public var isRunning: Bool { inFlight != nil }

    public func run(_ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if let inFlight { return try await inFlight.value }
        let task = Task { try await operation() }
        inFlight = task
        defer { inFlight = nil }
        return try await task.value
    }

    /// Waits for the running operation, if any, ignoring its outcome.
    public func waitForCompletion() async {
        _ = try? await inFlight?.value
    }
}

/// A `TokenProvider` over your own back end, which authenticates the app user and mints
/// short-lived Assinafy access tokens (so no refresh token ever lives on the device).
///
/// Tokens are cached until `refreshLeeway` seconds before `expiresAt`; `mint` runs once at a
/// time however many requests need a token. Errors from `mint` that are not one of the SDK's
/// types arrive as `AssinafySDKError` (`reason=token_provider_failed`) with the original as
/// `underlyingError`.
public actor BackendTokenProvider: TokenProvider {
    /// What `mint` returns: a token and, when known, when it expires.
    public struct MintedToken: Sendable {
        public var accessToken: String
        public var expiresAt: Date?
        public init(accessToken: String, expiresAt: Date?) {
            self.accessToken = accessToken
            self.expiresAt = expiresAt
        }
    }

    private let mint: @Sendable () async throws -> MintedToken
    private let refreshLeeway: TimeInterval
    private let now: @Sendable () -> Date
    private let flight = SingleFlight<MintedToken>()
    private var current: MintedToken?

    public init(
        refreshLeeway: TimeInterval = 30, now: @escaping @Sendable () -> Date = { Date() },
        mint: @escaping @Sendable () async throws -> MintedToken
    ) {
        self.mint = mint
        self.refreshLeeway = max(0, refreshLeeway.isFinite ? refreshLeeway : 0)
        self.now = now
    }

    public func accessToken(forceRefresh: Bool) async throws -> String {
        if !forceRefresh, let current, isFresh(current) { return current.accessToken }
        return try await flight.run { [self] in try await self.mintUnlessFresh(force: forceRefresh) }.accessToken
    }

    /// Runs inside the single flight and keeps the token before the flight ends, so a caller
    /// that arrives after it finds the token rather than starting a second mint. The check is
    /// repeated here because another mint may have finished between a caller's first look and
    /// its turn in the flight.
    private func mintUnlessFresh(force: Bool) async throws -> MintedToken {
        if !force, let current, isFresh(current) { return current }
        let token: MintedToken
        do {
            token = try await mint()
        } catch {
            throw OAuthErrors.sdkError(error, reason: .tokenProviderFailed)
        }
        guard OAuthInput.isSafeToken(token.accessToken) else {
            throw AssinafySDKError(
                "The token provider returned an empty or malformed token", reason: .tokenProviderFailed)
        }
        current = token
        return token
    }

    public func accessToken(replacingRejected rejected: String) async throws -> String {
        if let current, current.accessToken != rejected, isFresh(current) { return current.accessToken }
        return try await accessToken(forceRefresh: true)
    }

    private func isFresh(_ token: MintedToken) -> Bool {
        guard let expiresAt = token.expiresAt else { return true }
        return now() < expiresAt.addingTimeInterval(-refreshLeeway)
    }
}

/// Puts a token from a `TokenProvider` on every request that accepts a bearer scheme, and
/// repairs one 401.
///
/// On a 401 from the API's own origin it asks once for a replacement
/// (`accessToken(replacingRejected:)`, so concurrent 401s share one refresh) and sends the
/// request once more. A 401 means the request was refused before it did anything, so repeating
/// it once cannot perform a write twice. A 401 from another origin (a followed redirect) says
/// nothing about the token and is returned as it is. Requests that accept no bearer scheme
/// (signer and public operations) are passed on untouched.
public struct TokenRefreshMiddleware: APIMiddleware {
    public let provider: any TokenProvider

    public init(provider: any TokenProvider) { self.provider = provider }

    public func intercept(
        _ request: APIRequest, operation: String, next: @Sendable (APIRequest) async throws -> RawResponse
    ) async throws -> RawResponse {
        let schemes = request.security.flatMap(\.schemes).filter { $0.kind == .bearer }
        guard let scheme = schemes.first else { return try await next(request) }
        let token = try await providerToken { try await $0.accessToken(forceRefresh: false) }
        var authorized = request
        authorized.credentials[scheme.name] = .token(token)
        let response = try await next(authorized)
        guard response.statusCode == 401, !response.isFromOtherOrigin else { return response }
        let replacement = try await providerToken { try await $0.accessToken(replacingRejected: token) }
        // The provider has nothing newer: repeating the request would only get another 401.
        guard replacement != token else { return response }
        authorized.credentials[scheme.name] = .token(replacement)
        return try await next(authorized)
    }

    private func providerToken(_ body: (any TokenProvider) async throws -> String) async throws -> String {
        do {
            return try await body(provider)
        } catch {
            throw OAuthErrors.sdkError(error, reason: .tokenProviderFailed)
        }
    }
}

extension AssinafyClient {
    /// A client whose account operations carry a token from `tokenProvider` (an
    /// `OAuthSession`, a `BackendTokenProvider` or your own), refreshed as needed
    /// (`TokenRefreshMiddleware`). Any token or API key in `configuration` is ignored.
    public convenience init(
        tokenProvider: any TokenProvider, configuration: AssinafyClientConfiguration = AssinafyClientConfiguration(),
        httpTransport: any HTTPTransport = URLSessionHTTPTransport(), middlewares: [any APIMiddleware] = []
    ) {
        var base = configuration
        base.token = nil
        base.apiKey = nil
        self.init(
            context: ClientContext(
                configuration: base,
                client: AssinafyEngine.client(
                    configuration: base, transport: httpTransport, middlewares: middlewares,
                    tokenProvider: tokenProvider),
                engineParts: ClientContext.EngineParts(transport: httpTransport, middlewares: middlewares)))
    }

    /// A client that acts for the user connected through `session`.
    public convenience init(session: OAuthSession, configuration: AssinafyClientConfiguration) {
        let client = session.client(configuration: configuration)
        self.init(context: client.context)
    }
}

/// A value behind a lock, for the few places an actor would force needless `await`s.
final class OAuthLocked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

@usableFromInline enum OAuthErrors {
    /// `error` when it is already one the SDK may throw, else wrapped in `AssinafySDKError`.
    static func sdkError(_ error: any Error, reason: AssinafySDKError.Reason) -> any Error {
        if AssinafyErrorTranslation.isSDKError(error) { return error }
        return AssinafySDKError("The token could not be obtained", reason: reason, underlyingError: error)
    }

    @usableFromInline static func reconnectRequired(_ message: String, cause: String, underlying: (any Error)? = nil)
        -> AssinafySDKError
    {
        AssinafySDKError(
            "The user must connect again: \(message)", reason: .reconnectRequired, context: ["cause": cause],
            underlyingError: underlying)
    }
}

extension AssinafySDKError {
    /// True for the error `OAuthSession` throws when the connection cannot be continued and
    /// the user must go through the authorization flow again (`reason` is `.reconnectRequired`;
    /// `context["cause"]` says why).
    public var isReconnectRequired: Bool { reason == .reconnectRequired }
}
