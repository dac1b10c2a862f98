import APIRuntime
import Foundation
import Testing

@testable import Assinafy

/// No field of an error an app can read, bridged or not, carries a credential of the call: a
/// server may echo the request URL, a header or the access code back (issue 15, item 4).
@Suite struct ErrorRedactionTests {
    static let code = "ACCESS-c0de-9f1"

    func everything(_ error: APIError) -> String {
        let ns = error as NSError
        return [
            error.message, error.description, error.location ?? "", String(decoding: error.rawBody, as: UTF8.self),
            error.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n"),
            error.responseData.map { String(decoding: $0.jsonData(), as: UTF8.self) } ?? "",
            error.payload.map { "\($0)" } ?? "", ns.localizedDescription, "\(ns.userInfo)",
        ].joined(separator: "\n")
    }

    @Test func anEchoingServerCannotLeakTheTokenOrTheAccessCode() async throws {
        let stub = StubTransport()
        let echo = "https://sandbox.assinafy.com.br/v1/signers/self?signer-access-code=\(Self.code)"
        let body = #"{"status": 400, "message": "bad code \#(Self.code) for Bearer test-token", "request": "\#(echo)"}"#
        stub.enqueue { _ in
            RawResponse(
                statusCode: 400, headers: ["X-Echo-Authorization": "Bearer test-token", "X-Echo-URL": echo],
                body: Data(body.utf8))
        }
        let signers = Fixture.client(stub).signers
        do {
            _ = try await signers.getSelf(signerAccessCode: Self.code)
            Issue.record("expected an APIError")
        } catch let error as APIError {
            let text = everything(error)
            #expect(!text.contains(Self.code), "\(text)")
            #expect(text.contains("[REDACTED]"))
            #expect(error.statusCode == 400)
        }
        // The account token of the same client, echoed on an account route.
        stub.enqueue { _ in
            RawResponse(statusCode: 401, headers: ["X-Echo": "Bearer test-token"], body: Data(#"{"message": "test-token is expired"}"#.utf8))
        }
        do {
            _ = try await Fixture.client(stub).documents.get(documentId: "doc-1")
            Issue.record("expected an APIError")
        } catch let error as APIError {
            #expect(!everything(error).contains("test-token"), "\(everything(error))")
        }
    }

    @Test func aRefusedRedirectsTargetIsRedacted() async throws {
        let stub = StubTransport()
        let target = "https://cdn.example.invalid/file?signer-access-code=\(Self.code)"
        stub.enqueue { _ in RawResponse(statusCode: 302, headers: ["Location": target]) }
        do {
            _ = try await Fixture.client(stub).signers.getSelf(signerAccessCode: Self.code)
            Issue.record("expected an APIError")
        } catch let error as APIError {
            #expect(error.statusCode == 302)
            #expect(error.location == "https://cdn.example.invalid/file?signer-access-code=[REDACTED]")
            #expect(!everything(error).contains(Self.code))
        }
    }
}
