import AssinafyAPI
import APIRuntime
import Foundation
import Testing

@testable import Assinafy

@Suite struct UploadAndRequestSignaturesTests {
    /// Scripted answers for the whole flow: upload, signer search/creation, assignment, re-read.
    /// `failing` names a route (`POST …/signers`, …) that answers `failure` on its `failOn`-th call.
    static func flowStub(
        existing: [String: String] = [:], failing route: String? = nil, failOn call: Int = 1, failure: Int = 500
    ) -> StubTransport {
        let counter = CallCounter()
        return StubTransport(fallback: { request in
            let key = "\(request.method.rawValue) \(request.pathTemplate)"
            if key == route, counter.next(key) == call {
                return RawResponse(statusCode: failure, body: Data(Fixture.error(failure, "Scripted failure").utf8))
            } else if key != route {
                _ = counter.next(key)
            }
            let body: String
            switch key {
            case "POST /v1/accounts/{accountId}/documents":
                body = Fixture.document(id: "doc-new", status: "uploaded")
            case "GET /v1/accounts/{accountId}/signers":
                let email = request.query("search") ?? ""
                body = existing[email].map { "[\(Fixture.signer(id: $0, email: email))]" } ?? "[]"
            case "POST /v1/accounts/{accountId}/signers":
                let email = request.jsonBody?["email"]?.stringValue ?? "none"
                body = Fixture.signer(id: "sig-\(email.prefix { $0 != "@" })", email: email)
            case "POST /v1/documents/{documentId}/assignments":
                body = Fixture.assignment(id: "asg-new")
            case "GET /v1/documents/{documentId}":
                body = Fixture.document(id: "doc-new", status: "metadata_processing", name: "fresh.pdf")
            default:
                return RawResponse(statusCode: 404, body: Data(Fixture.error(404, "No route \(key)").utf8))
            }
            return RawResponse(statusCode: 200, body: Data(envelope(body).utf8))
        })
    }

    @Test func uploadsCreatesOrReusesSignersAndRequestsSignaturesWithoutWaiting() async throws {
        let stub = Self.flowStub(existing: ["bruno@example.invalid": "sig-existing"])
        let options = AssinafyClient.UploadOptions(signers: [
            AssinafyClient.SignerInput(name: "Ana Souza", email: "ana@example.invalid"),
            AssinafyClient.SignerInput(name: "Bruno Lima", email: "bruno@example.invalid", step: 2),
        ])
        options.message = "Please review and sign."
        options.documentName = "Lease.pdf"

        let (document, assignment) = try await Fixture.client(stub).uploadAndRequestSignatures(
            documentData: Fixture.pdf, options: options)

        #expect(document.name == "fresh.pdf")
        #expect(document.lifecycleStatus == .metadataProcessing)
        #expect(assignment.id == "asg-new")
        #expect(
            stub.requests.map(\.route) == [
                "POST /v1/accounts/\(Fixture.accountId)/documents",
                "GET /v1/accounts/\(Fixture.accountId)/signers", "POST /v1/accounts/\(Fixture.accountId)/signers",
                "GET /v1/accounts/\(Fixture.accountId)/signers",
                "POST /v1/documents/doc-new/assignments", "GET /v1/documents/doc-new",
            ])
        #expect(stub.requests[0].multipartParts.first?.filename == "Lease.pdf")
        let body = try #require(stub.requests[4].jsonBody)
        #expect(body["method"] == "virtual")
        #expect(body["message"] == "Please review and sign.")
        #expect(body["signers"]?.arrayValue?.map { $0["id"] } == ["sig-ana", "sig-existing"])
        #expect(body["signers"]?.arrayValue?.map { $0["step"] } == [nil, 2])
    }

    @Test func aWhatsappOnlySignerIsNotifiedByWhatsapp() async throws {
        let stub = Self.flowStub()
        let options = AssinafyClient.UploadOptions(signers: [
            AssinafyClient.SignerInput(name: "Carla Dias", whatsapp: "+5548999990000")
        ])
        _ = try await Fixture.client(stub).uploadAndRequestSignatures(documentData: Fixture.pdf, options: options)
        let signer = try #require(
            stub.requests.first { $0.route.hasSuffix("/assignments") }?.jsonBody?["signers"]?.arrayValue?.first)
        #expect(signer["verification_method"] == "Whatsapp")
        #expect(signer["notification_methods"] == ["Whatsapp"])
        // Without an e-mail there is nothing to search by: the signer is created directly.
        #expect(stub.requests.filter { $0.route.hasSuffix("/signers") }.map(\.method) == [.post])
    }

    @Test(arguments: [
        ([AssinafyClient.SignerInput](), "signers"),
        ([AssinafyClient.SignerInput(name: "  ", email: "ana@example.invalid")], "signers[0].name"),
        ([AssinafyClient.SignerInput(name: "Ana", email: "ana@example")], "signers[0].email"),
        ([AssinafyClient.SignerInput(name: "Ana", email: "ana at example.invalid")], "signers[0].email"),
        ([AssinafyClient.SignerInput(name: "Ana")], "signers[0].email"),
        (
            [AssinafyClient.SignerInput(name: "Ana", email: "ana@example.invalid", whatsapp: "123")],
            "signers[0].whatsapp"
        ),
        (
            [AssinafyClient.SignerInput(name: "Ana", email: "ana@example.invalid", verification: .whatsapp)],
            "signers[0].whatsapp"
        ),
        (
            [
                AssinafyClient.SignerInput(name: "Ana", email: "ana@example.invalid"),
                AssinafyClient.SignerInput(name: "Ana Again", email: " ANA@Example.Invalid "),
            ], "signers[1].email"
        ),
        (
            [
                AssinafyClient.SignerInput(name: "Ana", email: "ana@example.invalid", step: 1),
                AssinafyClient.SignerInput(name: "Bruno", email: "bruno@example.invalid", step: 3),
            ], "signers"
        ),
        (
            [
                AssinafyClient.SignerInput(
                    name: "Ana", email: "ana@example.invalid", verification: .email, notification: .whatsapp)
            ],
            "signers[0].notifications"
        ),
    ])
    func invalidSignerInputSendsNoRequest(signers: [AssinafyClient.SignerInput], field: String) async throws {
        let stub = Self.flowStub()
        let options = AssinafyClient.UploadOptions(signers: signers)
        let error = await expectValidationError {
            _ = try await Fixture.client(stub).uploadAndRequestSignatures(documentData: Fixture.pdf, options: options)
        }
        #expect(error?.errors[field] != nil, "\(String(describing: error?.errors))")
        #expect(stub.requests.isEmpty)
    }

    @Test func anInvalidPDFOrAMissingAccountSendsNoRequest() async throws {
        let stub = Self.flowStub()
        let options = AssinafyClient.UploadOptions(signers: [
            AssinafyClient.SignerInput(name: "Ana", email: "ana@example.invalid")
        ])
        _ = await expectValidationError {
            _ = try await Fixture.client(stub).uploadAndRequestSignatures(
                documentData: Data("nope".utf8), options: options)
        }
        _ = await expectValidationError {
            _ = try await Fixture.client(stub, defaultAccountId: nil).uploadAndRequestSignatures(
                documentData: Fixture.pdf, options: options)
        }
        #expect(stub.requests.isEmpty)
    }

    @Test func aFailedUploadIsRethrownAsIs() async throws {
        let stub = Self.flowStub(failing: "POST /v1/accounts/{accountId}/documents", failure: 400)
        let options = AssinafyClient.UploadOptions(signers: [
            AssinafyClient.SignerInput(name: "Ana", email: "ana@example.invalid")
        ])
        await #expect(throws: APIError.self) {
            _ = try await Fixture.client(stub).uploadAndRequestSignatures(documentData: Fixture.pdf, options: options)
        }
        #expect(stub.requests.count == 1)
    }

    @Test func aSignerFailureReportsTheDocumentAndTheSignersAlreadyCreated() async throws {
        let stub = Self.flowStub(failing: "POST /v1/accounts/{accountId}/signers", failOn: 2, failure: 500)
        let options = AssinafyClient.UploadOptions(signers: [
            AssinafyClient.SignerInput(name: "Ana", email: "ana@example.invalid"),
            AssinafyClient.SignerInput(name: "Bruno", email: "bruno@example.invalid"),
        ])
        let error = await expectSDKError {
            _ = try await Fixture.client(stub).uploadAndRequestSignatures(documentData: Fixture.pdf, options: options)
        }
        #expect(error?.context["documentId"] == "doc-new")
        #expect(error?.context["signerIds"] == "sig-ana")
        #expect(error?.context["operation"] == "createSigner")
        #expect(error?.context["lastStatus"] == "500")
        #expect((error?.underlyingError as? APIError)?.statusCode == 500)
        #expect(!stub.requests.contains { $0.route.hasSuffix("/assignments") })
    }

    @Test func anAssignmentFailureReportsEverySigner() async throws {
        let stub = Self.flowStub(failing: "POST /v1/documents/{documentId}/assignments", failure: 400)
        let options = AssinafyClient.UploadOptions(signers: [
            AssinafyClient.SignerInput(name: "Ana", email: "ana@example.invalid"),
            AssinafyClient.SignerInput(name: "Bruno", email: "bruno@example.invalid"),
        ])
        let error = await expectSDKError {
            _ = try await Fixture.client(stub).uploadAndRequestSignatures(documentData: Fixture.pdf, options: options)
        }
        #expect(error?.context["documentId"] == "doc-new")
        #expect(error?.context["signerIds"] == "sig-ana,sig-bruno")
        #expect(error?.context["operation"] == "createAssignment")
        #expect(error?.context["assignmentId"] == nil)
        #expect(error?.underlyingError is APIError)
    }

    @Test func aFailedRereadStillNamesTheAssignment() async throws {
        let stub = Self.flowStub(failing: "GET /v1/documents/{documentId}", failure: 503)
        let options = AssinafyClient.UploadOptions(signers: [
            AssinafyClient.SignerInput(name: "Ana", email: "ana@example.invalid")
        ])
        let error = await expectSDKError {
            _ = try await Fixture.client(stub).uploadAndRequestSignatures(documentData: Fixture.pdf, options: options)
        }
        #expect(error?.context["assignmentId"] == "asg-new")
        #expect(error?.context["operation"] == "getDocument")
    }

    @Test func uploadOptionsAreSharedSafelyAndReadOnce() async throws {
        let options = AssinafyClient.UploadOptions(signers: [])
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask { options.message = "m\(index)" }
                group.addTask { _ = options.snapshot() }
            }
        }
        #expect(options.message?.hasPrefix("m") == true)
        options.signers = [AssinafyClient.SignerInput(name: "Ana", email: "ana@example.invalid")]
        options.accountId = "acc-2"
        let snapshot = options.snapshot()
        #expect(snapshot.signers.count == 1)
        #expect(snapshot.accountId == "acc-2")
    }
}

/// Calls per route, for scripted failures.
final class CallCounter: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func next(_ key: String) -> Int {
        lock.withLock {
            counts[key, default: 0] += 1
            return counts[key, default: 0]
        }
    }
}
