import Foundation

#if canImport(Security)
import Security
#endif

/// RSASSA-PKCS1-v1_5 with SHA-256 (RFC 8017 §8.2.2), verification only.
enum RSASignature {
    /// RFC 7518 §3.3 demands at least 2048 bits for RS256; the upper bound caps the work an
    /// attacker-chosen key (e.g. from a tampered JWKS) can cause.
    static let modulusBits = 2048...16384
    /// Real exponents are tiny (65537); a bound keeps `power` cheap for hostile input.
    static let maximumExponentBytes = 8

    /// The DER `DigestInfo` header for SHA-256 (RFC 8017 §9.2, note 1).
    static let sha256DigestInfoPrefix: [UInt8] = [
        0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00,
        0x04, 0x20,
    ]

    /// A public key reduced to canonical form, or nil when it is unusable for RS256.
    struct PublicKey {
        let modulus: [UInt8]
        let exponent: [UInt8]

        init?(modulus: some DataProtocol, exponent: some DataProtocol) {
            let modulus = Array([UInt8](modulus).drop { $0 == 0 })
            let exponent = Array([UInt8](exponent).drop { $0 == 0 })
            guard let top = modulus.first, let last = modulus.last, last & 1 == 1 else { return nil }
            let bitCount = modulus.count * 8 - top.leadingZeroBitCount
            guard RSASignature.modulusBits.contains(bitCount),
                !exponent.isEmpty, exponent.count <= RSASignature.maximumExponentBytes,
                let lowByte = exponent.last, lowByte & 1 == 1, exponent.count > 1 || lowByte >= 3
            else { return nil }
            self.modulus = modulus
            self.exponent = exponent
        }

        var byteCount: Int { modulus.count }
    }

    /// EMSA-PKCS1-v1_5 encoding of a SHA-256 digest for a `length`-byte modulus.
    static func encodedMessage(digest: [UInt8], length: Int) -> [UInt8]? {
        let tLength = sha256DigestInfoPrefix.count + digest.count
        guard length >= tLength + 11 else { return nil }
        return [0x00, 0x01] + [UInt8](repeating: 0xff, count: length - tLength - 3) + [0x00]
            + sha256DigestInfoPrefix + digest
    }

    /// Verification with our own modular exponentiation; used off Apple platforms and in tests.
    static func portableVerify(message: some DataProtocol, signature: some DataProtocol, key: PublicKey) -> Bool {
        let signature = [UInt8](signature)
        // RFC 8017 §8.2.2 step 1: the signature is exactly k bytes, leading zeros included.
        guard signature.count == key.byteCount,
            let modulus = MontgomeryModulus(bigEndian: key.modulus),
            let recovered = modulus.power(bigEndianBase: signature, exponent: key.exponent),
            let expected = encodedMessage(digest: PortableSHA256.hash(message), length: key.byteCount)
        else { return false }
        return PortableCrypto.constantTimeEquals(recovered, expected)
    }

    /// PKCS#1 `RSAPublicKey` (SEQUENCE of two INTEGERs) in DER, the form `SecKeyCreateWithData`
    /// takes for RSA public keys.
    static func pkcs1PublicKeyDER(_ key: PublicKey) -> [UInt8] {
        let body = derInteger(key.modulus) + derInteger(key.exponent)
        return [0x30] + derLength(body.count) + body
    }

    private static func derInteger(_ magnitude: [UInt8]) -> [UInt8] {
        // DER integers are signed: a set top bit needs a zero byte to stay positive.
        let content = (magnitude.first ?? 0) & 0x80 != 0 ? [0x00] + magnitude : magnitude
        return [0x02] + derLength(content.count) + content
    }

    private static func derLength(_ length: Int) -> [UInt8] {
        if length < 0x80 { return [UInt8(length)] }
        var octets: [UInt8] = []
        var remaining = length
        while remaining > 0 {
            octets.insert(UInt8(truncatingIfNeeded: remaining), at: 0)
            remaining >>= 8
        }
        return [0x80 | UInt8(octets.count)] + octets
    }

    #if canImport(Security)
    static func securityVerify(message: some DataProtocol, signature: some DataProtocol, key: PublicKey) -> Bool {
        let signature = Data(signature)
        guard signature.count == key.byteCount else { return false }
        let attributes: [CFString: Any] = [
            kSecAttrKeyType: kSecAttrKeyTypeRSA,
            kSecAttrKeyClass: kSecAttrKeyClassPublic,
        ]
        // Both calls hand back a +1 CFError on failure (the Create rule); release it.
        var createError: Unmanaged<CFError>?
        guard
            let secKey = SecKeyCreateWithData(
                Data(pkcs1PublicKeyDER(key)) as CFData, attributes as CFDictionary, &createError)
        else {
            createError?.release()
            return false
        }
        var verifyError: Unmanaged<CFError>?
        let valid = SecKeyVerifySignature(
            secKey, .rsaSignatureMessagePKCS1v15SHA256, Data(message) as CFData, signature as CFData, &verifyError)
        verifyError?.release()
        return valid
    }
    #endif
}
