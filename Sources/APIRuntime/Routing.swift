import Foundation

/// Scheme, host and port: the unit credentials are bound to.
struct Origin: Hashable, Sendable {
    var scheme: String
    var host: String
    var port: Int

    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), var host = url.host?.lowercased(), !host.isEmpty else {
            return nil
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil) else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port
    }
}

package enum URLBuilder {
    /// The base URL followed by the operation path, as OpenAPI defines it (a server URL with a
    /// path is a prefix of every operation path). `/.well-known/...` always resolves at the host
    /// root (RFC 8615).
    package static func url(base: URL, path: String, query: [QueryItem], wholeQuery: String? = nil) throws -> URL {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
            throw EngineError("The base URL cannot be parsed")
        }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        let operationPath = path.hasPrefix("/") ? path : "/" + path
        if operationPath.hasPrefix("/.well-known/") {
            components.percentEncodedPath = operationPath
        } else {
            components.percentEncodedPath = basePath + operationPath
        }
        let items = query.isEmpty ? nil : encodeQuery(query)
        components.percentEncodedQuery = wholeQuery.map { whole in items.map { whole + "&" + $0 } ?? whole } ?? items
        components.fragment = nil
        guard let url = components.url else {
            throw EngineError("The request URL cannot be built", context: ["pathTemplate": path])
        }
        return url
    }

    static func encodeQuery(_ items: [QueryItem]) -> String {
        items.map { RequestPath.percentEncode($0.name) + "=" + RequestPath.percentEncode($0.value) }
            .joined(separator: "&")
    }

    /// `application/x-www-form-urlencoded` (WHATWG): like the query, but space becomes `+`.
    static func encodeForm(_ items: [QueryItem]) -> String {
        func encode(_ text: String) -> String {
            text.split(separator: " ", omittingEmptySubsequences: false)
                .map { RequestPath.percentEncode(String($0)) }.joined(separator: "+")
        }
        return items.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    }

    /// Whether `url` has a query item named like one of `names` (lowercased).
    static func carriesQueryItem(named names: Set<String>, _ url: URL) -> Bool {
        guard !names.isEmpty, let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
        else { return false }
        return items.contains { names.contains($0.name.lowercased()) }
    }

    /// The URL without user info, query or fragment: safe to put in errors and logs.
    package static func redacted(_ url: URL?) -> URL? {
        guard let url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.url
    }
}

/// Where one request of a redirect chain goes and what it carries.
struct Hop: Sendable {
    var url: URL
    var method: RequestMethod
    var sendsBody: Bool
    /// Set once the chain has left the base origin: from then on no credential is attached,
    /// even if a later redirect comes back, so a foreign server cannot steer our credentials.
    var leftBaseOrigin: Bool
}

enum RedirectDecision: Equatable {
    case follow(Hop)
    case refuse(String)
}

extension Hop: Equatable {}

/// The SDK's redirect policy (URLSession is told to follow nothing; the transport asks this).
///
/// - Same origin: followed. 307/308 keep method and body. 303 turns into GET without a body
///   (HEAD stays HEAD). 301/302 are followed for GET/HEAD and refused for other methods: turning
///   a write into a GET, as browsers do, would silently drop it.
/// - Cross origin: only from a GET/HEAD without a body, only to https (or to a loopback http
///   origin when the client allows insecure loopback), never to a URL carrying an access code;
///   the request then carries only a few harmless headers and no credential.
/// - Never: https → http, targets with user info, more than `maxHops`, a target carrying one of
///   the request's query credentials, or anything from a request that follows no redirect
///   (`APIRequest.followsRedirects`; the engine refuses those before asking).
enum RedirectPolicy {
    static let maxHops = 10
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]
    /// What survives a cross-origin hop.
    static let crossOriginHeaders: Set<String> = [
        "accept", "accept-encoding", "accept-language", "range", "if-range", "user-agent",
    ]

    static func decide(
        status: Int, location: String?, from hop: Hop, base: Origin?, hopsSoFar: Int, allowsInsecureLoopback: Bool,
        queryCredentialNames: Set<String> = []
    ) -> RedirectDecision {
        if hopsSoFar >= maxHops { return .refuse("too many redirects (more than \(maxHops))") }
        guard let location, !location.isEmpty,
            let target = URL(string: location, relativeTo: hop.url)?.absoluteURL,
            let targetOrigin = Origin(target), let currentOrigin = Origin(hop.url)
        else { return .refuse("the redirect has no usable Location") }
        if target.user != nil || target.password != nil { return .refuse("the redirect target contains user info") }
        guard targetOrigin.scheme == "https" || targetOrigin.scheme == "http" else {
            return .refuse("the redirect target uses an unsupported scheme")
        }
        if currentOrigin.scheme == "https" && targetOrigin.scheme == "http" {
            return .refuse("redirects from https to http are never followed")
        }
        if targetOrigin.scheme == "http" && !(allowsInsecureLoopback && Validation.isLoopback(host: targetOrigin.host))
        {
            return .refuse("the redirect target is not https")
        }

        var next = Hop(
            url: stripFragment(target), method: hop.method,
            sendsBody: hop.sendsBody, leftBaseOrigin: hop.leftBaseOrigin)
        let isGetLike = hop.method == .get || hop.method == .head
        switch status {
        case 307, 308: break
        case 303:
            if !isGetLike {
                next.method = .get
                next.sendsBody = false
            }
        default:
            if !isGetLike { return .refuse("a \(status) redirect of a \(hop.method.rawValue) is not followed") }
        }

        let crossOrigin = hop.leftBaseOrigin || targetOrigin != base
        if crossOrigin {
            if !isGetLike || hop.sendsBody {
                return .refuse("only a GET or HEAD without a body is redirected to another origin")
            }
            if URLBuilder.carriesQueryItem(named: queryCredentialNames, target) {
                return .refuse("a redirect to another origin must not carry a credential")
            }
            next.leftBaseOrigin = true
        }
        return .follow(next)
    }

    private static func stripFragment(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false), components.fragment != nil
        else { return url }
        components.fragment = nil
        return components.url ?? url
    }
}
