import Foundation
import Testing

@testable import APIRuntime

/// Every way Swift turns a value into text: interpolation, `String(reflecting:)` (what `po`
/// and `debugPrint` use), `dump` (the mirror) and the mirror's children themselves.
enum Rendered {
    static func everyForm(of value: some Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        var mirrored = ""
        for child in Mirror(reflecting: value).children { mirrored += "\(child.label ?? ""): \(child.value)\n" }
        return ["\(value)", String(describing: value), String(reflecting: value), dumped, mirrored]
    }

    static func reveals(_ value: some Any, _ secrets: [String]) -> [String] {
        everyForm(of: value).filter { text in secrets.contains { text.contains($0) } }
    }
}

@Suite("Values that hold secrets print redacted")
struct RedactionTests {
    static let token = "tok-SECRET-1"
    static let key = "key-SECRET-2"
    static let password = "pw-SECRET-3"
    static let code = "code-SECRET-4"
    static let secrets = [token, key, password, code]
    static let bearer = SecurityScheme("bearer", .bearer)
    static let headerKey = SecurityScheme("headerKey", .apiKey(name: "X-Api-Key", location: .header))
    static let queryKey = SecurityScheme("accessCode", .apiKey(name: "access-code", location: .query))

    @Test(arguments: [
        CredentialValue.token(token), .apiKey(key), .basic(username: "ana", password: password),
    ])
    func credentialValues(value: CredentialValue) {
        #expect(Rendered.reveals(value, Self.secrets).isEmpty)
        #expect("\(value)".contains("<redacted>"))
    }

    @Test func aBasicCredentialStillShowsItsUser() {
        #expect("\(CredentialValue.basic(username: "ana", password: Self.password))".contains("ana"))
    }

    @Test func aRequestHidesCredentialsOwnedHeadersQueryCookiesAndBodies() {
        var request = APIRequest(
            operationName: "signDocument", method: .post, pathTemplate: "/v1/sign/{id}",
            path: RequestPath(stringLiteral: "/v1/sign/42"), security: [[Self.bearer, Self.headerKey, Self.queryKey]])
        request.credentials = ["bearer": .token(Self.token), "accessCode": .apiKey(Self.code)]
        request.headers.add("X-Api-Key", Self.key)
        request.headers.add("Authorization", "Bearer \(Self.token)")
        request.headers.add("X-Trace", "visible-trace")
        request.query = [QueryItem("access-code", Self.code), QueryItem("page", "2")]
        request.cookies = [QueryItem("session", Self.key)]
        request.body = .form([QueryItem("grant_type", "refresh_token"), QueryItem("refresh_token", Self.password)])
        #expect(Rendered.reveals(request, Self.secrets).isEmpty)
        let text = "\(request)"
        for visible in ["signDocument", "POST /v1/sign/42", "visible-trace", "page=2", "refresh_token", "bearer"] {
            #expect(text.contains(visible), "\(visible) in \(text)")
        }
    }

    @Test func aJSONBodyShowsItsSizeNotItsBytes() {
        let body = RequestBody.json(Data(#"{"password":"\#(Self.password)"}"#.utf8))
        #expect(Rendered.reveals(body, Self.secrets).isEmpty)
        #expect("\(body)".contains("bytes"))
    }

    @Test func anEngineConfigurationHidesItsCredentials() throws {
        let configuration = APIEngineConfiguration(
            baseURL: try #require(URL(string: "https://example.invalid")),
            credentials: ["bearer": .token(Self.token), "basic": .basic(username: "u", password: Self.password)])
        #expect(Rendered.reveals(configuration, Self.secrets).isEmpty)
        #expect("\(configuration)".contains("example.invalid"))
    }
}
