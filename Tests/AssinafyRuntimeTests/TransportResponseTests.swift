import Foundation
import Testing

@testable import AssinafyRuntime

/// Envelope rules, binary routes, pagination headers and validation-before-I/O, end to end.
@Suite struct TransportResponseTests {
    let server = TestServer.shared

    func respond(
        _ id: String, code: Int = 200, body: String, ctype: String = "application/json", headers: [String] = [],
        kind: ResponseKind = .json, method: HTTPMethod = .get
    ) -> APIRequest {
        var request = Fixture.request(
            "respond", id, method: method,
            query: [QueryItem("code", String(code)), QueryItem("body", body), QueryItem("ctype", ctype)]
                + headers.map { QueryItem("h", $0) })
        request.responseKind = kind
        return request
    }

    @Test func envelopeErrorOnHTTP200IsAnAPIError() async throws {
        let id = Fixture.id()
        let error = await thrown {
            try await Fixture.transport().send(self.respond(id, body: #"{"status":400,"message":"Documento inválido","data":null}"#))
        }
        let apiError = try #require(error as? APIError)
        #expect(apiError.statusCode == 400)
        #expect(apiError.httpStatusCode == 200)
        #expect(apiError.message == "Documento inválido")
        #expect(apiError.operationName == "testRespond")
    }

    @Test func successEnvelopeAndFlatObjectsPass() async throws {
        let transport = Fixture.transport()
        let ok = try await transport.send(respond(Fixture.id(), body: #"{"status":200,"message":"","data":{"id":"d1","status":"pending"}}"#))
        #expect(ok.statusCode == 200)
        // OAuth token / well-known metadata answer flat objects: not an error.
        let flat = try await transport.send(respond(Fixture.id(), body: #"{"access_token":"x","token_type":"Bearer","expires_in":3600}"#))
        #expect(String(decoding: flat.body, as: UTF8.self).contains("access_token"))
        // A resource whose own `status` is a word is not an envelope.
        _ = try await transport.send(respond(Fixture.id(), body: #"{"status":"pending","message":"hi"}"#))
        _ = try await transport.send(respond(Fixture.id(), code: 204, body: "", kind: .json))
    }

    @Test func nonJSONOnAJSONRouteIsAnSDKError() async throws {
        let error = await thrown {
            try await Fixture.transport().send(self.respond(Fixture.id(), body: "<html>maintenance</html>", ctype: "text/html"))
        }
        let sdkError = try #require(error as? AssinafySDKError)
        #expect(sdkError.context["contentType"] == "text/html")
        #expect(sdkError.context["statusCode"] == "200")
    }

    @Test func nonSuccessIsAlwaysAnAPIError() async throws {
        let transport = Fixture.transport()
        let body = #"{"status":422,"message":"Dados inválidos","data":[{"field":"email","message":"inválido"}]}"#
        var request = respond(Fixture.id(), code: 422, body: body)
        request.errorPayload = { status, data in status == 422 ? data.count : nil }
        let apiError = try #require(await thrown { try await transport.send(request) } as? APIError)
        #expect(apiError.statusCode == 422)
        #expect(apiError.responseData?["data"]?.arrayValue?.count == 1)
        #expect(apiError.payload as? Int == body.utf8.count)
        #expect(apiError.rawBody == Data(body.utf8))
        let html = try #require(await thrown { try await transport.send(self.respond(Fixture.id(), code: 502, body: "Bad gateway", ctype: "text/plain")) } as? APIError)
        #expect(html.statusCode == 502 && html.message == "Bad gateway" && html.responseData == nil)
    }

    @Test func authenticateHeadersAndRateLimitsAreParsed() async throws {
        let transport = Fixture.transport()
        let scope = try #require(
            await thrown {
                try await transport.send(
                    self.respond(
                        Fixture.id(), code: 403, body: #"{"status":403,"message":"Escopo insuficiente"}"#,
                        headers: [#"WWW-Authenticate: Bearer realm="assinafy", error="insufficient_scope", scope="documents:write, signers:read""#]))
            } as? APIError)
        #expect(scope.insufficientScope == "documents:write, signers:read")
        #expect(scope.wwwAuthenticate?.hasPrefix("Bearer") == true)
        let oauth = try #require(
            await thrown {
                try await transport.send(
                    self.respond(Fixture.id(), code: 400, body: #"{"error":"invalid_grant","error_description":"expired"}"#, method: .post))
            } as? APIError)
        #expect(oauth.oauthError?.code == "invalid_grant" && oauth.oauthError?.description == "expired")
        let limited = try #require(
            await thrown {
                try await transport.send(self.respond(Fixture.id(), code: 429, body: #"{"status":429,"message":"Slow down"}"#, headers: ["Retry-After: 12"]))
            } as? APIError)
        #expect(limited.retryAfter == 12)
    }

    @Test func binaryRoutes() async throws {
        let transport = Fixture.transport()
        let pdf = try await transport.send(respond(Fixture.id(), body: "%PDF-1.7 bytes", ctype: "application/pdf", kind: .binary))
        #expect(pdf.body == Data("%PDF-1.7 bytes".utf8))
        // JSON error bodies on a download route are errors, never file bytes.
        let notFound = try #require(
            await thrown {
                try await transport.send(self.respond(Fixture.id(), code: 404, body: #"{"status":404,"message":"Arquivo não encontrado"}"#, kind: .binary))
            } as? APIError)
        #expect(notFound.statusCode == 404 && notFound.message == "Arquivo não encontrado")
        let okStatusError = try #require(
            await thrown {
                try await transport.send(self.respond(Fixture.id(), body: #"{"status":409,"message":"Ainda processando"}"#, kind: .binary))
            } as? APIError)
        #expect(okStatusError.statusCode == 409)
        let unexpected = await thrown {
            try await transport.send(self.respond(Fixture.id(), body: #"{"id":"x"}"#, kind: .binary))
        }
        #expect(unexpected is AssinafySDKError)
    }

    @Test func paginationHeadersFromTheServer() async throws {
        for style in ["lower", "upper", "mixed"] {
            let response = try await Fixture.transport().send(
                Fixture.request(
                    "paged", Fixture.id(),
                    query: [QueryItem("page", "2"), QueryItem("per-page", "2"), QueryItem("total", "5"), QueryItem("case", style)]))
            #expect(PaginationMeta(headers: response.headers) == PaginationMeta(currentPage: 2, lastPage: 3, perPage: 2, total: 5))
        }
    }

    @Test func pageSequenceWalksAllPagesOverHTTP() async throws {
        let id = Fixture.id()
        let transport = Fixture.transport()
        struct Item: Decodable, Sendable { let id: Int }
        struct Envelope: Decodable { let data: [Item] }
        let sequence = PageSequence<Item> { page in
            let response = try await transport.send(
                Fixture.request(
                    "paged", id, query: [QueryItem("page", String(page)), QueryItem("per-page", "2"), QueryItem("total", "5")]))
            return PaginatedResult(data: try JSONCoding.decode(Envelope.self, from: response.body).data, headers: response.headers)
        }
        #expect(try await sequence.collect().map(\.id) == [0, 1, 2, 3, 4])
        #expect(try await server.requests(id).map(\.query) == [1, 2, 3].map { "page=\($0)&per-page=2&total=5" })
    }

    // MARK: validation before any I/O

    static func invalidConfigurations() -> [(String, AssinafyClientConfiguration)] {
        let good = Fixture.configuration()
        let base = TestServer.shared.baseURL()
        var both = good
        both.apiKey = Fixture.apiKey
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
            let id = Fixture.id()
            let error = await thrown { try await URLSessionTransport(configuration: configuration).send(Fixture.request("echo", id)) }
            #expect(error is ValidationError, "\(name): \(String(describing: error))")
            #expect(try await server.requests(id).isEmpty, "\(name) reached the server")
        }
    }

    @Test func unsafeRequestsThrowBeforeAnyIO() async throws {
        let transport = Fixture.transport()
        for bad in ["..", ".", "", " ", "a/b", "a\\b", "a?b", "a#b", "a\nb"] {
            let id = Fixture.id()
            let request = APIRequest(
                operationName: "getDocument", method: .get, pathTemplate: "/v1/echo/{id}/{documentId}",
                path: "/v1/echo/\(id)/\(bad)", credential: .account)
            let error = await thrown { try await transport.send(request) }
            #expect((error as? ValidationError)?.errors["path"] != nil, "\(bad.debugDescription)")
            #expect(!((error as? ValidationError)?.message.contains(bad) ?? true) || bad.isEmpty || bad == "." || bad == " ")
            #expect(try await server.requests(id).isEmpty)
        }
        let id = Fixture.id()
        for credential in [RequestCredential.signerAccessCode(""), .signerAccessCode("a b"), .signerAccessCode("a\r\nb")] {
            let error = await thrown { try await transport.send(Fixture.request("echo", id, credential: credential)) }
            #expect((error as? ValidationError)?.errors["signerAccessCode"] != nil)
        }
        var badHeader = Fixture.request("echo", id)
        badHeader.headers = ["X-Injected": "a\r\nAuthorization: Bearer x"]
        #expect(await thrown { try await transport.send(badHeader) } is ValidationError)
        var badTimeout = Fixture.request("echo", id)
        badTimeout.timeout = -1
        #expect(await thrown { try await transport.send(badTimeout) } is ValidationError)
        #expect(try await server.requests(id).isEmpty)
    }
}
