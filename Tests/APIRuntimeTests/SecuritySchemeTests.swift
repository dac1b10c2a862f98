import AssinafyTestSupport
import Foundation
import Testing

@testable import APIRuntime

/// Every kind of security scheme against the local test server, directly and through a
/// cross-origin redirect: each credential goes where its scheme says, only to the base origin,
/// only for operations that name the scheme.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.unavailableReason)) struct SecuritySchemeTests {
    let server = TestServer.shared

    static let bearer = SecurityScheme("token", .bearer)
    static let basic = SecurityScheme("login", .basic)
    static let header = SecurityScheme("headerKey", .apiKey(name: "X-Key", location: .header))
    static let query = SecurityScheme("queryKey", .apiKey(name: "api_key", location: .query))
    static let cookie = SecurityScheme("session", .apiKey(name: "SESSION", location: .cookie))

    static let values: [String: CredentialValue] = [
        "token": .token("tok-SECRET-1"), "login": .basic(username: "ana", password: "pw-SECRET-2"),
        "headerKey": .apiKey("key-SECRET-3"), "queryKey": .apiKey("q-SECRET-4"), "session": .apiKey("c-SECRET-5"),
    ]
    static let basicHeader = "Basic " + Data("ana:pw-SECRET-2".utf8).base64EncodedString()

    func engine(_ credentials: [String: CredentialValue] = values) -> APIEngine {
        var configuration = Fixture.configuration(token: nil)
        configuration.credentials = credentials
        return APIEngine(configuration: configuration)
    }

    func echo(_ id: String, _ security: [SecurityRequirement]) -> APIRequest {
        APIRequest(
            operationName: "echo", method: .get, pathTemplate: "/v1/echo/{id}",
            path: RequestPath(stringLiteral: "/v1/echo/\(id)"), security: security)
    }

    /// What reached the server for `security`, and whether anything secret showed.
    func sent(_ security: [SecurityRequirement], credentials: [String: CredentialValue] = values) async throws
        -> TestServer.Record
    {
        let id = Fixture.id()
        _ = try await engine(credentials).send(echo(id, security))
        let records = try await server.requests(id)
        try #require(records.count == 1)
        return records[0]
    }

    @Test func eachKindTravelsWhereItsSchemeSays() async throws {
        let bearer = try await sent([[Self.bearer]])
        #expect(bearer.header("Authorization") == "Bearer tok-SECRET-1")
        let basic = try await sent([[Self.basic]])
        #expect(basic.header("Authorization") == Self.basicHeader)
        let header = try await sent([[Self.header]])
        #expect(header.header("X-Key") == "key-SECRET-3" && header.header("Authorization") == nil)
        let query = try await sent([[Self.query]])
        #expect(query.query == "api_key=q-SECRET-4" && query.header("Authorization") == nil)
        let cookie = try await sent([[Self.cookie]])
        #expect(cookie.header("Cookie") == "SESSION=c-SECRET-5")
        for record in [bearer, basic, header, query, cookie] {
            // Nothing but the one credential: no other scheme's value anywhere.
            let everything = record.headers.map { $0.joined(separator: ":") }.joined() + record.query
            let secrets = ["tok-SECRET-1", "pw-SECRET-2", "key-SECRET-3", "q-SECRET-4", "c-SECRET-5"]
            #expect(secrets.filter { everything.contains($0) }.count <= 1, "\(everything)")
        }
    }

    @Test func alternativesAndCombinations() async throws {
        // AND: every scheme of the alternative.
        let both = try await sent([[Self.header, Self.cookie]])
        #expect(both.header("X-Key") == "key-SECRET-3" && both.header("Cookie") == "SESSION=c-SECRET-5")
        // OR: the first alternative that can be satisfied, and only that one.
        let first = try await sent([[Self.bearer], [Self.header]])
        #expect(first.header("Authorization") == "Bearer tok-SECRET-1" && first.header("X-Key") == nil)
        let fallback = try await sent([[Self.bearer], [Self.header]], credentials: ["headerKey": .apiKey("key-SECRET-3")])
        #expect(fallback.header("Authorization") == nil && fallback.header("X-Key") == "key-SECRET-3")
        // An alternative missing one of its schemes is skipped as a whole.
        let partial = try await sent([[Self.header, Self.query], [Self.bearer]], credentials: [
            "headerKey": .apiKey("key-SECRET-3"), "token": .token("tok-SECRET-1"),
        ])
        #expect(partial.header("X-Key") == nil && partial.header("Authorization") == "Bearer tok-SECRET-1")
        // `{}` among the alternatives: nothing is needed, nothing configured is sent.
        let optional = try await sent([[Self.basic], []], credentials: [:])
        #expect(optional.header("Authorization") == nil)
        // `security: []`: nothing at all, whatever is configured.
        let none = try await sent([])
        #expect(none.header("Authorization") == nil && none.header("X-Key") == nil && none.header("Cookie") == nil)
        #expect(none.query.isEmpty)
    }

    @Test func aCallerCannotSetASchemesOwnHeaderOrQuery() async throws {
        let id = Fixture.id()
        var request = echo(id, [[Self.header], [Self.query]])
        request.headers = ["X-Key": "forged", "Cookie": "SESSION=forged"]
        request.query = [QueryItem("api_key", "forged"), QueryItem("limit", "5")]
        _ = try await engine(["queryKey": .apiKey("q-SECRET-4")]).send(request)
        let record = try #require(try await server.requests(id).first)
        #expect(record.header("X-Key") == nil && record.header("Cookie") == nil)
        #expect(record.query == "limit=5&api_key=q-SECRET-4")
    }

    @Test func aPerCallValueWinsOverTheConfiguredOne() async throws {
        let id = Fixture.id()
        var request = echo(id, [[Self.query]])
        request.credentials["queryKey"] = .apiKey("per-call-7")
        _ = try await engine().send(request)
        #expect(try await server.requests(id).first?.query == "api_key=per-call-7")
    }

    @Test func aValueOfTheWrongKindIsRefusedBeforeIO() async throws {
        let id = Fixture.id()
        let error = await thrown {
            try await engine(["token": .basic(username: "a", password: "b")]).send(echo(id, [[Self.bearer]]))
        }
        #expect((error as? RequestValidationError)?.errors["token"] != nil)
        #expect(try await server.requests(id).isEmpty)
        let malformed = await thrown { try await engine(["token": .token("a b")]).send(echo(id, [[Self.bearer]])) }
        #expect((malformed as? RequestValidationError)?.errors["credentials.token"] != nil)
    }

    static let crossOriginCases: [String: [SecurityRequirement]] = [
        "bearer": [[bearer]], "basic": [[basic]], "header": [[header]], "query": [[query]], "cookie": [[cookie]],
        "and": [[header, cookie]],
    ]

    @Test(arguments: ["bearer", "basic", "header", "query", "cookie", "and"])
    func noCredentialCrossesAnOrigin(_ kind: String) async throws {
        let security = try #require(Self.crossOriginCases[kind])
        let id = Fixture.id()
        var request = APIRequest(
            operationName: "redirect", method: .get, pathTemplate: "/v1/redirect/{id}",
            path: RequestPath(stringLiteral: "/v1/redirect/\(id)"), security: security)
        let target = server.origin("http", "127.0.0.2") + "/v1/echo/\(id)/final"
        request.query = [QueryItem("code", "302"), QueryItem("to", target)]
        _ = try await engine().send(request)
        let records = try await server.requests(id)
        try #require(records.count == 2, "\(kind)")
        let first = records[0]
        let second = records[1]
        #expect(first.origin.contains("127.0.0.1") && second.origin.contains("127.0.0.2"))
        let sentFirst = first.headers.map { $0.joined(separator: ":") }.joined() + first.query
        let basic = Self.basicHeader.dropFirst("Basic ".count)
        #expect(sentFirst.contains("SECRET") || sentFirst.contains(basic), "\(kind): the base origin got no credential")
        let sentSecond = second.headers.map { $0.joined(separator: ":") }.joined() + second.query
        #expect(
            !sentSecond.contains("SECRET") && !sentSecond.contains(basic),
            "\(kind): a credential reached the other origin: \(sentSecond)")
    }

    @Test func noSecretInAnErrorMessage() async throws {
        let id = Fixture.id()
        var request = APIRequest(
            operationName: "respond", method: .get, pathTemplate: "/v1/respond/{id}",
            path: RequestPath(stringLiteral: "/v1/respond/\(id)"), security: [[Self.basic, Self.query]])
        // A server that echoes what it got into its error message.
        let echoed = "bad password pw-SECRET-2 and key q-SECRET-4 (\(Self.basicHeader))"
        request.query = [QueryItem("code", "401"), QueryItem("body", #"{"message":"\#(echoed)"}"#)]
        let error = try #require(await thrown { try await engine().send(request) } as? ServerResponseError)
        #expect(error.statusCode == 401)
        #expect(!error.message.contains("SECRET"), "\(error.message)")
    }
}
