import AssinafyTestSupport
import APIRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@testable import Assinafy

// Spawns children with Foundation's `Process`, which iOS, tvOS, watchOS and visionOS lack (the
// same platform test as ReferenceTool's): compiled for macOS and Linux only.
#if !(os(iOS) || os(tvOS) || os(watchOS) || os(visionOS))
/// Tests/TestServer/oauth_server.py, started once per test process and stopped when the
/// process exits (its stdin closes). Loopback only: API on 127.0.0.1, authorization server on
/// 127.0.0.2, so every discovery request crosses origins for real.
final class OAuthTestServer: @unchecked Sendable {
    struct Ports: Decodable {
        let api: Int
        let auth: Int
    }

    static let shared: Result<OAuthTestServer, ReferenceTool.Failure> = {
        do { return .success(try OAuthTestServer()) } catch {
            return .failure(ReferenceTool.Failure(description: "cannot start oauth_server.py: \(error)"))
        }
    }()

    let ports: Ports
    private let process = Process()
    private let input = Pipe()

    private init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("TestServer/oauth_server.py")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw ReferenceTool.Failure(description: "server exited before printing its ports") }
            line.append(chunk)
        }
        ports = try JSONDecoder().decode(Ports.self, from: line)
    }

    var api: String { "http://127.0.0.1:\(ports.api)" }
    var baseURL: URL { URL(string: api + "/v1") ?? AssinafyClientConfiguration.productionBaseURL }

    /// Registers a client with its own state; returns its issuer.
    @discardableResult
    func register(_ clientId: String, _ options: String = "") async throws -> String {
        let json = try await control("client", body: #"{"client_id": "\#(clientId)"\#(options.isEmpty ? "" : ", " + options)}"#)
        return json["issuer"]?.stringValue ?? ""
    }

    func options(_ clientId: String, _ options: String) async throws {
        _ = try await control("options", body: #"{"client_id": "\#(clientId)", \#(options)}"#)
    }

    /// Tokens issued directly (as if a code flow had happened), already received `age` seconds ago.
    func seed(_ clientId: String, scope: String) async throws -> OAuthToken {
        let data = try await raw("seed", body: #"{"client_id": "\#(clientId)", "scope": "\#(scope)"}"#)
        let response = try JSONCoding.decode(ExchangeOAuthTokenResponse.self, from: data)
        return try OAuthToken.from(response, receivedAt: Date(), operation: "seed")
    }

    func invalidateAccessTokens(_ clientId: String) async throws {
        _ = try await control("invalidate_access", body: #"{"client_id": "\#(clientId)"}"#)
    }

    func stats(_ clientId: String) async throws -> JSONValue {
        try JSONCoding.decode(JSONValue.self, from: try await raw("stats?client_id=\(clientId)", body: nil))
    }

    func global() async throws -> JSONValue {
        try JSONCoding.decode(JSONValue.self, from: try await raw("global", body: nil))
    }

    private func control(_ route: String, body: String) async throws -> JSONValue {
        try JSONCoding.decode(JSONValue.self, from: try await raw(route, body: body))
    }

    private func raw(_ route: String, body: String?) async throws -> Data {
        guard let url = URL(string: api + "/_control/" + route) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        if let body {
            request.httpMethod = "POST"
            request.httpBody = Data(body.utf8)
        }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, _) = try await session.data(for: request)
        return data
    }

    /// Opens the authorization URL like a browser would, and returns where the server
    /// redirects (the app's callback URL) without following it.
    func authorize(_ url: URL) async throws -> URL {
        let session = URLSession(configuration: .ephemeral, delegate: RefuseRedirects(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let (_, response) = try await session.data(from: url)
        guard let http = response as? HTTPURLResponse, http.statusCode == 302,
            let location = http.value(forHTTPHeaderField: "Location"), let target = URL(string: location)
        else { throw ReferenceTool.Failure(description: "authorize did not redirect") }
        return target
    }
}

final class RefuseRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) { completionHandler(nil) }
}

@Suite(
    "OAuth against a local authorization server", .serialized,
    .enabled(if: ReferenceTool.hasPython3, "python3 is not installed"))
struct OAuthServerTests {
    let server: OAuthTestServer

    init() throws { server = try OAuthTestServer.shared.get() }

    static let redirect = "https://app.exemplo.invalid/oauth/callback"

    func uniqueClient(_ prefix: String) -> String { "\(prefix)-\(UUID().uuidString.prefix(8))" }

    /// A client with an API bearer token configured: it must never reach the token endpoint or
    /// the authorization server.
    func client(base: URL? = nil) -> AssinafyClient {
        AssinafyClient(
            configuration: AssinafyClientConfiguration(
                token: "api-secret-token", apiKey: nil, baseURL: base ?? server.baseURL, timeout: 5,
                allowsInsecureLoopback: true))
    }

    func session(_ clientId: String, store: any TokenStore, tokenClient: AssinafyClient? = nil) -> OAuthSession {
        OAuthSession(
            client: tokenClient ?? client(), clientId: clientId, store: store, resource: nil, server: nil,
            refreshLeeway: 60, maxPreSendRetries: 2, now: { Date() }, preSendRetryDelay: 0.05)
    }

    func int(_ stats: JSONValue, _ key: String) -> Int { Int(stats[key]?.intValue ?? -1) }

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

    /// Seeds tokens whose access token is already expired, then makes later ones last an hour.
    func expiredSession(_ clientId: String, options: String = "", scope: String = "documents:read offline_access")
        async throws -> (OAuthSession, InMemoryTokenStore, OAuthToken)
    {
        try await server.register(clientId, #""access_ttl": 0"# + (options.isEmpty ? "" : ", " + options))
        let seeded = try await server.seed(clientId, scope: scope)
        try await server.options(clientId, #""access_ttl": 3600"#)
        let store = InMemoryTokenStore(seeded)
        return (session(clientId, store: store), store, seeded)
    }

    // MARK: - Discovery and the code flow

    @Test func discoveryCrossesOriginsWithoutCredentials() async throws {
        let oauth = client().oauth
        let recurso = try await oauth.protectedResourceMetadata()
        #expect(recurso.resource == server.api)
        let issuer = recurso.authorizationServers[0]
        #expect(issuer.hasPrefix("http://127.0.0.2:") && issuer.hasSuffix("/t/discovery"))
        let servidor = try await oauth.authorizationServerMetadata(issuer: issuer)
        #expect(servidor.issuer == issuer)
        #expect(servidor.authorizationEndpoint.absoluteString == issuer + "/authorize")
        #expect(servidor.codeChallengeMethodsSupported == ["S256"])

        let wrong = uniqueClient("wrong-issuer")
        let wrongIssuer = try await server.register(wrong, #""metadata_wrong_issuer": true"#)
        do {
            _ = try await oauth.authorizationServerMetadata(issuer: wrongIssuer)
            Issue.record("expected issuer_mismatch")
        } catch let error as AssinafySDKError {
            #expect(error.context["reason"] == "issuer_mismatch")
        }
        #expect(int(try await server.global(), "auth_origin_credentials") == 0)
        #expect(int(try await server.global(), "auth_origin_requests") >= 2)
    }

    @Test func fullCodeFlowWithPKCEAndUserInfo() async throws {
        let clientId = uniqueClient("flow")
        let issuer = try await server.register(clientId)
        let oauth = client().oauth
        let servidor = try await oauth.authorizationServerMetadata(issuer: issuer)
        let pedido = OAuthAuthorizationRequest(
            clientId: clientId, redirectURI: Self.redirect,
            scopes: [.documentsRead, .openid, .profile, .email, .offlineAccess], resource: server.api)
        let url = try #require(pedido.authorizationURL(endpoint: servidor.authorizationEndpoint))
        let callbackURL = try await server.authorize(url)
        let codigo = try #require(OAuthCallback(callbackURL: callbackURL)).validate(against: pedido, issuer: servidor.issuer)

        let token = try await oauth.exchangeAuthorizationCode(
            .authorizationCode(
                code: codigo, redirectURI: pedido.redirectURI, codeVerifier: pedido.pkce.codeVerifier, clientId: clientId,
                resource: server.api))
        #expect(token.scope == [.documentsRead, .openid, .profile, .email])
        #expect(token.refreshToken != nil && token.expiresIn == 3600 && !token.isExpired(leeway: 60))

        let usuario = AssinafyClient(
            configuration: AssinafyClientConfiguration(
                token: token.accessToken, apiKey: nil, baseURL: server.baseURL, timeout: 5, allowsInsecureLoopback: true))
        let claims = try await usuario.oauth.userInfo()
        #expect(claims.sub == "user-\(clientId)" && claims.name == "Ana Souza" && claims.email == "ana@exemplo.invalid")

        // The code is single-use.
        do {
            _ = try await oauth.exchangeAuthorizationCode(.authorizationCode(code: codigo, request: pedido))
            Issue.record("expected invalid_grant")
        } catch let error as APIError {
            #expect(error.oauthError?.code == "invalid_grant" && error.statusCode == 400)
        }
        let stats = try await server.stats(clientId)
        #expect(stats["content_types"] == ["application/x-www-form-urlencoded", "application/x-www-form-urlencoded"])
        #expect(int(stats, "authorization_headers") == 0)
        #expect(stats["verifier_in_url"] == false)
        #expect(int(stats, "duplicate_rejections") == 0)
    }

    @Test func aSessionConnectsWithTheCodeAndActsForTheUser() async throws {
        let clientId = uniqueClient("connect")
        let issuer = try await server.register(clientId)
        let servidor = try await client().oauth.authorizationServerMetadata(issuer: issuer)
        let pedido = OAuthAuthorizationRequest(
            clientId: clientId, redirectURI: Self.redirect, scopes: [.openid, .profile, .offlineAccess])
        let url = try #require(pedido.authorizationURL(endpoint: servidor.authorizationEndpoint))
        let code = try #require(OAuthCallback(callbackURL: try await server.authorize(url)))
            .validate(against: pedido, issuer: issuer)
        let store = RecordingTokenStore()
        let oauthSession = OAuthSession(client: client(), clientId: clientId, store: store, server: servidor)
        let token = try await oauthSession.connect(code: code, request: pedido)
        #expect(store.stored == token)
        let claims = try await AssinafyClient(session: oauthSession, configuration: client().configuration).oauth.userInfo()
        #expect(claims.sub == "user-\(clientId)" && claims.name == "Ana Souza")
        #expect(try await oauthSession.currentToken() == token)
        // The public initialiser supplies the refresh code itself (it is compiled into the app).
        let refreshed = try await oauthSession.refresh()
        #expect(refreshed.refreshToken != nil && refreshed.refreshToken != token.refreshToken)
        #expect(store.stored == refreshed)
    }

    @Test func theServerEnforcesPKCES256() async throws {
        let clientId = uniqueClient("pkce")
        let issuer = try await server.register(clientId)
        let servidor = try await client().oauth.authorizationServerMetadata(issuer: issuer)
        let pedido = OAuthAuthorizationRequest(clientId: clientId, redirectURI: Self.redirect, scopes: [.documentsRead])
        let url = try #require(pedido.authorizationURL(endpoint: servidor.authorizationEndpoint))
        let codigo = try #require(OAuthCallback(callbackURL: try await server.authorize(url)))
            .validate(against: pedido, issuer: issuer)
        let otherVerifier = OAuthAuthorizationRequest(clientId: clientId, redirectURI: Self.redirect, scopes: [.openid])
            .pkce.codeVerifier
        do {
            _ = try await client().oauth.exchangeAuthorizationCode(
                .authorizationCode(code: codigo, redirectURI: Self.redirect, codeVerifier: otherVerifier, clientId: clientId))
            Issue.record("expected invalid_grant")
        } catch let error as APIError {
            #expect(error.oauthError?.code == "invalid_grant")
        }
    }

    @Test func aDeniedAuthorizationSurfacesTheServerError() async throws {
        let clientId = uniqueClient("deny")
        let issuer = try await server.register(clientId, #""deny": true"#)
        let pedido = OAuthAuthorizationRequest(clientId: clientId, redirectURI: Self.redirect, scopes: [.documentsRead])
        let url = try #require(pedido.authorizationURL(endpoint: issuer + "/authorize"))
        let callback = try #require(OAuthCallback(callbackURL: try await server.authorize(url)))
        do {
            _ = try callback.validate(against: pedido, issuer: issuer)
            Issue.record("expected access_denied")
        } catch let error as APIError {
            #expect(error.oauthError?.code == "access_denied")
        }
        // The same redirect checked against the default issuer is refused before its error is read.
        #expect(throws: AssinafySDKError.self) { try callback.validate(against: pedido) }
    }

    // MARK: - Refresh rules

    @Test func fiftyConcurrentCallersCauseExactlyOneRefresh() async throws {
        let clientId = uniqueClient("concurrent")
        let (_, _, seeded) = try await expiredSession(clientId, options: #""delay": 0.3"#)
        let store = RecordingTokenStore(seeded)
        let session = session(clientId, store: store)
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    let token = try await session.accessToken(forceRefresh: false)
                    store.note("returned")
                    return token
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(tokens.count == 50 && Set(tokens).count == 1)
        #expect(tokens.first != seeded.accessToken)
        #expect(store.stored?.accessToken == tokens.first)
        #expect(store.stored?.refreshToken != seeded.refreshToken)
        // Saved once, before any caller got the new token.
        let events = store.events
        #expect(events.filter { $0.hasPrefix("save:") }.count == 1)
        #expect(events.firstIndex { $0.hasPrefix("save:") } ?? .max < events.firstIndex(of: "returned") ?? -1)
        #expect(int(try await server.stats(clientId), "refresh_requests") == 1)
        // The new token is valid for an hour: no further refresh.
        #expect(try await session.accessToken() == tokens.first)
        #expect(int(try await server.stats(clientId), "refresh_requests") == 1)
    }

    @Test func aLostResponseAfterRotationRequiresReconnectingAndIsNeverReplayed() async throws {
        let clientId = uniqueClient("lost")
        let (session, store, _) = try await expiredSession(clientId, options: #""drop_after_rotation": 1"#)
        do {
            _ = try await session.accessToken()
            Issue.record("expected reconnect-required")
        } catch let error as AssinafySDKError {
            #expect(error.isReconnectRequired && error.context["cause"] == "refresh_outcome_unknown")
            let network = error.underlyingError as? NetworkError
            #expect(network?.mayHaveReachedServer == true, "underlying: \(String(describing: error.underlyingError))")
        }
        #expect(await cause { try await session.accessToken() } == "no_refresh_token")
        #expect(await cause { try await self.session(clientId, store: store).accessToken(forceRefresh: true) } == "no_refresh_token")
        let stats = try await server.stats(clientId)
        #expect(int(stats, "refresh_requests") == 1 && int(stats, "replays") == 0)
        #expect(stats["family_revoked"] == false)
    }

    @Test func a5xxAfterRotationIsTreatedAsIndeterminate() async throws {
        let clientId = uniqueClient("fail500")
        let (session, _, _) = try await expiredSession(clientId, options: #""fail_500_after_rotation": 1"#)
        #expect(await cause { try await session.accessToken() } == "refresh_outcome_unknown")
        #expect(await cause { try await session.accessToken() } == "no_refresh_token")
        #expect(int(try await server.stats(clientId), "refresh_requests") == 1)
    }

    @Test func aRedirectFromTheTokenEndpointIsNotFollowed() async throws {
        let clientId = uniqueClient("redirect")
        let (_, _, seeded) = try await expiredSession(clientId, options: #""redirect_token": true"#)
        do {
            _ = try await client().oauth.refreshAccessToken(.refreshToken(seeded.refreshToken ?? "", clientId: clientId))
            Issue.record("expected the 307 as an APIError")
        } catch let error as APIError {
            #expect(error.statusCode == 307 && error.location == "/v1/oauth/elsewhere")
        }
        #expect(int(try await server.stats(clientId), "redirected_hits") == 0)
        // Inside a session the same answer means the token may be gone: reconnect, never resend.
        let fresh = uniqueClient("redirect-session")
        let (other, _, _) = try await expiredSession(fresh, options: #""redirect_token": true"#)
        #expect(await cause { try await other.accessToken() } == "refresh_outcome_unknown")
        #expect(int(try await server.stats(fresh), "token_requests") == 1)
    }

    @Test func onlyFailuresBeforeSendingAreRetried() async throws {
        let clientId = uniqueClient("presend")
        let (_, store, seeded) = try await expiredSession(clientId)
        // Nothing listens on the discard port: the connection is refused before any byte is sent.
        let unreachable = URL(string: "http://127.0.0.1:9/v1") ?? server.baseURL
        let offline = session(clientId, store: store, tokenClient: client(base: unreachable))
        do {
            _ = try await offline.accessToken()
            Issue.record("expected a NetworkError")
        } catch let error as NetworkError {
            #expect(error.mayHaveReachedServer == false)
        }
        #expect(await store.load() == seeded)
        // The token was never sent, so a working session may still use it.
        #expect(try await self.session(clientId, store: store).accessToken() != seeded.accessToken)
        #expect(int(try await server.stats(clientId), "refresh_requests") == 1)
    }

    @Test func aReplayedRefreshTokenEndsTheConnection() async throws {
        let clientId = uniqueClient("replay")
        let (session, store, seeded) = try await expiredSession(clientId)
        _ = try await session.accessToken()
        let stolen = try #require(seeded.refreshToken)
        do {
            _ = try await client().oauth.refreshAccessToken(.refreshToken(stolen, clientId: clientId))
            Issue.record("expected invalid_grant")
        } catch let error as APIError {
            #expect(error.oauthError?.code == "invalid_grant")
        }
        #expect(try await server.stats(clientId)["family_revoked"] == true)
        #expect(await cause { try await session.accessToken(forceRefresh: true) } == "invalid_grant")
        #expect(await store.load() == nil)
    }

    // MARK: - Clients built on a session

    @Test func insufficientScopeIsReportedAndNotRetried() async throws {
        let clientId = uniqueClient("scope")
        try await server.register(clientId)
        let store = InMemoryTokenStore(try await server.seed(clientId, scope: "documents:read offline_access"))
        let usuario = AssinafyClient(session: session(clientId, store: store), configuration: client().configuration)
        do {
            _ = try await usuario.oauth.userInfo()
            Issue.record("expected 403")
        } catch let error as APIError {
            #expect(error.statusCode == 403 && error.insufficientScope == "openid" && error.requiredScopes == ["openid"])
        }
        let stats = try await server.stats(clientId)
        #expect(int(stats, "refresh_requests") == 0 && int(stats, "userinfo_requests") == 1)
    }

    @Test func a401RefreshesOnceAndRetries() async throws {
        let clientId = uniqueClient("retry401")
        try await server.register(clientId)
        let store = InMemoryTokenStore(try await server.seed(clientId, scope: "openid profile offline_access"))
        let oauthSession = session(clientId, store: store)
        let usuario = oauthSession.client(defaultAccountId: "ws-1")
        #expect(try await usuario.oauth.userInfo().name == "Ana Souza")
        try await server.invalidateAccessTokens(clientId)
        #expect(try await usuario.oauth.userInfo().sub == "user-\(clientId)")
        let stats = try await server.stats(clientId)
        #expect(int(stats, "refresh_requests") == 1 && int(stats, "userinfo_requests") == 3)

        try await oauthSession.signOut()
        let after = try await server.stats(clientId)
        #expect(after["revoked"] == ["refresh"] && after["family_revoked"] == true)
        #expect(await store.load() == nil)
    }

    // MARK: - OpenID Connect

    @Test(.enabled(if: ReferenceTool.hasOpenSSL, "openssl is not installed"))
    func idTokenIsVerifiedWithKeysFromTheAuthorizationServer() async throws {
        let key = try JWTTestKey.pair.get()[0]
        let clientId = uniqueClient("oidc")
        let jwk = #"{"keys": [{"kty": "RSA", "kid": "\#(key.kid)", "use": "sig", "alg": "RS256", "n": "\#(JWTTestKey.base64URL(key.modulus))", "e": "AQAB"}]}"#
        let issuer = try await server.register(clientId, #""jwks": \#(jwk)"#)
        let servidor = try await client().oauth.authorizationServerMetadata(issuer: issuer)
        let pedido = OAuthAuthorizationRequest(clientId: clientId, redirectURI: Self.redirect, scopes: [.openid, .email])
        let nonce = try #require(pedido.nonce)
        func idToken(nonce: String) throws -> String {
            let now = Int64(Date().timeIntervalSince1970)
            return try key.mint(
                header: ["alg": "RS256", "kid": .string(key.kid)],
                payload: [
                    "iss": .string(issuer), "sub": "user-1", "aud": .string(clientId), "iat": .integer(now),
                    "exp": .integer(now + 600), "nonce": .string(nonce), "email": "ana@exemplo.invalid",
                ])
        }
        func exchange() async throws -> OAuthToken {
            let url = try #require(pedido.authorizationURL(endpoint: servidor.authorizationEndpoint))
            let code = try #require(OAuthCallback(callbackURL: try await server.authorize(url)))
                .validate(against: pedido, issuer: issuer)
            return try await client().oauth.exchangeAuthorizationCode(code: code, for: pedido, server: servidor)
        }
        try await server.options(clientId, #""id_token": "\#(try idToken(nonce: nonce))""#)
        let token = try await exchange()
        #expect(token.idTokenClaims?.subject == "user-1" && token.idTokenClaims?.email == "ana@exemplo.invalid")
        #expect(int(try await server.stats(clientId), "jwks_requests") == 1)

        try await server.options(clientId, #""id_token": "\#(try idToken(nonce: "someone-elses-nonce"))""#)
        do {
            _ = try await exchange()
            Issue.record("expected the nonce check to fail")
        } catch let error as AssinafySDKError {
            #expect(error.context["reason"] == "invalid_id_token")
            #expect((error.underlyingError as? IDTokenError) == .nonceMismatch)
        }
    }
}
#endif
