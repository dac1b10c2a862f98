import APIRuntime
import Foundation

/// Verifies OpenID Connect id_tokens (OpenID Connect Core §3.1.3.7) signed with RS256.
///
/// Pure and transport-free: the caller supplies the provider's keys (see `JWKSCache`) and the
/// clock. Only RS256 is accepted; `none`, HMAC and every other algorithm are refused whatever
/// the keys, which rules out algorithm-confusion attacks.
///
/// ```swift
/// let verifier = IDTokenVerifier(issuer: "https://api.assinafy.com.br", clientId: clientId)
/// let claims = try await verifier.verify(idToken, cache: jwksCache, fetch: fetchJWKS, nonce: nonce)
/// ```
public struct IDTokenVerifier: Sendable {
    public let issuer: String
    public let clientId: String
    /// Allowed clock difference with the issuer, applied to `exp`, `iat` and `nbf`.
    public let leeway: TimeInterval

    /// Tokens beyond this size are refused before any parsing work.
    @usableFromInline static let maximumTokenLength = 64 * 1024

    public init(issuer: String, clientId: String, leeway: TimeInterval = 60) {
        self.issuer = issuer
        self.clientId = clientId
        self.leeway = leeway.isNaN ? 0 : max(0, leeway)
    }

    /// Verifies `token` against `keys` and returns its claims.
    ///
    /// - Parameter nonce: the nonce sent in the authorization request; nil skips the check
    ///   (only when none was sent).
    /// - Throws: `IDTokenError`; on `.unknownKeyID` refetch the key set once and retry.
    @_alwaysEmitIntoClient public func verify(_ token: String, keys: JWKS, nonce: String?, now: Date = Date())
        throws(IDTokenError)
        -> IDTokenClaims
    {
        let parts = try CompactJWS(token)
        let key = try signingKey(for: parts.header, in: keys)
        guard
            PortableCrypto.verifyRS256(
                message: parts.signingInput, signature: parts.signature, modulus: key.modulus, exponent: key.exponent)
        else { throw .invalidSignature }

        let claims = try IDTokenClaims(payload: try CompactJWS.jsonObject(parts.payload, part: "payload"))
        try validate(claims, nonce: nonce, now: now)
        return claims
    }

    /// Verifies with keys from `cache`, refetching them once when the token names a key the
    /// cached set lacks (the provider rotated its keys).
    @_alwaysEmitIntoClient public func verify(
        _ token: String, cache: JWKSCache, fetch: @escaping @Sendable () async throws -> JWKS, nonce: String?,
        now: Date = Date()
    ) async throws -> IDTokenClaims {
        let keys = try await cache.keys(fetch: fetch, forceRefresh: false)
        do {
            return try verify(token, keys: keys, nonce: nonce, now: now)
        } catch .unknownKeyID {
            let refreshed = try await cache.keys(fetch: fetch, forceRefresh: true)
            return try verify(token, keys: refreshed, nonce: nonce, now: now)
        }
    }

    @usableFromInline @_alwaysEmitIntoClient func validate(_ claims: IDTokenClaims, nonce: String?, now: Date)
        throws(IDTokenError)
    {
        guard claims.issuer == issuer else { throw .issuerMismatch(expected: issuer, actual: claims.issuer) }
        guard claims.audience.contains(clientId) else { throw .audienceMismatch }
        if let authorizedParty = claims.authorizedParty {
            guard authorizedParty == clientId else { throw .authorizedPartyMismatch }
        } else if claims.audience.count > 1 {
            throw .authorizedPartyMismatch
        }

        let current = now.timeIntervalSince1970
        // The token is acceptable strictly before exp (RFC 7519 §4.1.4), widened by the leeway.
        guard current < claims.expiresAt.timeIntervalSince1970 + leeway else { throw .expired }
        guard claims.issuedAt.timeIntervalSince1970 <= current + leeway else { throw .issuedInFuture }
        if let notBefore = claims.claims["nbf"] {
            guard let seconds = notBefore.doubleValue, seconds.isFinite else { throw .missingClaim("nbf") }
            guard seconds <= current + leeway else { throw .notYetValid }
        }

        if let nonce {
            guard let received = claims.nonce,
                PortableCrypto.constantTimeEquals(Array(received.utf8), Array(nonce.utf8))
            else { throw .nonceMismatch }
        }
    }

    @usableFromInline @_alwaysEmitIntoClient func signingKey(for header: JSONObject, in keys: JWKS) throws(IDTokenError)
        -> (
            modulus: Data, exponent: Data
        )
    {
        guard case .string(let algorithm)? = header["alg"] else { throw .malformed("header has no alg") }
        guard algorithm == "RS256" else { throw .unsupportedAlgorithm(algorithm) }
        // RFC 7515 §4.1.11: extensions listed in crit must be understood; we implement none.
        guard header["crit"] == nil else { throw .unsupportedAlgorithm("RS256 with crit") }

        let candidates = keys.keys.filter(\.isRS256SigningKey)
        let key: JWKS.Key
        switch header["kid"] {
        case .string(let kid)?:
            guard let match = candidates.first(where: { $0.kid == kid }) else { throw .unknownKeyID(kid) }
            key = match
        case nil:
            // OpenID Connect Core §10.1: without kid, the set must hold a single usable key.
            guard candidates.count == 1, let only = candidates.first else { throw .unknownKeyID(nil) }
            key = only
        default:
            throw .malformed("kid is not a string")
        }
        guard let n = key.n, let e = key.e, let modulus = PortableCrypto.base64URLDecode(n),
            let exponent = PortableCrypto.base64URLDecode(e)
        else { throw .unusableKey(key.kid) }
        return (modulus, exponent)
    }
}

/// The three parts of a compact JWS (RFC 7515 §7.1), decoded.
@usableFromInline struct CompactJWS {
    @usableFromInline let header: JSONObject
    @usableFromInline let payload: Data
    @usableFromInline let signature: Data
    /// `BASE64URL(header) "." BASE64URL(payload)` exactly as received: what was signed.
    @usableFromInline let signingInput: Data

    @usableFromInline @_alwaysEmitIntoClient init(_ token: String) throws(IDTokenError) {
        guard token.utf8.count <= IDTokenVerifier.maximumTokenLength else { throw .malformed("token too long") }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        // Five parts would be JWE (an encrypted token), which we do not accept.
        guard parts.count == 3 else { throw .malformed("expected three dot-separated parts") }
        guard let headerBytes = PortableCrypto.base64URLDecode(parts[0]), !headerBytes.isEmpty else {
            throw .malformed("header is not base64url")
        }
        guard let payload = PortableCrypto.base64URLDecode(parts[1]), !payload.isEmpty else {
            throw .malformed("payload is not base64url")
        }
        guard let signature = PortableCrypto.base64URLDecode(parts[2]) else {
            throw .malformed("signature is not base64url")
        }
        header = try CompactJWS.jsonObject(headerBytes, part: "header")
        self.payload = payload
        self.signature = signature
        signingInput = Data("\(parts[0]).\(parts[1])".utf8)
    }

    @usableFromInline @_alwaysEmitIntoClient static func jsonObject(_ bytes: Data, part: String) throws(IDTokenError)
        -> JSONObject
    {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: bytes), case .object(let object) = value
        else { throw .malformed("\(part) is not a JSON object") }
        return object
    }
}
