import APIRuntime
import Foundation

/// A JSON Web Key Set (RFC 7517) as published at an OpenID provider's `jwks_uri`.
///
/// Only RSA signing keys are used by `IDTokenVerifier`; other keys decode and are ignored.
public struct JWKS: Decodable, Sendable, Equatable {
    public struct Key: Decodable, Sendable, Equatable {
        /// Key type, `RSA` for the keys we can use.
        public var kty: String
        /// Key id, matched against the token header's `kid`.
        public var kid: String?
        /// Intended use; keys marked for anything but `sig` are not used to verify.
        public var use: String?
        /// Algorithm the key is restricted to, when the provider says.
        public var alg: String?
        /// RSA modulus, base64url big-endian.
        public var n: String?
        /// RSA public exponent, base64url big-endian.
        public var e: String?

        public init(
            kty: String, kid: String? = nil, use: String? = nil, alg: String? = nil, n: String? = nil, e: String? = nil
        ) {
            self.kty = kty
            self.kid = kid
            self.use = use
            self.alg = alg
            self.n = n
            self.e = e
        }

        /// Whether this key may verify an RS256 signature at all.
        @usableFromInline @_alwaysEmitIntoClient var isRS256SigningKey: Bool {
            kty == "RSA" && (use == nil || use == "sig") && (alg == nil || alg == "RS256")
        }
    }

    public var keys: [Key]

    public init(keys: [Key]) { self.keys = keys }
}

/// The claims of a verified OpenID Connect id_token.
///
/// The standard claims the SDK relies on are typed; everything (including those) stays
/// available in `claims`, in the order the token listed it.
public struct IDTokenClaims: Sendable, Equatable {
    /// `iss`: who issued the token.
    public let issuer: String
    /// `sub`: the stable identifier of the user at the issuer.
    public let subject: String
    /// `aud`: the client ids the token is meant for (a single string in the token becomes one).
    public let audience: [String]
    /// `azp`: the client the token was issued to, present when there are several audiences.
    public let authorizedParty: String?
    /// `exp`: when the token stops being acceptable.
    public let expiresAt: Date
    /// `iat`: when the token was issued.
    public let issuedAt: Date
    /// `nonce`: echoes the value sent in the authorization request.
    public let nonce: String?
    /// `email`, when the requested scopes include it.
    public let email: String?
    /// `name`, when the requested scopes include it.
    public let name: String?
    /// Every claim of the payload.
    public let claims: JSONObject

    public subscript(claim name: String) -> JSONValue? { claims[name] }

    /// Reads the claims of a decoded payload; public so apps can build claims in their own tests.
    public init(payload: JSONObject) throws(IDTokenError) {
        func string(_ name: String) throws(IDTokenError) -> String {
            guard let value = payload[name]?.stringValue else { throw .missingClaim(name) }
            return value
        }
        func date(_ name: String) throws(IDTokenError) -> Date {
            // NumericDate may be fractional (RFC 7519 §2); reject absurd values instead of trapping.
            guard let seconds = payload[name]?.doubleValue, seconds.isFinite else { throw .missingClaim(name) }
            return Date(timeIntervalSince1970: seconds)
        }
        func optionalString(_ name: String) throws(IDTokenError) -> String? {
            guard let value = payload[name], !value.isNull else { return nil }
            guard let text = value.stringValue else { throw .malformed("claim \(name) is not a string") }
            return text
        }

        issuer = try string("iss")
        subject = try string("sub")
        switch payload["aud"] {
        case .string(let single)?:
            audience = [single]
        case .array(let items)?:
            let strings = items.compactMap(\.stringValue)
            guard strings.count == items.count, !strings.isEmpty else {
                throw .malformed("aud is not a list of strings")
            }
            audience = strings
        default:
            throw .missingClaim("aud")
        }
        authorizedParty = try optionalString("azp")
        expiresAt = try date("exp")
        issuedAt = try date("iat")
        nonce = try optionalString("nonce")
        email = try optionalString("email")
        name = try optionalString("name")
        claims = payload
    }
}

/// Why an id_token was refused.
public enum IDTokenError: Error, Sendable, Equatable, LocalizedError {
    /// Not a compact JWS, or a part is not base64url JSON of the expected shape.
    case malformed(String)
    /// The header's `alg` is not `RS256` (`none` and `HS256` included), or it carries `crit`.
    case unsupportedAlgorithm(String)
    /// No RS256 key in the set has the header's `kid` (nil when the header has none and the set
    /// does not single one out). Refetch the JWKS once and retry: the provider may have rotated.
    case unknownKeyID(String?)
    /// The key with this id is not a usable RSA key (bad `n`/`e`, too short).
    case unusableKey(String?)
    /// The signature does not verify under the key.
    case invalidSignature
    /// A required claim is missing or has the wrong type.
    case missingClaim(String)
    /// `iss` is not the expected issuer.
    case issuerMismatch(expected: String, actual: String)
    /// `aud` does not contain the client id.
    case audienceMismatch
    /// `azp` is present but not the client id, or missing although there are several audiences.
    case authorizedPartyMismatch
    /// `exp` is in the past, beyond the leeway.
    case expired
    /// `iat` is in the future, beyond the leeway.
    case issuedInFuture
    /// `nbf` is in the future, beyond the leeway.
    case notYetValid
    /// A nonce was sent but the token's differs or is missing.
    case nonceMismatch

    public var errorDescription: String? {
        switch self {
        case .malformed(let reason): return "The id_token is malformed: \(reason)."
        case .unsupportedAlgorithm(let alg): return "The id_token algorithm \(alg) is not accepted (RS256 only)."
        case .unknownKeyID(let kid): return "No signing key matches the id_token key id \(kid ?? "(none)")."
        case .unusableKey(let kid): return "The signing key \(kid ?? "(no id)") is not a usable RSA key."
        case .invalidSignature: return "The id_token signature is invalid."
        case .missingClaim(let name): return "The id_token lacks a valid \(name) claim."
        case .issuerMismatch(let expected, let actual):
            return "The id_token was issued by \(actual), expected \(expected)."
        case .audienceMismatch: return "The id_token is not meant for this client."
        case .authorizedPartyMismatch: return "The id_token was issued to another client (azp)."
        case .expired: return "The id_token has expired."
        case .issuedInFuture: return "The id_token is issued in the future."
        case .notYetValid: return "The id_token is not valid yet (nbf)."
        case .nonceMismatch: return "The id_token nonce does not match the request."
        }
    }
}
