import APIRuntime
import AssinafyAPI
import Foundation
import Testing

@testable import Assinafy

/// What the engine does not know and Assinafy's layer adds: per-operation rules, the envelope
/// rule, the token refresh and the translation into the four error types.
@Suite struct AssinafyPolicyTests {
    /// Runs `middleware` over `request` and returns what it handed on (and how often).
    func passedOn(
        _ request: APIRequest, through middleware: any APIMiddleware,
        answer: @escaping @Sendable (APIRequest) -> RawResponse = { _ in RawResponse(statusCode: 200) }
    ) async throws -> (requests: [APIRequest], response: RawResponse) {
        let seen = Seen()
        let response = try await middleware.intercept(request, operation: request.operationName) { next in
            seen.append(next)
            return answer(next)
        }
        return (seen.all, response)
    }

    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var requests: [APIRequest] = []
        func append(_ request: APIRequest) { lock.withLock { requests.append(request) } }
        var all: [APIRequest] { lock.withLock { requests } }
    }

    func request(_ operation: String, _ method: RequestMethod = .get, path: String, credential: RequestCredential = .account)
        -> APIRequest
    {
        APIRequest(
            operationName: operation, method: method, pathTemplate: path, path: RequestPath(stringLiteral: path),
            credential: credential)
    }

    // MARK: Per-operation rules, from the configuration into the generated request

    /// `GET /v1/sign` carries its own rule (the configuration's `retry: never`,
    /// `exclusiveConnection: true`); the overlay's middleware adds none.
    @Test func signIsNeverRepeatedNorReplayed() async throws {
        let stub = StubTransport()
        stub.enqueueData(Fixture.document())
        _ = try await Fixture.client(stub).signers.getSigningDocument(signerAccessCode: "code-1")
        let sign = try #require(stub.requests.first)
        #expect(sign.route == "GET /v1/sign")
        #expect(sign.retryable == false)
        #expect(sign.needsExclusiveConnection == true)
        stub.enqueueData(Fixture.document())
        _ = try await Fixture.client(stub).documents.get(documentId: "doc-1")
        let other = try #require(stub.requests.last)
        #expect(other.route == "GET /v1/documents/doc-1")
        #expect(other.retryable == nil)
        #expect(other.needsExclusiveConnection == false)
        let passed = try await passedOn(request("getDocument", path: "/v1/documents/{id}"), through: APIKeyHeaderRule())
        #expect(passed.requests.first?.retryable == nil)
        #expect(passed.requests.first?.needsExclusiveConnection == false)
    }

    /// The token and revoke calls follow no redirect (`followsRedirects: false` in the
    /// configuration): the generated request says so, and the overlay matches no operation name.
    @Test func tokenEndpointsFollowNoRedirect() async throws {
        let stub = StubTransport()
        stub.enqueueJSON(#"{"access_token": "at", "token_type": "Bearer", "expires_in": 60, "refresh_token": "rt-2"}"#)
        _ = try await Fixture.client(stub).oauth.refreshAccessToken(.refreshToken("rt", clientId: "c"))
        stub.enqueue { _ in RawResponse(statusCode: 200) }
        try await Fixture.client(stub).oauth.revoke(OAuthRevokePayload(token: "rt-9", clientId: "c"))
        stub.enqueueJSON(#"{"sub": "u-1"}"#)
        _ = try await Fixture.client(stub).oauth.userInfo()
        #expect(stub.requests.map(\.operationName) == ["exchangeOAuthToken", "revokeOAuthToken", "getOAuthUserInfo"])
        #expect(stub.requests.map(\.followsRedirects) == [false, false, true])
        let (sent, _) = try await passedOn(
            request("exchangeOAuthToken", .post, path: "/v1/oauth/token", credential: .none), through: APIKeyHeaderRule())
        #expect(sent.first?.followsRedirects == true)
    }

    @Test func aCallersOwnAPIKeyHeaderIsDropped() async throws {
        var call = request("getPublicDocument", path: "/v1/public/documents/{id}", credential: .none)
        call.headers = ["x-api-key": "forged", "X-Request-Id": "r1"]
        let (sent, _) = try await passedOn(call, through: APIKeyHeaderRule())
        #expect(sent.first?.headers["X-Api-Key"] == nil)
        #expect(sent.first?.headers["X-Request-Id"] == "r1")
    }

    // MARK: EnvelopeRule

    @Test(arguments: [
        (#"{"status": 400, "message": "bad", "data": null}"#, ResponseKind.json, 400 as Int?),
        (#"{"status": "422", "data": []}"#, .json, 422),
        (#"{"status": 200, "message": "", "data": {"status": "pending"}}"#, .json, nil),
        (#"{"status": "pending", "id": "x"}"#, .json, nil),
        (#"{"access_token": "t", "status": 1}"#, .json, nil),
        (#"{"status": 409, "message": "busy"}"#, .empty, 409),
        (#"{"status": 404, "message": "gone"}"#, .binary, 404),
        (#"{"error": "no file"}"#, .binary, 200),
        ("%PDF-1.7", .binary, nil),
        ("", .json, nil),
    ])
    func envelopeErrorsOnSuccess(_ body: String, _ kind: ResponseKind, _ expected: Int?) async throws {
        var call = request("getDocument", path: "/v1/documents/{id}")
        call.responseKind = kind
        let answer = RawResponse(statusCode: 200, body: Data(body.utf8))
        do {
            _ = try await passedOn(call, through: EnvelopeRule()) { _ in answer }
            #expect(expected == nil, "\(body) passed")
        } catch let error as ServerResponseError {
            #expect(error.statusCode == expected, "\(body)")
            #expect(error.httpStatusCode == 200)
        }
    }

    @Test func envelopeRuleLeavesErrorStatusesToTheEngine() async throws {
        let answer = RawResponse(statusCode: 404, body: Data(#"{"status": 404, "message": "x"}"#.utf8))
        let (_, response) = try await passedOn(request("getDocument", path: "/v1/documents/{id}"), through: EnvelopeRule()) { _ in
            answer
        }
        #expect(response.statusCode == 404)
    }

    // MARK: TokenRefreshMiddleware

    actor CountingProvider: TokenProvider {
        var refreshes = 0
        func accessToken(forceRefresh: Bool) async throws -> String {
            if forceRefresh { refreshes += 1 }
            return "token-\(refreshes)"
        }
    }

    @Test func refreshesOnceForABaseOrigin401Only() async throws {
        let provider = CountingProvider()
        let middleware = TokenRefreshMiddleware(provider: provider)
        let call = request("getDocument", path: "/v1/documents/{id}")
        let base = try await passedOn(call, through: middleware) { sent in
            sent.credentials["bearerAuth"] == .token("token-0") ? RawResponse(statusCode: 401) : RawResponse(statusCode: 200)
        }
        #expect(base.requests.map { $0.credentials["bearerAuth"] } == [.token("token-0"), .token("token-1")])
        #expect(base.response.statusCode == 200)

        // A 401 from wherever a redirect led says nothing about the token.
        let foreign = try await passedOn(call, through: middleware) { _ in
            RawResponse(statusCode: 401, isFromOtherOrigin: true)
        }
        #expect(foreign.requests.count == 1)
        #expect(foreign.response.statusCode == 401)
        #expect(await provider.refreshes == 1)

        // Signer and public operations get no token at all.
        let signer = try await passedOn(
            request("getSigner", path: "/v1/signers/self", credential: .signerAccessCode("c")), through: middleware)
        #expect(signer.requests.first?.credentials["bearerAuth"] == nil)
    }

    // MARK: Error translation

    @Test func engineErrorsArriveAsTheFourTypes() throws {
        let response = ServerResponseError(
            statusCode: 409, httpStatusCode: 200, headers: ["Retry-After": "3"],
            body: Data(#"{"status": 409, "message": "busy", "restrictions": [{"code": "x", "account_ids": [1]}]}"#.utf8),
            operationName: "deleteAccount", message: "busy")
        let api = try #require(AssinafyErrorTranslation.translate(response) as? APIError)
        #expect(api.statusCode == 409 && api.httpStatusCode == 200 && api.message == "busy")
        #expect(api.operationName == "deleteAccount" && api.retryAfter == 3)
        #expect(api.workspaceDeletionRestrictions == [WorkspaceDeletionRestriction(code: "x", message: nil, accountIds: ["1"])])
        #expect((api as NSError).domain == "com.assinafy.sdk.APIError")

        let validation = AssinafyErrorTranslation.translate(RequestValidationError("bad", errors: ["path": ["x"]]))
        #expect((validation as? ValidationError)?.errors == ["path": ["x"]])
        let network = AssinafyErrorTranslation.translate(TransportError(message: "lost", mayHaveReachedServer: false))
        #expect((network as? NetworkError)?.mayHaveReachedServer == false)
        let engine = AssinafyErrorTranslation.translate(EngineError("unreadable", context: ["a": "b"]))
        #expect((engine as? AssinafySDKError)?.context == ["a": "b"])
        #expect(AssinafyErrorTranslation.translate(CancellationError()) is CancellationError)
        struct Foreign: Error {}
        #expect((AssinafyErrorTranslation.translate(Foreign()) as? AssinafySDKError)?.underlyingError is Foreign)
        // Already translated errors pass unchanged.
        #expect((AssinafyErrorTranslation.translate(api) as? APIError)?.message == "busy")
    }

    @Test func anInvalidConfigurationFailsEveryCallBeforeIO() async throws {
        let stub = StubTransport()
        let client = AssinafyClient(
            configuration: AssinafyClientConfiguration(token: "a", apiKey: "b", defaultAccountId: "acc"),
            httpTransport: stub, middlewares: [stub.recorder])
        let error = await expectValidationError { _ = try await client.documents.get(documentId: "d") }
        #expect(error?.errors["credentials"] != nil)
        #expect(stub.requests.isEmpty && stub.transportRequests.isEmpty)
    }
}
