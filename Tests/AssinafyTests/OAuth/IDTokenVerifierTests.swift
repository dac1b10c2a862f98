import AssinafyTestSupport
import Foundation
import Testing

@testable import Assinafy

@Suite("id_token verification", .enabled(if: ReferenceTool.hasOpenSSL, "openssl is not installed"), .offCooperativePool)
struct IDTokenVerifierTests {
    let key: JWTTestKey
    let rotated: JWTTestKey
    let issuer = "https://api.assinafy.com.br"
    let clientId = "client-123"
    let now = Date(timeIntervalSince1970: 1_750_000_000)
    var verifier: IDTokenVerifier { IDTokenVerifier(issuer: issuer, clientId: clientId) }
    var keys: JWKS { JWKS(keys: [key.jwk]) }

    init() throws {
        let pair = try JWTTestKey.pair.get()
        key = pair[0]
        rotated = pair[1]
    }

    func header(alg: String = "RS256", kid: String? = "k1") -> JSONValue {
        var object: JSONObject = ["alg": .string(alg), "typ": "JWT"]
        if let kid { object["kid"] = .string(kid) }
        return .object(object)
    }

    func payload(_ changes: [String: JSONValue?] = [:]) -> JSONValue {
        var object: JSONObject = [
            "iss": .string(issuer), "sub": "user-42", "aud": .string(clientId),
            "exp": .integer(1_750_000_600), "iat": .integer(1_750_000_000), "nonce": "n-0S6_WzA2Mj",
            "email": "ana@example.com", "name": "Ana Souza", "locale": "pt-BR",
        ]
        for (name, value) in changes { object[name] = value }
        return .object(object)
    }

    func expect(_ error: IDTokenError, token: String, keys: JWKS? = nil, nonce: String? = "n-0S6_WzA2Mj",
        now: Date? = nil, sourceLocation: SourceLocation = #_sourceLocation)
    {
        #expect(throws: error, sourceLocation: sourceLocation) {
            try verifier.verify(token, keys: keys ?? self.keys, nonce: nonce, now: now ?? self.now)
        }
    }

    @Test("a good token verifies and exposes its claims")
    func goodToken() throws {
        let token = try key.mint(header: header(), payload: payload())
        let claims = try verifier.verify(token, keys: keys, nonce: "n-0S6_WzA2Mj", now: now)
        #expect(claims.issuer == issuer)
        #expect(claims.subject == "user-42")
        #expect(claims.audience == [clientId])
        #expect(claims.email == "ana@example.com")
        #expect(claims.name == "Ana Souza")
        #expect(claims.nonce == "n-0S6_WzA2Mj")
        #expect(claims.expiresAt == Date(timeIntervalSince1970: 1_750_000_600))
        #expect(claims.issuedAt == now)
        #expect(claims[claim: "locale"] == "pt-BR")
        #expect(claims.claims.count == 9)
        // Without a nonce sent, the token's nonce is not checked.
        #expect(throws: Never.self) { try verifier.verify(token, keys: keys, nonce: nil, now: now) }
    }

    @Test("tampered signature or payload is refused")
    func badSignature() throws {
        let token = try key.mint(header: header(), payload: payload())
        let parts = token.split(separator: ".").map(String.init)
        var signature = try #require(Data(base64Encoded: parts[2].replacingOccurrences(of: "-", with: "+")
            .replacingOccurrences(of: "_", with: "/") + "=="))
        signature[10] ^= 0x01
        expect(.invalidSignature, token: parts[0] + "." + parts[1] + "." + JWTTestKey.base64URL(signature))
        let forgedPayload = try JWTTestKey.encodeJSON(payload(["sub": "admin"]))
        expect(.invalidSignature, token: parts[0] + "." + forgedPayload + "." + parts[2])
        // Signed by another key that claims to be k1.
        expect(.invalidSignature, token: try rotated.mint(header: header(kid: "k1"), payload: payload()))
    }

    @Test("issuer and audience must match")
    func issuerAndAudience() throws {
        let wrongIssuer = try key.mint(header: header(), payload: payload(["iss": "https://evil.example.com"]))
        expect(.issuerMismatch(expected: issuer, actual: "https://evil.example.com"), token: wrongIssuer)
        expect(.audienceMismatch, token: try key.mint(header: header(), payload: payload(["aud": "other-client"])))
        expect(.audienceMismatch, token: try key.mint(header: header(), payload: payload(["aud": ["a", "b"]])))
    }

    @Test("several audiences require azp to be this client")
    func authorizedParty() throws {
        let good = try key.mint(header: header(), payload: payload(["aud": [.string(clientId), "other"], "azp": .string(clientId)]))
        #expect(try verifier.verify(good, keys: keys, nonce: nil, now: now).authorizedParty == clientId)
        expect(.authorizedPartyMismatch, token: try key.mint(header: header(), payload: payload(["aud": [.string(clientId), "other"]])))
        expect(.authorizedPartyMismatch, token: try key.mint(header: header(), payload: payload(["azp": "other"])))
    }

    @Test("exp, iat and nbf are checked with the leeway")
    func times() throws {
        let token = try key.mint(header: header(), payload: payload())
        // exp is now + 600; the default leeway is 60 s.
        #expect(throws: Never.self) {
            try verifier.verify(token, keys: keys, nonce: nil, now: now.addingTimeInterval(659))
        }
        expect(.expired, token: token, now: now.addingTimeInterval(660))
        expect(.expired, token: token, now: now.addingTimeInterval(86_400))

        let future = try key.mint(header: header(), payload: payload(["iat": .integer(1_750_000_061)]))
        expect(.issuedInFuture, token: future)
        let nearFuture = try key.mint(header: header(), payload: payload(["iat": .integer(1_750_000_060)]))
        #expect(throws: Never.self) { try verifier.verify(nearFuture, keys: keys, nonce: nil, now: now) }

        let notBefore = try key.mint(header: header(), payload: payload(["nbf": .integer(1_750_000_100)]))
        expect(.notYetValid, token: notBefore)
        let strict = IDTokenVerifier(issuer: issuer, clientId: clientId, leeway: 0)
        #expect(throws: IDTokenError.issuedInFuture) {
            try strict.verify(nearFuture, keys: keys, nonce: nil, now: now)
        }
    }

    @Test("the nonce must match when one was sent")
    func nonce() throws {
        let token = try key.mint(header: header(), payload: payload())
        expect(.nonceMismatch, token: token, nonce: "another")
        let withoutNonce = try key.mint(header: header(), payload: payload(["nonce": nil]))
        expect(.nonceMismatch, token: withoutNonce, nonce: "n-0S6_WzA2Mj")
        #expect(throws: Never.self) { try verifier.verify(withoutNonce, keys: keys, nonce: nil, now: now) }
    }

    @Test("alg none, HS256 and other algorithms are refused")
    func algorithms() throws {
        let body = try JWTTestKey.encodeJSON(payload())
        let none = try JWTTestKey.encodeJSON(header(alg: "none")) + "." + body + "."
        expect(.unsupportedAlgorithm("none"), token: none)

        // Algorithm confusion: an HMAC keyed with the public key material must not pass.
        let hsHeader = try JWTTestKey.encodeJSON(header(alg: "HS256"))
        let forgedInput = hsHeader + "." + body
        for secret in [key.modulus, Data((key.jwk.n ?? "").utf8)] {
            let mac = PortableCrypto.hmacSHA256(key: secret, message: Data(forgedInput.utf8))
            expect(.unsupportedAlgorithm("HS256"), token: forgedInput + "." + JWTTestKey.base64URL(mac))
        }
        for alg in ["RS512", "PS256", "ES256", "rs256", "RS256 "] {
            let token = try key.mint(header: header(alg: alg), payload: payload())
            expect(.unsupportedAlgorithm(alg), token: token)
        }
        let critical = try key.mint(
            header: ["alg": "RS256", "kid": "k1", "crit": ["exp"], "exp": 1], payload: payload())
        expect(.unsupportedAlgorithm("RS256 with crit"), token: critical)
    }

    @Test("key selection by kid")
    func keySelection() throws {
        let unknown = try rotated.mint(header: header(kid: "k2"), payload: payload())
        expect(.unknownKeyID("k2"), token: unknown)
        #expect(throws: Never.self) {
            try verifier.verify(unknown, keys: JWKS(keys: [key.jwk, rotated.jwk]), nonce: nil, now: now)
        }
        // Without kid: fine with a single key, ambiguous with two.
        let noKid = try key.mint(header: header(kid: nil), payload: payload())
        #expect(throws: Never.self) { try verifier.verify(noKid, keys: keys, nonce: nil, now: now) }
        expect(.unknownKeyID(nil), token: noKid, keys: JWKS(keys: [key.jwk, rotated.jwk]))
        // Keys for encryption or another algorithm are not signing keys for RS256.
        var encryption = key.jwk
        encryption.use = "enc"
        var otherAlgorithm = key.jwk
        otherAlgorithm.alg = "RS512"
        let token = try key.mint(header: header(), payload: payload())
        expect(.unknownKeyID("k1"), token: token, keys: JWKS(keys: [encryption, otherAlgorithm]))
        var broken = key.jwk
        broken.n = "not base64url!"
        expect(.unusableKey("k1"), token: token, keys: JWKS(keys: [broken]))
        var weak = key.jwk
        weak.e = "AQ"  // e = 1 would make any "signature" equal the encoded message
        expect(.invalidSignature, token: token, keys: JWKS(keys: [weak]))
    }

    @Test("malformed tokens", arguments: ["", "abc", "a.b", "a.b.c.d.e", "!!.eyJ9.x", "e30.e30", "e30..sig", ".e30.sig"])
    func malformed(_ token: String) {
        #expect {
            try verifier.verify(token, keys: keys, nonce: nil, now: now)
        } throws: { error in
            guard case .malformed = error as? IDTokenError else { return false }
            return true
        }
    }

    @Test("non-object JSON parts and missing claims")
    func shapes() throws {
        let arrayPayload = try key.mint(header: header(), payload: [1, 2])
        expect(.malformed("payload is not a JSON object"), token: arrayPayload)
        expect(.missingClaim("sub"), token: try key.mint(header: header(), payload: payload(["sub": nil])))
        expect(.missingClaim("exp"), token: try key.mint(header: header(), payload: payload(["exp": "soon"])))
        expect(.missingClaim("aud"), token: try key.mint(header: header(), payload: payload(["aud": nil])))
        expect(.malformed("aud is not a list of strings"), token: try key.mint(header: header(), payload: payload(["aud": [1]])))
        expect(.malformed("kid is not a string"), token: try key.mint(header: ["alg": "RS256", "kid": 7], payload: payload()))
        expect(.malformed("header has no alg"), token: try key.mint(header: ["kid": "k1"], payload: payload()))
        let fractional = try key.mint(header: header(), payload: payload(["exp": 1_750_000_600.5]))
        #expect(try verifier.verify(fractional, keys: keys, nonce: nil, now: now).expiresAt.timeIntervalSince1970 == 1_750_000_600.5)
    }

    @Test("JWKS decodes provider documents, ignoring keys it cannot use")
    func jwksDecoding() throws {
        let document = """
            {"keys":[
              {"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRjmUmY","kid":"ec"},
              {"kty":"RSA","kid":"k1","use":"sig","alg":"RS256","n":"\(key.jwk.n ?? "")","e":"AQAB","x5c":["MIIC"]}
            ]}
            """
        let decoded = try JSONDecoder().decode(JWKS.self, from: Data(document.utf8))
        #expect(decoded.keys.count == 2)
        #expect(decoded.keys[1] == key.jwk)
        let token = try key.mint(header: header(), payload: payload())
        #expect(throws: Never.self) { try verifier.verify(token, keys: decoded, nonce: nil, now: now) }
    }

    @Test("errors describe themselves")
    func descriptions() {
        let errors: [IDTokenError] = [
            .malformed("x"), .unsupportedAlgorithm("none"), .unknownKeyID("k"), .unusableKey(nil), .invalidSignature,
            .missingClaim("sub"), .issuerMismatch(expected: "a", actual: "b"), .audienceMismatch,
            .authorizedPartyMismatch, .expired, .issuedInFuture, .notYetValid, .nonceMismatch,
        ]
        #expect(Set(errors.compactMap(\.errorDescription)).count == errors.count)
    }
}
