#if canImport(CryptoKit) && canImport(Security)
import AssinafyTestSupport
import CryptoKit
import Foundation
import Security
import Testing

@testable import Assinafy

/// Apple platforms only (never compiled on Linux): `PortableCrypto` answers through CryptoKit and
/// Security there, and through the pure-Swift code everywhere else. Both paths take the same
/// inputs here and must give the same answers, so a Linux app and an iOS app agree on every
/// webhook signature, PKCE challenge and id_token.
@Suite("CryptoKit and Security agree with the portable code", .offCooperativePool)
struct PlatformCryptoTests {
    @Test("SHA-256 on the NIST vectors", arguments: SHA256Tests.vectors.indices)
    func sha256(index: Int) {
        let (message, digest) = SHA256Tests.vectors[index]
        let input = Data(message.utf8)
        let platform = Data(CryptoKit.SHA256.hash(data: input)).hex
        #expect(platform == digest)
        #expect(Data(PortableSHA256.hash(input)).hex == platform)
        #expect(PortableCrypto.sha256(input).hex == platform)
    }

    @Test("HMAC-SHA256 on the RFC 4231 vectors", arguments: HMACTests.rfc4231)
    func hmac(_ vector: HMACTests.Vector) {
        let code = HMAC<CryptoKit.SHA256>.authenticationCode(for: vector.data, using: SymmetricKey(data: vector.key))
        let platform = Data(code).hex
        #expect(platform.hasPrefix(vector.mac))
        #expect(Data(PortableHMACSHA256.authenticationCode(key: vector.key, message: vector.data)).hex == platform)
        #expect(PortableCrypto.hmacSHA256(key: vector.key, message: vector.data).hex == platform)
    }

    /// A key and a signature made by Security: Security's verifier and ours accept the signature,
    /// both refuse it once tampered, and our PKCS#1 encoding of the key is the one Security exports.
    @Test("RS256 verification")
    func rs256() throws {
        let attributes: [CFString: Any] = [kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeySizeInBits: 2048]
        let privateKey = try Self.security { SecKeyCreateRandomKey(attributes as CFDictionary, &$0) }
        let publicKey = try #require(SecKeyCopyPublicKey(privateKey))
        let exported = try Self.security { SecKeyCopyExternalRepresentation(publicKey, &$0) } as Data
        let message = Data("header.payload — assinafy".utf8)
        let signature =
            try Self.security {
                SecKeyCreateSignature(privateKey, .rsaSignatureMessagePKCS1v15SHA256, message as CFData, &$0)
            } as Data

        let (modulus, exponent) = try #require(Self.rsaPublicKeyIntegers(exported), "not a PKCS#1 RSAPublicKey")
        let key = try #require(RSASignature.PublicKey(modulus: modulus, exponent: exponent))
        #expect(Data(RSASignature.pkcs1PublicKeyDER(key)) == exported)

        #expect(RSASignature.securityVerify(message: message, signature: signature, key: key))
        #expect(RSASignature.portableVerify(message: message, signature: signature, key: key))
        #expect(
            PortableCrypto.verifyRS256(message: message, signature: signature, modulus: modulus, exponent: exponent))

        var tamperedSignature = signature
        tamperedSignature[tamperedSignature.startIndex + 7] ^= 0x01
        var tamperedMessage = message
        tamperedMessage[tamperedMessage.startIndex] ^= 0x01
        for (text, signed) in [(message, tamperedSignature), (tamperedMessage, signature)] {
            #expect(!RSASignature.securityVerify(message: text, signature: signed, key: key))
            #expect(!RSASignature.portableVerify(message: text, signature: signed, key: key))
        }
    }

    struct SecurityFailure: Error {}

    /// Runs a Security call that reports failure through a `CFError` out-parameter.
    static func security<Value>(_ call: (inout Unmanaged<CFError>?) -> Value?) throws -> Value {
        var error: Unmanaged<CFError>?
        if let value = call(&error) { return value }
        if let error { throw error.takeRetainedValue() as any Error }
        throw SecurityFailure()
    }

    /// The modulus and exponent of a DER `RSAPublicKey` (a SEQUENCE of two INTEGERs), unsigned.
    static func rsaPublicKeyIntegers(_ der: Data) -> (modulus: Data, exponent: Data)? {
        var outer = ArraySlice([UInt8](der))
        guard var fields = element(tag: 0x30, of: &outer), outer.isEmpty,
            let modulus = element(tag: 0x02, of: &fields), let exponent = element(tag: 0x02, of: &fields),
            fields.isEmpty
        else { return nil }
        return (Data(modulus.drop { $0 == 0 }), Data(exponent.drop { $0 == 0 }))
    }

    /// Takes one DER element with `tag` off the front of `bytes` and returns its content.
    static func element(tag: UInt8, of bytes: inout ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard bytes.popFirst() == tag, let first = bytes.popFirst() else { return nil }
        var length = Int(first)
        if first & 0x80 != 0 {
            let count = Int(first & 0x7f)
            guard (1...4).contains(count), bytes.count >= count else { return nil }
            length = bytes.prefix(count).reduce(0) { $0 << 8 | Int($1) }
            bytes = bytes.dropFirst(count)
        }
        guard bytes.count >= length else { return nil }
        let content = bytes.prefix(length)
        bytes = bytes.dropFirst(length)
        return content
    }
}
#endif
