import APIRuntime
import Foundation
import Testing

@testable import Assinafy

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `client.oauth` over a stub transport: what goes on the wire, how answers are checked, and
/// the token type and stores.
@Suite("OAuth resource, tokens and stores")
struct OAuthTokenTests {
    static let base = URL(string: "https://api.example.test/v1") ?? AssinafyClientConfiguration.productionBaseURL
    static let verifier = String(repeating: "v", count: 43)

    func client(_ stub: StubTransport, token: String? = "api-bearer-token") -> AssinafyClient {
        AssinafyClient(
            configuration: AssinafyClientConfiguration(token: token, apiKey: nil, baseURL: Self.base),
            httpTransport: stub, middlewares: [stub.recorder])
    }

    func form(_ request: APIRequest?) -> [String: String] {
        guard case .form(let items)? = request?.body else { return [:] }
        return Dictionary(items.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    func reason(_ body: () async throws -> Any) async -> String? {
        do {
            _ = try await body()
            return nil
        } catch let error as AssinafySDKError {
            return error.context["reason"]
        } catch {
            return "unexpected \(error)"
        }
    }

    static let tokenJSON = """
        {"access_token": "at-1", "token_type": "Bearer", "expires_in": 3600, "refresh_token": "rt-1",
         "scope": "documents:read documents:write future:scope"}
        """

    @Test func exchangeSendsOneFormPostWithoutCredentialAndParsesTheToken() async throws {
        let stub = StubTransport()
        stub.enqueueJSON(Self.tokenJSON)
        let before = Date()
        let token = try await client(stub).oauth.exchangeAuthorizationCode(
            .authorizationCode(
                code: "the-code", redirectURI: "https://app.example/cb", codeVerifier: Self.verifier,
                clientId: "client-1", resource: "https://api.example.test"))
        let request = try #require(stub.requests.first)
        #expect(stub.requests.count == 1)
        #expect(request.method == .post && request.path.encoded == "/v1/oauth/token")
        #expect(request.credential == .none)
        #expect(
            form(request) == [
                "grant_type": "authorization_code", "code": "the-code", "redirect_uri": "https://app.example/cb",
                "code_verifier": Self.verifier, "client_id": "client-1", "resource": "https://api.example.test",
            ])
        if case .form(let items)? = request.body { #expect(items.first?.name == "grant_type") }
        #expect(token.accessToken == "at-1" && token.refreshToken == "rt-1" && token.expiresIn == 3600)
        #expect(token.scope == [.documentsRead, .documentsWrite, OAuthScope(rawValue: "future:scope")])
        #expect(token.grants(.documentsWrite) && !token.grants(.offlineAccess))
        #expect(token.issuedAt >= before && token.issuedAt <= Date())
        #expect(token.expiresAt == token.issuedAt.addingTimeInterval(3600))
    }

    @Test func invalidInputsFailBeforeAnyRequest() async {
        let stub = StubTransport()
        let oauth = client(stub).oauth
        await #expect(throws: ValidationError.self) {
            try await oauth.exchangeAuthorizationCode(
                .authorizationCode(code: "c", redirectURI: "https://app.example/cb", codeVerifier: "short", clientId: "x"))
        }
        await #expect(throws: ValidationError.self) {
            try await oauth.exchangeAuthorizationCode(
                .authorizationCode(code: "c", redirectURI: "myapp://cb", codeVerifier: Self.verifier, clientId: "x"))
        }
        await #expect(throws: ValidationError.self) { try await oauth.refreshAccessToken(.refreshToken("", clientId: "x")) }
        await #expect(throws: ValidationError.self) { try await oauth.revoke(OAuthRevokePayload(token: "a b", clientId: "x")) }
        #expect(stub.requests.isEmpty)
    }

    @Test func oauthErrorsSurfaceTyped() async throws {
        let stub = StubTransport()
        stub.enqueueJSON(#"{"error": "invalid_grant", "error_description": "code expired"}"#, status: 400)
        do {
            _ = try await client(stub).oauth.refreshAccessToken(.refreshToken("rt", clientId: "c"))
            Issue.record("expected an error")
        } catch let error as APIError {
            #expect(error.oauthError?.code == "invalid_grant")
            #expect(error.oauthError?.description == "code expired")
            #expect(error.payload is ExchangeOAuthTokenError400)
        }
    }

    @Test func unusableTokenResponsesAreRefused() async {
        for json in [
            #"{"token_type": "Bearer"}"#, #"{"access_token": "", "token_type": "Bearer"}"#,
            #"{"access_token": "a b", "token_type": "Bearer"}"#, #"{"access_token": "at", "token_type": "DPoP"}"#,
            #"{"access_token": "at", "expires_in": -5}"#,
        ] {
            let stub = StubTransport()
            stub.enqueueJSON(json)
            let got = await reason {
                try await client(stub).oauth.exchangeAuthorizationCode(
                    .authorizationCode(code: "c", redirectURI: "https://a.example/cb", codeVerifier: Self.verifier, clientId: "x"))
            }
            #expect(got == "invalid_token_response", "\(json)")
        }
    }

    @Test func refreshMustRotateTheRefreshToken() async {
        for json in [
            #"{"access_token": "at-2", "token_type": "Bearer", "expires_in": 60}"#,
            #"{"access_token": "at-2", "token_type": "Bearer", "expires_in": 60, "refresh_token": "rt-old"}"#,
        ] {
            let stub = StubTransport()
            stub.enqueueJSON(json)
            let got = await reason { try await client(stub).oauth.refreshAccessToken(.refreshToken("rt-old", clientId: "c")) }
            #expect(got == "refresh_token_not_rotated")
        }
    }

    @Test func revokeIsAFormPostAndAcceptsAnEmptyAnswer() async throws {
        let stub = StubTransport()
        stub.enqueue { _ in RawResponse(statusCode: 200) }
        try await client(stub).oauth.revoke(OAuthRevokePayload(token: "rt-9", clientId: "c", tokenTypeHint: .refreshToken))
        let request = try #require(stub.requests.first)
        #expect(request.path.encoded == "/v1/oauth/revoke" && request.credential == .none)
        #expect(form(request) == ["token": "rt-9", "token_type_hint": "refresh_token", "client_id": "c"])
    }

    @Test func userInfoAndInsufficientScope() async throws {
        let stub = StubTransport()
        stub.enqueueJSON(#"{"sub": "u-1", "name": "Ana", "email": "ana@exemplo.invalid", "email_verified": true, "x": 1}"#)
        let claims = try await client(stub).oauth.userInfo()
        #expect(claims.sub == "u-1" && claims.name == "Ana" && claims.email == "ana@exemplo.invalid")
        #expect(claims.emailVerified == true && claims.claims["x"] == .integer(1))
        #expect(stub.requests.first?.credential == .account)

        stub.enqueueJSON(
            #"{"status": 403, "message": "Forbidden", "data": null}"#, status: 403,
            headers: ["WWW-Authenticate": #"Bearer error="insufficient_scope", scope="openid", resource_metadata="x""#])
        do {
            _ = try await client(stub).oauth.userInfo()
            Issue.record("expected an error")
        } catch let error as APIError {
            #expect(error.statusCode == 403 && error.insufficientScope == "openid")
        }
        stub.enqueueJSON(#"{"name": "no sub"}"#)
        #expect(await reason { try await client(stub).oauth.userInfo() } == "invalid_userinfo_response")
    }

    // MARK: - Discovery

    @Test func protectedResourceMetadataIsCheckedAgainstTheAPIOrigin() async throws {
        let stub = StubTransport()
        stub.enqueueJSON(#"{"resource": "https://api.example.test", "authorization_servers": ["https://auth.example.test"]}"#)
        let metadata = try await client(stub).oauth.protectedResourceMetadata()
        #expect(metadata.resource == "https://api.example.test")
        #expect(metadata.authorizationServers == ["https://auth.example.test"])
        #expect(stub.requests.first?.path.encoded == "/.well-known/oauth-protected-resource")
        #expect(stub.requests.first?.credential == RequestCredential.none)

        stub.enqueueJSON(#"{"resource": "https://evil.example", "authorization_servers": ["https://auth.evil.example"]}"#)
        #expect(await reason { try await client(stub).oauth.protectedResourceMetadata() } == "resource_mismatch")
        stub.enqueueJSON(#"{"resource": "https://api.example.test/", "authorization_servers": []}"#)
        #expect(await reason { try await client(stub).oauth.protectedResourceMetadata() } == "invalid_metadata")
    }

    static func metadataJSON(issuer: String, endpoint: String = "https://api.example.test/authorize", pkce: String = #"["S256"]"#)
        -> String
    {
        #"{"issuer": "\#(issuer)", "authorization_endpoint": "\#(endpoint)", "code_challenge_methods_supported": \#(pkce), "jwks_uri": "https://api.example.test/.well-known/jwks.json"}"#
    }

    @Test func authorizationServerMetadataMustNameTheRequestedIssuer() async throws {
        let stub = StubTransport()
        let issuer = "https://api.example.test/tenant"
        stub.enqueueJSON(Self.metadataJSON(issuer: issuer))
        let metadata = try await client(stub).oauth.authorizationServerMetadata(issuer: issuer)
        #expect(metadata.issuer == issuer)
        #expect(metadata.authorizationEndpoint.absoluteString == "https://api.example.test/authorize")
        let request = try #require(stub.requests.first)
        // RFC 8414: the well-known segment goes before the issuer's path; no credential.
        #expect(request.path.encoded == "/.well-known/oauth-authorization-server/tenant")
        #expect(request.credential == .none && request.method == .get)

        stub.enqueueJSON(Self.metadataJSON(issuer: "https://api.example.test/other"))
        #expect(await reason { try await client(stub).oauth.authorizationServerMetadata(issuer: issuer) } == "issuer_mismatch")
        stub.enqueueJSON(Self.metadataJSON(issuer: issuer, pkce: #"["plain"]"#))
        #expect(await reason { try await client(stub).oauth.authorizationServerMetadata(issuer: issuer) } == "pkce_unsupported")
        stub.enqueueJSON(Self.metadataJSON(issuer: issuer, endpoint: "http://auth.example.test/authorize"))
        #expect(await reason { try await client(stub).oauth.authorizationServerMetadata(issuer: issuer) } == "invalid_metadata")
        for bad in ["http://auth.example.test", "https://auth.example.test?x=1", "https://auth.example.test#f", "nope"] {
            await #expect(throws: ValidationError.self) { try await client(stub).oauth.authorizationServerMetadata(issuer: bad) }
        }
    }

    @Test func keySetsAreCachedPerJWKSURI() async throws {
        let stub = StubTransport()
        stub.enqueueJSON(#"{"keys": [{"kty": "RSA", "kid": "a"}]}"#)
        stub.enqueueJSON(#"{"keys": [{"kty": "RSA", "kid": "b"}]}"#)
        func server(_ name: String) -> OAuthAuthorizationServerMetadata {
            OAuthAuthorizationServerMetadata(
                issuer: "https://api.example.test/\(name)", authorizationEndpoint: OAuthResource.defaultAuthorizationEndpoint,
                jwksURI: URL(string: "https://api.example.test/.well-known/\(name).json"))
        }
        let oauth = client(stub).oauth
        #expect(try await oauth.jsonWebKeySet(server: server("a")).keys.map(\.kid) == ["a"])
        #expect(try await oauth.jsonWebKeySet(server: server("b")).keys.map(\.kid) == ["b"])
        #expect(try await oauth.jsonWebKeySet(server: server("a")).keys.map(\.kid) == ["a"])
        #expect(stub.requests.map(\.path.encoded) == ["/.well-known/a.json", "/.well-known/b.json"])
        #expect(stub.requests.allSatisfy { $0.credential == .none })
    }

    // MARK: - Token type

    @Test func tokenRoundTripsThroughJSONAndNeverPrintsSecrets() throws {
        let token = OAuthToken(
            accessToken: "secret-access", expiresIn: 120, refreshToken: "secret-refresh", scope: [.documentsRead, "x:y"],
            idToken: "secret-id", issuedAt: Date(timeIntervalSince1970: 1_700_000_000.5))
        let decoded = try JSONDecoder().decode(OAuthToken.self, from: try JSONEncoder().encode(token))
        #expect(decoded == token)
        #expect(decoded.scope == [.documentsRead, OAuthScope(rawValue: "x:y")])
        var dumped = ""
        dump(token, to: &dumped)
        for text in [token.description, token.debugDescription, "\(token)", dumped] {
            #expect(!text.contains("secret-"))
        }
    }

    @Test func expiryUsesTheLeeway() {
        let issued = Date(timeIntervalSince1970: 1_000)
        let token = OAuthToken(accessToken: "a", expiresIn: 100, refreshToken: nil, scope: [], issuedAt: issued)
        #expect(!token.isExpired(now: issued.addingTimeInterval(99)))
        #expect(token.isExpired(now: issued.addingTimeInterval(100)))
        #expect(token.isExpired(leeway: 30, now: issued.addingTimeInterval(70)))
        #expect(!token.isExpired(leeway: 30, now: issued.addingTimeInterval(69)))
        let unknown = OAuthToken(accessToken: "a", expiresIn: nil, refreshToken: nil, scope: [], issuedAt: issued)
        #expect(!unknown.isExpired(leeway: 1e9, now: .distantFuture) && unknown.expiresAt == nil)
    }

    // MARK: - Stores

    @Test func fileStoreWritesOwnerOnlyFilesAtomically() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oauth-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("nested/tokens.json")
        let store = FileTokenStore(fileURL: file)
        #expect(try store.load() == nil)
        try store.delete()  // deleting nothing is fine

        let first = OAuthToken(accessToken: "a1", expiresIn: 60, refreshToken: "r1", scope: [.openid])
        try store.save(first)
        #expect(try store.load() == first)
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(stat(file.deletingLastPathComponent().path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)

        let second = OAuthToken(accessToken: "a2", expiresIn: 60, refreshToken: "r2", scope: [])
        try store.save(second)
        #expect(try store.load() == second)
        // No temporary file is left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(names.sorted() == [".tokens.json.lock", "tokens.json"])
        try store.delete()
        #expect(try store.load() == nil)
    }

    @Test func fileStoreRefusesSymlinks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oauth-link-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("elsewhere.json")
        try Data("{}".utf8).write(to: target)
        let link = directory.appendingPathComponent("tokens.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(throws: AssinafySDKError.self) { try FileTokenStore(fileURL: link).load() }
    }

    @Test func inMemoryStore() async throws {
        let store = InMemoryTokenStore()
        #expect(await store.load() == nil)
        let token = OAuthToken(accessToken: "a", expiresIn: nil, refreshToken: nil, scope: [])
        await store.save(token)
        #expect(await store.load() == token)
        await store.delete()
        #expect(await store.load() == nil)
    }
}
