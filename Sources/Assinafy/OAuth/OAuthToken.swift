import APIRuntime
import AssinafyAPI
import Foundation

/// Tokens from `POST /v1/oauth/token`, plus when they were received.
///
/// `Codable` so a `TokenStore` can persist it (the verified id_token claims are not persisted:
/// they are re-derived when needed). `description`, `debugDescription` and the mirror redact
/// every token, so printing or dumping one never leaks a credential into a log.
public struct OAuthToken: Sendable, Equatable {
    public let accessToken: String
    /// Always `Bearer` for Assinafy.
    public let tokenType: String
    /// Seconds the access token lives, counted from `issuedAt`.
    public let expiresIn: Int?
    /// Present only when `offline_access` was requested and granted. Every refresh retires it.
    public let refreshToken: String?
    /// The scopes actually granted, parsed from the space-separated `scope`; scopes this SDK
    /// does not know are kept. Empty when the server sent no `scope`.
    public let scope: [OAuthScope]
    /// The raw OpenID Connect id_token, present only after it was verified (see
    /// `OAuthResource.exchangeAuthorizationCode(_:server:)`).
    public let idToken: String?
    /// When this SDK received the response (the client's clock).
    public let issuedAt: Date
    /// The claims of `idToken`, when it was verified in this process (not persisted).
    public let idTokenClaims: IDTokenClaims?

    public init(
        accessToken: String, tokenType: String = "Bearer", expiresIn: Int?, refreshToken: String?,
        scope: [OAuthScope], idToken: String? = nil, issuedAt: Date = Date(), idTokenClaims: IDTokenClaims? = nil
    ) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.refreshToken = refreshToken
        self.scope = scope
        self.idToken = idToken
        self.issuedAt = issuedAt
        self.idTokenClaims = idTokenClaims
    }

    /// `issuedAt + expiresIn`; nil when the server did not say how long the token lives.
    public var expiresAt: Date? { expiresIn.map { issuedAt.addingTimeInterval(TimeInterval($0)) } }

    /// Whether the access token expires within `leeway` seconds of `now`. A token without a
    /// known lifetime is never reported expired: the API's 401 is then the signal to refresh.
    public func isExpired(leeway: TimeInterval = 0, now: Date = Date()) -> Bool {
        guard let expiresAt else { return false }
        return now >= expiresAt.addingTimeInterval(-max(0, leeway.isFinite ? leeway : 0))
    }

    /// Whether `scope` was granted.
    @_alwaysEmitIntoClient public func grants(_ scope: OAuthScope) -> Bool { self.scope.contains(scope) }

    /// Equal when every persisted field is equal (`idTokenClaims` is derived, not compared), so a
    /// token read back from a store equals the one saved.
    public static func == (lhs: OAuthToken, rhs: OAuthToken) -> Bool {
        lhs.accessToken == rhs.accessToken && lhs.tokenType == rhs.tokenType && lhs.expiresIn == rhs.expiresIn
            && lhs.refreshToken == rhs.refreshToken && lhs.scope == rhs.scope && lhs.idToken == rhs.idToken
            && lhs.issuedAt.timeIntervalSince1970 == rhs.issuedAt.timeIntervalSince1970
    }

    @usableFromInline @_alwaysEmitIntoClient func replacingIDToken(_ idToken: String?, claims: IDTokenClaims?)
        -> OAuthToken
    {
        OAuthToken(
            accessToken: accessToken, tokenType: tokenType, expiresIn: expiresIn, refreshToken: refreshToken,
            scope: scope, idToken: idToken, issuedAt: issuedAt, idTokenClaims: claims)
    }

    @usableFromInline @_alwaysEmitIntoClient func withoutRefreshToken() -> OAuthToken {
        OAuthToken(
            accessToken: accessToken, tokenType: tokenType, expiresIn: expiresIn, refreshToken: nil, scope: scope,
            idToken: idToken, issuedAt: issuedAt, idTokenClaims: idTokenClaims)
    }

    /// Checks a token endpoint answer and turns it into a token. Anything unusable is an
    /// `AssinafySDKError` (`reason=invalid_token_response`) naming the field, never its value.
    @usableFromInline @_alwaysEmitIntoClient static func from(
        _ response: ExchangeOAuthTokenResponse, receivedAt: Date, operation: String
    )
        throws -> OAuthToken
    {
        func invalid(_ field: String, _ problem: String) -> AssinafySDKError {
            AssinafySDKError(
                "The token response is unusable: \(field) \(problem)",
                reason: .invalidTokenResponse, context: ["field": field, "operation": operation])
        }
        guard let accessToken = response.accessToken, OAuthInput.isSafeToken(accessToken) else {
            throw invalid("access_token", "is missing, empty or contains whitespace")
        }
        let tokenType = response.tokenType ?? "Bearer"
        // RFC 6749 §7.1: case-insensitive. Anything else (DPoP, MAC) cannot be sent as Bearer.
        guard tokenType.lowercased() == "bearer" else { throw invalid("token_type", "is not Bearer") }
        if let expiresIn = response.expiresIn, expiresIn < 0 { throw invalid("expires_in", "is negative") }
        if let refresh = response.refreshToken, !OAuthInput.isSafeToken(refresh) {
            throw invalid("refresh_token", "is empty or contains whitespace")
        }
        if let idToken = response.idToken, !OAuthInput.isSafeToken(idToken) {
            throw invalid("id_token", "is empty or contains whitespace")
        }
        return OAuthToken(
            accessToken: accessToken, tokenType: tokenType, expiresIn: response.expiresIn,
            refreshToken: response.refreshToken, scope: OAuthScope.parse(response.scope), idToken: response.idToken,
            issuedAt: receivedAt)
    }
}

extension OAuthToken: Codable {
    private enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", tokenType = "token_type", expiresIn = "expires_in"
        case refreshToken = "refresh_token", scope, idToken = "id_token", issuedAt = "issued_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = try container.decode(String.self, forKey: .accessToken)
        tokenType = try container.decodeIfPresent(String.self, forKey: .tokenType) ?? "Bearer"
        expiresIn = try container.decodeIfPresent(Int.self, forKey: .expiresIn)
        refreshToken = try container.decodeIfPresent(String.self, forKey: .refreshToken)
        scope = OAuthScope.parse(try container.decodeIfPresent(String.self, forKey: .scope))
        idToken = try container.decodeIfPresent(String.self, forKey: .idToken)
        // Seconds since 1970 whatever the decoder's date strategy, so every store reads it back.
        issuedAt = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .issuedAt))
        idTokenClaims = nil
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(accessToken, forKey: .accessToken)
        try container.encode(tokenType, forKey: .tokenType)
        try container.encodeIfPresent(expiresIn, forKey: .expiresIn)
        try container.encodeIfPresent(refreshToken, forKey: .refreshToken)
        try container.encode(OAuthScope.join(scope), forKey: .scope)
        try container.encodeIfPresent(idToken, forKey: .idToken)
        try container.encode(issuedAt.timeIntervalSince1970, forKey: .issuedAt)
    }
}

extension OAuthToken: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        let expiry = expiresAt.map { "\($0)" } ?? "unknown"
        return "OAuthToken(accessToken: <redacted>, refreshToken: \(refreshToken == nil ? "nil" : "<redacted>"), "
            + "scope: \(OAuthScope.join(scope)), expiresAt: \(expiry))"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "tokenType": tokenType, "expiresIn": expiresIn as Any, "scope": scope, "issuedAt": issuedAt,
                "hasRefreshToken": refreshToken != nil, "hasIDToken": idToken != nil,
            ], displayStyle: .struct)
    }
}

/// `grant_type=authorization_code`, for `OAuthResource.exchangeAuthorizationCode(_:server:)`.
public struct OAuthAuthorizationCodePayload: Sendable {
    public var code: String
    public var redirectURI: String
    public var codeVerifier: String
    public var clientId: String
    public var resource: String?
    /// The nonce sent with the authorization request; checked against the id_token's.
    public var nonce: String?

    @_alwaysEmitIntoClient public init(
        code: String, redirectURI: String, codeVerifier: String, clientId: String, resource: String? = nil,
        nonce: String? = nil
    ) {
        self.code = code
        self.redirectURI = redirectURI
        self.codeVerifier = codeVerifier
        self.clientId = clientId
        self.resource = resource
        self.nonce = nonce
    }

    @_alwaysEmitIntoClient public static func authorizationCode(
        code: String, redirectURI: String, codeVerifier: String, clientId: String, resource: String? = nil,
        nonce: String? = nil
    ) -> OAuthAuthorizationCodePayload {
        OAuthAuthorizationCodePayload(
            code: code, redirectURI: redirectURI, codeVerifier: codeVerifier, clientId: clientId, resource: resource,
            nonce: nonce)
    }

    /// Everything taken from the request that produced `code`, including its nonce.
    @_alwaysEmitIntoClient public static func authorizationCode(code: String, request: OAuthAuthorizationRequest)
        -> OAuthAuthorizationCodePayload
    {
        OAuthAuthorizationCodePayload(
            code: code, redirectURI: request.redirectURI, codeVerifier: request.pkce.codeVerifier,
            clientId: request.clientId, resource: request.resource, nonce: request.nonce)
    }

    @usableFromInline @_alwaysEmitIntoClient func validate() throws {
        var errors: [String: [String]] = [:]
        if !OAuthInput.isSafeToken(code) { errors["code"] = ["must be non-empty without whitespace"] }
        if let problem = OAuthInput.redirectURIProblem(redirectURI) { errors["redirectURI"] = [problem] }
        if (try? PKCEPair(verifier: codeVerifier)) == nil {
            errors["codeVerifier"] = ["must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~"]
        }
        if !OAuthInput.isSafeToken(clientId) { errors["clientId"] = ["must be non-empty without whitespace"] }
        if let resource, let problem = OAuthInput.resourceProblem(resource) { errors["resource"] = [problem] }
        guard errors.isEmpty else { throw ValidationError("Invalid authorization code exchange", errors: errors) }
    }

    @usableFromInline @_alwaysEmitIntoClient var body: OAuthTokenRequest {
        OAuthTokenRequest(
            grantType: .authorizationCode, code: code, redirectUri: redirectURI, codeVerifier: codeVerifier,
            clientId: clientId, resource: resource)
    }
}

/// `grant_type=refresh_token`, for `OAuthResource.refreshAccessToken(_:server:)`.
public struct OAuthRefreshTokenPayload: Sendable {
    public var refreshToken: String
    public var clientId: String
    /// May repeat the original resource, never change it (`invalid_target`).
    public var resource: String?

    @_alwaysEmitIntoClient public init(refreshToken: String, clientId: String, resource: String? = nil) {
        self.refreshToken = refreshToken
        self.clientId = clientId
        self.resource = resource
    }

    @_alwaysEmitIntoClient public static func refreshToken(
        _ refreshToken: String, clientId: String, resource: String? = nil
    )
        -> OAuthRefreshTokenPayload
    {
        OAuthRefreshTokenPayload(refreshToken: refreshToken, clientId: clientId, resource: resource)
    }

    @usableFromInline @_alwaysEmitIntoClient func validate() throws {
        var errors: [String: [String]] = [:]
        if !OAuthInput.isSafeToken(refreshToken) { errors["refreshToken"] = ["must be non-empty without whitespace"] }
        if !OAuthInput.isSafeToken(clientId) { errors["clientId"] = ["must be non-empty without whitespace"] }
        if let resource, let problem = OAuthInput.resourceProblem(resource) { errors["resource"] = [problem] }
        guard errors.isEmpty else { throw ValidationError("Invalid refresh request", errors: errors) }
    }

    @usableFromInline @_alwaysEmitIntoClient var body: OAuthTokenRequest {
        OAuthTokenRequest(grantType: .refreshToken, refreshToken: refreshToken, clientId: clientId, resource: resource)
    }
}

/// `POST /v1/oauth/revoke` (RFC 7009). Revoke the last refresh token saved, or the access
/// token when there is none.
public struct OAuthRevokePayload: Sendable {
    public var token: String
    public var clientId: String
    public var tokenTypeHint: OAuthRevokeRequestTokenTypeHint?

    @_alwaysEmitIntoClient public init(
        token: String, clientId: String, tokenTypeHint: OAuthRevokeRequestTokenTypeHint? = nil
    ) {
        self.token = token
        self.clientId = clientId
        self.tokenTypeHint = tokenTypeHint
    }

    @usableFromInline @_alwaysEmitIntoClient func validate() throws {
        var errors: [String: [String]] = [:]
        if !OAuthInput.isSafeToken(token) { errors["token"] = ["must be non-empty without whitespace"] }
        if !OAuthInput.isSafeToken(clientId) { errors["clientId"] = ["must be non-empty without whitespace"] }
        guard errors.isEmpty else { throw ValidationError("Invalid revocation request", errors: errors) }
    }

    @usableFromInline @_alwaysEmitIntoClient var body: OAuthRevokeRequest {
        OAuthRevokeRequest(token: token, tokenTypeHint: tokenTypeHint, clientId: clientId)
    }
}

// The payloads carry one-time codes, verifiers and refresh tokens: never printed.
extension OAuthAuthorizationCodePayload: CustomStringConvertible, CustomReflectable {
    public var description: String {
        "OAuthAuthorizationCodePayload(clientId: \(clientId), redirectURI: \(redirectURI), code: <redacted>, codeVerifier: <redacted>)"
    }
    public var customMirror: Mirror { Mirror(self, children: ["clientId": clientId], displayStyle: .struct) }
}

extension OAuthRefreshTokenPayload: CustomStringConvertible, CustomReflectable {
    public var description: String { "OAuthRefreshTokenPayload(clientId: \(clientId), refreshToken: <redacted>)" }
    public var customMirror: Mirror { Mirror(self, children: ["clientId": clientId], displayStyle: .struct) }
}

extension OAuthRevokePayload: CustomStringConvertible, CustomReflectable {
    public var description: String { "OAuthRevokePayload(clientId: \(clientId), token: <redacted>)" }
    public var customMirror: Mirror { Mirror(self, children: ["clientId": clientId], displayStyle: .struct) }
}

/// OpenID Connect claims from `GET /v1/oauth/userinfo`.
public struct OAuthUserInfo: Sendable, Equatable {
    /// The user's stable identifier.
    public let sub: String
    /// Requires the `profile` scope.
    public let name: String?
    /// Requires the `email` scope.
    public let email: String?
    public let emailVerified: Bool?
    /// Every claim, including ones this SDK does not name.
    public let claims: JSONObject

    @usableFromInline @_alwaysEmitIntoClient init(_ response: GetOAuthUserInfoResponse) throws {
        guard let sub = response.sub, !sub.isEmpty else {
            throw AssinafySDKError(
                "The userinfo response has no sub claim",
                reason: .invalidUserInfoResponse, context: ["operation": "getOAuthUserInfo"])
        }
        self.sub = sub
        name = response.name
        email = response.email
        emailVerified = response.emailVerified
        var all = JSONObject()
        all["sub"] = .string(sub)
        if let name { all["name"] = .string(name) }
        if let email { all["email"] = .string(email) }
        if let emailVerified { all["email_verified"] = .bool(emailVerified) }
        for member in response.additionalFields { all[member.key] = member.value }
        claims = all
    }
}
