import AssinafyTestSupport
import Foundation

@testable import Assinafy

/// An RSA key made by openssl at test time, and tokens signed by openssl with it: the
/// verifier is checked against an independent RS256 signer, and no key is ever committed.
struct JWTTestKey: Sendable {
    let kid: String
    let privateKeyPEM: Data
    let modulus: Data

    static func generate(kid: String, bits: Int = 2048) throws -> JWTTestKey {
        let pem = try ReferenceTool.openssl(["genrsa", String(bits)])
        let directory = try TemporaryDirectory()
        let path = directory.file("key.pem")
        try pem.write(to: URL(fileURLWithPath: path))
        let text = String(decoding: try ReferenceTool.openssl(["rsa", "-in", path, "-modulus", "-noout"]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("Modulus="), let modulus = Data(hex: String(text.dropFirst("Modulus=".count)))
        else { throw ReferenceTool.Failure(description: "unexpected openssl output: \(text)") }
        return JWTTestKey(kid: kid, privateKeyPEM: pem, modulus: modulus)
    }

    /// The JWK as a provider publishes it (`e` = 65537 = `AQAB`).
    var jwk: JWKS.Key {
        JWKS.Key(kty: "RSA", kid: kid, use: "sig", alg: "RS256", n: JWTTestKey.base64URL(modulus), e: "AQAB")
    }

    /// `header.payload.signature` with openssl's RS256 signature over `header.payload`.
    func mint(header: JSONValue, payload: JSONValue) throws -> String {
        let signingInput = try JWTTestKey.encodeJSON(header) + "." + JWTTestKey.encodeJSON(payload)
        return signingInput + "." + JWTTestKey.base64URL(try sign(Data(signingInput.utf8)))
    }

    func sign(_ data: Data) throws -> Data {
        let directory = try TemporaryDirectory()
        let path = directory.file("key.pem")
        try privateKeyPEM.write(to: URL(fileURLWithPath: path))
        return try ReferenceTool.openssl(["dgst", "-sha256", "-sign", path, "-binary"], input: data)
    }

    /// Foundation's base64 with the URL substitutions, deliberately not the SDK's encoder.
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func encodeJSON(_ value: JSONValue) throws -> String {
        base64URL(try JSONEncoder().encode(value))
    }

    /// Two keys per test run: `k1` is published from the start, `k2` appears after "rotation".
    static let pair: Result<[JWTTestKey], ReferenceTool.Failure> = {
        do { return .success([try generate(kid: "k1"), try generate(kid: "k2")]) } catch {
            return .failure(ReferenceTool.Failure(description: "\(error)"))
        }
    }()
}
