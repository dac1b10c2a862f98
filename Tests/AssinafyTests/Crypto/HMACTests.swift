import AssinafyTestSupport
import Foundation
import Testing

@testable import Assinafy

@Suite("HMAC-SHA256", .offCooperativePool)
struct HMACTests {
    struct Vector: Sendable, CustomStringConvertible {
        let name: String
        let key: Data
        let data: Data
        /// Case 5 publishes only the leftmost 128 bits, so this may be a prefix of the MAC.
        let mac: String
        var description: String { name }
    }

    /// RFC 4231 §4.2–4.8.
    static let rfc4231: [Vector] = [
        Vector(
            name: "1", key: Data(repeating: 0x0b, count: 20), data: Data("Hi There".utf8),
            mac: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        Vector(
            name: "2", key: Data("Jefe".utf8), data: Data("what do ya want for nothing?".utf8),
            mac: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        Vector(
            name: "3", key: Data(repeating: 0xaa, count: 20), data: Data(repeating: 0xdd, count: 50),
            mac: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        Vector(
            name: "4", key: Data(1...25), data: Data(repeating: 0xcd, count: 50),
            mac: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        Vector(
            name: "5 (truncated to 128 bits)", key: Data(repeating: 0x0c, count: 20),
            data: Data("Test With Truncation".utf8), mac: "a3b6167473100ee06e0c796c2955552b"),
        Vector(
            name: "6", key: Data(repeating: 0xaa, count: 131),
            data: Data("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            mac: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        Vector(
            name: "7", key: Data(repeating: 0xaa, count: 131),
            data: Data(
                ("This is a test using a larger than block-size key and a larger than block-size data. "
                    + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
            mac: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ]

    @Test("RFC 4231 test cases", arguments: rfc4231)
    func rfc4231Case(_ vector: Vector) {
        let publicMAC = PortableCrypto.hmacSHA256(key: vector.key, message: vector.data).hex
        let portableMAC = Data(PortableHMACSHA256.authenticationCode(key: vector.key, message: vector.data)).hex
        #expect(publicMAC.count == 64)
        #expect(publicMAC.hasPrefix(vector.mac))
        #expect(portableMAC == publicMAC)
    }

    @Test(
        "random keys and messages agree with openssl -mac HMAC",
        .enabled(if: ReferenceTool.hasOpenSSL, "openssl is not installed"))
    func crossCheckWithOpenSSL() throws {
        var generator = SystemRandomNumberGenerator()
        // Key lengths around the 64-byte block, where RFC 2104 switches to hashing the key.
        let keyLengths = [1, 16, 32, 63, 64, 65, 131] + (0..<5).map { _ in Int.random(in: 1...200, using: &generator) }
        for keyLength in keyLengths {
            let key = try PortableCrypto.randomBytes(count: keyLength)
            let message = try PortableCrypto.randomBytes(count: Int.random(in: 0...500, using: &generator))
            let reference = try ReferenceTool.openssl(
                ["dgst", "-sha256", "-mac", "HMAC", "-macopt", "hexkey:\(key.hex)", "-binary"], input: message)
            #expect(reference.count == 32)
            #expect(PortableCrypto.hmacSHA256(key: key, message: message) == reference, "key \(keyLength)")
            #expect(Data(PortableHMACSHA256.authenticationCode(key: key, message: message)) == reference)
        }
    }

    @Test("empty key is zero-padded like any short key")
    func emptyKey() {
        let mac = PortableCrypto.hmacSHA256(key: Data(), message: Data("x".utf8))
        #expect(mac == PortableCrypto.hmacSHA256(key: Data([0]), message: Data("x".utf8)))
        #expect(mac.count == 32)
    }
}
