import APIRuntime
import AssinafyAPI
import Foundation

/// GETs public JSON documents that may live on another origin than the API: the authorization
/// server's metadata and its JWKS.
///
/// `APIRequest` can only name a path under the client's base URL, so a document on the API's
/// own origin under `/.well-known/` goes through the client's transport, and anything else
/// through a separate client over the same HTTP stack whose configuration holds **no credential at all**
/// (its engine configuration without credentials: same timeout, logger, retry policy, user
/// agent, loopback rule and response limits as the client). Nothing
/// the client is configured with can therefore reach the authorization server, even if its
/// redirects or a misconfiguration tried to make it.
@usableFromInline struct OAuthPublicFetcher: Sendable {
    @usableFromInline let context: ClientContext

    @usableFromInline init(context: ClientContext) { self.context = context }

    @_alwaysEmitIntoClient @usableFromInline func get(_ url: URL, operationName: String) async throws -> RawResponse {
        let configuration = context.configuration
        if let problem = OAuthInput.endpointProblem(url, allowsInsecureLoopback: configuration.allowsInsecureLoopback) {
            throw ValidationError("Invalid discovery URL", errors: ["url": [problem]])
        }
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw ValidationError("Invalid discovery URL", errors: ["url": ["cannot be parsed"]])
        }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        var request = APIRequest(
            operationName: operationName, method: .get, pathTemplate: path, path: RequestPath(stringLiteral: path),
            credential: .none)
        request.query = (components.queryItems ?? []).map { QueryItem($0.name, $0.value ?? "") }

        if OAuthPublicFetcher.sameOrigin(url, configuration.baseURL) && path.hasPrefix("/.well-known/") {
            return try await context.client.send(request)
        }
        var engine = configuration.engine
        engine.credentials = [:]
        engine.baseURL = OAuthPublicFetcher.origin(of: url)
        let foreign = AssinafyClientConfiguration(engine: engine)
        let transport = context.engineParts?.transport ?? URLSessionHTTPTransport()
        return try await AssinafyEngine.client(configuration: foreign, transport: transport).send(request)
    }

    @usableFromInline @_alwaysEmitIntoClient static func sameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
        func key(_ url: URL) -> (String, String, Int)? {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            guard let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil) else { return nil }
            return (scheme, host, port)
        }
        guard let left = key(lhs), let right = key(rhs) else { return false }
        return left == right
    }

    @usableFromInline @_alwaysEmitIntoClient static func origin(of url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        components.percentEncodedPath = ""
        components.percentEncodedQuery = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        return components.url ?? url
    }
}

/// The token and revocation calls take their form fields one by one (the contract lists
/// `application/x-www-form-urlencoded` first, so the generated calls send forms, as RFC 6749
/// §4.1.3/§6 and RFC 7009 §2.1 define them); the payloads keep building the typed requests.
extension OAuthAPI {
    @_alwaysEmitIntoClient @usableFromInline func exchangeOAuthToken(_ body: OAuthTokenRequest) async throws
        -> APIResponse<
            ExchangeOAuthTokenResponse
        >
    {
        try await exchangeOAuthToken(
            grantType: body.grantType, clientId: body.clientId, code: body.code, redirectUri: body.redirectUri,
            codeVerifier: body.codeVerifier, refreshToken: body.refreshToken, clientSecret: body.clientSecret,
            resource: body.resource, subjectToken: body.subjectToken, subjectTokenType: body.subjectTokenType,
            requestedTokenType: body.requestedTokenType)
    }

    @discardableResult
    @_alwaysEmitIntoClient @usableFromInline func revokeOAuthToken(_ body: OAuthRevokeRequest) async throws
        -> APIResponse<Void>
    {
        try await revokeOAuthToken(
            token: body.token, clientId: body.clientId, tokenTypeHint: body.tokenTypeHint,
            clientSecret: body.clientSecret)
    }
}
