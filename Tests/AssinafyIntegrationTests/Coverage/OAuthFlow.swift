import Assinafy
import Foundation
import Testing

extension Flow {
    /// Discovery (protected resource → authorization server metadata → JWKS), the PKCE code
    /// flow with the emulator's approval stand-in, the id_token verified end to end (RS256, keys
    /// fetched from `jwks_uri`), user info, refresh with rotation, revocation.
    func oauth() async throws {
        let oauth = anonymous.oauth
        let resource = try await oauth.protectedResourceMetadata()
        let issuer = try #require(resource.authorizationServers.first)
        let server = try await oauth.authorizationServerMetadata(issuer: issuer)
        #expect(server.issuer == issuer && server.codeChallengeMethodsSupported.contains("S256"))
        let keys = try await oauth.jsonWebKeySet(server: server)
        #expect(keys.keys.contains { $0.kty == "RSA" && $0.alg == "RS256" && $0.kid != nil })

        let clientId = state.oauthPublicClientId
        let request = OAuthAuthorizationRequest(
            clientId: clientId, redirectURI: state.oauthRedirectURI,
            scopes: [.openid, .profile, .email, .documentsRead, .accountRead, .offlineAccess],
            resource: resource.resource)
        try request.validate()
        let authorizationURL = try #require(request.authorizationURL(endpoint: server.authorizationEndpoint))
        #expect(authorizationURL.query?.contains("code_challenge_method=S256") == true)

        let code = try await approve(request, issuer: server.issuer)
        let token = try await oauth.exchangeAuthorizationCode(code: code, for: request, server: server)
        let idToken = try #require(token.idToken)
        let claims = try #require(token.idTokenClaims, "the id_token was not verified")
        #expect(claims.issuer == server.issuer && claims.subject == state.ownerId && claims.audience == [clientId])
        #expect(claims.nonce == request.nonce)
        try await refusesForgedIDTokens(idToken, clientId: clientId, nonce: request.nonce, server: server)

        let connected = emulator.client(token: token.accessToken)
        let info = try await connected.oauth.userInfo()
        #expect(info.sub == state.ownerId && info.email == state.ownerEmail && info.name != nil)
        #expect(try await connected.workspaces.list().data.map(\.id) == [state.accountId])

        let refreshToken = try #require(token.refreshToken)
        let rotated = try await oauth.refreshAccessToken(
            .refreshToken(refreshToken, clientId: clientId, resource: resource.resource), server: server)
        let rotatedRefresh = try #require(rotated.refreshToken)
        #expect(rotatedRefresh != refreshToken && rotated.accessToken != token.accessToken)
        #expect(rotated.idTokenClaims?.subject == state.ownerId, "the refreshed id_token verifies too")
        #expect(try await emulator.client(token: rotated.accessToken).oauth.userInfo().sub == state.ownerId)

        // The refresh token sent was retired by the rotation: sending it again is refused.
        let replayed = await #expect(throws: APIError.self) {
            try await oauth.refreshAccessToken(.refreshToken(refreshToken, clientId: clientId))
        }
        #expect(replayed?.oauthError?.code == "invalid_grant")

        try await oauth.revoke(OAuthRevokePayload(token: rotatedRefresh, clientId: clientId))
        let refused = await #expect(throws: APIError.self) {
            try await oauth.refreshAccessToken(.refreshToken(rotatedRefresh, clientId: clientId))
        }
        #expect(refused?.oauthError?.code == "invalid_grant")
    }

    /// The user approving the app: the emulator's stand-in for the authorization page hands out
    /// a code, which comes back on the redirect URI and is checked like a real callback.
    private func approve(_ request: OAuthAuthorizationRequest, issuer: String) async throws -> String {
        var approval: JSONObject = [
            "client_id": .string(request.clientId), "redirect_uri": .string(request.redirectURI),
            "code_challenge": .string(request.pkce.codeChallenge),
            "code_challenge_method": .string(request.pkce.method),
            "scope": .string(request.scopes.map(\.rawValue).joined(separator: " ")), "state": .string(request.state),
        ]
        if let nonce = request.nonce { approval["nonce"] = .string(nonce) }
        if let resource = request.resource { approval["resource"] = .string(resource) }
        let granted = try await admin.post("/oauth/authorize", .object(approval))
        var callback = try #require(URLComponents(string: request.redirectURI))
        callback.queryItems = [
            URLQueryItem(name: "code", value: granted["code"]?.stringValue),
            URLQueryItem(name: "state", value: granted["state"]?.stringValue),
            URLQueryItem(name: "iss", value: granted["iss"]?.stringValue),
        ]
        let callbackURL = try #require(callback.url)
        let response = try #require(OAuthCallback(callbackURL: callbackURL))
        return try response.validate(against: request, issuer: issuer)
    }

    /// A token whose payload was changed, or checked against another nonce, must not verify.
    private func refusesForgedIDTokens(
        _ idToken: String, clientId: String, nonce: String?, server: OAuthAuthorizationServerMetadata
    ) async throws {
        let oauth = anonymous.oauth
        let verified = try await oauth.verifyIDToken(idToken, clientId: clientId, nonce: nonce, server: server)
        #expect(verified.subject == state.ownerId)

        let parts = idToken.split(separator: ".").map(String.init)
        try #require(parts.count == 3)
        let forgedClaims = Data(
            #"{"iss":"\#(server.issuer)","aud":"\#(clientId)","sub":"someone-else","iat":1,"exp":4070908800}"#.utf8)
        let forged = [parts[0], PortableCrypto.base64URLEncode(forgedClaims), parts[2]].joined(separator: ".")
        for (token, expectedNonce) in [(forged, nonce), (idToken, "another-nonce")] {
            let error = await #expect(throws: AssinafySDKError.self) {
                try await oauth.verifyIDToken(token, clientId: clientId, nonce: expectedNonce, server: server)
            }
            #expect(error?.context["reason"] == "invalid_id_token")
        }
    }
}
