import AssinafyTestSupport
import Foundation
import Testing

@testable import APIRuntime

/// Cookie parameters and deepObject query parameters, as generated code sends them: cookies
/// share the engine's one `Cookie` header with a cookie credential (a caller's own `Cookie`
/// header is still dropped), and an object becomes `name[key]=value` items.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.unavailableReason)) struct CookieAndDeepObjectTests {
    let server = TestServer.shared
    static let session = SecurityScheme("session", .apiKey(name: "SESSION", location: .cookie))

    func sent(_ request: APIRequest, credentials: [String: CredentialValue] = [:]) async throws -> TestServer.Record {
        var configuration = Fixture.configuration(token: nil)
        configuration.credentials = credentials
        _ = try await APIEngine(configuration: configuration).send(request)
        let records = try await server.requests(request.operationName)
        try #require(records.count == 1)
        return records[0]
    }

    func echo(_ id: String, security: [SecurityRequirement] = []) -> APIRequest {
        APIRequest(
            operationName: id, method: .get, pathTemplate: "/v1/echo/{id}",
            path: RequestPath(stringLiteral: "/v1/echo/\(id)"), security: security)
    }

    @Test func cookieParametersTravelNextToACookieCredential() async throws {
        var request = echo(Fixture.id(), security: [[Self.session]])
        request.cookies.add("locale", "pt")
        request.cookies.add("flags", ["a", "b"], style: .commaDelimited)
        request.headers.add("Cookie", "forged=1")
        let record = try await sent(request, credentials: ["session": .apiKey("c-1")])
        #expect(record.headers.filter { $0.first?.lowercased() == "cookie" }.count == 1)
        #expect(record.header("Cookie") == "locale=pt; flags=a,b; SESSION=c-1")
    }

    @Test func cookieParametersWithoutAnyCredential() async throws {
        var request = echo(Fixture.id())
        request.cookies.add("theme", "dark mode;x=1")
        let record = try await sent(request)
        // A value can never end its cookie and start another one.
        #expect(record.header("Cookie") == "theme=dark%20mode%3Bx=1")
    }

    @Test func aCookieCredentialCannotInjectASecondCookie() async throws {
        let request = echo(Fixture.id(), security: [[Self.session]])
        let record = try await sent(request, credentials: ["session": .apiKey("S;admin=1")])
        #expect(record.header("Cookie") == "SESSION=S%3Badmin=1")
    }

    @Test func theEncodedCookieCredentialIsRedactedToo() {
        let applied = AppliedCredentials(security: [[Self.session]]) { _ in .apiKey("S;x\"y") }
        #expect(applied.cookies.map(\.value) == ["S%3Bx%22y"])
        #expect(applied.secrets.contains("S%3Bx%22y") && applied.secrets.contains("S;x\"y"))
    }

    struct Filter: Encodable, Sendable {
        struct Window: Encodable, Sendable { let from: Int }
        let email: String
        let score: Double?
        let tags: [String]
        let window: Window
        let active: Bool
    }

    @Test func deepObjectMembersBecomeBracketedItems() throws {
        var query: [QueryItem] = []
        try query.add(
            deepObject: "filter",
            encoding: Filter(email: "a@example.invalid", score: nil, tags: ["x", "y"], window: .init(from: 3), active: true))
        #expect(
            query.map { "\($0.name)=\($0.value)" } == [
                "filter[email]=a@example.invalid", "filter[tags]=x", "filter[tags]=y", "filter[window][from]=3",
                "filter[active]=true",
            ])
        let none: Filter? = nil
        try query.add(deepObject: "other", encoding: none)
        #expect(query.count == 5)
        #expect(throws: RequestValidationError.self) { try query.add(deepObject: "n", encoding: 7) }
    }
}
