import Foundation
import Testing

@testable import Assinafy

@Suite("PKCE and state")
struct PKCETests {
    @Test("RFC 7636 Appendix B")
    func rfcVector() throws {
        let pair = try PKCEPair(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pair.codeChallenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(pair.method == "S256")
        #expect(PKCEPair.challenge(for: pair.codeVerifier) == pair.codeChallenge)
    }

    @Test("generated verifiers are 43 unreserved characters and unique over 1000 draws")
    func generation() throws {
        var verifiers = Set<String>()
        var challenges = Set<String>()
        for _ in 0..<1000 {
            let pair = try PKCEPair.generate()
            #expect(pair.codeVerifier.count == 43)
            #expect(try PKCEPair(verifier: pair.codeVerifier) == pair)
            verifiers.insert(pair.codeVerifier)
            challenges.insert(pair.codeChallenge)
        }
        #expect(verifiers.count == 1000)
        #expect(challenges.count == 1000)
    }

    @Test("length limits are 43 and 128")
    func lengths() throws {
        #expect(throws: ValidationError.self) { try PKCEPair(verifier: String(repeating: "a", count: 42)) }
        #expect(throws: Never.self) { try PKCEPair(verifier: String(repeating: "a", count: 43)) }
        #expect(throws: Never.self) { try PKCEPair(verifier: String(repeating: "~", count: 128)) }
        #expect(throws: ValidationError.self) { try PKCEPair(verifier: String(repeating: "a", count: 129)) }
        #expect(throws: ValidationError.self) { try PKCEPair(verifier: "") }
    }

    @Test("characters outside the unreserved set are rejected",
        arguments: ["+", "/", "=", " ", "%", "é", "\u{0}", "\n", "*"])
    func grammar(character: String) throws {
        let verifier = String(repeating: "A", count: 42) + character
        #expect {
            try PKCEPair(verifier: verifier)
        } throws: { error in
            (error as? ValidationError)?.errors["codeVerifier"] != nil
        }
    }

    @Test("every unreserved character is accepted")
    func fullAlphabet() throws {
        let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
        #expect(throws: Never.self) { try PKCEPair(verifier: alphabet) }
    }

    @Test("state values carry at least 128 bits and do not repeat")
    func state() throws {
        var seen = Set<String>()
        for _ in 0..<1000 {
            let state = try OAuthState.generate()
            let decoded = try #require(PortableCrypto.base64URLDecode(state))
            #expect(decoded.count * 8 >= 128)
            seen.insert(state)
        }
        #expect(seen.count == 1000)
        let state = try OAuthState.generate()
        #expect(OAuthState.matches(state, expected: state))
        #expect(!OAuthState.matches(state + "x", expected: state))
        #expect(!OAuthState.matches("", expected: state))
    }
}
