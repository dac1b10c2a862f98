import APIRuntime
import AssinafyAPI
import Foundation

/// OAuth 2.1 with PKCE: discovery, authorization URL, code exchange, refresh, revocation, user info.
///
/// Token and revocation requests are form-encoded, carry no client credential header, and are
/// sent exactly once: the transport never retries a POST and never follows a redirect from
/// `/oauth/token` or `/oauth/revoke` (a 3xx arrives as `APIError`). Server errors arrive as
/// `APIError` with a typed `oauthError`. Nothing here logs or puts into an error a code,
/// verifier or token.
///
/// For an app that keeps a user connected, `OAuthSession` wraps these calls with storage,
/// proactive refresh and the one-refresh-at-a-time rule.
public struct OAuthResource: Sendable {
    @usableFromInline let context: ClientContext
    /// id_token signing keys per `jwks_uri`, fetched once and refetched (at most every 30 s)
    /// when a token names an unknown key. Shared by every copy of this resource. One cache per
    /// key-set URL, so keys published by one authorization server can never verify a token
    /// checked against another issuer.
    @usableFromInline let jwksCaches = OAuthJWKSCaches()

    /// Assinafy's production authorization server.
    public static let defaultIssuer = "https://auth.assinafy.com.br"
    /// Its authorization endpoint, for apps that skip discovery.
    public static let defaultAuthorizationEndpoint = constantURL("https://auth.assinafy.com.br/oauth/authorize")

    @usableFromInline var api: OAuthAPI { context.oauthAPI }

    // MARK: - Discovery

    /// The API's protected resource metadata, from `/.well-known/oauth-protected-resource` at
    /// the API host's root. Public: no credential is sent. Throws `AssinafySDKError` when the
    /// document names another resource than the API's origin or lists no authorization server.
    @_alwaysEmitIntoClient
    public func protectedResourceMetadata() async throws -> OAuthProtectedResourceMetadata {
        let response = try await decoded("getProtectedResourceMetadata") {
            try await api.getProtectedResourceMetadata()
        }
        return try OAuthProtectedResourceMetadata(
            response.body, expectedResource: OAuthMetadataRules.resourceIdentifier(of: context.configuration.baseURL))
    }

    /// The authorization server's RFC 8414 metadata, from
    /// `<issuer origin>/.well-known/oauth-authorization-server<issuer path>`, fetched without
    /// any credential. Throws `AssinafySDKError` (`reason=issuer_mismatch`) unless the
    /// document's `issuer` equals `issuer` exactly, and `ValidationError` for an issuer that is
    /// not an https URL without query or fragment.
    @_alwaysEmitIntoClient
    public func authorizationServerMetadata(issuer: String) async throws
        -> OAuthAuthorizationServerMetadata
    {
        let loopback = context.configuration.allowsInsecureLoopback
        let url = try OAuthMetadataRules.metadataURL(forIssuer: issuer, allowsInsecureLoopback: loopback)
        let response = try await OAuthPublicFetcher(context: context)
            .get(url, operationName: "getAuthorizationServerMetadata")
        let json: JSONValue
        do {
            json = try JSONCoding.decode(JSONValue.self, from: response.body)
        } catch {
            throw AssinafySDKError(
                "The authorization server metadata is not JSON",
                reason: .invalidMetadata, context: ["operation": "getAuthorizationServerMetadata"],
                underlyingError: error)
        }
        return try OAuthAuthorizationServerMetadata(
            document: json, expectedIssuer: issuer, allowsInsecureLoopback: loopback)
    }

    /// The key set at the server's `jwks_uri`, through the cache.
    @_alwaysEmitIntoClient
    public func jsonWebKeySet(server: OAuthAuthorizationServerMetadata, forceRefresh: Bool = false) async throws -> JWKS
    {
        try await jwksCaches.cache(for: server).keys(fetch: jwksFetcher(server), forceRefresh: forceRefresh)
    }

    @_alwaysEmitIntoClient @usableFromInline func jwksFetcher(_ server: OAuthAuthorizationServerMetadata) throws
        -> @Sendable () async throws -> JWKS
    {
        guard let jwksURI = server.jwksURI else {
            throw AssinafySDKError(
                "The authorization server publishes no jwks_uri", reason: .invalidMetadata)
        }
        let fetcher = OAuthPublicFetcher(context: context)
        return {
            let response = try await fetcher.get(jwksURI, operationName: "getJSONWebKeySet")
            do {
                return try JSONCoding.decode(JWKS.self, from: response.body)
            } catch {
                throw AssinafySDKError(
                    "The JSON Web Key Set cannot be read", context: ["operation": "getJSONWebKeySet"],
                    underlyingError: error)
            }
        }
    }

    /// Verifies an OpenID Connect id_token (RS256, `iss` = `server.issuer`, `aud` = `clientId`,
    /// `exp`, and `nonce` when given) with the keys from `server.jwksURI`, refetched once if
    /// the token names a key the cached set lacks. Throws `AssinafySDKError`
    /// (`reason=invalid_id_token`) whose `underlyingError` is the `IDTokenError`.
    @_alwaysEmitIntoClient
    public func verifyIDToken(
        _ idToken: String, clientId: String, nonce: String?, server: OAuthAuthorizationServerMetadata
    ) async throws -> IDTokenClaims {
        let verifier = IDTokenVerifier(issuer: server.issuer, clientId: clientId)
        do {
            let fetch = try jwksFetcher(server)
            return try await verifier.verify(idToken, cache: jwksCaches.cache(for: server), fetch: fetch, nonce: nonce)
        } catch let error as IDTokenError {
            throw AssinafySDKError(
                "The id_token failed verification", reason: .invalidIDToken, underlyingError: error)
        }
    }

    // MARK: - Tokens

    /// Exchanges an authorization code (valid once, for 60 seconds) for tokens.
    ///
    /// When the response has an id_token it is verified before anything is returned, with the
    /// keys of `server` (or, when `server` is nil, of the discovered `defaultIssuer` metadata)
    /// and the payload's `nonce`; a token that fails throws `AssinafySDKError`
    /// (`reason=invalid_id_token`) and no tokens are returned — start a new authorization.
    /// Never retried: on any failure, start a new authorization.
    @_alwaysEmitIntoClient
    public func exchangeAuthorizationCode(
        _ payload: OAuthAuthorizationCodePayload, server: OAuthAuthorizationServerMetadata? = nil
    ) async throws -> OAuthToken {
        try payload.validate()
        let response = try await decoded("exchangeOAuthToken") { try await api.exchangeOAuthToken(payload.body) }
        let token = try OAuthToken.from(response.body, receivedAt: Date(), operation: "exchangeOAuthToken")
        guard let idToken = token.idToken else { return token }
        let metadata = try await resolve(server)
        let claims = try await verifyIDToken(
            idToken, clientId: payload.clientId, nonce: payload.nonce, server: metadata)
        return token.replacingIDToken(idToken, claims: claims)
    }

    /// Exchanges `code` with everything else taken from the request that produced it.
    @_alwaysEmitIntoClient
    public func exchangeAuthorizationCode(
        code: String, for request: OAuthAuthorizationRequest, server: OAuthAuthorizationServerMetadata? = nil
    ) async throws -> OAuthToken {
        try await exchangeAuthorizationCode(.authorizationCode(code: code, request: request), server: server)
    }

    /// Trades a refresh token for new tokens. The refresh token sent is retired by the server
    /// as soon as it processes the request, so **save the returned tokens before anything
    /// else**, and never send `payload.refreshToken` again.
    ///
    /// Throws `AssinafySDKError` (`reason=refresh_token_not_rotated`) for a success without a
    /// new refresh token or with the same one: the server may already have retired the one
    /// sent. An id_token in the response is verified when possible (nonce not applicable); one
    /// that fails verification, or cannot be verified, is dropped rather than failing the call,
    /// because failing would lose the freshly rotated refresh token.
    @_alwaysEmitIntoClient
    public func refreshAccessToken(
        _ payload: OAuthRefreshTokenPayload, server: OAuthAuthorizationServerMetadata? = nil
    ) async throws -> OAuthToken {
        try await refreshAccessToken(payload, server: server, verifyingIDToken: true)
    }

    /// `verifyingIDToken: false` (what `OAuthSession` uses) drops any id_token instead of
    /// verifying it: verification may need a JWKS fetch, and nothing should delay saving the
    /// rotated refresh token. Identity is established when connecting.
    @_alwaysEmitIntoClient @usableFromInline func refreshAccessToken(
        _ payload: OAuthRefreshTokenPayload, server: OAuthAuthorizationServerMetadata?, verifyingIDToken: Bool
    ) async throws -> OAuthToken {
        try payload.validate()
        let response = try await decoded("exchangeOAuthToken") { try await api.exchangeOAuthToken(payload.body) }
        let token = try OAuthToken.from(response.body, receivedAt: Date(), operation: "exchangeOAuthToken")
        guard let rotated = token.refreshToken, rotated != payload.refreshToken else {
            throw AssinafySDKError(
                "The refresh response carries no new refresh token; the one sent may already be retired",
                reason: .refreshTokenNotRotated, context: ["operation": "exchangeOAuthToken"])
        }
        guard let idToken = token.idToken else { return token }
        guard verifyingIDToken, let metadata = try? await resolve(server),
            let claims = try? await verifyIDToken(idToken, clientId: payload.clientId, nonce: nil, server: metadata)
        else { return token.replacingIDToken(nil, claims: nil) }
        return token.replacingIDToken(idToken, claims: claims)
    }

    /// Revokes a token (RFC 7009). The server answers 200 whatever the token's state, so
    /// success says nothing about whether the token existed. Sent once, never retried.
    @_alwaysEmitIntoClient
    public func revoke(_ payload: OAuthRevokePayload) async throws {
        try payload.validate()
        try await api.revokeOAuthToken(payload.body)
    }

    /// The OpenID Connect claims of the user the client's token belongs to. Requires a client
    /// whose credential is an OAuth access token with `openid` (`name` needs `profile`, `email`
    /// needs `email`). Without `openid` the API answers 403 and `APIError.insufficientScope` is
    /// `"openid"`.
    @_alwaysEmitIntoClient
    public func userInfo() async throws -> OAuthUserInfo {
        try OAuthUserInfo(try await decoded("getOAuthUserInfo") { try await api.getOAuthUserInfo() }.body)
    }

    /// Runs a generated operation, giving a body that does not decode `reason == .invalidResponse`.
    /// Such a failure arrives here already translated (`perform` → `EngineError` → the one
    /// translation point): an `AssinafySDKError` with no reason over the `DecodingError`. Its
    /// context (`status`, `detail`) is kept and the operation added.
    @_alwaysEmitIntoClient @usableFromInline func decoded<T>(_ operation: String, _ body: () async throws -> T)
        async throws -> T
    {
        do {
            return try await body()
        } catch let error as AssinafySDKError where error.reason == nil && error.underlyingError is DecodingError {
            var context = error.context
            context["operation"] = operation
            throw AssinafySDKError(
                "The response cannot be decoded", reason: .invalidResponse, context: context,
                underlyingError: error.underlyingError)
        }
    }

    @_alwaysEmitIntoClient @usableFromInline func resolve(_ server: OAuthAuthorizationServerMetadata?) async throws
        -> OAuthAuthorizationServerMetadata
    {
        if let server { return server }
        return try await authorizationServerMetadata(issuer: OAuthResource.defaultIssuer)
    }

    private static func constantURL(_ text: StaticString) -> URL {
        guard let url = URL(string: "\(text)") else { preconditionFailure("invalid constant URL \(text)") }
        return url
    }
}

/// The key-set caches of one client, by `jwks_uri`.
@usableFromInline final class OAuthJWKSCaches: Sendable {
    private let caches = OAuthLocked<[String: JWKSCache]>([:])

    @usableFromInline func cache(for server: OAuthAuthorizationServerMetadata) -> JWKSCache {
        let key = server.jwksURI?.absoluteString ?? ""
        return caches.withLock { caches in
            if let existing = caches[key] { return existing }
            let created = JWKSCache()
            caches[key] = created
            return created
        }
    }
}
