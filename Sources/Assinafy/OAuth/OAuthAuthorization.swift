import APIRuntime
import Foundation

/// One attempt to connect a user: the values that go into the authorization URL and the secrets
/// needed afterwards (the PKCE verifier, the `state` and, with `openid`, the `nonce`).
///
/// Creating one generates a fresh PKCE S256 pair, a 256-bit `state` and, when `openid` is
/// requested, a 256-bit `nonce`. Keep the value in memory until the code exchange: it is
/// deliberately not `Codable`, and its `description`, `debugDescription` and mirror (what
/// `print`, `dump` and the debugger show) never contain the verifier, the state or the nonce.
///
/// The initialisers do not throw (so `let pedido = OAuthAuthorizationRequest(...)` reads as in
/// the README); the inputs are checked by `validate()`, and `authorizationURL(endpoint:)`
/// returns `nil` for anything `validate()` would reject, so an invalid request can never be
/// turned into a URL.
public struct OAuthAuthorizationRequest: Sendable {
    public let clientId: String
    /// Sent exactly as given: Assinafy compares it character by character with the registered one.
    public let redirectURI: String
    public let scopes: [OAuthScope]
    /// The RFC 8707 resource indicator, e.g. `https://api.assinafy.com.br`.
    public let resource: String?
    /// The PKCE pair (always S256). `pkce.codeVerifier` goes only into the token request.
    public let pkce: PKCEPair
    /// The CSRF binding checked by `OAuthCallback.validate(against:issuer:)`.
    public let state: String
    /// Sent when `openid` is requested, and checked against the id_token's `nonce`.
    public let nonce: String?

    @_alwaysEmitIntoClient public init(
        clientId: String, redirectURI: String, scopes: [OAuthScope], resource: String? = nil
    ) {
        self.clientId = clientId
        self.redirectURI = redirectURI
        self.scopes = OAuthAuthorizationRequest.deduplicated(scopes)
        self.resource = resource
        pkce = OAuthAuthorizationRequest.freshPKCE()
        state = OAuthAuthorizationRequest.randomToken()
        nonce = self.scopes.contains(.openid) ? OAuthAuthorizationRequest.randomToken() : nil
    }

    /// Scopes given as strings, typed scopes, or both (`["documents:read", OAuthScope.webhooksWrite]`).
    @_alwaysEmitIntoClient public init(
        clientId: String, redirectURI: String, scopeStrings: [any OAuthScopeRepresentable], resource: String? = nil
    ) {
        self.init(
            clientId: clientId, redirectURI: redirectURI,
            scopes: scopeStrings.map { OAuthScope(rawValue: $0.oauthScopeValue) }, resource: resource)
    }

    /// Throws `ValidationError` naming every problem: a blank or unsafe `clientId`, a
    /// `redirectURI` that is not an absolute `https://` URL without user info or fragment, no
    /// scope or a malformed one, a `resource` that is not an absolute URI without fragment.
    @_alwaysEmitIntoClient public func validate() throws {
        var errors: [String: [String]] = [:]
        if !OAuthInput.isSafeToken(clientId) {
            errors["clientId", default: []].append("must be non-empty without whitespace or control characters")
        }
        if let problem = OAuthInput.redirectURIProblem(redirectURI) {
            errors["redirectURI", default: []].append(problem)
        }
        if scopes.isEmpty {
            errors["scopes", default: []].append("request at least one scope")
        } else if !scopes.allSatisfy(\.isWellFormed) {
            errors["scopes", default: []].append(
                "a scope is empty or contains spaces, quotes, backslashes or non-ASCII")
        }
        if let resource, let problem = OAuthInput.resourceProblem(resource) {
            errors["resource", default: []].append(problem)
        }
        guard errors.isEmpty else {
            throw ValidationError("Invalid OAuth authorization request", errors: errors)
        }
    }

    /// The URL to open in the browser (`ASWebAuthenticationSession`), or `nil` when the request
    /// does not pass `validate()`, or the endpoint is not `https://` (plain `http` is accepted
    /// for loopback hosts only, for local testing), carries user info or a fragment, or already
    /// has one of the parameters this method sets in its query.
    ///
    /// Parameters: `response_type=code`, `client_id`, `redirect_uri`, `scope`, `state`,
    /// `code_challenge`, `code_challenge_method=S256`, then `resource` and `nonce` when present.
    /// The verifier is never part of it. Values are percent-encoded except RFC 3986 unreserved
    /// characters, so `+`, `:`, `/` and spaces survive every server's decoder.
    @_alwaysEmitIntoClient public func authorizationURL(endpoint: URL) -> URL? {
        guard (try? validate()) != nil, OAuthInput.endpointProblem(endpoint) == nil,
            var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
        else { return nil }
        var items: [(String, String)] = [
            ("response_type", "code"), ("client_id", clientId), ("redirect_uri", redirectURI),
            ("scope", OAuthScope.join(scopes)), ("state", state), ("code_challenge", pkce.codeChallenge),
            ("code_challenge_method", "S256"),
        ]
        if let resource { items.append(("resource", resource)) }
        if let nonce { items.append(("nonce", nonce)) }
        let ours = Set(items.map(\.0))
        let existing = components.percentEncodedQuery.map { OAuthQuery.parse($0) } ?? []
        // An endpoint that already says e.g. `client_id=` would make the request ambiguous.
        guard !existing.contains(where: { ours.contains($0.name) }) else { return nil }
        let added = items.map { OAuthQuery.encode($0.0) + "=" + OAuthQuery.encode($0.1) }.joined(separator: "&")
        if let query = components.percentEncodedQuery, !query.isEmpty {
            components.percentEncodedQuery = query + "&" + added
        } else {
            components.percentEncodedQuery = added
        }
        return components.url
    }

    /// Convenience for an endpoint held as text; `nil` when it is not a URL.
    @_alwaysEmitIntoClient public func authorizationURL(endpoint: String) -> URL? {
        URL(string: endpoint).flatMap { authorizationURL(endpoint: $0) }
    }

    // MARK: - Randomness

    /// `PKCEPair.generate()` (the platform CSPRNG). Should that ever fail, the pair comes from
    /// `SystemRandomNumberGenerator`, which is also a CSPRNG on every platform and traps rather
    /// than return predictable bytes: there is no path that yields a guessable verifier.
    @usableFromInline @_alwaysEmitIntoClient static func freshPKCE() -> PKCEPair {
        if let pair = try? PKCEPair.generate() { return pair }
        do {
            return try PKCEPair(verifier: systemRandomToken())
        } catch {
            // Unreachable: a 43-character base64url string is always a valid verifier.
            preconditionFailure("PKCE verifier generation failed")
        }
    }

    /// 256 random bits, base64url (43 characters): for `state` and `nonce`.
    @usableFromInline @_alwaysEmitIntoClient static func randomToken() -> String {
        (try? OAuthState.generate()) ?? systemRandomToken()
    }

    @usableFromInline @_alwaysEmitIntoClient static func systemRandomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8]()
        bytes.reserveCapacity(32)
        for _ in 0..<4 {
            var word = generator.next()
            for _ in 0..<8 {
                bytes.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        return PortableCrypto.base64URLEncode(bytes)
    }

    @usableFromInline @_alwaysEmitIntoClient static func deduplicated(_ scopes: [OAuthScope]) -> [OAuthScope] {
        var seen = Set<OAuthScope>()
        return scopes.filter { seen.insert($0).inserted }
    }
}

extension OAuthAuthorizationRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    // The verifier, state and nonce are secrets until the flow completes: never printed.
    public var description: String {
        "OAuthAuthorizationRequest(clientId: \(clientId), redirectURI: \(redirectURI), "
            + "scopes: \(OAuthScope.join(scopes)), resource: \(resource ?? "nil"), pkce: S256, state: <redacted>)"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "clientId": clientId, "redirectURI": redirectURI, "scopes": scopes, "resource": resource as Any,
            ], displayStyle: .struct)
    }
}

/// Checks shared by the OAuth types. Messages name the field and never echo its value.
@usableFromInline enum OAuthInput {
    @usableFromInline @_alwaysEmitIntoClient static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.value == 0x7F
    }

    /// Non-empty, no whitespace or control characters: safe in a header or a form field.
    @usableFromInline @_alwaysEmitIntoClient static func isSafeToken(_ value: String) -> Bool {
        !value.isEmpty && !value.unicodeScalars.contains { isControl($0) || $0.properties.isWhitespace }
    }

    @usableFromInline @_alwaysEmitIntoClient static func redirectURIProblem(_ text: String) -> String? {
        guard isSafeToken(text), let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
            return "must be an absolute URL"
        }
        // Assinafy accepts neither custom schemes nor http://localhost for redirect URIs.
        guard scheme == "https" else { return "must use https://" }
        guard let host = url.host, !host.isEmpty else { return "must have a host" }
        if url.user != nil || url.password != nil { return "must not contain user info" }
        if text.contains("#") { return "must not contain a fragment" }
        return nil
    }

    @usableFromInline @_alwaysEmitIntoClient static func resourceProblem(_ text: String) -> String? {
        guard isSafeToken(text), let url = URL(string: text), url.scheme != nil, let host = url.host, !host.isEmpty
        else { return "must be an absolute URI" }
        if text.contains("#") { return "must not contain a fragment" }
        return nil
    }

    /// An endpoint the SDK sends the user (or a request) to: https, or http on loopback only.
    @usableFromInline @_alwaysEmitIntoClient static func endpointProblem(
        _ url: URL, allowsInsecureLoopback: Bool = true
    ) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
            return "must be an absolute URL"
        }
        if url.user != nil || url.password != nil { return "must not contain user info" }
        if url.fragment != nil { return "must not contain a fragment" }
        if scheme == "https" { return nil }
        if scheme == "http" && allowsInsecureLoopback && isLoopback(host) { return nil }
        return "must use https"
    }

    /// 127.0.0.0/8, `::1` and `localhost`: nothing DNS could answer for someone else.
    @usableFromInline @_alwaysEmitIntoClient static func isLoopback(_ rawHost: String) -> Bool {
        var host = rawHost.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return false }
        let values = octets.compactMap { octet -> Int? in
            guard !octet.isEmpty, octet.count <= 3, octet.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(octet)
        }
        return values.count == 4 && values[0] == 127 && values.allSatisfy { $0 <= 255 }
    }
}

/// `application/x-www-form-urlencoded`-style query handling with strict encoding.
@usableFromInline enum OAuthQuery {
    @usableFromInline @_alwaysEmitIntoClient static func encode(_ text: String) -> String {
        PercentEncoding.encode(text)
    }

    /// Splits a percent-encoded query into decoded pairs, keeping order and repeated names
    /// (`URLComponents.queryItems` would too, but does not turn `+` into a space as form
    /// encoding, which authorization servers use, requires).
    @usableFromInline @_alwaysEmitIntoClient static func parse(_ query: String) -> [(name: String, value: String)] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts.first.map(String.init) ?? "")
            let value = parts.count > 1 ? decode(String(parts[1])) : ""
            return (name, value)
        }
    }

    @usableFromInline @_alwaysEmitIntoClient static func decode(_ text: String) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
