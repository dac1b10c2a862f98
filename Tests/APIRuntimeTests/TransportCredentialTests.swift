import Foundation
import Testing
import AssinafyTestSupport

@testable import APIRuntime

/// Against the real local server: which credential each class sends, and nothing else.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.unavailableReason)) struct TransportCredentialTests {
    let server = TestServer.shared

    func only(_ id: String) async throws -> TestServer.Record {
        let records = try await server.requests(id)
        try #require(records.count == 1, "expected exactly one request, got \(records.count)")
        return records[0]
    }

    @Test func accountTokenSendsBearerOnly() async throws {
        let id = Fixture.id()
        _ = try await Fixture.transport().send(Fixture.request("echo", id))
        let record = try await only(id)
        #expect(record.header("Authorization") == "Bearer \(Fixture.token)")
        #expect(record.header("X-Api-Key") == nil)
        #expect(record.header("User-Agent") == APIEngineConfiguration.defaultUserAgent)
        #expect(record.header("Accept") == "application/json")
        #expect(record.header("Cookie") == nil)
        #expect(record.query.isEmpty)
    }

    @Test func accountApiKeySendsHeaderOnly() async throws {
        let id = Fixture.id()
        _ = try await Fixture.transport(token: nil, apiKey: Fixture.apiKey).send(Fixture.request("echo", id))
        let record = try await only(id)
        #expect(record.header("X-Api-Key") == Fixture.apiKey)
        #expect(record.header("Authorization") == nil)
    }

    @Test func accountWithoutConfiguredCredentialSendsNothing() async throws {
        let id = Fixture.id()
        _ = try await Fixture.transport(token: nil).send(Fixture.request("echo", id))
        let record = try await only(id)
        #expect(record.header("Authorization") == nil && record.header("X-Api-Key") == nil)
    }

    @Test func signerSendsOnlyTheAccessCode() async throws {
        let id = Fixture.id()
        let request = Fixture.request(
            "echo", id, credential: .signerAccessCode(Fixture.accessCode),
            query: [QueryItem("signer-access-code", "forged"), QueryItem("page", "1")])
        _ = try await Fixture.transport(token: Fixture.token).send(request)
        let record = try await only(id)
        #expect(record.header("Authorization") == nil && record.header("X-Api-Key") == nil)
        #expect(record.query == "page=1&signer-access-code=\(Fixture.accessCode)")
        // Same with an API key configured.
        let id2 = Fixture.id()
        _ = try await Fixture.transport(token: nil, apiKey: Fixture.apiKey).send(
            Fixture.request("echo", id2, credential: .signerAccessCode(Fixture.accessCode)))
        let record2 = try await only(id2)
        #expect(record2.header("X-Api-Key") == nil)
        #expect(record2.query == "signer-access-code=\(Fixture.accessCode)")
    }

    @Test func publicSendsNoCredential() async throws {
        let id = Fixture.id()
        var request = Fixture.request("echo", id, credential: .none)
        // Callers cannot smuggle credentials in through headers either. (`X-Api-Key` is an
        // ordinary header to the engine when no scheme of the request names it; Assinafy's
        // policy strips it everywhere, see OperationPolicyTests.)
        request.headers = ["Authorization": "Bearer forged", "Proxy-Authorization": "x", "Cookie": "a=b", "X-Custom": "1"]
        _ = try await Fixture.transport(token: Fixture.token).send(request)
        let record = try await only(id)
        #expect(record.header("Authorization") == nil && record.header("Proxy-Authorization") == nil)
        #expect(record.header("Cookie") == nil)
        #expect(record.header("X-Custom") == "1")
        #expect(!record.query.contains("signer-access-code"))
        // No requirement (`security: []`) also strips an account credential.
        let id2 = Fixture.id()
        _ = try await Fixture.transport().send(Fixture.request("echo", id2, credential: .none))
        #expect(try await only(id2).header("Authorization") == nil)
    }

    @Test func cookiesAreNeverStoredOrSent() async throws {
        let id = Fixture.id()
        let transport = Fixture.transport()
        _ = try await transport.send(Fixture.request("echo", id, query: [QueryItem("set_cookie", "1")]))
        _ = try await transport.send(Fixture.request("echo", id))
        let records = try await server.requests(id)
        #expect(records.count == 2)
        #expect(records.allSatisfy { $0.header("Cookie") == nil })
    }

    @Test func bodiesAndContentTypes() async throws {
        let transport = Fixture.transport()
        let cases: [(RequestBody, String, String)] = [
            (try .encoding(["b": 1, "a": "x"] as JSONValue), "application/json", #"{"b":1,"a":"x"}"#),
            (.form([QueryItem("grant_type", "code"), QueryItem("x", "a b")]), "application/x-www-form-urlencoded", "grant_type=code&x=a+b"),
            (.raw(Data("raw!".utf8), contentType: "text/plain"), "text/plain", "raw!"),
        ]
        for (body, contentType, text) in cases {
            let id = Fixture.id()
            var request = Fixture.request("echo", id, method: .post)
            request.body = body
            _ = try await transport.send(request)
            let record = try await only(id)
            #expect(record.method == "POST")
            #expect(record.header("Content-Type") == contentType)
            #expect(record.body == text)
            #expect(record.header("Content-Length") == String(text.utf8.count))
        }
    }

    @Test func wellKnownResolvesAtTheHostRoot() async throws {
        // The server answers 404 for unknown paths; the record shows where the request went.
        let id = Fixture.id()
        var request = APIRequest(
            operationName: "getProtectedResourceMetadata", method: .get,
            pathTemplate: "/.well-known/oauth-protected-resource", path: "/.well-known/oauth-protected-resource/\(id)")
        request.responseKind = .json
        let error = await thrown { try await Fixture.transport().send(request) }
        #expect((error as? ServerResponseError)?.statusCode == 404)
        #expect((error as? ServerResponseError)?.message == "Page not found.")
        #expect(try await only(id).path == "/.well-known/oauth-protected-resource/\(id)")
    }
}
