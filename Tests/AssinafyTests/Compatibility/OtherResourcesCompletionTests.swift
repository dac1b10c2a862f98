import APIRuntime
import Foundation
import XCTest

@testable import Assinafy

// The completion variants of the documents, signers, assignments, templates and OAuth resources
// come from the same template as the others: these check a representative of each reaches its
// async twin and completes on the main thread, whether the call succeeds or fails.
final class OtherResourcesCompletionTests: XCTestCase {
    func testRepresentativeWrappersRouteAndCompleteOnMain() {
        let transport = StubTransport(fallback: { _ in
            RawResponse(statusCode: 200, body: Data(envelope("{}").utf8))
        })
        let client = Stubbed.client(transport)
        let box = CompletionBox<Int>()
        let done: @Sendable (Any) -> Void = { _ in box.record(.success(0)) }

        client.documents.get(documentId: "doc-1", completion: done)
        client.documents.statuses(completion: done)
        client.signers.get(signerId: "sig-1", completion: done)
        client.signers.getSelf(signerAccessCode: "access-code-1", completion: done)
        client.assignments.list(completion: done)
        client.templates.list(completion: done)
        client.oauth.userInfo(completion: done)

        spinMainRunLoop { box.calls >= 7 }

        XCTAssertEqual(box.calls, 7)
        XCTAssertEqual(box.offMain, 0)
        // The tasks run concurrently, so requests arrive in any order.
        XCTAssertEqual(
            Set(transport.requests.map(\.operationName)),
            [
                "getDocument", "listDocumentStatuses", "getSigner", "getCurrentSigner", "listAssignments",
                "listTemplates", "getOAuthUserInfo",
            ])
    }

    func testSignerSideWrapperSendsOnlyTheAccessCode() {
        let transport = StubTransport()
        transport.enqueueJSON(envelope("{}"))
        let box = CompletionBox<Void>()

        Stubbed.client(transport).signers.acceptTermsWithoutResponse(signerAccessCode: "access-code-1") {
            box.record($0)
        }
        spinMainRunLoop { box.calls > 0 }

        XCTAssertEqual(box.calls, 1)
        XCTAssertEqual(box.offMain, 0)
        XCTAssertEqual(transport.requests.first?.credential, .signerAccessCode("access-code-1"))
    }

    func testOrchestrationWrapperValidatesBeforeIOAndCompletesOnMain() {
        let transport = StubTransport()
        let box = CompletionBox<(document: Document, assignment: Assignment)>()
        let options = AssinafyClient.UploadOptions(signers: [
            AssinafyClient.SignerInput(name: "Ana Souza", email: "ana@example.invalid")
        ])

        // Not a PDF: refused before any request, through the completion.
        Stubbed.client(transport).uploadAndRequestSignatures(documentData: Data("GIF89a".utf8), options: options) {
            box.record($0)
        }
        spinMainRunLoop { box.calls > 0 }

        XCTAssertEqual(box.calls, 1)
        XCTAssertEqual(box.offMain, 0)
        guard case .failure(let error)? = box.result else { return XCTFail("expected a failure") }
        XCTAssertTrue(error is ValidationError, "got \(error)")
        XCTAssertTrue(transport.requests.isEmpty)
    }
}
