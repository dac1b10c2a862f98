import AssinafyAPI
import AssinafyRuntime
import Foundation

/// Sends the generated token and revocation requests as `application/x-www-form-urlencoded`.
///
/// The API accepts JSON too, but RFC 6749 §4.1.3/§6 and RFC 7009 §2.1 define these requests
/// as form posts, which is what every authorization server (and proxy rule) expects. The
/// generated operations keep doing everything else (path, credential class `.none`, error
/// payloads); only the body encoding changes. A body that is already a form passes through.
struct OAuthFormTransport: HTTPClientProtocol {
    let base: any HTTPClientProtocol

    static let formOperations: Set<String> = ["exchangeOAuthToken", "revokeOAuthToken"]
    /// Conventional order (grant type first); anything else follows alphabetically.
    private static let preferredOrder = [
        "grant_type", "code", "redirect_uri", "code_verifier", "refresh_token", "token", "token_type_hint",
        "client_id", "resource",
    ]

    func send(_ request: APIRequest) async throws -> HTTPResponse {
        guard OAuthFormTransport.formOperations.contains(request.operationName), case .json(let data, _)? = request.body
        else { return try await base.send(request) }
        var formRequest = request
        formRequest.body = .form(try OAuthFormTransport.formItems(fromJSON: data, operation: request.operationName))
        return try await base.send(formRequest)
    }

    static func formItems(fromJSON data: Data, operation: String) throws -> [QueryItem] {
        guard case .object(let object)? = try? JSONCoding.decode(JSONValue.self, from: data) else {
            throw AssinafySDKError("The OAuth request body is not a JSON object", context: ["operation": operation])
        }
        var items: [QueryItem] = []
        for member in object {
            switch member.value {
            case .null: continue
            case .string(let text): items.append(QueryItem(member.key, text))
            case .bool(let flag): items.append(QueryItem(member.key, flag ? "true" : "false"))
            case .integer(let number): items.append(QueryItem(member.key, String(number)))
            case .bigInteger(let text): items.append(QueryItem(member.key, text))
            case .double(let number): items.append(QueryItem(member.key, String(number)))
            case .array, .object:
                throw AssinafySDKError(
                    "An OAuth form field cannot hold a nested value",
                    context: ["operation": operation, "field": member.key])
            }
        }
        func rank(_ name: String) -> Int { preferredOrder.firstIndex(of: name) ?? preferredOrder.count }
        return items.sorted { (rank($0.name), $0.name) < (rank($1.name), $1.name) }
    }
}

/// GETs public JSON documents that may live on another origin than the API: the authorization
/// server's metadata and its JWKS.
///
/// `APIRequest` can only name a path under the client's base URL, so a document on the API's
/// own origin under `/.well-known/` goes through the client's transport, and anything else
/// through a separate `URLSessionTransport` whose configuration holds **no credential at all**
/// (same timeout, logger, retry policy, user agent and loopback rule as the client). Nothing
/// the client is configured with can therefore reach the authorization server, even if its
/// redirects or a misconfiguration tried to make it.
struct OAuthPublicFetcher: Sendable {
    let context: ClientContext

    func get(_ url: URL, operationName: String) async throws -> HTTPResponse {
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
            return try await context.transport.send(request)
        }
        let foreign = AssinafyClientConfiguration(
            token: nil, apiKey: nil, baseURL: OAuthPublicFetcher.origin(of: url), defaultAccountId: nil,
            timeout: configuration.timeout, logger: configuration.logger,
            allowsInsecureLoopback: configuration.allowsInsecureLoopback, retryPolicy: configuration.retryPolicy,
            userAgent: configuration.userAgent)
        return try await URLSessionTransport(configuration: foreign).send(request)
    }

    static func sameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
        func key(_ url: URL) -> (String, String, Int)? {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            guard let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil) else { return nil }
            return (scheme, host, port)
        }
        guard let left = key(lhs), let right = key(rhs) else { return false }
        return left == right
    }

    static func origin(of url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        components.percentEncodedPath = ""
        components.percentEncodedQuery = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        return components.url ?? url
    }
}
