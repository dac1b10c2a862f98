import AssinafyTestSupport
import Foundation
import Testing

@testable import AssinafyRuntime

@Suite("Base64url, comparison and randomness", .offCooperativePool)
struct EncodingAndRandomTests {
    @Test("RFC 7636 Appendix B challenge from verifier")
    func pkceVector() {
        let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
        let challenge = AssinafyCrypto.base64URLEncode(AssinafyCrypto.sha256(Data(verifier.utf8)))
        #expect(challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test("RFC 4648 §10 vectors, unpadded")
    func rfc4648() {
        let cases = ["": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in cases {
            #expect(AssinafyCrypto.base64URLEncode(Data(plain.utf8)) == encoded)
            #expect(AssinafyCrypto.base64URLDecode(encoded) == Data(plain.utf8))
        }
    }

    @Test("URL alphabet uses - and _")
    func urlAlphabet() {
        let bytes = Data([0xfb, 0xff, 0xbf])
        #expect(AssinafyCrypto.base64URLEncode(bytes) == "-_-_")
        #expect(AssinafyCrypto.base64URLDecode("-_-_") == bytes)
        #expect(AssinafyCrypto.base64URLDecode("+/+/") == nil)
        #expect(AssinafyCrypto.base64Decode("+/+/") == bytes)
        #expect(AssinafyCrypto.base64Decode("-_-_") == nil)
    }

    @Test("decoding tolerates correct padding only")
    func padding() {
        #expect(AssinafyCrypto.base64URLDecode("Zg==") == Data("f".utf8))
        #expect(AssinafyCrypto.base64URLDecode("Zm8=") == Data("fo".utf8))
        #expect(AssinafyCrypto.base64URLDecode("Zg=") == nil)
        #expect(AssinafyCrypto.base64URLDecode("Zg===") == nil)
        #expect(AssinafyCrypto.base64URLDecode("Zm9v====") == nil)
        #expect(AssinafyCrypto.base64URLDecode("Z===") == nil)
        #expect(AssinafyCrypto.base64URLDecode("Zg=a") == nil)
        #expect(AssinafyCrypto.base64URLDecode("====") == nil)
    }

    @Test("malformed input is rejected, not repaired")
    func malformed() {
        #expect(AssinafyCrypto.base64URLDecode("Z") == nil)  // a lone symbol cannot hold a byte
        #expect(AssinafyCrypto.base64URLDecode("Zm9v Zg") == nil)
        #expect(AssinafyCrypto.base64URLDecode("Zm9v\n") == nil)
        #expect(AssinafyCrypto.base64URLDecode("Zh") == nil)  // non-zero unused bits
        #expect(AssinafyCrypto.base64URLDecode("Zm9") == nil)
        #expect(AssinafyCrypto.base64URLDecode("Zm8") == Data("fo".utf8))
        #expect(AssinafyCrypto.base64URLDecode("Zm9vé") == nil)
    }

    @Test("round trip of random data in both alphabets")
    func roundTrip() throws {
        for length in 0..<70 {
            let bytes = try AssinafyCrypto.randomBytes(count: length)
            #expect(AssinafyCrypto.base64URLDecode(AssinafyCrypto.base64URLEncode(bytes)) == bytes)
            let standard = bytes.base64EncodedString()
            #expect(AssinafyCrypto.base64Decode(standard) == bytes)
            #expect(Base64Codec.encode(bytes, alphabet: .standard, padded: true) == standard)
        }
    }

    @Test("constant-time equality")
    func constantTimeEquals() {
        #expect(AssinafyCrypto.constantTimeEquals(Data(), Data()))
        #expect(AssinafyCrypto.constantTimeEquals(Data([1, 2, 3]), [UInt8]([1, 2, 3])))
        #expect(!AssinafyCrypto.constantTimeEquals(Data([1, 2, 3]), Data([1, 2, 4])))
        #expect(!AssinafyCrypto.constantTimeEquals(Data([1, 2, 3]), Data([1, 2])))
        #expect(!AssinafyCrypto.constantTimeEquals(Data([0x80]), Data([0x00])))
    }

    @Test("random bytes have the requested length and do not repeat")
    func randomBytes() throws {
        #expect(try AssinafyCrypto.randomBytes(count: 0).isEmpty)
        #expect(try AssinafyCrypto.randomBytes(count: 13).count == 13)
        var seen = Set<Data>()
        for _ in 0..<1000 { seen.insert(try AssinafyCrypto.randomBytes(count: 16)) }
        #expect(seen.count == 1000)
        // Every byte value position is filled, not just the low bits of each word.
        let large = try AssinafyCrypto.randomBytes(count: 4096)
        #expect(Set(large).count > 200)
        #expect(throws: AssinafyCryptoError.invalidLength(-1)) { try AssinafyCrypto.randomBytes(count: -1) }
    }
}
