import AssinafyTestSupport
import Foundation
import Testing

@testable import Assinafy

@Suite("Base64url, comparison and randomness", .offCooperativePool)
struct EncodingAndRandomTests {
    @Test("RFC 7636 Appendix B challenge from verifier")
    func pkceVector() {
        let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
        let challenge = PortableCrypto.base64URLEncode(PortableCrypto.sha256(Data(verifier.utf8)))
        #expect(challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test("RFC 4648 §10 vectors, unpadded")
    func rfc4648() {
        let cases = ["": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in cases {
            #expect(PortableCrypto.base64URLEncode(Data(plain.utf8)) == encoded)
            #expect(PortableCrypto.base64URLDecode(encoded) == Data(plain.utf8))
        }
    }

    @Test("URL alphabet uses - and _")
    func urlAlphabet() {
        let bytes = Data([0xfb, 0xff, 0xbf])
        #expect(PortableCrypto.base64URLEncode(bytes) == "-_-_")
        #expect(PortableCrypto.base64URLDecode("-_-_") == bytes)
        #expect(PortableCrypto.base64URLDecode("+/+/") == nil)
        #expect(PortableCrypto.base64Decode("+/+/") == bytes)
        #expect(PortableCrypto.base64Decode("-_-_") == nil)
    }

    @Test("decoding tolerates correct padding only")
    func padding() {
        #expect(PortableCrypto.base64URLDecode("Zg==") == Data("f".utf8))
        #expect(PortableCrypto.base64URLDecode("Zm8=") == Data("fo".utf8))
        #expect(PortableCrypto.base64URLDecode("Zg=") == nil)
        #expect(PortableCrypto.base64URLDecode("Zg===") == nil)
        #expect(PortableCrypto.base64URLDecode("Zm9v====") == nil)
        #expect(PortableCrypto.base64URLDecode("Z===") == nil)
        #expect(PortableCrypto.base64URLDecode("Zg=a") == nil)
        #expect(PortableCrypto.base64URLDecode("====") == nil)
    }

    @Test("malformed input is rejected, not repaired")
    func malformed() {
        #expect(PortableCrypto.base64URLDecode("Z") == nil)  // a lone symbol cannot hold a byte
        #expect(PortableCrypto.base64URLDecode("Zm9v Zg") == nil)
        #expect(PortableCrypto.base64URLDecode("Zm9v\n") == nil)
        #expect(PortableCrypto.base64URLDecode("Zh") == nil)  // non-zero unused bits
        #expect(PortableCrypto.base64URLDecode("Zm9") == nil)
        #expect(PortableCrypto.base64URLDecode("Zm8") == Data("fo".utf8))
        #expect(PortableCrypto.base64URLDecode("Zm9vé") == nil)
    }

    @Test("round trip of random data in both alphabets")
    func roundTrip() throws {
        for length in 0..<70 {
            let bytes = try PortableCrypto.randomBytes(count: length)
            #expect(PortableCrypto.base64URLDecode(PortableCrypto.base64URLEncode(bytes)) == bytes)
            let standard = bytes.base64EncodedString()
            #expect(PortableCrypto.base64Decode(standard) == bytes)
            #expect(Base64Codec.encode(bytes, alphabet: .standard, padded: true) == standard)
        }
    }

    @Test("constant-time equality")
    func constantTimeEquals() {
        #expect(PortableCrypto.constantTimeEquals(Data(), Data()))
        #expect(PortableCrypto.constantTimeEquals(Data([1, 2, 3]), [UInt8]([1, 2, 3])))
        #expect(!PortableCrypto.constantTimeEquals(Data([1, 2, 3]), Data([1, 2, 4])))
        #expect(!PortableCrypto.constantTimeEquals(Data([1, 2, 3]), Data([1, 2])))
        #expect(!PortableCrypto.constantTimeEquals(Data([0x80]), Data([0x00])))
    }

    @Test("random bytes have the requested length and do not repeat")
    func randomBytes() throws {
        #expect(try PortableCrypto.randomBytes(count: 0).isEmpty)
        #expect(try PortableCrypto.randomBytes(count: 13).count == 13)
        var seen = Set<Data>()
        for _ in 0..<1000 { seen.insert(try PortableCrypto.randomBytes(count: 16)) }
        #expect(seen.count == 1000)
        // Every byte value position is filled, not just the low bits of each word.
        let large = try PortableCrypto.randomBytes(count: 4096)
        #expect(Set(large).count > 200)
        #expect(throws: PortableCryptoError.invalidLength(-1)) { try PortableCrypto.randomBytes(count: -1) }
    }
}
