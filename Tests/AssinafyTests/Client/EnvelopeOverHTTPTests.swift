import APIRuntime
import AssinafyTestSupport
import Foundation
import Testing

@testable import Assinafy

/// Assinafy's rules over the real engine and URLSession, against the local test server:
/// envelope rules, binary routes, pagination headers and validation before any I/O, end to end.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.unavailableReason)) struct EnvelopeOverHTTPTests {
    let server = TestServer.shared

    func respond(
        _ id: String, code: Int = 200, body: String, ctype: String = "application/json", headers: [String] = [],
        kind: ResponseKind = .json, method: RequestMethod = .get
    ) -> APIRequest {
        var request = HTTPFixture.request(
            "respond", id, method: method,
            query: [QueryItem("code", String(code)), QueryItem("body", body), QueryItem("ctype", ctype)]
                + headers.map { QueryItem("h", $0) })
        request.responseKind = kind
        return request
    }

    @Test func envelopeErrorOnHTTP200IsAnAPIError() async throws {
        let id = HTTPFixture.id()
        let error = await thrown {
            try await HTTPFixture.transport().send(self.respond(id, body: #"{"status":400,"message":"Documento inválido","data":null}"#))
        }
        let apiError = try #require(error as? APIError)
        #expect(apiError.statusCode == 400)
        #expect(apiError.httpStatusCode == 200)
        #expect(apiError.message == "Documento inválido")
        #expect(apiError.operationName == "testRespond")
    }

    @Test func successEnvelopeAndFlatObjectsPass() async throws {
        let transport = HTTPFixture.transport()
        let ok = try await transport.send(respond(HTTPFixture.id(), body: #"{"status":200,"message":"","data":{"id":"d1","status":"pending"}}"#))
        #expect(ok.statusCode == 200)
        // OAuth token / well-known metadata answer flat objects: not an error.
        let flat = try await transport.send(respond(HTTPFixture.id(), body: #"{"access_token":"x","token_type":"Bearer","expires_in":3600}"#))
        #expect(String(decoding: flat.body, as: UTF8.self).contains("access_token"))
        // A resource whose own `status` is a word is not an envelope.
        _ = try await transport.send(respond(HTTPFixture.id(), body: #"{"status":"pending","message":"hi"}"#))
        _ = try await transport.send(respond(HTTPFixture.id(), code: 204, body: "", kind: .json))
    }

    @Test func nonJSONOnAJSONRouteIsAnSDKError() async throws {
        let error = await thrown {
            try await HTTPFixture.transport().send(self.respond(HTTPFixture.id(), body: "<html>maintenance</html>", ctype: "text/html"))
        }
        let sdkError = try #require(error as? AssinafySDKError)
        #expect(sdkError.context["contentType"] == "text/html")
        #expect(sdkError.context["statusCode"] == "200")
    }

    @Test func nonSuccessIsAlwaysAnAPIError() async throws {
        let transport = HTTPFixture.transport()
        let body = #"{"status":422,"message":"Dados inválidos","data":[{"field":"email","message":"inválido"}]}"#
        var request = respond(HTTPFixture.id(), code: 422, body: body)
        request.errorPayload = { status, data in status == 422 ? data.count : nil }
        let apiError = try #require(await thrown { try await transport.send(request) } as? APIError)
        #expect(apiError.statusCode == 422)
        #expect(apiError.responseData?["data"]?.arrayValue?.count == 1)
        #expect(apiError.payload as? Int == body.utf8.count)
        #expect(apiError.rawBody == Data(body.utf8))
        let html = try #require(await thrown { try await transport.send(self.respond(HTTPFixture.id(), code: 502, body: "Bad gateway", ctype: "text/plain")) } as? APIError)
        #expect(html.statusCode == 502 && html.message == "Bad gateway" && html.responseData == nil)
    }

    @Test func authenticateHeadersAndRateLimitsAreParsed() async throws {
        let transport = HTTPFixture.transport()
        let scope = try #require(
            await thrown {
                try await transport.send(
                    self.respond(
                        HTTPFixture.id(), code: 403, body: #"{"status":403,"message":"Escopo insuficiente"}"#,
                        headers: [#"WWW-Authenticate: Bearer realm="assinafy", error="insufficient_scope", scope="documents:write, signers:read""#]))
            } as? APIError)
        #expect(scope.insufficientScope == "documents:write, signers:read")
        #expect(scope.wwwAuthenticate?.hasPrefix("Bearer") == true)
        let oauth = try #require(
            await thrown {
                try await transport.send(
                    self.respond(HTTPFixture.id(), code: 400, body: #"{"error":"invalid_grant","error_description":"expired"}"#, method: .post))
            } as? APIError)
        #expect(oauth.oauthError?.code == "invalid_grant" && oauth.oauthError?.description == "expired")
        let limited = try #require(
            await thrown {
                try await transport.send(self.respond(HTTPFixture.id(), code: 429, body: #"{"status":429,"message":"Slow down"}"#, headers: ["Retry-After: 12"]))
            } as? APIError)
        #expect(limited.retryAfter == 12)
    }

    @Test func binaryRoutes() async throws {
        let transport = HTTPFixture.transport()
        let pdf = try await transport.send(respond(HTTPFixture.id(), body: "%PDF-1.7 bytes", ctype: "application/pdf", kind: .binary))
        #expect(pdf.body == Data("%PDF-1.7 bytes".utf8))
        // JSON error bodies on a download route are errors, never file bytes.
        let notFound = try #require(
            await thrown {
                try await transport.send(self.respond(HTTPFixture.id(), code: 404, body: #"{"status":404,"message":"Arquivo não encontrado"}"#, kind: .binary))
            } as? APIError)
        #expect(notFound.statusCode == 404 && notFound.message == "Arquivo não encontrado")
        let okStatusError = try #require(
            await thrown {
                try await transport.send(self.respond(HTTPFixture.id(), body: #"{"status":409,"message":"Ainda processando"}"#, kind: .binary))
            } as? APIError)
        #expect(okStatusError.statusCode == 409)
        let unexpected = await thrown {
            try await transport.send(self.respond(HTTPFixture.id(), body: #"{"id":"x"}"#, kind: .binary))
        }
        #expect(unexpected is AssinafySDKError)
    }

    /// The same rules when the body streams to a file: a JSON answer is judged, never saved.
    @Test func binaryRoutesStreamedToAFile() async throws {
        let transport = HTTPFixture.transport()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("signed.pdf")
        func streamed(_ body: String, code: Int = 200, ctype: String = "application/json") -> APIRequest {
            var request = respond(HTTPFixture.id(), code: code, body: body, ctype: ctype, kind: .binary)
            request.downloadDestination = file
            return request
        }
        let okStatusError = try #require(
            await thrown { try await transport.send(streamed(#"{"status":409,"message":"Ainda processando"}"#)) }
                as? APIError)
        #expect(okStatusError.statusCode == 409 && okStatusError.message == "Ainda processando")
        let notFound = try #require(
            await thrown { try await transport.send(streamed(#"{"status":404,"message":"Não"}"#, code: 404)) }
                as? APIError)
        #expect(notFound.statusCode == 404)
        #expect(await thrown { try await transport.send(streamed(#"{"id":"x"}"#)) } is AssinafySDKError)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let pdf = try await transport.send(streamed("%PDF-1.7 bytes", ctype: "application/pdf"))
        #expect(pdf.bodyFile == file)
        #expect(try Data(contentsOf: file) == Data("%PDF-1.7 bytes".utf8))
    }

    @Test func paginationHeadersFromTheServer() async throws {
        for style in ["lower", "upper", "mixed"] {
            let response = try await HTTPFixture.transport().send(
                HTTPFixture.request(
                    "paged", HTTPFixture.id(),
                    query: [QueryItem("page", "2"), QueryItem("per-page", "2"), QueryItem("total", "5"), QueryItem("case", style)]))
            #expect(PaginationMeta(headers: response.headers) == PaginationMeta(currentPage: 2, lastPage: 3, perPage: 2, total: 5))
        }
    }

    @Test func pageSequenceWalksAllPagesOverHTTP() async throws {
        let id = HTTPFixture.id()
        let transport = HTTPFixture.transport()
        struct Item: Decodable, Sendable { let id: Int }
        struct Envelope: Decodable { let data: [Item] }
        let sequence = PageSequence<Item> { page in
            let response = try await transport.send(
                HTTPFixture.request(
                    "paged", id, query: [QueryItem("page", String(page)), QueryItem("per-page", "2"), QueryItem("total", "5")]))
            return PaginatedResult(data: try JSONCoding.decode(Envelope.self, from: response.body).data, headers: response.headers)
        }
        #expect(try await sequence.collect().map(\.id) == [0, 1, 2, 3, 4])
        #expect(try await server.requests(id).map(\.query) == [1, 2, 3].map { "page=\($0)&per-page=2&total=5" })
    }

    // MARK: validation before any I/O

    static func invalidConfigurations() -> [(String, AssinafyClientConfiguration)] {
        let good = HTTPFixture.configuration()
        let base = TestServer.shared.baseURL()
        var both = good
        both.apiKey = HTTPFixture.apiKey
        var emptyToken = good
        emptyToken.token = ""
        var spaced = good
        spaced.token = "a b"
        var zero = good
        zero.timeout = 0
        var nan = good
        nan.timeout = .nan
        var account = good
        account.defaultAccountId = "../x"
        var noOptIn = good
        noOptIn.allowsInsecureLoopback = false
        var userInfo = good
        userInfo.baseURL = URL(string: base.absoluteString.replacingOccurrences(of: "http://", with: "http://user:pw@"))!
        var query = good
        query.baseURL = URL(string: base.absoluteString + "?x=1")!
        var fragment = good
        fragment.baseURL = URL(string: base.absoluteString + "#x")!
        return [
            ("both credentials", both), ("empty token", emptyToken), ("token with space", spaced), ("zero timeout", zero),
            ("NaN timeout", nan), ("unsafe account id", account), ("http without opt-in", noOptIn),
            ("user info", userInfo), ("query", query), ("fragment", fragment),
        ]
    }

    @Test func invalidConfigurationThrowsBeforeAnyIO() async throws {
        for (name, configuration) in Self.invalidConfigurations() {
            let id = HTTPFixture.id()
            let error = await thrown { try await AssinafyEngine.client(configuration: configuration, transport: URLSessionHTTPTransport()).send(HTTPFixture.request("echo", id)) }
            #expect(error is ValidationError, "\(name): \(String(describing: error))")
            #expect(try await server.requests(id).isEmpty, "\(name) reached the server")
        }
    }

    @Test func unsafeRequestsThrowBeforeAnyIO() async throws {
        let transport = HTTPFixture.transport()
        for bad in ["..", ".", "", " ", "a/b", "a\\b", "a?b", "a#b", "a\nb"] {
            let id = HTTPFixture.id()
            let request = APIRequest(
                operationName: "getDocument", method: .get, pathTemplate: "/v1/echo/{id}/{documentId}",
                path: "/v1/echo/\(id)/\(bad)", credential: .account)
            let error = await thrown { try await transport.send(request) }
            #expect((error as? ValidationError)?.errors["path"] != nil, "\(bad.debugDescription)")
            #expect(!((error as? ValidationError)?.message.contains(bad) ?? true) || bad.isEmpty || bad == "." || bad == " ")
            #expect(try await server.requests(id).isEmpty)
        }
        let id = HTTPFixture.id()
        for credential in [RequestCredential.signerAccessCode(""), .signerAccessCode("a b"), .signerAccessCode("a\r\nb")] {
            let error = await thrown { try await transport.send(HTTPFixture.request("echo", id, credential: credential)) }
            #expect((error as? ValidationError)?.errors["signerAccessCode"] != nil)
        }
        var badHeader = HTTPFixture.request("echo", id)
        badHeader.headers = ["X-Injected": "a\r\nAuthorization: Bearer x"]
        #expect(await thrown { try await transport.send(badHeader) } is ValidationError)
        var badTimeout = HTTPFixture.request("echo", id)
        badTimeout.timeout = -1
        #expect(await thrown { try await transport.send(badTimeout) } is ValidationError)
        #expect(try await server.requests(id).isEmpty)
    }
}

/// The test server as an Assinafy API: its routes live under `/v1` like the real one's.
enum HTTPFixture {
    static let token = "tok_SECRET_4f9a"
    static let apiKey = "key_SECRET_77b1"

    static func id() -> String {
        "t" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
    }

    static func configuration() -> AssinafyClientConfiguration {
        AssinafyClientConfiguration(
            token: token, apiKey: nil, baseURL: TestServer.shared.baseURL(), allowsInsecureLoopback: true,
            retryPolicy: .none)
    }

    static func transport() -> any APIClientProtocol {
        AssinafyEngine.client(configuration: configuration(), transport: URLSessionHTTPTransport())
    }

    static func request(
        _ scenario: String, _ id: String, method: RequestMethod = .get, credential: RequestCredential = .account,
        query: [QueryItem] = []
    ) -> APIRequest {
        var request = APIRequest(
            operationName: "test\(scenario.capitalized)", method: method, pathTemplate: "/v1/\(scenario)/{id}",
            path: RequestPath(stringLiteral: "/v1/\(scenario)/\(id)"), credential: credential)
        request.query = query
        return request
    }
}

/// The error `body` throws (recording an issue when it throws none).
func thrown<T>(_ body: () async throws -> T, sourceLocation: SourceLocation = #_sourceLocation) async -> (any Error)? {
    do {
        _ = try await body()
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}
