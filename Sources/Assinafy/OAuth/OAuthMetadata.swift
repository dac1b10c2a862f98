import APIRuntime
import AssinafyAPI
import Foundation

/// The API's RFC 9728 protected resource metadata (`/.well-known/oauth-protected-resource`).
public struct OAuthProtectedResourceMetadata: Sendable, Equatable {
    /// The resource identifier to send as `resource` (RFC 8707), e.g. `https://api.assinafy.com.br`.
    public let resource: String
    /// Issuers of the authorization servers that mint tokens for this API; never empty.
    public let authorizationServers: [String]
    public let scopesSupported: [OAuthScope]
    public let bearerMethodsSupported: [String]
    /// Members this SDK does not name.
    public let additionalFields: JSONObject

    public init(
        resource: String, authorizationServers: [String], scopesSupported: [OAuthScope] = [],
        bearerMethodsSupported: [String] = [], additionalFields: JSONObject = [:]
    ) {
        self.resource = resource
        self.authorizationServers = authorizationServers
        self.scopesSupported = scopesSupported
        self.bearerMethodsSupported = bearerMethodsSupported
        self.additionalFields = additionalFields
    }

    /// Checks RFC 9728 §3.3: `resource` must be the identifier the document was fetched for
    /// (the API's origin), otherwise an attacker-controlled document could redirect the app to
    /// its own authorization server. Also requires at least one authorization server.
    @usableFromInline init(_ response: GetProtectedResourceMetadataResponse, expectedResource: String) throws {
        func invalid(_ message: String, _ reason: AssinafySDKError.Reason) -> AssinafySDKError {
            AssinafySDKError(message, reason: reason, context: ["operation": "getProtectedResourceMetadata"])
        }
        guard let resource = response.resource else {
            throw invalid("The protected resource metadata has no resource", .invalidMetadata)
        }
        guard OAuthMetadataRules.sameIdentifier(resource, expectedResource) else {
            throw invalid(
                "The protected resource metadata names another resource than the API it was fetched from",
                .resourceMismatch)
        }
        guard let servers = response.authorizationServers, !servers.isEmpty, servers.allSatisfy({ !$0.isEmpty })
        else { throw invalid("The protected resource metadata lists no authorization server", .invalidMetadata) }
        self.init(
            resource: resource, authorizationServers: servers,
            scopesSupported: (response.scopesSupported ?? []).map { OAuthScope(rawValue: $0) },
            bearerMethodsSupported: response.bearerMethodsSupported ?? [], additionalFields: response.additionalFields)
    }
}

/// An authorization server's RFC 8414 metadata (`<issuer>/.well-known/oauth-authorization-server`).
public struct OAuthAuthorizationServerMetadata: Sendable, Equatable {
    /// Equal, character for character, to the issuer it was requested for (checked on fetch).
    public let issuer: String
    public let authorizationEndpoint: URL
    public let tokenEndpoint: URL?
    public let revocationEndpoint: URL?
    public let userinfoEndpoint: URL?
    /// Where the id_token signing keys are published.
    public let jwksURI: URL?
    public let responseTypesSupported: [String]
    public let grantTypesSupported: [String]
    public let codeChallengeMethodsSupported: [String]
    public let tokenEndpointAuthMethodsSupported: [String]
    public let scopesSupported: [OAuthScope]
    /// RFC 9207 `authorization_response_iss_parameter_supported`.
    public let authorizationResponseIssParameterSupported: Bool?
    /// The whole document as received.
    public let document: JSONObject

    public init(
        issuer: String, authorizationEndpoint: URL, tokenEndpoint: URL? = nil, revocationEndpoint: URL? = nil,
        userinfoEndpoint: URL? = nil, jwksURI: URL? = nil, responseTypesSupported: [String] = ["code"],
        grantTypesSupported: [String] = [], codeChallengeMethodsSupported: [String] = ["S256"],
        tokenEndpointAuthMethodsSupported: [String] = [], scopesSupported: [OAuthScope] = [],
        authorizationResponseIssParameterSupported: Bool? = nil, document: JSONObject = [:]
    ) {
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.userinfoEndpoint = userinfoEndpoint
        self.jwksURI = jwksURI
        self.responseTypesSupported = responseTypesSupported
        self.grantTypesSupported = grantTypesSupported
        self.codeChallengeMethodsSupported = codeChallengeMethodsSupported
        self.tokenEndpointAuthMethodsSupported = tokenEndpointAuthMethodsSupported
        self.scopesSupported = scopesSupported
        self.authorizationResponseIssParameterSupported = authorizationResponseIssParameterSupported
        self.document = document
    }

    /// Assinafy's production values as its OAuth guide publishes them, for apps that skip
    /// discovery. The fetched document stays the authoritative source.
    public static let production = OAuthAuthorizationServerMetadata(
        issuer: OAuthResource.defaultIssuer, authorizationEndpoint: OAuthResource.defaultAuthorizationEndpoint,
        tokenEndpoint: URL(string: "https://api.assinafy.com.br/v1/oauth/token"),
        revocationEndpoint: URL(string: "https://api.assinafy.com.br/v1/oauth/revoke"),
        userinfoEndpoint: URL(string: "https://api.assinafy.com.br/v1/oauth/userinfo"),
        jwksURI: URL(string: "https://auth.assinafy.com.br/.well-known/jwks.json"),
        grantTypesSupported: ["authorization_code", "refresh_token"],
        tokenEndpointAuthMethodsSupported: ["client_secret_post", "none"])

    /// Parses and checks a fetched document: `issuer` must equal `expectedIssuer` exactly
    /// (RFC 8414 §3.3, which stops a metadata document from impersonating another issuer), the
    /// endpoints the SDK uses must be https (http only on loopback when allowed), and the
    /// server must not rule out S256.
    @_alwaysEmitIntoClient @usableFromInline init(
        document json: JSONValue, expectedIssuer: String, allowsInsecureLoopback: Bool
    ) throws {
        func invalid(_ message: String, _ reason: AssinafySDKError.Reason) -> AssinafySDKError {
            AssinafySDKError(
                message,
                reason: reason, context: ["operation": "getAuthorizationServerMetadata", "issuer": expectedIssuer])
        }
        guard let object = json.objectValue else {
            throw invalid("The metadata is not a JSON object", .invalidMetadata)
        }
        guard let issuer = object["issuer"]?.stringValue, issuer == expectedIssuer else {
            throw invalid("The authorization server metadata names another issuer than requested", .issuerMismatch)
        }
        func endpoint(_ name: String, required: Bool) throws -> URL? {
            guard let text = object[name]?.stringValue else {
                if required { throw invalid("The metadata has no \(name)", .invalidMetadata) }
                return nil
            }
            guard let url = URL(string: text),
                OAuthInput.endpointProblem(url, allowsInsecureLoopback: allowsInsecureLoopback) == nil
            else { throw invalid("The metadata's \(name) is not an acceptable https URL", .invalidMetadata) }
            return url
        }
        func strings(_ name: String) -> [String] { object[name]?.arrayValue?.compactMap(\.stringValue) ?? [] }

        guard let authorization = try endpoint("authorization_endpoint", required: true) else {
            throw invalid("The metadata has no authorization_endpoint", .invalidMetadata)
        }
        let methods = strings("code_challenge_methods_supported")
        // Absent means "not advertised"; present without S256 means our requests would fail.
        if object["code_challenge_methods_supported"] != nil && !methods.contains("S256") {
            throw invalid("The authorization server does not support PKCE S256", .pkceUnsupported)
        }
        self.init(
            issuer: issuer, authorizationEndpoint: authorization,
            tokenEndpoint: try endpoint("token_endpoint", required: false),
            revocationEndpoint: try endpoint("revocation_endpoint", required: false),
            userinfoEndpoint: try endpoint("userinfo_endpoint", required: false),
            jwksURI: try endpoint("jwks_uri", required: false),
            responseTypesSupported: strings("response_types_supported"),
            grantTypesSupported: strings("grant_types_supported"), codeChallengeMethodsSupported: methods,
            tokenEndpointAuthMethodsSupported: strings("token_endpoint_auth_methods_supported"),
            scopesSupported: strings("scopes_supported").map { OAuthScope(rawValue: $0) },
            authorizationResponseIssParameterSupported: object["authorization_response_iss_parameter_supported"]?
                .boolValue,
            document: object)
    }
}

@usableFromInline enum OAuthMetadataRules {
    /// Resource identifiers compared as RFC 9728 requires (exact), tolerating only a trailing
    /// `/` on an origin-only identifier, which names the same resource.
    @usableFromInline @_alwaysEmitIntoClient static func sameIdentifier(_ lhs: String, _ rhs: String) -> Bool {
        func trimmed(_ text: String) -> String {
            guard let url = URL(string: text), url.path == "/" || url.path.isEmpty, text.hasSuffix("/") else {
                return text
            }
            return String(text.dropLast())
        }
        return trimmed(lhs) == trimmed(rhs)
    }

    /// RFC 8414 §3.1: the well-known segment goes between the host and any issuer path.
    @_alwaysEmitIntoClient @usableFromInline static func metadataURL(
        forIssuer issuer: String, allowsInsecureLoopback: Bool
    ) throws -> URL {
        func invalid(_ problem: String) -> ValidationError {
            ValidationError("Invalid issuer", errors: ["issuer": [problem]])
        }
        guard OAuthInput.isSafeToken(issuer), let url = URL(string: issuer),
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { throw invalid("must be an absolute URL") }
        if let problem = OAuthInput.endpointProblem(url, allowsInsecureLoopback: allowsInsecureLoopback) {
            throw invalid(problem)
        }
        // RFC 8414 §2: an issuer has no query or fragment.
        guard components.percentEncodedQuery == nil, components.fragment == nil else {
            throw invalid("must not contain a query or fragment")
        }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        components.percentEncodedPath = "/.well-known/oauth-authorization-server" + path
        guard let metadata = components.url else { throw invalid("must be an absolute URL") }
        return metadata
    }

    /// The resource identifier of the API a client talks to: the base URL's origin.
    @_alwaysEmitIntoClient @usableFromInline static func resourceIdentifier(of baseURL: URL) -> String {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            return baseURL.absoluteString
        }
        components.percentEncodedPath = ""
        components.percentEncodedQuery = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        return components.url?.absoluteString ?? baseURL.absoluteString
    }
}
