#if canImport(ObjectiveC)
import APIRuntime
import Foundation
import ObjectiveC
import XCTest

@testable import Assinafy

/// The Objective-C facade (Apple only; never compiled on Linux), as the product README's
/// Objective-C sample uses it. XCTest, because the completions arrive on the main queue and these
/// tests spin the main run loop for them (see `spinMainRunLoop`).
final class ASFAssinafyClientTests: XCTestCase {
    /// What an Objective-C completion received and where it ran.
    final class Delivery<Value>: @unchecked Sendable {
        // @unchecked: every stored property is only touched with `lock` held.
        private let lock = NSLock()
        private var storedValue: Value?
        private var storedError: NSError?
        private var callCount = 0
        private var offMainCount = 0

        var value: Value? { lock.withLock { storedValue } }
        var error: NSError? { lock.withLock { storedError } }
        var calls: Int { lock.withLock { callCount } }
        var offMain: Int { lock.withLock { offMainCount } }

        func record(_ value: Value?, _ error: (any Error)?) {
            let onMain = Thread.isMainThread
            lock.withLock {
                storedValue = value
                storedError = error.map { $0 as NSError }
                callCount += 1
                if !onMain { offMainCount += 1 }
            }
        }
    }

    static func instancesRespond(_ type: NSObject.Type, to selector: String) -> Bool {
        type.instancesRespond(to: NSSelectorFromString(selector))
    }

    /// Objective-C apps compile against these exact names: a Swift rename would break them and
    /// nothing else, so the names the README's sample uses are pinned here.
    func testTheReadmeSampleSelectorsExist() {
        XCTAssertEqual(
            NSClassFromString("ASFAssinafyClient").map { ObjectIdentifier($0) },
            ObjectIdentifier(ASFAssinafyClient.self))
        XCTAssertEqual(NSStringFromClass(ASFSigner.self), "Signer")
        XCTAssertTrue(Self.instancesRespond(ASFAssinafyClient.self, to: "initWithToken:defaultAccountId:"))
        XCTAssertTrue(Self.instancesRespond(ASFAssinafyClient.self, to: "initWithAPIKey:defaultAccountId:"))
        XCTAssertTrue(Self.instancesRespond(ASFAssinafyClient.self, to: "signers"))
        XCTAssertTrue(Self.instancesRespond(ASFAssinafyClient.self, to: "documents"))
        XCTAssertTrue(Self.instancesRespond(ASFSignersResource.self, to: "getSignerWithId:accountId:completion:"))
        XCTAssertTrue(Self.instancesRespond(ASFSignersResource.self, to: "deleteSignerWithId:accountId:completion:"))
        XCTAssertTrue(Self.instancesRespond(ASFDocumentsResource.self, to: "getDocumentWithId:completion:"))
        XCTAssertTrue(Self.instancesRespond(ASFDocumentsResource.self, to: "deleteDocumentWithId:completion:"))
        for property in ["id", "fullName", "email", "whatsappPhoneNumber", "governmentId"] {
            XCTAssertTrue(Self.instancesRespond(ASFSigner.self, to: property), property)
        }
        for domain in ["api", "validation", "network", "sdk"] {
            XCTAssertNotNil(class_getClassMethod(ASFErrorDomain.self, NSSelectorFromString(domain)), domain)
        }
        XCTAssertEqual(ASFErrorDomain.api, APIError.errorDomain)
        XCTAssertEqual(ASFErrorDomain.validation, ValidationError.errorDomain)
    }

    func testGetSignerDeliversASignerOnTheMainThread() {
        let transport = StubTransport()
        transport.enqueueData(Fixture.signer(id: "signer-id", email: "ana@example.invalid"))
        let client = ASFAssinafyClient(client: Fixture.client(transport))
        let delivery = Delivery<ASFSigner>()

        client.signers.getSigner(withId: "signer-id", accountId: nil) { delivery.record($0, $1) }
        spinMainRunLoop { delivery.calls > 0 }

        XCTAssertEqual(delivery.calls, 1)
        XCTAssertEqual(delivery.offMain, 0)
        XCTAssertNil(delivery.error)
        XCTAssertEqual(delivery.value?.id, "signer-id")
        XCTAssertEqual(delivery.value?.fullName, "Ana Souza")
        XCTAssertEqual(delivery.value?.email, "ana@example.invalid")
        XCTAssertEqual(
            Stubbed.route(transport.requests.first), "GET /v1/accounts/\(Fixture.accountId)/signers/signer-id")
    }

    func testAnAPIErrorArrivesAsAnNSErrorWithFoundationObjects() {
        let transport = StubTransport()
        transport.enqueueError(404, "Signer not found")
        let client = ASFAssinafyClient(client: Fixture.client(transport))
        let delivery = Delivery<ASFSigner>()

        client.signers.getSigner(withId: "missing", accountId: nil) { delivery.record($0, $1) }
        spinMainRunLoop { delivery.calls > 0 }

        XCTAssertEqual(delivery.offMain, 0)
        XCTAssertNil(delivery.value)
        let error = delivery.error
        XCTAssertEqual(error?.domain, ASFErrorDomain.api)
        XCTAssertEqual(error?.code, 404)
        // Objective-C reads the body as NSDictionary, never as the Swift JSONValue.
        let body = error?.userInfo["responseData"] as? NSDictionary
        XCTAssertEqual(body?["message"] as? String, "Signer not found")
        XCTAssertEqual(body?["status"] as? NSNumber, 404)
        XCTAssertTrue(body?["data"] is NSNull)
    }

    func testDeleteReportsSuccessAsANilError() {
        let transport = StubTransport()
        transport.enqueueData("[]")
        let client = ASFAssinafyClient(client: Fixture.client(transport))
        let delivery = Delivery<Void>()

        client.documents.deleteDocument(withId: "doc-1") { delivery.record(nil, $0) }
        spinMainRunLoop { delivery.calls > 0 }

        XCTAssertEqual(delivery.calls, 1)
        XCTAssertEqual(delivery.offMain, 0)
        XCTAssertNil(delivery.error)
        XCTAssertEqual(Stubbed.route(transport.requests.first), "DELETE /v1/documents/doc-1")
    }

    func testTheBridgeGivesEachErrorItsDomainAndCode() {
        let validation = ASFErrorBridge.nsError(ValidationError("bad", errors: ["signerId": ["must not be empty"]]))
        XCTAssertEqual(validation.domain, ASFErrorDomain.validation)
        XCTAssertEqual(validation.code, 422)
        let sdk = ASFErrorBridge.nsError(AssinafySDKError("broken"))
        XCTAssertEqual(sdk.domain, ASFErrorDomain.sdk)
        XCTAssertEqual(sdk.code, -1)
        let cancelled = ASFErrorBridge.nsError(CancellationError())
        XCTAssertEqual(cancelled.domain, NSCocoaErrorDomain)
        XCTAssertEqual(cancelled.code, NSUserCancelledError)
    }

    func testJSONBecomesFoundationObjects() {
        let digits = "123456789012345678901234567890"
        let value: JSONValue = .array([.bigInteger(digits), .integer(7), .bool(true), .null, .string("x")])
        let array = ASFErrorBridge.foundationObject(value) as? NSArray
        XCTAssertEqual(array?.count, 5)
        XCTAssertEqual((array?[0] as? NSDecimalNumber)?.stringValue, digits)
        XCTAssertEqual(array?[1] as? NSNumber, 7)
        XCTAssertEqual(array?[2] as? NSNumber, true)
        XCTAssertTrue(array?[3] is NSNull)
        XCTAssertEqual(array?[4] as? String, "x")
    }
}
#endif
