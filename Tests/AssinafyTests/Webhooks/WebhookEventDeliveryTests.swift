import APIRuntime
import Foundation
import Testing

@testable import Assinafy

@Suite struct WebhookEventDeliveryTests {
    /// Shaped like the API's documented `signer_signed_document` example.
    static let signedBody = Data(
        """
        {"id": 184467, "event": "signer_signed_document", "message": null,
         "payload": {"assignment_id": "asg-1", "step": 2},
         "origin": {"ip": "203.0.113.7", "user-agent": "Mozilla/5.0"},
         "created_at": 1790000000,
         "subject": {"id": "sig-1", "full_name": "Ana Souza", "email": "ana@example.invalid", "type": "Signer"},
         "object": {"id": "doc-1", "name": "Contrato.pdf", "status": "pending_signature", "type": "Document"},
         "account_id": "acc-test-1"}
        """.utf8)

    /// An event this SDK version does not know, with members the schema does not name.
    static let futureBody = Data(
        """
        {"id": 9, "event": "document_archived", "created_at": 1790000100,
         "subject": {"type": "User", "id": "usr-1"}, "object": {"type": "Document", "id": "doc-1", "folder": "2026"},
         "account_id": "acc-test-1", "schema_version": 3, "trace": {"region": "sa-east-1"}}
        """.utf8)

    /// A test-only secret: `whsec_` + base64 of 32 fixed bytes.
    static let secret = "whsec_" + Data((0..<32).map { UInt8($0) }).base64EncodedString()
    static let now = Date(timeIntervalSince1970: 1_790_000_010)

    static func signedHeaders(for body: Data, id: String = "msg_2Qp7", timestamp: String = "1790000005") throws
        -> [String: String]
    {
        [
            "Webhook-Id": id, "Webhook-Timestamp": timestamp,
            "Webhook-Signature": try WebhookSignature.sign(body: body, id: id, timestamp: timestamp, secret: secret),
        ]
    }

    @Test func parsesADocumentedEvent() throws {
        let delivery = try WebhookDelivery.parse(
            body: Self.signedBody, headers: ["webhook-id": "msg_2Qp7", "webhook-timestamp": "1790000005"])

        #expect(delivery.webhookId == "msg_2Qp7")
        #expect(delivery.timestamp == Date(timeIntervalSince1970: 1_790_000_005))
        #expect(delivery.name == .signerSignedDocument)
        #expect(delivery.name.isKnown)
        #expect(delivery.event.id == 184_467)
        #expect(delivery.event.accountId == "acc-test-1")
        #expect(delivery.event.origin?.userAgent == "Mozilla/5.0")
        #expect(delivery.createdAt == Date(timeIntervalSince1970: 1_790_000_000))
        #expect(delivery.subjectType == "Signer")
        #expect(delivery.objectType == "Document")
        // Member order is not compared: Foundation's decoder does not keep it on Linux.
        #expect(delivery.payloadJSON?["assignment_id"] == "asg-1")
        #expect(delivery.payloadJSON?["step"] == 2)
        #expect(delivery.rawBody == Self.signedBody)
    }

    @Test func toleratesUnknownEventNamesAndExtraMembers() throws {
        let delivery = try WebhookDelivery.parse(body: Self.futureBody)

        #expect(delivery.name == WebhookEventName(rawValue: "document_archived"))
        #expect(!delivery.name.isKnown)
        #expect(delivery.event.additionalFields["schema_version"] == 3)
        #expect(delivery.event.additionalFields["trace"]?["region"] == "sa-east-1")
        #expect(delivery.event.object["folder"] == "2026")
        #expect(delivery.event.message == nil)
        #expect(delivery.payloadJSON == nil)
        #expect(delivery.webhookId == nil)
        #expect(delivery.timestamp == nil)
    }

    @Test func everyDeclaredEventNameParses() throws {
        for name in WebhookEventName.knownValues {
            let body = Data(
                """
                {"id": 1, "event": "\(name.rawValue)", "created_at": 1, "subject": {}, "object": {}, "account_id": "a"}
                """.utf8)
            #expect(try WebhookDelivery.parse(body: body).name == name)
        }
    }

    @Test func aBodyThatIsNotAnEventIsRefusedWithoutEchoingIt() throws {
        let notJSON = Data("token=example-secret-value".utf8)
        let error = try #require(throws: ValidationError.self) { try WebhookDelivery.parse(body: notJSON) }
        #expect(!"\(error.message) \(error.errors)".contains("example-secret-value"))

        let missingSubject = Data(
            #"{"id": 1, "event": "document_ready", "created_at": 1, "object": {}, "account_id": "a"}"#.utf8)
        let missing = try #require(throws: ValidationError.self) { try WebhookDelivery.parse(body: missingSubject) }
        #expect(missing.errors["body"] == ["missing subject"])
    }

    @Test func verifyAndParseAcceptsAValidSignatureWithAnyHeaderCase() throws {
        let headers = try Self.signedHeaders(for: Self.signedBody)
        let delivery = try WebhookDelivery.verifyAndParse(
            body: Self.signedBody, headers: headers, secret: Self.secret, now: Self.now)
        #expect(delivery.webhookId == "msg_2Qp7")
        #expect(delivery.name == .signerSignedDocument)
    }

    @Test func verifyAndParseAlsoAcceptsUnknownEvents() throws {
        let headers = try Self.signedHeaders(for: Self.futureBody)
        let delivery = try WebhookDelivery.verifyAndParse(
            body: Self.futureBody, headers: headers, secret: Self.secret, now: Self.now)
        #expect(!delivery.name.isKnown)
    }

    @Test func verifyAndParseRefusesATamperedBody() throws {
        let headers = try Self.signedHeaders(for: Self.signedBody)
        var tampered = Self.signedBody
        tampered.replaceSubrange(tampered.startIndex..<tampered.index(after: tampered.startIndex), with: Data(" ".utf8))
        let error = try #require(throws: ValidationError.self) {
            try WebhookDelivery.verifyAndParse(body: tampered, headers: headers, secret: Self.secret, now: Self.now)
        }
        #expect(
            error.errors["webhook-signature"] == [WebhookVerificationError.noMatchingSignature.errorDescription ?? ""])
    }

    @Test func verifyAndParseRefusesReplaysAndMissingHeaders() throws {
        let stale = try Self.signedHeaders(for: Self.signedBody, timestamp: "1789999000")
        #expect(throws: ValidationError.self) {
            try WebhookDelivery.verifyAndParse(
                body: Self.signedBody, headers: stale, secret: Self.secret, now: Self.now)
        }
        var unsigned = try Self.signedHeaders(for: Self.signedBody)
        unsigned["Webhook-Signature"] = nil
        let error = try #require(throws: ValidationError.self) {
            try WebhookDelivery.verifyAndParse(
                body: Self.signedBody, headers: unsigned, secret: Self.secret, now: Self.now)
        }
        #expect(error.errors["webhook-signature"] == [WebhookVerificationError.missingSignature.errorDescription ?? ""])
    }

    @Test func verifyAndParseChecksTheSignatureBeforeLookingAtTheBody() throws {
        // An unsigned garbage body must fail on the signature, never reach the JSON decoder.
        let error = try #require(throws: ValidationError.self) {
            try WebhookDelivery.verifyAndParse(
                body: Data("garbage".utf8), headers: ["webhook-id": "m", "webhook-timestamp": "1790000005"],
                secret: Self.secret, now: Self.now)
        }
        #expect(error.errors["webhook-signature"] != nil)
        #expect(error.errors["body"] == nil)
    }
}
