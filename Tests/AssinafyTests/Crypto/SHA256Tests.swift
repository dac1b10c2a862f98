import AssinafyTestSupport
import Foundation
import Testing

@testable import Assinafy

@Suite("SHA-256", .offCooperativePool)
struct SHA256Tests {
    /// FIPS 180-4 / NIST CSRC example vectors.
    static let vectors: [(message: String, digest: String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ]

    @Test("NIST vectors", arguments: 0..<4)
    func nistVector(index: Int) {
        let (message, digest) = Self.vectors[index]
        #expect(PortableCrypto.sha256(Data(message.utf8)).hex == digest)
        #expect(Data(PortableSHA256.hash(Data(message.utf8))).hex == digest)
    }

    @Test("one million 'a'")
    func millionA() {
        let message = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        #expect(PortableCrypto.sha256(message).hex == expected)
        #if canImport(CryptoKit)
        // The public call used CryptoKit; make sure the portable code also gets the big input.
        #expect(Data(PortableSHA256.hash(message)).hex == expected)
        #endif
    }

    @Test("incremental updates at every split point match one-shot hashing")
    func incrementalSplits() {
        let message = Data((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        let expected = PortableSHA256.hash(message)
        for split in 0...message.count {
            var hasher = PortableSHA256()
            hasher.update(message.prefix(split))
            hasher.update(message.dropFirst(split))
            #expect(hasher.finalize() == expected, "split at \(split)")
        }
        // Byte by byte exercises the pending-buffer path for every block boundary.
        var hasher = PortableSHA256()
        for byte in message { hasher.update([byte]) }
        #expect(hasher.finalize() == expected)
    }

    @Test("discontiguous DispatchData hashes like its flattened bytes")
    func discontiguousInput() {
        let first = Data(repeating: 0x61, count: 70)
        let second = Data(repeating: 0x62, count: 100)
        var combined = DispatchData.empty
        first.withUnsafeBytes { combined.append($0) }
        second.withUnsafeBytes { combined.append($0) }
        #expect(PortableSHA256.hash(combined) == PortableSHA256.hash(first + second))
        #expect(PortableCrypto.sha256(combined) == PortableCrypto.sha256(first + second))
    }

    @Test(
        "random lengths agree with openssl dgst -sha256",
        .enabled(if: ReferenceTool.hasOpenSSL, "openssl is not installed"))
    func crossCheckWithOpenSSL() throws {
        // Block boundaries (55/56/63/64/65 …) plus random sizes up to a few blocks and one large.
        var generator = SystemRandomNumberGenerator()
        var lengths = [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 70_001]
        lengths += (0..<12).map { _ in Int.random(in: 0...700, using: &generator) }
        for length in lengths {
            let message = try PortableCrypto.randomBytes(count: length)
            let reference = try ReferenceTool.openssl(["dgst", "-sha256", "-binary"], input: message)
            #expect(reference.count == 32)
            #expect(Data(PortableSHA256.hash(message)) == reference, "length \(length)")
            #expect(PortableCrypto.sha256(message) == reference, "length \(length)")
        }
    }
}
