import APIRuntime
import Foundation

/// A PKCE code verifier and its S256 challenge (RFC 7636).
///
/// Send `codeChallenge` and `method` with the authorization request; keep `codeVerifier`
/// secret until the token request.
public struct PKCEPair: Sendable, Equatable {
    public let codeVerifier: String
    public let codeChallenge: String
    /// Always `S256`: the `plain` method gives no protection if the request is observed.
    public let method: String

    /// RFC 7636 §4.1: 43 to 128 characters.
    public static let verifierLengths = 43...128

    /// A fresh pair from 32 random bytes (256 bits), whose base64url form is 43 characters.
    @_alwaysEmitIntoClient public static func generate() throws -> PKCEPair {
        try PKCEPair(verifier: PortableCrypto.base64URLEncode(try PortableCrypto.randomBytes(count: 32)))
    }

    /// A pair for an existing verifier, e.g. one restored after an app relaunch.
    ///
    /// - Throws: `ValidationError` when the verifier is not 43–128 characters of
    ///   `[A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~"`.
    @_alwaysEmitIntoClient public init(verifier: String) throws {
        guard PKCEPair.verifierLengths.contains(verifier.utf8.count) else {
            throw ValidationError(
                "A PKCE code verifier must be 43 to 128 characters long.",
                errors: ["codeVerifier": ["length \(verifier.utf8.count) is outside 43...128"]])
        }
        guard verifier.utf8.allSatisfy(PercentEncoding.isUnreserved) else {
            throw ValidationError(
                "A PKCE code verifier may only contain letters, digits and - . _ ~",
                errors: ["codeVerifier": ["contains characters outside the RFC 7636 unreserved set"]])
        }
        codeVerifier = verifier
        codeChallenge = PKCEPair.challenge(for: verifier)
        method = "S256"
    }

    /// `BASE64URL(SHA256(ASCII(verifier)))`, RFC 7636 §4.2.
    @_alwaysEmitIntoClient public static func challenge(for verifier: String) -> String {
        PortableCrypto.base64URLEncode(PortableCrypto.sha256(Data(verifier.utf8)))
    }
}

/// Values that bind an authorization response to the request that started it.
public enum OAuthState {
    /// An unguessable value for the `state` parameter (and equally for an OpenID `nonce`):
    /// 256 random bits, base64url, 43 characters.
    @_alwaysEmitIntoClient public static func generate() throws -> String {
        PortableCrypto.base64URLEncode(try PortableCrypto.randomBytes(count: 32))
    }

    /// Compares the `state` that came back with the one sent, in constant time.
    @_alwaysEmitIntoClient public static func matches(_ received: String, expected: String) -> Bool {
        PortableCrypto.constantTimeEquals(Array(received.utf8), Array(expected.utf8))
    }
}
