import AssinafyTestSupport
import Foundation
import Testing

@testable import Assinafy

/// Signatures here come from Python's `hmac`/`hashlib`/`base64`, an implementation independent
/// of ours, computed at test time.
@Suite("Webhook signatures", .enabled(if: ReferenceTool.hasPython3, "python3 is not installed"), .offCooperativePool)
struct WebhookSignatureTests {
    static let referenceScript = """
        import base64, hashlib, hmac, sys
        secret, msg_id, timestamp, body = sys.argv[1], sys.argv[2], sys.argv[3], bytes.fromhex(sys.argv[4])
        assert secret.startswith('whsec_')
        key = base64.b64decode(secret[len('whsec_'):], validate=True)
        content = msg_id.encode() + b'.' + timestamp.encode() + b'.' + body
        print('v1,' + base64.b64encode(hmac.new(key, content, hashlib.sha256).digest()).decode())
        """

    static func referenceSignature(secret: String, id: String, timestamp: String, body: Data) throws -> String {
        let output = try ReferenceTool.python3(referenceScript, arguments: [secret, id, timestamp, body.hex])
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func newSecret(bytes: Int = 32) throws -> String {
        "whsec_" + (try PortableCrypto.randomBytes(count: bytes)).base64EncodedString()
    }

    let now = Date(timeIntervalSince1970: 1_750_000_000)
    var timestamp: String { "1750000000" }
    let id = "msg_2KWPBgLlAfxdpx2AI54pPJ85f1W"
    let body = Data(#"{"event":"document_ready","object":{"id":"abc"},"ação":"assinar"}"#.utf8)

    func verify(
        _ header: String, secret: String, body: Data? = nil, id: String? = nil, timestamp: String? = nil,
        now: Date? = nil
    ) -> Result<Void, WebhookVerificationError> {
        let arguments = (body ?? self.body, id ?? self.id, timestamp ?? self.timestamp, now ?? self.now)
        let plain = WebhookSignature.verify(
            body: arguments.0, id: arguments.1, timestamp: arguments.2, signatureHeader: header, secret: secret,
            now: arguments.3)
        do {
            try WebhookSignature.verifyOrThrow(
                body: arguments.0, id: arguments.1, timestamp: arguments.2, signatureHeader: header,
                secret: secret, now: arguments.3)
            #expect(plain)
            return .success(())
        } catch {
            #expect(!plain)
            return .failure(error)
        }
    }

    func expectFailure(_ result: Result<Void, WebhookVerificationError>, _ expected: WebhookVerificationError,
        sourceLocation: SourceLocation = #_sourceLocation)
    {
        guard case .failure(let error) = result else {
            Issue.record("expected \(expected), verification passed", sourceLocation: sourceLocation)
            return
        }
        #expect(error == expected, sourceLocation: sourceLocation)
    }

    @Test("a reference signature verifies, and sign() reproduces it")
    func validSignature() throws {
        let secret = try Self.newSecret()
        let header = try Self.referenceSignature(secret: secret, id: id, timestamp: timestamp, body: body)
        #expect(header.hasPrefix("v1,"))
        #expect(throws: Never.self) { try verify(header, secret: secret).get() }
        #expect(try WebhookSignature.sign(body: body, id: id, timestamp: timestamp, secret: secret) == header)
        #expect(try WebhookSignature.sign(body: body, id: id, timestamp: now, secret: secret) == header)
    }

    @Test("binary bodies and odd secret lengths")
    func binaryBody() throws {
        for secretLength in [1, 24, 64, 100] {
            let secret = try Self.newSecret(bytes: secretLength)
            let binary = try PortableCrypto.randomBytes(count: 300)
            let header = try Self.referenceSignature(secret: secret, id: id, timestamp: timestamp, body: binary)
            #expect(throws: Never.self) { try verify(header, secret: secret, body: binary).get() }
            expectFailure(verify(header, secret: secret, body: Data()), .noMatchingSignature)
        }
    }

    @Test("any matching entry of a multi-signature header wins; other versions are ignored")
    func multipleSignatures() throws {
        let secret = try Self.newSecret()
        let good = try Self.referenceSignature(secret: secret, id: id, timestamp: timestamp, body: body)
        let unrelated = try Self.referenceSignature(secret: try Self.newSecret(), id: id, timestamp: timestamp, body: body)
        let goodValue = String(good.dropFirst(3))
        #expect(throws: Never.self) { try verify("\(unrelated) \(good)", secret: secret).get() }
        #expect(throws: Never.self) { try verify("\(good) \(unrelated)", secret: secret).get() }
        #expect(throws: Never.self) { try verify("  \(unrelated)   \(good)  ", secret: secret).get() }
        #expect(throws: Never.self) {
            try verify("v1a,\(goodValue) nocomma v2,\(goodValue) v1,!!! \(good)", secret: secret).get()
        }
        // The right MAC under another version label must not count as v1.
        expectFailure(verify("v1a,\(goodValue) v2,\(goodValue) V1,\(goodValue)", secret: secret), .noMatchingSignature)
        expectFailure(verify(unrelated, secret: secret), .noMatchingSignature)
    }

    @Test("rotated secrets: old and new signatures both present")
    func rotatedSecret() throws {
        let old = try Self.newSecret()
        let new = try Self.newSecret()
        let header = [old, new].map { try? Self.referenceSignature(secret: $0, id: id, timestamp: timestamp, body: body) }
            .compactMap { $0 }.joined(separator: " ")
        #expect(header.split(separator: " ").count == 2)
        #expect(throws: Never.self) { try verify(header, secret: old).get() }
        #expect(throws: Never.self) { try verify(header, secret: new).get() }
        expectFailure(verify(header, secret: try Self.newSecret()), .noMatchingSignature)
    }

    @Test("tampered body, id or timestamp fails")
    func tampering() throws {
        let secret = try Self.newSecret()
        let header = try Self.referenceSignature(secret: secret, id: id, timestamp: timestamp, body: body)
        var tampered = body
        tampered[tampered.count / 2] ^= 0x20
        expectFailure(verify(header, secret: secret, body: tampered), .noMatchingSignature)
        expectFailure(verify(header, secret: secret, body: body + Data(" ".utf8)), .noMatchingSignature)
        expectFailure(verify(header, secret: secret, id: id + "x"), .noMatchingSignature)
        expectFailure(verify(header, secret: secret, timestamp: "1750000001"), .noMatchingSignature)
        var signature = try #require(Data(base64Encoded: String(header.dropFirst(3))))
        signature[0] ^= 1
        expectFailure(verify("v1," + signature.base64EncodedString(), secret: secret), .noMatchingSignature)
    }

    @Test("timestamp tolerance: ±299 s and ±300 s pass, ±301 s fail", arguments: [-301, -300, -299, 0, 299, 300, 301])
    func tolerance(offset: Int) throws {
        let secret = try Self.newSecret()
        let header = try Self.referenceSignature(secret: secret, id: id, timestamp: timestamp, body: body)
        // A positive offset moves the receiver's clock ahead, so the delivery looks old.
        let result = verify(header, secret: secret, now: now.addingTimeInterval(TimeInterval(offset)))
        switch offset {
        case 301: expectFailure(result, .timestampTooOld)
        case -301: expectFailure(result, .timestampInFuture)
        default: #expect(throws: Never.self) { try result.get() }
        }
    }

    @Test("custom tolerance, and a NaN tolerance acts as zero")
    func customTolerance() throws {
        let secret = try Self.newSecret()
        let header = try WebhookSignature.sign(body: body, id: id, timestamp: timestamp, secret: secret)
        let later = now.addingTimeInterval(1000)
        #expect(WebhookSignature.verify(
            body: body, id: id, timestamp: timestamp, signatureHeader: header, secret: secret, tolerance: 1000,
            now: later))
        #expect(!WebhookSignature.verify(
            body: body, id: id, timestamp: timestamp, signatureHeader: header, secret: secret, tolerance: .nan,
            now: now.addingTimeInterval(1)))
    }

    @Test("malformed timestamps", arguments: ["", "abc", "17500000.5", "-1750000000", "+1750000000",
        " 1750000000", "1750000000 ", "1e9", "١٧٥٠٠٠٠٠٠٠", "99999999999999999999999"])
    func malformedTimestamp(_ value: String) throws {
        let secret = try Self.newSecret()
        let header = try WebhookSignature.sign(body: body, id: id, timestamp: value, secret: secret)
        expectFailure(verify(header, secret: secret, timestamp: value), .malformedTimestamp)
    }

    @Test("malformed secrets")
    func malformedSecret() throws {
        let secret = try Self.newSecret()
        let header = try Self.referenceSignature(secret: secret, id: id, timestamp: timestamp, body: body)
        let bare = String(secret.dropFirst("whsec_".count))
        for bad in [bare, "", "whsec_", "whsec_not base64!", "WHSEC_" + bare, "whsk_" + bare, "whsec_" + bare + "="] {
            expectFailure(verify(header, secret: bad), .malformedSecret)
        }
        #expect(throws: WebhookVerificationError.malformedSecret) {
            try WebhookSignature.sign(body: body, id: id, timestamp: timestamp, secret: bare)
        }
    }

    @Test("empty or junk headers fail without crashing")
    func malformedHeaders() throws {
        let secret = try Self.newSecret()
        expectFailure(verify("", secret: secret), .missingSignature)
        expectFailure(verify("   ", secret: secret), .missingSignature)
        for junk in ["v1", "v1,", ",", ",,,", "v1,,", "v1,====", "v1,é", "\u{0}", String(repeating: "v1,AAAA ", count: 500)] {
            expectFailure(verify(junk, secret: secret), .noMatchingSignature)
        }
        let header = try WebhookSignature.sign(body: body, id: id, timestamp: timestamp, secret: secret)
        expectFailure(verify(header, secret: secret, id: ""), .missingID)
    }

    @Test("header dictionary lookup is case-insensitive")
    func headerDictionary() throws {
        let secret = try Self.newSecret()
        let header = try Self.referenceSignature(secret: secret, id: id, timestamp: timestamp, body: body)
        let headers = ["Webhook-Id": id, "WEBHOOK-TIMESTAMP": timestamp, "webhook-signature": header]
        #expect(WebhookSignature.verify(body: body, headers: headers, secret: secret, now: now))
        #expect(!WebhookSignature.verify(body: body, headers: ["webhook-id": id], secret: secret, now: now))
    }

    @Test("errors describe themselves")
    func descriptions() {
        let all: [WebhookVerificationError] = [
            .missingID, .missingSignature, .malformedSecret, .malformedTimestamp, .timestampTooOld,
            .timestampInFuture, .noMatchingSignature,
        ]
        #expect(Set(all.compactMap(\.errorDescription)).count == all.count)
    }
}
