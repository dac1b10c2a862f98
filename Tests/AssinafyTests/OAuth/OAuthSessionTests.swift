import APIRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@testable import Assinafy

/// A store that records every call in a shared log, can be told to fail saves, and can be
/// written to directly (as another process or app extension would).
final class RecordingTokenStore: TokenStore, @unchecked Sendable {
    private let lock = NSLock()
    private var token: OAuthToken?
    private var log: [String] = []
    private var failingSaves = 0

    init(_ token: OAuthToken? = nil) { self.token = token }

    func note(_ event: String) { lock.withLock { log.append(event) } }
    var events: [String] { lock.withLock { log } }
    var stored: OAuthToken? { lock.withLock { token } }
    func failNextSaves(_ count: Int) { lock.withLock { failingSaves = count } }
    /// A write that bypasses the session, like another process refreshing the same connection.
    func externalWrite(_ new: OAuthToken) { lock.withLock { token = new } }

    func save(_ new: OAuthToken) throws {
        try lock.withLock {
            if failingSaves > 0 {
                failingSaves -= 1
                log.append("save-failed")
                throw CocoaError(.fileWriteNoPermission)
            }
            log.append("save:\(new.refreshToken ?? "-"):\(new.accessToken)")
            token = new
        }
    }
    func load() throws -> OAuthToken? { lock.withLock { log.append("load"); return token } }
    func delete() throws { lock.withLock { log.append("delete"); token = nil } }
}

/// The session's own token requests go to `tokens`, everything its clients send to `api`, and
/// each API request's bearer token (or "none") is noted in `seen`. Installed both as the token
/// client's middleware (which the session's clients inherit) and as its transport.
struct SplitStubs: APIMiddleware, HTTPTransport {
    static let tokenOperations: Set<String> = ["exchangeOAuthToken", "revokeOAuthToken"]
    let tokens: StubTransport
    let api: StubTransport
    let seen: RecordingTokenStore

    func intercept(
        _ request: APIRequest, operation: String, next: @Sendable (APIRequest) async throws -> RawResponse
    ) async throws -> RawResponse {
        if Self.tokenOperations.contains(operation) {
            return try await tokens.recorder.intercept(request, operation: operation, next: next)
        }
        var token = "none"
        if case .token(let value)? = request.credentials[SecurityScheme.bearerAuth.name] { token = value }
        seen.note("api:\(operation):\(token)")
        return try await api.recorder.intercept(request, operation: operation, next: next)
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let operation = StubTransport.current?.operationName ?? ""
        return try await (Self.tokenOperations.contains(operation) ? tokens : api).send(request)
    }
}

/// Keeps every log line, to check that no token ever reaches a logger.
final class RecordingLogger: ClientLogger, @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var all: [String] { lock.withLock { lines } }
    private func add(_ message: String, _ context: [String: String]) {
        lock.withLock { lines.append(message + " " + context.sorted { $0.key < $1.key }.description) }
    }
    func debug(_ message: String, context: [String: String]) { add(message, context) }
    func info(_ message: String, context: [String: String]) { add(message, context) }
    func warn(_ message: String, context: [String: String]) { add(message, context) }
    func error(_ message: String, context: [String: String]) { add(message, context) }
}

@Suite("OAuth session (stub transport)")
struct OAuthSessionTests {
    static let base = URL(string: "https://api.example.test/v1") ?? AssinafyClientConfiguration.productionBaseURL

    static func token(_ n: Int, expiresIn: Int = 3600, age: TimeInterval = 0, refresh: Bool = true) -> OAuthToken {
        OAuthToken(
            accessToken: "at-\(n)", expiresIn: expiresIn, refreshToken: refresh ? "rt-\(n)" : nil, scope: [.documentsRead],
            issuedAt: Date().addingTimeInterval(-age))
    }
    static let expired = token(1, expiresIn: 3600, age: 3590)

    static func refreshJSON(_ n: Int) -> String {
        #"{"access_token": "at-\#(n)", "token_type": "Bearer", "expires_in": 3600, "refresh_token": "rt-\#(n)", "scope": "documents:read"}"#
    }

    func session(
        _ stub: StubTransport, _ store: RecordingTokenStore, api: StubTransport? = nil, logger: any ClientLogger = NoopLogger()
    ) -> OAuthSession {
        let configuration = AssinafyClientConfiguration(token: nil, apiKey: nil, baseURL: Self.base, logger: logger)
        let client: AssinafyClient
        if let api {
            let split = SplitStubs(tokens: stub, api: api, seen: store)
            client = AssinafyClient(configuration: configuration, httpTransport: split, middlewares: [split])
        } else {
            client = AssinafyClient(configuration: configuration, httpTransport: stub, middlewares: [stub.recorder])
        }
        return OAuthSession(
            client: client, clientId: "client-1", store: store, resource: nil, server: nil, refreshLeeway: 60,
            maxPreSendRetries: 2, now: { Date() }, preSendRetryDelay: 0)
    }

    func refreshTokensSent(_ stub: StubTransport) -> [String] {
        stub.requests.compactMap { request -> String? in
            guard case .form(let items)? = request.body else { return nil }
            return items.first { $0.name == "refresh_token" }?.value
        }
    }

    func cause(_ body: () async throws -> Any) async -> String? {
        do {
            _ = try await body()
            return nil
        } catch let error as AssinafySDKError where error.isReconnectRequired {
            return error.context["cause"]
        } catch {
            return "other: \(error)"
        }
    }

    @Test func validTokenIsHandedOutWithoutARequest() async throws {
        let stub = StubTransport()
        let store = RecordingTokenStore(Self.token(1))
        #expect(try await session(stub, store).accessToken() == "at-1")
        #expect(stub.requests.isEmpty)
    }

    @Test func refreshesAheadOfExpiryAndPersistsBeforeReturning() async throws {
        let stub = StubTransport()
        let store = RecordingTokenStore(Self.expired)
        stub.enqueue { _ in
            store.note("network")
            return RawResponse(statusCode: 200, body: Data(Self.refreshJSON(2).utf8))
        }
        let access = try await session(stub, store).accessToken()
        store.note("returned:\(access)")
        #expect(access == "at-2")
        #expect(refreshTokensSent(stub) == ["rt-1"])
        #expect(store.events.suffix(3) == ["network", "save:rt-2:at-2", "returned:at-2"])
        #expect(store.stored?.refreshToken == "rt-2")
    }

    @Test func aFailedSaveNeverHandsOutUnsavedTokensNorRefreshesAgain() async throws {
        let stub = StubTransport()
        let store = RecordingTokenStore(Self.expired)
        stub.enqueueJSON(Self.refreshJSON(2))
        let oauth = session(stub, store)
        store.failNextSaves(1)
        do {
            _ = try await oauth.accessToken()
            Issue.record("expected the store failure")
        } catch let error as AssinafySDKError {
            #expect(error.context["reason"] == "token_store_failed")
        }
        #expect(store.stored?.refreshToken == "rt-1")
        // Next call: the tokens kept in memory are saved first, and no second refresh happens.
        #expect(try await oauth.accessToken() == "at-2")
        #expect(store.stored?.refreshToken == "rt-2")
        #expect(stub.requests.count == 1)
    }

    @Test func failuresBeforeSendingAreRetried() async throws {
        let stub = StubTransport()
        let store = RecordingTokenStore(Self.expired)
        for _ in 0..<2 {
            stub.enqueue { _ in throw NetworkError(message: "DNS", underlyingError: URLError(.cannotFindHost), mayHaveReachedServer: false) }
        }
        stub.enqueueJSON(Self.refreshJSON(2))
        #expect(try await session(stub, store).accessToken() == "at-2")
        #expect(refreshTokensSent(stub) == ["rt-1", "rt-1", "rt-1"])
    }

    @Test func exhaustedPreSendRetriesLeaveTheTokenUsable() async throws {
        let stub = StubTransport()
        let store = RecordingTokenStore(Self.expired)
        for _ in 0..<3 {
            stub.enqueue { _ in
                throw NetworkError(message: "refused", underlyingError: URLError(.cannotConnectToHost), mayHaveReachedServer: false)
            }
        }
        let oauth = session(stub, store)
        await #expect(throws: NetworkError.self) { try await oauth.accessToken() }
        #expect(store.stored == Self.expired)
        stub.enqueueJSON(Self.refreshJSON(2))
        #expect(try await oauth.accessToken() == "at-2")
        #expect(refreshTokensSent(stub) == ["rt-1", "rt-1", "rt-1", "rt-1"])
    }

    static let indeterminate: [@Sendable (APIRequest) throws -> RawResponse] = [
        { _ in throw NetworkError(message: "timeout", underlyingError: URLError(.timedOut), mayHaveReachedServer: true) },
        { _ in throw NetworkError(message: "lost", underlyingError: URLError(.networkConnectionLost), mayHaveReachedServer: true) },
        { _ in RawResponse(statusCode: 502, body: Data(#"{"status": 502, "message": "bad gateway"}"#.utf8)) },
        { _ in RawResponse(statusCode: 302, headers: ["Location": "https://elsewhere.example/token"]) },
        { _ in throw CancellationError() },
        { _ in RawResponse(statusCode: 200, body: Data(#"{"access_token": "at-2", "token_type": "Bearer"}"#.utf8)) },
        { _ in RawResponse(statusCode: 200, body: Data("<html>".utf8)) },
    ]

    @Test(arguments: 0..<7)
    func anIndeterminateFailureNeverResendsTheRefreshToken(scenario: Int) async throws {
        let stub = StubTransport()
        let store = RecordingTokenStore(Self.expired)
        stub.enqueue(Self.indeterminate[scenario])
        stub.setFallback { _ in RawResponse(statusCode: 200, body: Data(Self.refreshJSON(9).utf8)) }
        let oauth = session(stub, store)
        #expect(await cause { try await oauth.accessToken() } == "refresh_outcome_unknown")
        // The retired refresh token is gone from the store, so no later launch replays it either.
        #expect(store.stored?.refreshToken == nil && store.stored?.accessToken == "at-1")
        #expect(await cause { try await oauth.accessToken() } == "no_refresh_token")
        #expect(await cause { try await oauth.accessToken(forceRefresh: true) } == "no_refresh_token")
        // A fresh session over the same store cannot replay it either.
        #expect(await cause { try await session(stub, store).accessToken() } == "no_refresh_token")
        #expect(refreshTokensSent(stub) == ["rt-1"])
    }

    @Test func logsCarryOutcomesButNeverTokens() async throws {
        let stub = StubTransport()
        let store = RecordingTokenStore(Self.expired)
        let logger = RecordingLogger()
        stub.enqueueJSON(Self.refreshJSON(2))
        stub.enqueue { _ in throw NetworkError(message: "lost", underlyingError: URLError(.networkConnectionLost), mayHaveReachedServer: true) }
        let oauth = session(stub, store, logger: logger)
        _ = try await oauth.accessToken()
        _ = await cause { try await oauth.accessToken(forceRefresh: true) }
        // The session's own lines (the engine logs each request too, on the same logger).
        let session = logger.all.filter { $0.hasPrefix("OAuth") }
        #expect(session.count == 2, "\(logger.all)")
        #expect(logger.all.allSatisfy { !$0.contains("rt-") && !$0.contains("at-") })
        #expect(session.last?.contains("indeterminate") == true)
    }

    @Test func aDifferentTokenSavedMeanwhileIsUsed() async throws {
        let stub = StubTransport()
        let store = RecordingTokenStore(Self.expired)
        stub.enqueue { _ in
            store.externalWrite(Self.token(7))
            throw NetworkError(message: "lost", underlyingError: URLError(.networkConnectionLost), mayHaveReachedServer: true)
        }
        #expect(try await session(stub, store).accessToken() == "at-7")
        #expect(refreshTokensSent(stub) == ["rt-1"])
    }

    @Test func tokensRotatedElsewhereAreAdoptedWithoutARequest() async throws {
        let stub = StubTransport()
        let store = RecordingTokenStore(Self.token(1))
        let oauth = session(stub, store)
        #expect(try await oauth.accessToken() == "at-1")
        store.externalWrite(Self.token(5))
        #expect(try await oauth.accessToken(replacingRejected: "at-1") == "at-5")
        #expect(stub.requests.isEmpty)
    }

    @Test func invalidGrantEndsTheConnectionAndClearsTheStore() async throws {
        let stub = StubTransport()
        let store = RecordingTokenStore(Self.expired)
        stub.enqueueJSON(#"{"error": "invalid_grant", "error_description": "reused"}"#, status: 400)
        let oauth = session(stub, store)
        #expect(await cause { try await oauth.accessToken() } == "invalid_grant")
        #expect(store.stored == nil)
        #expect(await cause { try await oauth.accessToken() } == "no_tokens")
        #expect(stub.requests.count == 1)
    }

    /// Two sessions over one store: B sends rt-1, A rotates it to rt-2 and saves while B's request
    /// is in flight, then the server answers B `invalid_grant` (rt-1 is spent). B must keep
    /// (and use) A's tokens instead of deleting them.
    @Test func invalidGrantAfterAnotherInstanceRotatedKeepsItsTokens() async throws {
        let store = RecordingTokenStore(Self.expired)
        let stubA = StubTransport()
        stubA.enqueueJSON(Self.refreshJSON(2))
        let stubB = StubTransport()
        stubB.enqueueJSON(#"{"error": "invalid_grant", "error_description": "rotated"}"#, status: 400)
        let gate = Gate()
        let sessionA = session(stubA, store)
        let clientB = AssinafyClient(
            configuration: AssinafyClientConfiguration(token: nil, apiKey: nil, baseURL: Self.base),
            httpTransport: GatedTransport(gate: gate, stub: stubB), middlewares: [stubB.recorder])
        let sessionB = OAuthSession(
            client: clientB, clientId: "client-1", store: store, resource: nil, server: nil, refreshLeeway: 60,
            maxPreSendRetries: 0, now: { Date() }, preSendRetryDelay: 0)
        let refreshB = Task { try await sessionB.accessToken() }
        await gate.waitForArrival()
        #expect(try await sessionA.accessToken() == "at-2")
        await gate.open()
        #expect(try await refreshB.value == "at-2")
        #expect(store.stored?.refreshToken == "rt-2")
        #expect(!store.events.contains("delete"))
        #expect(refreshTokensSent(stubA) == ["rt-1"] && refreshTokensSent(stubB) == ["rt-1"])
        // B goes on with A's tokens and never sends the rejected one again.
        #expect(try await sessionB.currentToken()?.refreshToken == "rt-2")
    }

    /// The same race over a `FileTokenStore`: the compare-and-delete is one locked step.
    @Test func invalidGrantAfterARotationKeepsAFileStoresTokens() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oauth-race-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileTokenStore(fileURL: directory.appendingPathComponent("tokens.json"))
        try store.save(Self.expired)
        let stub = StubTransport()
        stub.enqueueJSON(#"{"error": "invalid_grant"}"#, status: 400)
        let gate = Gate()
        let client = AssinafyClient(
            configuration: AssinafyClientConfiguration(token: nil, apiKey: nil, baseURL: Self.base),
            httpTransport: GatedTransport(gate: gate, stub: stub), middlewares: [stub.recorder])
        let oauth = OAuthSession(
            client: client, clientId: "client-1", store: store, resource: nil, server: nil, refreshLeeway: 60,
            maxPreSendRetries: 0, now: { Date() }, preSendRetryDelay: 0)
        let refresh = Task { try await oauth.accessToken() }
        await gate.waitForArrival()
        let rotated = Self.token(2)
        try store.save(rotated)  // another process rotated the token meanwhile
        await gate.open()
        #expect(try await refresh.value == "at-2")
        #expect(try store.load() == rotated)
        // Once the stored token is the rejected one, invalid_grant does clear the file.
        stub.enqueueJSON(#"{"error": "invalid_grant"}"#, status: 400)
        await gate.open()
        #expect(await cause { try await oauth.refresh() } == "invalid_grant")
        #expect(try store.load() == nil)
    }

    /// Holds a request until the test opens the gate.
    actor Gate {
        private var arrived = false
        private var arrivalWaiters: [CheckedContinuation<Void, Never>] = []
        private var isOpen = false
        private var openWaiters: [CheckedContinuation<Void, Never>] = []

        func arrive() async {
            arrived = true
            arrivalWaiters.forEach { $0.resume() }
            arrivalWaiters = []
            if !isOpen { await withCheckedContinuation { openWaiters.append($0) } }
        }
        func waitForArrival() async {
            if !arrived { await withCheckedContinuation { arrivalWaiters.append($0) } }
        }
        func open() {
            isOpen = true
            openWaiters.forEach { $0.resume() }
            openWaiters = []
        }
    }

    struct GatedTransport: HTTPTransport {
        let gate: Gate
        let stub: StubTransport
        func send(_ request: TransportRequest) async throws -> TransportResponse {
            await gate.arrive()
            return try await stub.send(request)
        }
    }

    @Test func otherOAuthErrorsAreThrownAndKeepTheToken() async throws {
        let stub = StubTransport()
        let store = RecordingTokenStore(Self.expired)
        stub.enqueueJSON(#"{"error": "invalid_client"}"#, status: 401)
        let oauth = session(stub, store)
        do {
            _ = try await oauth.accessToken()
            Issue.record("expected invalid_client")
        } catch let error as APIError {
            #expect(error.oauthError?.code == "invalid_client")
        }
        #expect(store.stored == Self.expired)
        stub.enqueueJSON(Self.refreshJSON(2))
        #expect(try await oauth.accessToken() == "at-2")
    }

    @Test func missingTokensRequireReconnecting() async {
        let stub = StubTransport()
        #expect(await cause { try await session(stub, RecordingTokenStore()).accessToken() } == "no_tokens")
        let noRefresh = RecordingTokenStore(Self.token(1, age: 3590, refresh: false))
        #expect(await cause { try await session(stub, noRefresh).accessToken() } == "no_refresh_token")
        #expect(stub.requests.isEmpty)
    }

    // MARK: - Client built on the session

    @Test func sessionClientRefreshesOnceOn401AndRetriesOnce() async throws {
        let tokens = StubTransport()
        let api = StubTransport()
        let store = RecordingTokenStore(Self.token(1))
        let oauth = session(tokens, store, api: api)
        tokens.enqueueJSON(Self.refreshJSON(2))
        api.enqueueJSON(#"{"status": 401, "message": "expired"}"#, status: 401)
        api.enqueueJSON(#"{"sub": "u-1"}"#)
        let claims = try await oauth.client().oauth.userInfo()
        #expect(claims.sub == "u-1")
        #expect(store.events.filter { $0.hasPrefix("api:") } == ["api:getOAuthUserInfo:at-1", "api:getOAuthUserInfo:at-2"])
        #expect(tokens.requests.count == 1)

        // A second 401 with the fresh token is surfaced, not looped on.
        tokens.enqueueJSON(Self.refreshJSON(3))
        api.enqueueJSON(#"{"status": 401, "message": "revoked"}"#, status: 401)
        api.enqueueJSON(#"{"status": 401, "message": "revoked"}"#, status: 401)
        await #expect(throws: APIError.self) { try await oauth.client().oauth.userInfo() }
        #expect(api.requests.count == 4 && tokens.requests.count == 2)
    }

    @Test func sessionClientSendsNoTokenToPublicOperationsAndDoesNotRetry403() async throws {
        let tokens = StubTransport()
        let api = StubTransport()
        let store = RecordingTokenStore(Self.token(1))
        let client = session(tokens, store, api: api).client(defaultAccountId: "ws-1")
        #expect(client.configuration.token == nil && client.configuration.defaultAccountId == "ws-1")
        api.enqueueJSON(#"{"resource": "https://api.example.test", "authorization_servers": ["https://a.example"]}"#)
        _ = try await client.oauth.protectedResourceMetadata()
        api.enqueueJSON(
            #"{"status": 403, "message": "scope"}"#, status: 403,
            headers: ["WWW-Authenticate": #"Bearer error="insufficient_scope", scope="openid""#])
        do {
            _ = try await client.oauth.userInfo()
            Issue.record("expected 403")
        } catch let error as APIError {
            #expect(error.insufficientScope == "openid")
        }
        #expect(
            store.events.filter { $0.hasPrefix("api:") } == [
                "api:getProtectedResourceMetadata:none", "api:getOAuthUserInfo:at-1",
            ])
        #expect(tokens.requests.isEmpty)
    }

    @Test func signOutRevokesTheLatestRefreshTokenAndDeletes() async throws {
        let stub = StubTransport()
        let store = RecordingTokenStore(Self.token(4))
        stub.enqueue { _ in RawResponse(statusCode: 200) }
        try await session(stub, store).signOut()
        guard case .form(let items)? = stub.requests.first?.body else {
            Issue.record("no revocation form")
            return
        }
        #expect(items.first { $0.name == "token" }?.value == "rt-4")
        #expect(store.stored == nil)
    }

    // MARK: - Backend-minted tokens

    /// Callers staggered across the moment a mint completes: one that looked before the token
    /// was kept and reached the flight after it ended must still not mint again. (Keeping the
    /// token only after the flight had ended let a few rounds in a thousand mint twice.)
    @Test func backendProviderCallersArrivingAsAMintEndsReuseItsToken() async throws {
        final class Mints: @unchecked Sendable {
            private let lock = NSLock()
            private var count = 0
            func next() -> Int { lock.withLock { count += 1; return count } }
            var total: Int { lock.withLock { count } }
        }
        var roundsWithASecondMint = 0
        for round in 0..<1500 {
            let mints = Mints()
            let provider = BackendTokenProvider { () async throws -> BackendTokenProvider.MintedToken in
                let number = mints.next()
                try await Task.sleep(nanoseconds: 200_000)
                return .init(accessToken: "minted-\(number)", expiresAt: Date().addingTimeInterval(600))
            }
            let tokens = try await withThrowingTaskGroup(of: String.self) { group in
                for caller in 0..<40 {
                    group.addTask {
                        try await Task.sleep(nanoseconds: UInt64(caller) * UInt64(5_000 + round % 3 * 5_000))
                        return try await provider.accessToken(forceRefresh: false)
                    }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(tokens == ["minted-1"])
            if mints.total > 1 { roundsWithASecondMint += 1 }
        }
        #expect(roundsWithASecondMint == 0)
    }

    @Test func backendProviderMintsOnceForConcurrentCallers() async throws {
        let counter = RecordingTokenStore()
        let provider = BackendTokenProvider { () async throws -> BackendTokenProvider.MintedToken in
            counter.note("mint")
            try await Task.sleep(nanoseconds: 50_000_000)
            return .init(accessToken: "minted-\(counter.events.count)", expiresAt: Date().addingTimeInterval(600))
        }
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { try await provider.accessToken(forceRefresh: false) } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(results) == ["minted-1"] && counter.events.count == 1)
        #expect(try await provider.accessToken(replacingRejected: "stale") == "minted-1")
        #expect(try await provider.accessToken(replacingRejected: "minted-1") == "minted-2")

        struct Boom: Error {}
        let failing = BackendTokenProvider { throw Boom() }
        do {
            _ = try await failing.accessToken(forceRefresh: false)
            Issue.record("expected a failure")
        } catch let error as AssinafySDKError {
            #expect(error.context["reason"] == "token_provider_failed" && error.underlyingError is Boom)
        }
    }
}
