import APIRuntime
import Foundation
import Testing

@testable import Assinafy

/// The authorization request (URL, PKCE, state, nonce) and the callback checks, including the
/// attacks the callback must refuse: forged state, missing or foreign `iss`, spliced parameters.
@Suite("OAuth authorization request and callback")
struct OAuthAuthorizationTests {
    static let redirect = "https://meuapp.exemplo.invalid/oauth/callback"
    static let endpoint = OAuthResource.defaultAuthorizationEndpoint

    func request(scopes: [OAuthScope] = [.documentsRead, .documentsWrite, .offlineAccess]) -> OAuthAuthorizationRequest {
        OAuthAuthorizationRequest(
            clientId: "client-123", redirectURI: Self.redirect, scopes: scopes, resource: "https://api.assinafy.com.br")
    }

    func query(_ url: URL?) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for item in URLComponents(url: url ?? Self.endpoint, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
            result[item.name, default: []].append(item.value ?? "")
        }
        return result
    }

    @Test func authorizationURLCarriesEveryParameterOnceAndNeverTheVerifier() throws {
        let pedido = request()
        let url = try #require(pedido.authorizationURL(endpoint: Self.endpoint))
        let items = query(url)
        #expect(url.absoluteString.hasPrefix("https://auth.assinafy.com.br/oauth/authorize?response_type=code&"))
        #expect(items["response_type"] == ["code"])
        #expect(items["client_id"] == ["client-123"])
        #expect(items["redirect_uri"] == [Self.redirect])
        #expect(items["scope"] == ["documents:read documents:write offline_access"])
        #expect(items["state"] == [pedido.state])
        #expect(items["code_challenge"] == [pedido.pkce.codeChallenge])
        #expect(items["code_challenge_method"] == ["S256"])
        #expect(items["resource"] == ["https://api.assinafy.com.br"])
        #expect(items["nonce"] == nil)
        #expect(!url.absoluteString.contains(pedido.pkce.codeVerifier))
        // Strict encoding: no raw space, ':' or '/' inside values.
        #expect(url.query?.contains("scope=documents%3Aread%20documents%3Awrite%20offline_access") == true)
        // S256: the challenge is BASE64URL(SHA-256(verifier)).
        let digest = PortableCrypto.sha256(Data(pedido.pkce.codeVerifier.utf8))
        #expect(pedido.pkce.codeChallenge == PortableCrypto.base64URLEncode(digest))
        #expect(pedido.pkce.method == "S256")
    }

    @Test func everyRequestHasFreshUnpredictableSecrets() {
        let requests = (0..<200).map { _ in request(scopes: [.openid]) }
        #expect(Set(requests.map(\.state)).count == 200)
        #expect(Set(requests.map(\.pkce.codeVerifier)).count == 200)
        #expect(Set(requests.compactMap(\.nonce)).count == 200)
        #expect(requests.allSatisfy { $0.state.count == 43 && $0.pkce.codeVerifier.count == 43 })
    }

    @Test func nonceIsSentOnlyWithOpenID() throws {
        #expect(request().nonce == nil)
        let oidc = request(scopes: [.openid, .email])
        let nonce = try #require(oidc.nonce)
        #expect(query(oidc.authorizationURL(endpoint: Self.endpoint))["nonce"] == [nonce])
    }

    @Test(arguments: [
        "http://meuapp.exemplo.invalid/cb", "meuapp://oauth/callback", "http://localhost/cb",
        "https://meuapp.exemplo.invalid/cb#frag", "https://user:pw@meuapp.exemplo.invalid/cb", "/relative", "",
    ])
    func nonHTTPSRedirectURIsAreRefused(redirect: String) {
        let pedido = OAuthAuthorizationRequest(clientId: "client-123", redirectURI: redirect, scopes: [.documentsRead])
        #expect(pedido.authorizationURL(endpoint: Self.endpoint) == nil)
        #expect(throws: ValidationError.self) { try pedido.validate() }
        do {
            try pedido.validate()
        } catch let error as ValidationError {
            #expect(error.errors["redirectURI"] != nil)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func otherInvalidInputsGiveNoURL() {
        let blankClient = OAuthAuthorizationRequest(clientId: " ", redirectURI: Self.redirect, scopes: [.documentsRead])
        #expect(blankClient.authorizationURL(endpoint: Self.endpoint) == nil)
        let noScopes = OAuthAuthorizationRequest(clientId: "c", redirectURI: Self.redirect, scopes: [])
        #expect(noScopes.authorizationURL(endpoint: Self.endpoint) == nil)
        let badScope = OAuthAuthorizationRequest(clientId: "c", redirectURI: Self.redirect, scopeStrings: ["a b"])
        #expect(badScope.authorizationURL(endpoint: Self.endpoint) == nil)
        let badResource = OAuthAuthorizationRequest(
            clientId: "c", redirectURI: Self.redirect, scopes: [.documentsRead], resource: "not a uri")
        #expect(badResource.authorizationURL(endpoint: Self.endpoint) == nil)
    }

    @Test func endpointRules() throws {
        let pedido = request()
        #expect(pedido.authorizationURL(endpoint: "http://auth.example.com/authorize") == nil)
        #expect(pedido.authorizationURL(endpoint: "https://auth.example.com/authorize#x") == nil)
        #expect(pedido.authorizationURL(endpoint: "https://auth.example.com/authorize?client_id=evil") == nil)
        #expect(pedido.authorizationURL(endpoint: "http://127.0.0.2:8080/authorize") != nil)
        let kept = try #require(pedido.authorizationURL(endpoint: "https://auth.example.com/authorize?tenant=a"))
        #expect(query(kept)["tenant"] == ["a"])
        #expect(query(kept)["client_id"] == ["client-123"])
    }

    @Test func scopeStringsAcceptStringsAndTypedScopes() {
        let pedido = OAuthAuthorizationRequest(
            clientId: "c", redirectURI: Self.redirect,
            scopeStrings: ["documents:read", OAuthScope.webhooksWrite, "documents:read", "future:scope"])
        #expect(pedido.scopes == [.documentsRead, .webhooksWrite, OAuthScope(rawValue: "future:scope")])
    }

    @Test func scopeParsingKeepsUnknownScopesAndOrder() {
        let parsed = OAuthScope.parse("documents:read  future:thing documents:read openid")
        #expect(parsed == [.documentsRead, OAuthScope(rawValue: "future:thing"), .openid])
        #expect(parsed[1].isKnown == false)
        #expect(OAuthScope.parse(nil).isEmpty)
        #expect(OAuthScope.knownValues.count == 10)
        #expect(OAuthScope.offlineAccess.rawValue == "offline_access")
    }

    @Test func secretsNeverAppearWhenPrintedOrDumped() {
        let pedido = request(scopes: [.openid])
        var dumped = ""
        dump(pedido, to: &dumped)
        for text in [pedido.description, pedido.debugDescription, String(describing: pedido), dumped, "\(pedido)"] {
            #expect(!text.contains(pedido.pkce.codeVerifier))
            #expect(!text.contains(pedido.state))
            #expect(!text.contains(pedido.nonce ?? "\u{0}"))
        }
        #expect(pedido.description.contains("client-123"))
    }

    // MARK: - Callback

    func callback(_ query: String) throws -> OAuthCallback {
        let url = try #require(URL(string: Self.redirect + "?" + query))
        return try #require(OAuthCallback(callbackURL: url))
    }

    func enc(_ text: String) -> String { OAuthQuery.encode(text) }

    func reason(_ body: () throws -> Any) -> String? {
        do {
            _ = try body()
            return nil
        } catch let error as AssinafySDKError {
            return error.context["reason"]
        } catch {
            return "unexpected \(type(of: error))"
        }
    }

    @Test func validCallbackReturnsTheCode() throws {
        let pedido = request()
        let issuer = OAuthResource.defaultIssuer
        let code = try callback("code=abc123&state=\(pedido.state)&iss=\(enc(issuer))").validate(against: pedido)
        #expect(code == "abc123")
        let explicit = try callback("state=\(pedido.state)&code=xyz&iss=\(enc("https://other.example"))")
            .validate(against: pedido, issuer: "https://other.example")
        #expect(explicit == "xyz")
    }

    @Test func forgedOrMissingStateIsRefusedEvenForErrors() throws {
        let pedido = request()
        let iss = enc(OAuthResource.defaultIssuer)
        let other = request().state
        #expect(reason { try callback("code=abc&state=\(other)&iss=\(iss)").validate(against: pedido) } == "state_mismatch")
        #expect(reason { try callback("code=abc&iss=\(iss)").validate(against: pedido) } == "state_mismatch")
        #expect(reason { try callback("code=abc&state=&iss=\(iss)").validate(against: pedido) } == "state_mismatch")
        // An error redirect with a forged state is not the server's error: it is not ours at all.
        #expect(
            reason { try callback("error=access_denied&state=\(other)&iss=\(iss)").validate(against: pedido) }
                == "state_mismatch")
    }

    @Test func missingOrForeignIssuerIsRefusedOnSuccessAndError() throws {
        let pedido = request()
        let s = pedido.state
        #expect(reason { try callback("code=abc&state=\(s)").validate(against: pedido) } == "issuer_missing")
        #expect(reason { try callback("error=access_denied&state=\(s)").validate(against: pedido) } == "issuer_missing")
        let evil = enc("https://evil.example")
        #expect(reason { try callback("code=abc&state=\(s)&iss=\(evil)").validate(against: pedido) } == "issuer_mismatch")
        #expect(
            reason { try callback("error=access_denied&state=\(s)&iss=\(evil)").validate(against: pedido) }
                == "issuer_mismatch")
        // Exact comparison: a trailing slash is another issuer (RFC 9207).
        let slash = enc(OAuthResource.defaultIssuer + "/")
        #expect(reason { try callback("code=abc&state=\(s)&iss=\(slash)").validate(against: pedido) } == "issuer_mismatch")
        // Without `issuer:` the default is expected, so the discovered issuer must be passed.
        let discovered = enc("https://auth.example.test")
        #expect(
            reason { try callback("code=abc&state=\(s)&iss=\(discovered)").validate(against: pedido) } == "issuer_mismatch")
    }

    @Test(arguments: ["code=a&code=b", "state=X&state=X", "iss=I&iss=I", "error=a&error=b"])
    func duplicatedParametersAreRefused(extra: String) throws {
        let pedido = request()
        let query = "state=\(pedido.state)&iss=\(enc(OAuthResource.defaultIssuer))&code=c&"
            + extra.replacingOccurrences(of: "X", with: pedido.state)
            .replacingOccurrences(of: "I", with: enc(OAuthResource.defaultIssuer))
        #expect(reason { try callback(query).validate(against: pedido) } == "duplicate_parameter")
    }

    @Test func serverErrorsSurfaceAsAPIErrorWithOAuthError() throws {
        let pedido = request()
        let query = "error=access_denied&error_description=The+user+declined&state=\(pedido.state)&iss="
            + enc(OAuthResource.defaultIssuer)
        do {
            _ = try callback(query).validate(against: pedido)
            Issue.record("expected an error")
        } catch let error as APIError {
            #expect(error.oauthError?.code == "access_denied")
            #expect(error.oauthError?.description == "The user declined")
            #expect(error.operationName == "authorizationCallback")
        }
    }

    @Test func callbackWithoutCodeOrQuery() throws {
        let pedido = request()
        let iss = enc(OAuthResource.defaultIssuer)
        #expect(reason { try callback("state=\(pedido.state)&iss=\(iss)").validate(against: pedido) } == "missing_code")
        let bare = try #require(URL(string: Self.redirect))
        #expect(OAuthCallback(callbackURL: bare) == nil)
        let parsed = try callback("code=secret-code&state=\(pedido.state)&iss=\(iss)")
        var dumped = ""
        dump(parsed, to: &dumped)
        #expect(!parsed.description.contains("secret-code") && !dumped.contains("secret-code"))
    }
}
