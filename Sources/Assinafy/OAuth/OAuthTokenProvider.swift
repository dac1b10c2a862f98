import AssinafyRuntime
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
            throw OAuthErrors.sdkError(error, reason: "token_provider_failed")
        }
        guard OAuthInput.isSafeToken(token.accessToken) else {
            throw AssinafySDKError(
                "The token provider returned an empty or malformed token",
                context: ["reason": "token_provider_failed"])
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

/// An `HTTPClientProtocol` that sends account operations with a token from a `TokenProvider`.
///
/// For each request whose credential class is `.account` it asks the provider for the current
/// token; on a 401 it asks once for a replacement (`accessToken(replacingRejected:)`, so
/// concurrent 401s share one refresh) and retries the request once. A 401 means the request
/// was refused before it did anything, so repeating it once cannot perform a write twice.
/// Signer and public operations go out with no credential at all.
///
/// The runtime transport binds the bearer token to its configuration, so this keeps one inner
/// transport per token (built by `makeTransport` from a credential-less configuration plus
/// the token) and replaces it when the token changes; requests in flight keep theirs.
public final class TokenProvidingTransport: HTTPClientProtocol, Sendable {
    public let provider: any TokenProvider
    /// The configuration without any credential.
    public let configuration: AssinafyClientConfiguration
    private let makeTransport: @Sendable (AssinafyClientConfiguration) -> any HTTPClientProtocol
    private let publicTransport: any HTTPClientProtocol
    private let cached = OAuthLocked<(token: String, transport: any HTTPClientProtocol)?>(nil)

    public init(
        provider: any TokenProvider, configuration: AssinafyClientConfiguration,
        makeTransport: @escaping @Sendable (AssinafyClientConfiguration) -> any HTTPClientProtocol = {
            URLSessionTransport(configuration: $0)
        }
    ) {
        var base = configuration
        base.token = nil
        base.apiKey = nil
        self.provider = provider
        self.configuration = base
        self.makeTransport = makeTransport
        publicTransport = makeTransport(base)
    }

    public func send(_ request: APIRequest) async throws -> HTTPResponse {
        guard request.credential == .account else { return try await publicTransport.send(request) }
        let token = try await providerToken { try await $0.accessToken(forceRefresh: false) }
        do {
            return try await transport(for: token).send(request)
        } catch let error as APIError where error.statusCode == 401 {
            let replacement = try await providerToken { try await $0.accessToken(replacingRejected: token) }
            // The provider has nothing newer: repeating the request would only get another 401.
            guard replacement != token else { throw error }
            return try await transport(for: replacement).send(request)
        }
    }

    private func providerToken(_ body: (any TokenProvider) async throws -> String) async throws -> String {
        do {
            return try await body(provider)
        } catch {
            throw OAuthErrors.sdkError(error, reason: "token_provider_failed")
        }
    }

    private func transport(for token: String) -> any HTTPClientProtocol {
        cached.withLock { entry in
            if let entry, entry.token == token { return entry.transport }
            var configuration = self.configuration
            configuration.token = token
            let transport = makeTransport(configuration)
            entry = (token, transport)
            return transport
        }
    }
}

extension AssinafyClient {
    /// A client whose account operations carry a token from `tokenProvider` (an
    /// `OAuthSession`, a `BackendTokenProvider` or your own), refreshed as needed. Any token or
    /// API key in `configuration` is ignored.
    public convenience init(
        tokenProvider: any TokenProvider, configuration: AssinafyClientConfiguration = AssinafyClientConfiguration(),
        makeTransport: @escaping @Sendable (AssinafyClientConfiguration) -> any HTTPClientProtocol = {
            URLSessionTransport(configuration: $0)
        }
    ) {
        let transport = TokenProvidingTransport(
            provider: tokenProvider, configuration: configuration, makeTransport: makeTransport)
        self.init(configuration: transport.configuration, transport: transport)
    }

    /// A client that acts for the user connected through `session`.
    public convenience init(session: OAuthSession, configuration: AssinafyClientConfiguration) {
        self.init(tokenProvider: session, configuration: configuration, makeTransport: session.makeTransport)
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

enum OAuthErrors {
    /// `error` when it is already one the SDK may throw, else wrapped in `AssinafySDKError`.
    static func sdkError(_ error: any Error, reason: String) -> any Error {
        switch error {
        case is APIError, is ValidationError, is NetworkError, is AssinafySDKError, is CancellationError: return error
        default:
            return AssinafySDKError(
                "The token could not be obtained", context: ["reason": reason], underlyingError: error)
        }
    }

    static func reconnectRequired(_ message: String, cause: String, underlying: (any Error)? = nil)
        -> AssinafySDKError
    {
        AssinafySDKError(
            "The user must connect again: \(message)", context: ["reason": "reconnect_required", "cause": cause],
            underlyingError: underlying)
    }
}

extension AssinafySDKError {
    /// True for the error `OAuthSession` throws when the connection cannot be continued and
    /// the user must go through the authorization flow again (`context["reason"]` is
    /// `reconnect_required`; `context["cause"]` says why).
    public var isReconnectRequired: Bool { context["reason"] == "reconnect_required" }
}
