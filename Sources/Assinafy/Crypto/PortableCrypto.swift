import Foundation

#if canImport(CryptoKit)
import CryptoKit
#endif
#if canImport(Security)
import Security
#endif

/// The few cryptographic primitives the SDK needs (webhook signatures, PKCE, id_token checks),
/// with the same behaviour on Apple platforms and Linux.
///
/// Apple platforms use CryptoKit and Security; elsewhere a small pure-Swift implementation is
/// used, so the SDK needs no third-party package or system OpenSSL.
public enum PortableCrypto {
    /// SHA-256 digest (32 bytes).
    public static func sha256(_ data: some DataProtocol) -> Data {
        #if canImport(CryptoKit)
        return Data(CryptoKit.SHA256.hash(data: data))
        #else
        return Data(PortableSHA256.hash(data))
        #endif
    }

    /// HMAC-SHA256 (RFC 2104) of `message` under `key` (32 bytes).
    public static func hmacSHA256(key: some DataProtocol, message: some DataProtocol) -> Data {
        #if canImport(CryptoKit)
        let code = HMAC<CryptoKit.SHA256>.authenticationCode(for: message, using: SymmetricKey(data: Data(key)))
        return Data(code)
        #else
        return Data(PortableHMACSHA256.authenticationCode(key: key, message: message))
        #endif
    }

    /// Base64url (RFC 4648 §5) without padding, as JWS and PKCE use it.
    public static func base64URLEncode(_ data: some DataProtocol) -> String {
        Base64Codec.encode(data, alphabet: .url, padded: false)
    }

    /// Decodes base64url; nil for anything malformed.
    ///
    /// Padding is optional but must be correct if present; standard-alphabet `+` and `/`,
    /// whitespace and non-zero unused trailing bits are rejected, so every value has exactly
    /// one accepted unpadded spelling.
    public static func base64URLDecode(_ text: some StringProtocol) -> Data? {
        Base64Codec.decode(text, alphabet: .url)
    }

    /// Decodes standard base64 (RFC 4648 §4) under the same strict policy as `base64URLDecode`.
    public static func base64Decode(_ text: some StringProtocol) -> Data? {
        Base64Codec.decode(text, alphabet: .standard)
    }

    /// Compares two byte strings in time that depends only on their lengths, so a comparison
    /// against a secret (a MAC, a signature encoding) leaks nothing about where they differ.
    /// Lengths are treated as public: different lengths return false at once.
    public static func constantTimeEquals(_ lhs: some DataProtocol, _ rhs: some DataProtocol) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(lhs, rhs) { difference |= left ^ right }
        return difference == 0
    }

    /// `count` bytes from the operating system's cryptographically secure generator.
    public static func randomBytes(count: Int) throws -> Data {
        guard count >= 0 else { throw PortableCryptoError.invalidLength(count) }
        var bytes = [UInt8](repeating: 0, count: count)
        guard count > 0 else { return Data() }
        #if canImport(Security)
        let status = bytes.withUnsafeMutableBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return errSecParam }
            return SecRandomCopyBytes(kSecRandomDefault, count, base)
        }
        guard status == errSecSuccess else { throw PortableCryptoError.randomGenerationFailed(status: Int(status)) }
        #else
        // SystemRandomNumberGenerator is documented as cryptographically secure on every
        // platform Swift supports (getrandom(2) on Linux, BCryptGenRandom on Windows).
        var generator = SystemRandomNumberGenerator()
        var index = 0
        while index < count {
            var word = generator.next()
            for _ in 0..<min(8, count - index) {
                bytes[index] = UInt8(truncatingIfNeeded: word)
                word >>= 8
                index += 1
            }
        }
        #endif
        return Data(bytes)
    }

    /// Verifies an RSASSA-PKCS1-v1_5 SHA-256 signature (JWS `RS256`).
    ///
    /// `modulus` and `exponent` are unsigned big-endian magnitudes (leading zero bytes are
    /// ignored), as JWK `n`/`e` decode to. Returns false, never throws, for any malformed input:
    /// a modulus outside 2048–16384 bits or even, an exponent that is even, below 3 or longer than
    /// 8 bytes, or a signature whose length differs from the modulus length.
    public static func verifyRS256(
        message: some DataProtocol, signature: some DataProtocol, modulus: some DataProtocol,
        exponent: some DataProtocol
    ) -> Bool {
        guard let key = RSASignature.PublicKey(modulus: modulus, exponent: exponent) else { return false }
        #if canImport(Security)
        return RSASignature.securityVerify(message: message, signature: signature, key: key)
        #else
        return RSASignature.portableVerify(message: message, signature: signature, key: key)
        #endif
    }
}

/// Failures of `PortableCrypto` operations that can fail for reasons other than bad input data.
public enum PortableCryptoError: Error, Sendable, Equatable, LocalizedError {
    /// The operating system's random generator reported an error (an `OSStatus` on Apple).
    case randomGenerationFailed(status: Int)
    /// A negative byte count was requested.
    case invalidLength(Int)

    public var errorDescription: String? {
        switch self {
        case .randomGenerationFailed(let status):
            return "The system random number generator failed (status \(status))."
        case .invalidLength(let count):
            return "Cannot produce \(count) random bytes."
        }
    }
}
