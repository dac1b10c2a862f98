import Foundation
import Testing
import AssinafyTestSupport

@testable import APIRuntime

/// The redirect/credential matrix against real origins: 127.0.0.1 and 127.0.0.2, over HTTP
/// (allowed only because these are loopback origins and the client opted in) and HTTPS.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.unavailableReason)) struct RedirectTests {
    let server = TestServer.shared

    /// A request to the redirect route answering `code` with `Location: to`.
    func redirect(
        _ id: String, code: Int, to: String, method: RequestMethod = .get, credential: RequestCredential = .account,
        rest: String = ""
    ) -> APIRequest {
        Fixture.request("redirect", id, rest: rest, method: method, credential: credential, query: [QueryItem("code", String(code)), QueryItem("to", to)])
    }

    func final(_ id: String, _ scheme: String = "http", _ host: String = "127.0.0.1") -> String {
        server.origin(scheme, host) + "/v1/echo/\(id)/final"
    }

    func refused(_ error: (any Error)?, status: Int, sourceLocation: SourceLocation = #_sourceLocation) -> ServerResponseError? {
        guard let apiError = error as? ServerResponseError else {
            Issue.record("expected ServerResponseError, got \(String(describing: error))", sourceLocation: sourceLocation)
            return nil
        }
        #expect(apiError.statusCode == status, sourceLocation: sourceLocation)
        #expect(apiError.message.hasPrefix("Redirect not followed"), sourceLocation: sourceLocation)
        #expect(apiError.headers["Location"] != nil, sourceLocation: sourceLocation)
        return apiError
    }

    // MARK: same origin

    @Test func sameOriginGetIsFollowedWithCredentials() async throws {
        let id = Fixture.id()
        for code in [301, 302, 303, 307, 308] {
            let response = try await Fixture.transport().send(redirect(id, code: code, to: "/v1/echo/\(id)/final"))
            #expect(response.statusCode == 200)
        }
        let records = try await server.requests(id)
        #expect(records.count == 10)
        #expect(records.allSatisfy { $0.header("Authorization") == "Bearer \(Fixture.token)" && $0.method == "GET" })
    }

    @Test func sameOrigin307And308KeepMethodAndBody() async throws {
        let body = try RequestBody.encoding(["name": "Contrato", "n": 1] as JSONValue)
        for (code, method) in [(307, RequestMethod.post), (308, .put)] {
            let id = Fixture.id()
            var request = redirect(id, code: code, to: final(id), method: method)
            request.body = body
            _ = try await Fixture.transport().send(request)
            let records = try await server.requests(id)
            try #require(records.count == 2)
            #expect(records[1].method == method.rawValue)
            #expect(records[1].body == #"{"name":"Contrato","n":1}"#)
            #expect(records[1].body_sha256 == records[0].body_sha256)
            #expect(records[1].header("Content-Type") == "application/json")
            #expect(records[1].header("Authorization") == "Bearer \(Fixture.token)")
        }
    }

    @Test func sameOrigin307ResendsAStreamedMultipartBody() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("redirect-\(UUID().uuidString).pdf")
        try Data(repeating: 0x25, count: 300_000).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let id = Fixture.id()
        var request = redirect(id, code: 307, to: server.origin() + "/v1/upload/\(id)/final", method: .post)
        request.body = .multipart([MultipartPart(name: "file", content: .file(file))])
        let response = try await Fixture.transport().send(request)
        let parts = try Fixture.echoed(response)["parts"]?.arrayValue ?? []
        #expect(parts.first?["size"]?.intValue == 300_000)
        let records = try await server.requests(id)
        #expect(records.count == 2 && records[0].body_sha256 == records[1].body_sha256)
    }

    @Test func seeOtherTurnsAWriteIntoAGetWithoutBody() async throws {
        let id = Fixture.id()
        var request = redirect(id, code: 303, to: "/v1/echo/\(id)/final", method: .post)
        request.body = .raw(Data("payload".utf8), contentType: "text/plain")
        _ = try await Fixture.transport().send(request)
        let records = try await server.requests(id)
        try #require(records.count == 2)
        #expect(records[1].method == "GET" && records[1].body_size == 0 && records[1].header("Content-Type") == nil)
    }

    @Test func movedOrFoundForAWriteIsRefused() async throws {
        for code in [301, 302] {
            let id = Fixture.id()
            var request = redirect(id, code: code, to: "/v1/echo/\(id)/final", method: .post)
            request.body = .raw(Data("x".utf8), contentType: "text/plain")
            let error = refused(await thrown { try await Fixture.transport().send(request) }, status: code)
            #expect(error?.headers["Location"] == "/v1/echo/\(id)/final")
            #expect(try await server.requests(id).count == 1)
        }
    }

    @Test func operationsThatFollowNoRedirectSurfaceIt() async throws {
        for endpoint in ["/oauth/token", "/oauth/revoke"] {
            let id = Fixture.id()
            var request = redirect(id, code: 307, to: "/v1/echo/\(id)/final", method: .post, credential: .none, rest: endpoint)
            request.body = .form([QueryItem("grant_type", "authorization_code"), QueryItem("code", "abc")])
            request.followsRedirects = false
            _ = refused(await thrown { try await Fixture.transport().send(request) }, status: 307)
            #expect(try await server.requests(id).count == 1)
        }
    }

    @Test func redirectLoopStopsAfterTenHops() async throws {
        let id = Fixture.id()
        _ = refused(await thrown { try await Fixture.transport().send(Fixture.request("loop", id, rest: "/0")) }, status: 302)
        #expect(try await server.requests(id).count == 11)
    }

    /// A request asking for upload progress runs as a delegate-driven task, every other one with
    /// a completion handler: the policy must not depend on which.
    @Test func theDelegateDrivenPathAppliesTheSamePolicy() async throws {
        let progress = UploadTests.ProgressLog()
        let id = Fixture.id()
        var write = redirect(id, code: 307, to: final(id), method: .post)
        write.body = .raw(Data(repeating: 0x41, count: 200_000), contentType: "application/pdf")
        write.uploadProgress = { progress.record($0, $1) }
        _ = try await Fixture.transport().send(write)
        let records = try await server.requests(id)
        try #require(records.count == 2)
        #expect(records[1].method == "POST" && records[1].body_size == 200_000)
        #expect(records[1].body_sha256 == records[0].body_sha256)
        #expect(progress.all.last.map { $0.0 == 200_000 && $0.1 == 200_000 } == true)

        let crossId = Fixture.id()
        var read = redirect(crossId, code: 302, to: final(crossId, "http", "127.0.0.2"))
        read.uploadProgress = { _, _ in }
        _ = try await Fixture.transport().send(read)
        let crossRecords = try await server.requests(crossId)
        try #require(crossRecords.count == 2)
        #expect(crossRecords[0].header("Authorization") == "Bearer \(Fixture.token)")
        #expect(crossRecords[1].origin == server.origin("http", "127.0.0.2"))
        #expect(crossRecords[1].header("Authorization") == nil)

        let refusedId = Fixture.id()
        var refusedWrite = redirect(refusedId, code: 302, to: "/v1/echo/\(refusedId)/final", method: .post)
        refusedWrite.body = .raw(Data("x".utf8), contentType: "text/plain")
        refusedWrite.uploadProgress = { _, _ in }
        _ = refused(await thrown { try await Fixture.transport().send(refusedWrite) }, status: 302)
        #expect(try await server.requests(refusedId).count == 1)
    }

    // MARK: cross origin (loopback HTTP)

    @Test func crossOriginGetStripsCredentialsAndUnknownHeaders() async throws {
        for (token, apiKey) in [(Fixture.token as String?, nil as String?), (nil, Fixture.apiKey)] {
            let id = Fixture.id()
            var request = redirect(id, code: 302, to: final(id, "http", "127.0.0.2"))
            request.headers = ["X-Custom": "1", "Accept-Language": "pt-BR", "Range": "bytes=0-10"]
            _ = try await Fixture.transport(token: token, apiKey: apiKey).send(request)
            let records = try await server.requests(id)
            try #require(records.count == 2)
            #expect(records[0].header("X-Custom") == "1")
            #expect(records[0].header("Authorization") != nil || records[0].header("X-Api-Key") != nil)
            let second = records[1]
            #expect(second.origin == server.origin("http", "127.0.0.2"))
            #expect(second.header("Authorization") == nil && second.header("X-Api-Key") == nil)
            #expect(second.header("X-Custom") == nil && second.header("Cookie") == nil)
            #expect(second.header("Accept") == "application/json")
            #expect(second.header("Accept-Language") == "pt-BR" && second.header("Range") == "bytes=0-10")
            #expect(second.header("User-Agent") == APIEngineConfiguration.defaultUserAgent)
        }
    }

    @Test func crossOriginWritesAreRefused() async throws {
        for (code, method) in [(307, RequestMethod.post), (308, .put), (303, .post), (307, .delete)] {
            let id = Fixture.id()
            var request = redirect(id, code: code, to: final(id, "http", "127.0.0.2"), method: method)
            request.body = .raw(Data("secret body".utf8), contentType: "text/plain")
            _ = refused(await thrown { try await Fixture.transport().send(request) }, status: code)
            let records = try await server.requests(id)
            #expect(records.count == 1 && records[0].origin == server.origin())
        }
    }

    @Test func signerCodeNeverCrossesOrigins() async throws {
        let id = Fixture.id()
        let signer = RequestCredential.signerAccessCode(Fixture.accessCode)
        _ = try await Fixture.transport().send(redirect(id, code: 302, to: final(id, "http", "127.0.0.2"), credential: signer))
        let records = try await server.requests(id)
        try #require(records.count == 2)
        #expect(records[0].query.contains("signer-access-code=\(Fixture.accessCode)"))
        #expect(!records[1].query.contains("signer-access-code") && records[1].header("Authorization") == nil)
        // A target that carries the code itself is refused outright.
        let id2 = Fixture.id()
        let target = final(id2, "http", "127.0.0.2") + "?signer-access-code=\(Fixture.accessCode)"
        _ = refused(await thrown { try await Fixture.transport().send(self.redirect(id2, code: 302, to: target, credential: signer)) }, status: 302)
        #expect(try await server.requests(id2).count == 1)
    }

    @Test func userInfoTargetsAreRefused() async throws {
        let id = Fixture.id()
        let target = server.origin().replacingOccurrences(of: "http://", with: "http://evil:pw@") + "/v1/echo/\(id)/final"
        _ = refused(await thrown { try await Fixture.transport().send(self.redirect(id, code: 302, to: target)) }, status: 302)
        #expect(try await server.requests(id).count == 1)
    }

    @Test func credentialsDoNotComeBackAfterLeavingTheBaseOrigin() async throws {
        let id = Fixture.id()
        let back = server.origin("http", "127.0.0.2") + "/v1/redirect/\(id)/hop?code=302&to="
            + RequestPath.percentEncode(final(id))
        _ = try await Fixture.transport().send(redirect(id, code: 302, to: back))
        let records = try await server.requests(id)
        try #require(records.count == 3)
        #expect(records.map(\.origin) == [server.origin(), server.origin("http", "127.0.0.2"), server.origin()])
        #expect(records[0].header("Authorization") != nil)
        #expect(records[1].header("Authorization") == nil && records[2].header("Authorization") == nil)
    }

    // MARK: HTTPS

    @Test(.enabled(if: TestServer.httpsEnabled, TestServer.httpsSkipReason))
    func httpsRequestCarriesCredentials() async throws {
        let id = Fixture.id()
        _ = try await Fixture.transport(scheme: "https").send(Fixture.request("echo", id))
        let records = try await server.requests(id)
        #expect(records.count == 1 && records[0].origin == server.origin("https"))
        #expect(records[0].header("Authorization") == "Bearer \(Fixture.token)")
    }

    @Test(.enabled(if: TestServer.httpsEnabled, TestServer.httpsSkipReason))
    func httpsSameOriginRedirectsKeepCredentialsAndBody() async throws {
        let id = Fixture.id()
        _ = try await Fixture.transport(scheme: "https").send(redirect(id, code: 302, to: final(id, "https")))
        var request = redirect(id, code: 307, to: final(id, "https"), method: .post)
        request.body = .raw(Data("kept".utf8), contentType: "text/plain")
        _ = try await Fixture.transport(scheme: "https").send(request)
        let records = try await server.requests(id)
        try #require(records.count == 4)
        #expect(records.allSatisfy { $0.header("Authorization") == "Bearer \(Fixture.token)" })
        #expect(records[3].method == "POST" && records[3].body == "kept")
    }

    @Test(.enabled(if: TestServer.httpsEnabled, TestServer.httpsSkipReason))
    func httpsCrossOriginGetIsFollowedWithoutCredentials() async throws {
        let id = Fixture.id()
        var request = redirect(id, code: 302, to: final(id, "https", "127.0.0.2"))
        request.headers = ["X-Custom": "1"]
        _ = try await Fixture.transport(scheme: "https").send(request)
        let records = try await server.requests(id)
        try #require(records.count == 2)
        #expect(records[1].origin == server.origin("https", "127.0.0.2"))
        #expect(records[1].header("Authorization") == nil && records[1].header("X-Custom") == nil)
        #expect(records[1].header("User-Agent") == APIEngineConfiguration.defaultUserAgent)
    }

    @Test(.enabled(if: TestServer.httpsEnabled, TestServer.httpsSkipReason))
    func httpsCrossOriginPostIsRefused() async throws {
        let id = Fixture.id()
        var request = redirect(id, code: 307, to: final(id, "https", "127.0.0.2"), method: .post)
        request.body = .raw(Data("x".utf8), contentType: "text/plain")
        _ = refused(await thrown { try await Fixture.transport(scheme: "https").send(request) }, status: 307)
        #expect(try await server.requests(id).count == 1)
    }

    @Test(.enabled(if: TestServer.httpsEnabled, TestServer.httpsSkipReason))
    func httpsToHTTPDowngradeIsRefused() async throws {
        for host in ["127.0.0.1", "127.0.0.2"] {
            let id = Fixture.id()
            _ = refused(await thrown { try await Fixture.transport(scheme: "https").send(self.redirect(id, code: 302, to: self.final(id, "http", host))) }, status: 302)
            let records = try await server.requests(id)
            #expect(records.count == 1 && records[0].origin == server.origin("https"))
        }
    }
}
