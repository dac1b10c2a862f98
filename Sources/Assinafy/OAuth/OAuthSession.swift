import APIRuntime
import Foundation

/// Keeps one OAuth connection (one user, one workspace) usable: hands out a valid access
/// token, refreshes it ahead of expiry, and follows the rules that stop a rotating refresh
/// token from ever being replayed.
///
/// ```swift
/// let sessao = OAuthSession(client: client, clientId: clientId, store: KeychainTokenStore(...))
/// try await sessao.begin(with: token)                 // tokens from exchangeAuthorizationCode
/// let clienteDoUsuario = sessao.client(defaultAccountId: workspaceId)
/// ```
///
/// Rules, in the order they apply:
/// - **One refresh at a time.** Concurrent callers await the same refresh (`SingleFlight`);
///   a caller's cancellation does not abort it.
/// - **Always from the store.** A refresh starts by re-reading the store and sends the last
///   refresh token saved there; if the store holds newer tokens than this session has seen
///   (another instance refreshed), those are used and nothing is sent.
/// - **Persist before use.** New tokens are saved before any caller sees them. If saving
///   fails the call throws (`reason=token_store_failed`), the tokens stay in memory, and the
///   next call saves them before handing anything out — it never refreshes again with the
///   retired token still in the store.
/// - **Never resend after an unknown outcome.** A refresh that may have reached the server
///   (timeout, lost connection, 5xx, 3xx, cancellation, an unusable 2xx) may have rotated
///   the token. The session re-reads the store: if a *different* refresh token was saved
///   meanwhile it continues with those tokens; otherwise it throws reconnect-required,
///   remembers the token as never-to-be-sent-again, and removes it from the store (keeping
///   the access token for revocation), so no later launch can replay it either.
/// - **Retry only what never left.** `NetworkError`s with `mayHaveReachedServer == false`
///   (DNS, connect, TLS) are retried up to `maxPreSendRetries` times, then thrown as is.
/// - **`invalid_grant` ends the connection**: reconnect-required, and the store is cleared if it
///   still holds the rejected refresh token. If it holds a different one (another instance
///   rotated it meanwhile), the session continues with those tokens instead.
///
/// Reconnect-required is an `AssinafySDKError` whose `reason` is `.reconnectRequired`
/// (`isReconnectRequired`) and `context["cause"]` one of `no_tokens`, `no_refresh_token`,
/// `invalid_grant`, `refresh_outcome_unknown`. Other errors (a 4xx other than
/// `invalid_grant`, validation, pre-send network failures) are thrown unchanged and leave the
/// tokens as they were.
public actor OAuthSession: TokenProvider {
    public nonisolated let clientId: String
    public nonisolated let store: any TokenStore
    /// The resource indicator sent with refreshes (must match the authorization's, if any).
    public nonisolated let resource: String?
    /// Used by `connect(code:request:)` to verify the id_token; nil uses the default issuer's
    /// metadata. (id_tokens in refresh responses are dropped, never stored unverified.)
    public nonisolated let server: OAuthAuthorizationServerMetadata?
    /// Seconds before expiry at which the access token is refreshed proactively.
    public nonisolated let refreshLeeway: TimeInterval
    public nonisolated let maxPreSendRetries: Int
    /// The client that sends token requests (public operations: its credential is never sent).
    @usableFromInline nonisolated let tokenClient: AssinafyClient
    @usableFromInline let now: @Sendable () -> Date
    @usableFromInline let preSendRetryDelay: TimeInterval
    /// The refresh itself, set by the initialisers, which are compiled into the app: only an app
    /// that creates a session carries the refresh and recovery code, although the
    /// `TokenProvider` conformance is part of every app that links the SDK (issue 17).
    /// The methods compiled into the app are `final`: an actor's other methods are table entries,
    /// compiled into the module whether an app calls them or not.
    @usableFromInline let performRefresh: @Sendable (isolated OAuthSession) async throws -> OAuthToken

    @usableFromInline var current: OAuthToken?
    /// Tokens received but not yet saved; saved before anything else happens.
    @usableFromInline var unsaved: OAuthToken?
    /// SHA-256 (base64) of refresh tokens sent with an unknown outcome: never sent again. Strings,
    /// not `Data`: `Set<String>` code is in every app already, `Set<Data>` cost 16 KB (issue 17).
    @usableFromInline var retiredRefreshTokens: Set<String> = []
    @usableFromInline let refreshFlight = SingleFlight<OAuthToken>()

    /// - Parameters:
    ///   - client: sends the token requests (public operations: its own credential is never sent).
    ///     The clients `client(...)` returns share its HTTP transport and middlewares.
    @_alwaysEmitIntoClient
    public init(
        client: AssinafyClient, clientId: String, store: any TokenStore, resource: String? = nil,
        server: OAuthAuthorizationServerMetadata? = nil, refreshLeeway: TimeInterval = 60, maxPreSendRetries: Int = 2
    ) {
        self.init(
            client: client, clientId: clientId, store: store, resource: resource, server: server,
            refreshLeeway: refreshLeeway, maxPreSendRetries: maxPreSendRetries, now: { Date() },
            preSendRetryDelay: 0.25)
    }

    /// Every knob, for tests: the clock and the pre-send retry delay.
    @usableFromInline @_alwaysEmitIntoClient
    init(
        client: AssinafyClient, clientId: String, store: any TokenStore, resource: String?,
        server: OAuthAuthorizationServerMetadata?, refreshLeeway: TimeInterval, maxPreSendRetries: Int,
        now: @escaping @Sendable () -> Date, preSendRetryDelay: TimeInterval
    ) {
        self.init(
            client: client, clientId: clientId, store: store, resource: resource, server: server,
            refreshLeeway: refreshLeeway, maxPreSendRetries: maxPreSendRetries, now: now,
            preSendRetryDelay: preSendRetryDelay, performRefresh: { session in try await session.refreshFromStore() })
    }

    /// Stores what the initialisers above decide. Their closure is the only reference to the
    /// refresh code, and an actor's designated initialiser is always compiled into the module.
    @usableFromInline
    init(
        client: AssinafyClient, clientId: String, store: any TokenStore, resource: String?,
        server: OAuthAuthorizationServerMetadata?, refreshLeeway: TimeInterval, maxPreSendRetries: Int,
        now: @escaping @Sendable () -> Date, preSendRetryDelay: TimeInterval,
        performRefresh: @escaping @Sendable (isolated OAuthSession) async throws -> OAuthToken
    ) {
        tokenClient = client
        self.clientId = clientId
        self.store = store
        self.resource = resource
        self.server = server
        self.refreshLeeway = max(0, refreshLeeway.isFinite ? refreshLeeway : 0)
        self.maxPreSendRetries = max(0, maxPreSendRetries)
        self.now = now
        self.preSendRetryDelay = max(0, preSendRetryDelay)
        self.performRefresh = performRefresh
    }

    // MARK: - Starting and ending

    /// Makes `token` (from `exchangeAuthorizationCode`) the session's tokens, saving it first.
    @_alwaysEmitIntoClient
    public final func begin(with token: OAuthToken) async throws {
        await refreshFlight.waitForCompletion()
        unsaved = token
        try await flushUnsaved()
    }

    /// Exchanges the code from `OAuthCallback.validate(against:issuer:)` and begins the
    /// session with the result (verifying any id_token against `server` and the request's nonce).
    @discardableResult
    @_alwaysEmitIntoClient
    public final func connect(code: String, request: OAuthAuthorizationRequest) async throws -> OAuthToken {
        let token = try await tokenClient.oauth.exchangeAuthorizationCode(code: code, for: request, server: server)
        try await begin(with: token)
        return token
    }

    /// Revokes the last refresh token saved (or the access token when there is none) and
    /// deletes the stored tokens. The local tokens are deleted even if revocation fails; the
    /// revocation error is then rethrown.
    @_alwaysEmitIntoClient
    public final func signOut() async throws {
        await refreshFlight.waitForCompletion()
        var token = unsaved ?? current
        if token == nil { token = try? await store.load() }
        unsaved = nil
        current = nil
        try await deleteFromStore()
        guard let token else { return }
        let revoked = token.refreshToken ?? token.accessToken
        try await tokenClient.oauth.revoke(
            OAuthRevokePayload(
                token: revoked, clientId: clientId,
                tokenTypeHint: token.refreshToken == nil ? .accessToken : .refreshToken))
    }

    // MARK: - Tokens

    /// The tokens the session holds (saved), reading the store on first use; nil when none.
    @_alwaysEmitIntoClient
    public final func currentToken() async throws -> OAuthToken? {
        try await flushUnsaved()
        if current == nil { current = try await loadFromStore() }
        return current
    }

    public func accessToken(forceRefresh: Bool = false) async throws -> String {
        try await flushUnsaved()
        let token = try await tokenOrReconnect()
        if !forceRefresh && !token.isExpired(leeway: refreshLeeway, now: now()) { return token.accessToken }
        return try await refreshed().accessToken
    }

    public func accessToken(replacingRejected rejected: String) async throws -> String {
        try await flushUnsaved()
        let token = try await tokenOrReconnect()
        if token.accessToken != rejected && !token.isExpired(leeway: refreshLeeway, now: now()) {
            return token.accessToken
        }
        return try await refreshed().accessToken
    }

    /// Refreshes now (joining a refresh already running) and returns the saved tokens.
    @_alwaysEmitIntoClient @discardableResult
    public final func refresh() async throws -> OAuthToken {
        try await flushUnsaved()
        return try await refreshed()
    }

    /// A client acting for this connection: account operations carry the session's token,
    /// refreshed as needed, with one refresh-and-retry on a 401. The configuration defaults to
    /// the token client's (its credential is never used).
    public nonisolated func client(
        configuration: AssinafyClientConfiguration? = nil, defaultAccountId: String? = nil
    ) -> AssinafyClient {
        var base = configuration ?? tokenClient.configuration
        if let defaultAccountId { base.defaultAccountId = defaultAccountId }
        let parts = tokenClient.context.engineParts
        return AssinafyClient(
            tokenProvider: self, configuration: base, httpTransport: parts?.transport ?? URLSessionHTTPTransport(),
            middlewares: parts?.middlewares ?? [])
    }

    // MARK: - Refresh

    @usableFromInline func refreshed() async throws -> OAuthToken {
        try await refreshFlight.run { [self] in try await self.performRefresh(self) }
    }

    @usableFromInline @_alwaysEmitIntoClient
    final func refreshFromStore() async throws -> OAuthToken {
        try await flushUnsaved()
        // The store is the source of truth: another instance may have rotated the tokens.
        guard let stored = try await loadFromStore() else {
            current = nil
            throw OAuthErrors.reconnectRequired("no tokens are stored", cause: "no_tokens")
        }
        if let current, stored != current, stored.refreshToken != current.refreshToken,
            !stored.isExpired(leeway: refreshLeeway, now: now())
        {
            self.current = stored
            return stored
        }
        current = stored
        guard let refreshToken = stored.refreshToken else {
            throw OAuthErrors.reconnectRequired(
                "there is no refresh token (offline_access not granted, or a refresh outcome was unknown)",
                cause: "no_refresh_token")
        }
        guard !retiredRefreshTokens.contains(OAuthSession.digest(refreshToken)) else {
            throw OAuthErrors.reconnectRequired(
                "the stored refresh token was already sent once without a known outcome",
                cause: "refresh_outcome_unknown")
        }

        var attempt = 0
        let fresh: OAuthToken
        while true {
            do {
                fresh = try await tokenClient.oauth.refreshAccessToken(
                    .refreshToken(refreshToken, clientId: clientId, resource: resource), server: server,
                    verifyingIDToken: false)
                break
            } catch let error as NetworkError where !error.mayHaveReachedServer && attempt < maxPreSendRetries {
                // Proven not to have left this device: the token is untouched, so try again.
                attempt += 1
                try? await Task.sleep(nanoseconds: UInt64(preSendRetryDelay * Double(attempt) * 1_000_000_000))
            } catch {
                return try await recover(from: error, sent: refreshToken, stored: stored)
            }
        }
        unsaved = fresh
        try await flushUnsaved()
        log.info("OAuth tokens refreshed and saved", context: [SDKLogKey.attempts.rawValue: String(attempt + 1)])
        return fresh
    }

    /// Diagnostics only: operation outcomes and causes, never a token.
    @usableFromInline nonisolated var log: any ClientLogger { tokenClient.configuration.logger }

    /// Decides what a failed refresh means. Returns tokens only when another instance saved a
    /// different refresh token; otherwise throws.
    @usableFromInline @_alwaysEmitIntoClient
    final func recover(from error: any Error, sent: String, stored: OAuthToken) async throws -> OAuthToken {
        let kind = OAuthSession.classify(error)
        log.warn(
            "OAuth refresh failed",
            context: [
                SDKLogKey.outcome.rawValue: "\(kind)", LogKey.error.rawValue: String(describing: type(of: error)),
            ])
        switch kind {
        case .unchanged:
            throw error
        case .invalidGrant:
            retiredRefreshTokens.insert(OAuthSession.digest(sent))
            current = nil
            // Another instance sharing the store (app and extension, two workers) may have
            // rotated the token while this request was in flight: the server then rejects the
            // old one, but the store holds a valid successor that must not be thrown away.
            // Delete only what was rejected, comparing and deleting in one step where the store can.
            let after = try? await updateStore { $0?.refreshToken == sent ? .delete : .keep }
            if let after, let successor = usableSuccessor(after, sent: sent) {
                log.info("OAuth refresh token was rotated by another instance; using its tokens", context: [:])
                current = successor
                return successor
            }
            throw OAuthErrors.reconnectRequired(
                "the authorization server rejected the refresh token (invalid_grant)", cause: "invalid_grant",
                underlying: error)
        case .indeterminate:
            retiredRefreshTokens.insert(OAuthSession.digest(sent))
            let retired = retiredRefreshTokens
            // Keep the access token (it may still work until it expires, and can be revoked),
            // but make sure the refresh token is never read back and replayed, unless another
            // instance saved a different one meanwhile.
            var after = try? await updateStore { reloaded in
                if let reloaded, OAuthSession.isSuccessor(reloaded, sent: sent, retired: retired) { return .keep }
                return .save((reloaded ?? stored).withoutRefreshToken())
            }
            if let after, let successor = usableSuccessor(after, sent: sent) {
                current = successor
                return successor
            }
            if after == nil {
                // The store could not be read: still overwrite the spent refresh token.
                let remaining = stored.withoutRefreshToken()
                try? await store.save(remaining)
                after = remaining
            }
            current = after
            throw OAuthErrors.reconnectRequired(
                "the refresh may have reached the server and its answer was lost", cause: "refresh_outcome_unknown",
                underlying: error)
        }
    }

    /// `token` if it carries a refresh token other than `sent` that was never retired.
    @usableFromInline @_alwaysEmitIntoClient
    final func usableSuccessor(_ token: OAuthToken, sent: String) -> OAuthToken? {
        OAuthSession.isSuccessor(token, sent: sent, retired: retiredRefreshTokens) ? token : nil
    }

    @usableFromInline @_alwaysEmitIntoClient
    static func isSuccessor(_ token: OAuthToken, sent: String, retired: Set<String>) -> Bool {
        guard let other = token.refreshToken, other != sent else { return false }
        return !retired.contains(digest(other))
    }

    /// Reads the store, decides and writes: in one locked step with an `AtomicTokenStore`,
    /// otherwise as a load followed by the write. Returns what is stored afterwards.
    /// Not inlined: `recover` calls it twice, and each inlined copy of its three awaits cost ~8 KB.
    @inline(never) @usableFromInline @_alwaysEmitIntoClient
    final func updateStore(_ change: @Sendable (OAuthToken?) -> TokenStoreChange) async throws -> OAuthToken? {
        if let atomic = store as? any AtomicTokenStore { return try await atomic.update(change) }
        let stored = try await store.load()
        switch change(stored) {
        case .keep: return stored
        case .save(let token):
            try await store.save(token)
            return token
        case .delete:
            try await store.delete()
            return nil
        }
    }

    @usableFromInline enum FailureKind: Equatable {
        /// Nothing was consumed: surface the error, keep the tokens.
        case unchanged
        case invalidGrant
        /// The server may have rotated the refresh token.
        case indeterminate
    }

    @usableFromInline @_alwaysEmitIntoClient
    static func classify(_ error: any Error) -> FailureKind {
        switch error {
        case let error as NetworkError:
            return error.mayHaveReachedServer ? .indeterminate : .unchanged
        case let error as APIError:
            if error.oauthError?.code == "invalid_grant" { return .invalidGrant }
            // 4xx: the server answered and refused without processing the grant.
            return (400..<500).contains(error.statusCode) ? .unchanged : .indeterminate
        case is ValidationError:
            return .unchanged
        default:
            // CancellationError, an unusable 2xx (AssinafySDKError), anything unknown.
            return .indeterminate
        }
    }

    // MARK: - Store

    @usableFromInline func tokenOrReconnect() async throws -> OAuthToken {
        if let current { return current }
        guard let stored = try await loadFromStore() else {
            throw OAuthErrors.reconnectRequired("no tokens are stored", cause: "no_tokens")
        }
        current = stored
        return stored
    }

    @usableFromInline func flushUnsaved() async throws {
        guard let pending = unsaved else { return }
        do {
            try await store.save(pending)
        } catch {
            throw AssinafySDKError(
                "New tokens could not be saved; they are kept in memory and saved before next use",
                reason: .tokenStoreFailed, underlyingError: error)
        }
        if unsaved == pending { unsaved = nil }
        current = pending
    }

    @usableFromInline func loadFromStore() async throws -> OAuthToken? {
        do {
            return try await store.load()
        } catch {
            throw AssinafySDKError(
                "The stored tokens could not be read", reason: .tokenStoreFailed, underlyingError: error
            )
        }
    }

    @usableFromInline @_alwaysEmitIntoClient
    final func deleteFromStore() async throws {
        do {
            try await store.delete()
        } catch {
            throw AssinafySDKError(
                "The stored tokens could not be deleted", reason: .tokenStoreFailed,
                underlyingError: error)
        }
    }

    @usableFromInline @_alwaysEmitIntoClient
    static func digest(_ token: String) -> String {
        PortableCrypto.sha256(Data(token.utf8)).base64EncodedString()
    }
}
