import APIRuntime
import Assinafy
import AssinafyAPI
import AssinafyAPITesting
import Foundation

/// OAuth 2.1 (the emulator's `oauth.py`): the token endpoint (authorization code with PKCE S256,
/// refresh with rotation and reuse detection, token exchange), revocation, user info and the
/// protected-resource metadata. The authorization step itself lives on the authorization
/// server, not the API: a test plays the user with `AssinafyFake.approveAuthorization(_:)`.
///
/// Any `client_id` is a known client. One that sends a `client_secret` is confidential and must
/// send `AssinafyFake.oauthClientSecret`; only confidential clients may exchange tokens. The
/// fake issues no `id_token` (it holds no RS256 key), even for `openid`.
extension FakeServer {
    static let accessLifetime = 3600
    static let refreshLifetime: TimeInterval = 30 * 86400
    static let codeLifetime: TimeInterval = 60
    static let tokenExchange = "urn:ietf:params:oauth:grant-type:token-exchange"
    static let accessTokenType = "urn:ietf:params:oauth:token-type:access_token"
    static let oauthScopes = [
        "documents:read", "documents:write", "templates:read", "templates:write", "account:read", "webhooks:write",
        "openid", "profile", "email", "offline_access",
    ]

    /// An OAuth error answer (`{error, error_description}`, never cached).
    struct OAuthFailure: Error {
        let status: Int
        let error: String
        let description: String

        var reply: FakeReply {
            let body = JSONValue.object(["error": .string(error), "error_description": .string(description)])
            return FakeReply(status: status, headers: [("Cache-Control", "no-store")], body: body.jsonData())
        }
    }

    func oauthHandler(_ operation: String, _ context: FakeContext) throws -> FakeReply? {
        let request = context.request
        switch operation {
        case "exchangeOAuthToken":
            do {
                guard let call = try? request.call(AssinafyAPIStubs.ExchangeOAuthTokenCall.init) else {
                    throw OAuthFailure(status: 400, error: "invalid_request", description: "The request is malformed.")
                }
                try authenticateClient(call.clientId, secret: call.clientSecret)
                let answer: ExchangeOAuthTokenResponse
                switch call.grantType.rawValue {
                case "authorization_code": answer = try grantCode(call, context)
                case "refresh_token": answer = try grantRefresh(call, context)
                case Self.tokenExchange: answer = try grantExchange(call, context)
                default:
                    throw OAuthFailure(
                        status: 400, error: "unsupported_grant_type",
                        description: "Only authorization_code and refresh_token exist.")
                }
                return FakeReply(
                    status: 200, headers: [("Cache-Control", "no-store")], body: try JSONCoding.encode(answer))
            } catch let failure as OAuthFailure {
                return failure.reply
            }
        case "revokeOAuthToken":
            guard let call = try? request.call(AssinafyAPIStubs.RevokeOAuthTokenCall.init) else {
                return OAuthFailure(status: 401, error: "invalid_client", description: "Client authentication failed.")
                    .reply
            }
            do { try authenticateClient(call.clientId, secret: call.clientSecret) } catch let failure as OAuthFailure {
                return failure.reply
            }
            let credentials = state.credentials
            if let access = credentials.accessTokens[call.token], access.clientId == call.clientId {
                access.revoked = true
            }
            if let refresh = credentials.refreshTokens[call.token], refresh.clientId == call.clientId {
                credentials.revoke(chain: refresh.grant.chain)
            }
            return FakeReply(status: 200, body: Data(), contentType: "application/json")
        case "getOAuthUserInfo":
            guard case .oauth(let access)? = context.principal, access.scopes.contains("openid") else {
                let challenge =
                    "Bearer error=\"insufficient_scope\", scope=\"openid\", "
                    + "resource_metadata=\"\(request.origin)/.well-known/oauth-protected-resource\""
                throw FakeAPIError(
                    status: 403, message: "You are not allowed to perform this action.",
                    headers: [("WWW-Authenticate", challenge)])
            }
            let user = state.user
            var claims: JSONObject = ["sub": .string(user.id)]
            if access.scopes.contains("profile") { claims["name"] = .string(user.name) }
            if access.scopes.contains("email") {
                claims["email"] = .string(user.email)
                claims["email_verified"] = true
            }
            return FakeReply(status: 200, body: JSONValue.object(claims).jsonData())
        case "getProtectedResourceMetadata":
            let metadata = GetProtectedResourceMetadataResponse(
                resource: request.origin, authorizationServers: [AssinafyFake.oauthIssuer],
                scopesSupported: Self.oauthScopes.filter { $0 != "offline_access" }, bearerMethodsSupported: ["header"])
            return FakeReply(status: 200, body: try JSONCoding.encode(metadata))
        default:
            return nil
        }
    }

    private func authenticateClient(_ clientId: String, secret: String?) throws {
        guard !clientId.isEmpty, secret == nil || secret == AssinafyFake.oauthClientSecret else {
            throw OAuthFailure(status: 401, error: "invalid_client", description: "Client authentication failed.")
        }
    }

    private func invalidGrant(_ description: String) -> OAuthFailure {
        OAuthFailure(status: 400, error: "invalid_grant", description: description)
    }

    /// A `resource` other than the one authorized (or, when none was, than the API's origin).
    private func checkResource(_ requested: String?, authorized: String?, origin: String) throws {
        guard let requested else { return }
        func trimmed(_ value: String) -> String { value.hasSuffix("/") ? String(value.dropLast()) : value }
        guard trimmed(requested) == trimmed(authorized ?? origin) else {
            throw OAuthFailure(
                status: 400, error: "invalid_target", description: "The resource does not match what was authorized.")
        }
    }

    private func grantCode(_ call: AssinafyAPIStubs.ExchangeOAuthTokenCall, _ context: FakeContext) throws
        -> ExchangeOAuthTokenResponse
    {
        let credentials = state.credentials
        guard let record = credentials.codes[call.code ?? ""], record.clientId == call.clientId else {
            throw invalidGrant("The authorization code is invalid.")
        }
        if record.used {
            credentials.revoke(chain: record.chain)
            throw invalidGrant("The authorization code was already used.")
        }
        guard record.expiresAt >= state.now else { throw invalidGrant("The authorization code has expired.") }
        guard call.redirectUri == record.redirectURI else {
            throw invalidGrant("redirect_uri does not match the authorization request.")
        }
        let verifier = call.codeVerifier ?? ""
        guard (try? PKCEPair(verifier: verifier)) != nil, PKCEPair.challenge(for: verifier) == record.challenge else {
            throw invalidGrant("PKCE verification failed.")
        }
        try checkResource(call.resource, authorized: record.grant.resource, origin: context.request.origin)
        record.used = true
        record.chain = state.newId("chain")
        var grant = record.grant
        grant.chain = record.chain
        return issue(grant, clientId: call.clientId, withRefresh: true)
    }

    private func grantRefresh(_ call: AssinafyAPIStubs.ExchangeOAuthTokenCall, _ context: FakeContext) throws
        -> ExchangeOAuthTokenResponse
    {
        let credentials = state.credentials
        guard let record = credentials.refreshTokens[call.refreshToken ?? ""], record.clientId == call.clientId else {
            throw invalidGrant("The refresh token is invalid.")
        }
        if credentials.revokedChains.contains(record.grant.chain ?? "") || record.status == .revoked {
            throw invalidGrant("The refresh token has been revoked.")
        }
        if record.status == .retired {
            credentials.revoke(chain: record.grant.chain)
            throw invalidGrant("Refresh token reuse detected; the connection was revoked.")
        }
        guard record.expiresAt >= state.now else { throw invalidGrant("The refresh token has expired.") }
        try checkResource(call.resource, authorized: record.grant.resource, origin: context.request.origin)
        record.status = .retired
        return issue(record.grant, clientId: call.clientId, withRefresh: true)
    }

    private func grantExchange(_ call: AssinafyAPIStubs.ExchangeOAuthTokenCall, _ context: FakeContext) throws
        -> ExchangeOAuthTokenResponse
    {
        guard call.clientSecret != nil else {
            throw invalidGrant("Token exchange is restricted to internal-service clients.")
        }
        guard call.subjectTokenType?.rawValue == Self.accessTokenType,
            (call.requestedTokenType?.rawValue ?? Self.accessTokenType) == Self.accessTokenType
        else { throw OAuthFailure(status: 400, error: "invalid_request", description: "Unsupported token type.") }
        let credentials = state.credentials
        guard let subject = credentials.accessTokens[call.subjectToken ?? ""], !subject.revoked, !subject.exchanged,
            subject.expiresAt >= state.now, !credentials.revokedChains.contains(subject.chain ?? "")
        else { throw invalidGrant("The subject token is not usable.") }
        let requested = (try? call.request.form("scope", as: String.self)) ?? nil
        let scopes = requested?.split(separator: " ").map(String.init) ?? subject.scopes
        guard Set(scopes).isSubset(of: subject.scopes) else {
            throw OAuthFailure(
                status: 400, error: "invalid_scope", description: "The requested scope exceeds the subject token's.")
        }
        try checkResource(call.resource, authorized: nil, origin: context.request.origin)
        let answer = issue(
            FakeOAuthGrant(scopes: scopes, resource: nil, chain: nil), clientId: subject.clientId, withRefresh: false)
        credentials.accessTokens[answer.accessToken ?? ""]?.exchanged = true
        let remaining = Int(subject.expiresAt.timeIntervalSince(state.now))
        return ExchangeOAuthTokenResponse(
            accessToken: answer.accessToken, issuedTokenType: Self.accessTokenType, tokenType: answer.tokenType,
            expiresIn: min(Self.accessLifetime, remaining), scope: answer.scope)
    }

    private func issue(_ grant: FakeOAuthGrant, clientId: String, withRefresh: Bool) -> ExchangeOAuthTokenResponse {
        let credentials = state.credentials
        let scopes = grant.scopes.filter { $0 != "offline_access" }
        let access = "fake-oauth-" + state.newId("access")
        credentials.accessTokens[access] = FakeOAuthAccess(
            clientId: clientId, scopes: scopes,
            expiresAt: state.now.addingTimeInterval(TimeInterval(Self.accessLifetime)),
            chain: grant.chain)
        var refresh: String?
        if withRefresh && grant.scopes.contains("offline_access") {
            let token = "fake-refresh-" + state.newId("refresh")
            credentials.refreshTokens[token] = FakeOAuthRefresh(
                clientId: clientId, grant: grant, expiresAt: state.now.addingTimeInterval(Self.refreshLifetime))
            refresh = token
        }
        return ExchangeOAuthTokenResponse(
            accessToken: access, tokenType: "Bearer", expiresIn: Self.accessLifetime, refreshToken: refresh,
            scope: scopes.joined(separator: " "))
    }
}

extension FakeState {
    /// The authorization server's side of `AssinafyFake.approveAuthorization(_:)`: a code for
    /// `request`, valid once for 60 virtual seconds.
    func authorize(_ request: OAuthAuthorizationRequest) -> String {
        let code = "fake-code-" + newId("authorization")
        credentials.codes[code] = FakeAuthorizationCode(
            clientId: request.clientId, redirectURI: request.redirectURI, challenge: request.pkce.codeChallenge,
            grant: FakeOAuthGrant(scopes: request.scopes.map(\.rawValue), resource: request.resource, chain: nil),
            expiresAt: now.addingTimeInterval(FakeServer.codeLifetime))
        return code
    }
}
