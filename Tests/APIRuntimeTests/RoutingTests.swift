import Foundation
import Testing

@testable import APIRuntime

@Suite struct RoutingTests {
    func url(_ base: String, _ path: String, _ query: [QueryItem] = []) throws -> String {
        try URLBuilder.url(base: try #require(URL(string: base)), path: path, query: query).absoluteString
    }

    @Test func joinsTheServerURLAndTheOperationPath() throws {
        #expect(try url("https://h.example", "/v1/documents") == "https://h.example/v1/documents")
        #expect(try url("https://h.example/", "/v1/documents") == "https://h.example/v1/documents")
        // A server URL with a path is a prefix of every operation path (OpenAPI's rule)...
        #expect(try url("https://h.example/proxy", "/v1/x") == "https://h.example/proxy/v1/x")
        #expect(try url("https://h.example/api/", "/pets") == "https://h.example/api/pets")
        #expect(try url("http://127.0.0.1:8080", "/v1/a") == "http://127.0.0.1:8080/v1/a")
        // ...except well-known URIs, which live at the host root (RFC 8615).
        #expect(
            try url("https://h.example/api", "/.well-known/oauth-protected-resource")
                == "https://h.example/.well-known/oauth-protected-resource")
    }

    @Test func encodesQueryStrictly() throws {
        let text = try url(
            "https://h.example", "/v1/documents",
            [QueryItem("search", "a b&c=d/é"), QueryItem("filter[status]", "x"), QueryItem("per-page", "50")])
        #expect(text == "https://h.example/v1/documents?search=a%20b%26c%3Dd%2F%C3%A9&filter%5Bstatus%5D=x&per-page=50")
        #expect(URLBuilder.encodeForm([QueryItem("a b", "c+d e")]) == "a+b=c%2Bd+e")
    }

    /// Bytes in a urlencoded form (or a query) are base64, which the form's percent-encoding
    /// then protects (`+`, `/`, `=`): a server's decoder gets back the exact text.
    @Test func bytesAreSentAsBase64() throws {
        let bytes = Data([0xFB, 0xFF, 0x00, 0x3E, 0x80])
        #expect(bytes.parameterText == "+/8APoA=")
        var form: [QueryItem] = []
        form.add("blob", bytes)
        form.add("none", Data?.none)
        form.add("blobs", [Data("hi".utf8), Data()])
        #expect(URLBuilder.encodeForm(form) == "blob=%2B%2F8APoA%3D&blobs=aGk%3D&blobs=")
        let sent = try #require(URLComponents(string: "x:?" + URLBuilder.encodeForm(form))?.queryItems?.first?.value)
        #expect(Data(base64Encoded: sent) == bytes)
    }

    @Test func pathParametersCannotEscape() {
        let hostile: RequestPath = "/v1/documents/\("../../admin?x=1#y")"
        #expect(hostile.encoded == "/v1/documents/..%2F..%2Fadmin%3Fx%3D1%23y")
        #expect(hostile.unsafeValues.count == 1)
    }

    /// The ASCII fast paths must agree with the general rule on every kind of input.
    @Test(arguments: [
        "doc-1", "a.b_c~d", "ABC123", ".", "..", "...", "", " ", "\t", "a b", "a/b", "a\\b", "a?b", "a#b",
        "a\u{7F}", "a\u{0}", "é", "ação-1", "\u{2028}", "\u{85}", "%2F", "a+b", "a@b:c", "\u{3000}",
    ])
    func pathSegmentFastPathsMatchTheGeneralRule(_ value: String) {
        let blank = value.trimmingCharacters(in: .whitespaces).isEmpty
        let forbidden = value.unicodeScalars.contains {
            $0 == "/" || $0 == "\\" || $0 == "?" || $0 == "#" || $0.properties.generalCategory == .control
        }
        #expect(RequestPath.isSafeSegment(value) == !(blank || value == "." || value == ".." || forbidden))
        var unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        unreserved.insert(charactersIn: "-._~")
        #expect(RequestPath.percentEncode(value) == value.addingPercentEncoding(withAllowedCharacters: unreserved))
    }

    @Test func origins() throws {
        let a = try #require(Origin(URL(string: "https://API.example.com/x")!))
        let b = try #require(Origin(URL(string: "https://api.example.com:443/y")!))
        let c = try #require(Origin(URL(string: "http://api.example.com/x")!))
        let d = try #require(Origin(URL(string: "https://api.example.com:8443/x")!))
        #expect(a == b)
        #expect(a != c)
        #expect(a != d)
    }

    // MARK: redirect policy (pure decisions; the live matrix is in RedirectTests)

    static let baseURL = URL(string: "https://api.example.com/v1")!
    static let base = Origin(baseURL)

    func decide(
        _ status: Int, _ location: String?, method: RequestMethod = .get, body: Bool = false, from: String = "https://api.example.com/v1/a",
        left: Bool = false, hops: Int = 0, loopback: Bool = false
    ) -> RedirectDecision {
        // The request's query credential is the access code (the target must not carry it).
        RedirectPolicy.decide(
            status: status, location: location,
            from: Hop(url: URL(string: from)!, method: method, sendsBody: body, leftBaseOrigin: left), base: Self.base,
            hopsSoFar: hops, allowsInsecureLoopback: loopback, queryCredentialNames: ["signer-access-code"])
    }

    func followed(_ decision: RedirectDecision) -> Hop? {
        if case .follow(let hop) = decision { return hop }
        return nil
    }

    @Test func sameOriginRules() throws {
        let relative = try #require(followed(decide(302, "/v1/b")))
        #expect(relative.url.absoluteString == "https://api.example.com/v1/b" && !relative.leftBaseOrigin)
        let kept = try #require(followed(decide(307, "/v1/b", method: .post, body: true)))
        #expect(kept.method == .post && kept.sendsBody)
        let kept308 = try #require(followed(decide(308, "/v1/b", method: .put, body: true)))
        #expect(kept308.method == .put && kept308.sendsBody)
        let seeOther = try #require(followed(decide(303, "/v1/b", method: .post, body: true)))
        #expect(seeOther.method == .get && !seeOther.sendsBody)
        let headSeeOther = try #require(followed(decide(303, "/v1/b", method: .head)))
        #expect(headSeeOther.method == .head)
        #expect(followed(decide(301, "/v1/b")) != nil)
        #expect(followed(decide(302, "/v1/b", method: .post, body: true)) == nil)
        #expect(followed(decide(301, "/v1/b", method: .delete)) == nil)
    }

    @Test func crossOriginRules() throws {
        let get = try #require(followed(decide(302, "https://cdn.example.com/file.pdf")))
        #expect(get.leftBaseOrigin)
        #expect(followed(decide(307, "https://cdn.example.com/x", method: .post, body: true)) == nil)
        #expect(followed(decide(303, "https://cdn.example.com/x", method: .post, body: true)) == nil)
        #expect(followed(decide(302, "https://cdn.example.com/x?signer-access-code=abc")) == nil)
        #expect(followed(decide(302, "https://cdn.example.com/x?Signer-Access-Code=abc")) == nil)
        #expect(followed(decide(302, "http://cdn.example.com/x")) == nil)
        #expect(followed(decide(302, "http://api.example.com/v1/b")) == nil)  // downgrade, same host
        #expect(followed(decide(302, "https://user:pw@cdn.example.com/x")) == nil)
        #expect(followed(decide(302, "https://user@api.example.com/v1/b")) == nil)
        #expect(followed(decide(302, "javascript:alert(1)")) == nil)
        #expect(followed(decide(302, nil)) == nil)
        // Coming back to the base origin after leaving it stays "left": no credentials again.
        let back = try #require(followed(decide(302, "https://api.example.com/v1/c", from: "https://cdn.example.com/x", left: true)))
        #expect(back.leftBaseOrigin)
    }

    @Test func loopbackHTTPOnlyWithOptIn() {
        let from = "http://127.0.0.1:8080/v1/a"
        #expect(followed(decide(302, "http://127.0.0.2:8080/x", from: from, loopback: true)) != nil)
        #expect(followed(decide(302, "http://127.0.0.2:8080/x", from: from, loopback: false)) == nil)
        #expect(followed(decide(302, "http://example.com/x", from: from, loopback: true)) == nil)
    }

    @Test func hopLimit() {
        #expect(followed(decide(302, "/v1/b", hops: 9)) != nil)
        #expect(followed(decide(302, "/v1/b", hops: 10)) == nil)
    }
}
