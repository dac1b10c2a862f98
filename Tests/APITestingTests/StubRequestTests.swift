import APIRuntime
import APITesting
import Foundation
import Testing

/// Reading a request back: each value as the engine's parameter text wrote it.
struct StubRequestTests {
    static func request(_ url: String, headers: HeaderFields = [:], body: Data? = nil) throws -> StubRequest {
        var request = TransportRequest(
            url: try #require(URL(string: url)), method: .post, headers: headers, body: body.map { .data($0) })
        request.operationName = "op"
        return try StubRequest(request, operationName: "op", pathTemplate: "/items/{id}/{tag}")
    }

    @Test func pathParametersFollowTheTemplateAfterTheServersOwnPath() throws {
        let request = try Self.request("https://api.example.invalid/v2/items/42/a%2Fb%20c")
        #expect(try request.path("id", as: Int64.self) == 42)
        #expect(try request.path("tag", as: String.self) == "a/b c")
        #expect(throws: StubError.self) {
            try Self.request("https://api.example.invalid/things/42/a")
        }
    }

    @Test func scalarsComeBackAsTheirTypes() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let bytes = Data([0, 1, 254, 255])
        let items = [
            QueryItem("when", date.parameterText), QueryItem("flag", true.parameterText),
            QueryItem("ratio", 0.25.parameterText), QueryItem("count", (-3).parameterText),
            QueryItem("bytes", bytes.parameterText), QueryItem("text", "1 + 1 = 2 & more"),
        ]
        var components = URLComponents(string: "https://api.example.invalid/items/1/t")!
        components.percentEncodedQuery = items.map {
            "\($0.name)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
        }.joined(separator: "&")
        let request = try Self.request(components.string!)
        #expect(try request.query("when", as: Date.self) == date)
        #expect(try request.query("flag", as: Bool.self) == true)
        #expect(try request.query("ratio", as: Double.self) == 0.25)
        #expect(try request.query("count", as: Int.self) == -3)
        #expect(try request.query("bytes", as: Data.self) == bytes)
        #expect(try request.query("text", as: String.self) == "1 + 1 = 2 & more")
        #expect(try request.query("absent", as: String.self) == nil)
        #expect(throws: StubError.self) { try request.query("text", as: Int.self) }
    }

    @Test func arraysByStyleHeadersAndCookies() throws {
        let request = try Self.request(
            "https://api.example.invalid/items/1/t?a=1&a=2&b=x,y&c=p%7Cq",
            headers: ["X-List": "3,4", "Cookie": "k=v%20w; n=5"])
        #expect(try request.queryArray("a", of: Int.self) == [1, 2])
        #expect(try request.queryArray("b", of: String.self, style: .commaDelimited) == ["x", "y"])
        #expect(try request.queryArray("c", of: String.self, style: .pipeDelimited) == ["p", "q"])
        #expect(try request.headerArray("X-List", of: Int.self) == [3, 4])
        #expect(try request.cookie("k", as: String.self) == "v w")
        #expect(try request.cookie("n", as: Int.self) == 5)
    }

    struct Range: Codable, Equatable {
        var gte: Int?
        var label: String?
        var tags: [String]?
        var inner: Inner?
        struct Inner: Codable, Equatable { var flag: Bool }
    }

    @Test func deepObjectsAndQuerystringsComeBackAsObjects() throws {
        let deep = try Self.request(
            "https://api.example.invalid/items/1/t?range%5Bgte%5D=5&range%5Blabel%5D=a%20b"
                + "&range%5Btags%5D=x&range%5Btags%5D=y&range%5Binner%5D%5Bflag%5D=true&other=1")
        #expect(
            try deep.deepObject("range", as: Range.self)
                == Range(gte: 5, label: "a b", tags: ["x", "y"], inner: .init(flag: true)))
        #expect(try deep.deepObject("absent", as: Range.self) == nil)

        let strings = try Self.request("https://api.example.invalid/items/1/t?label=12&tags=1&tags=2")
        #expect(try strings.querystring("q", as: Range.self, style: .form) == Range(label: "12", tags: ["1", "2"]))
        let json = try Self.request("https://api.example.invalid/items/1/t?%7B%22gte%22%3A3%7D")
        #expect(try json.querystring("q", as: Range.self, style: .json) == Range(gte: 3))
        let wrong = try Self.request("https://api.example.invalid/items/1/t?gte=many")
        #expect(throws: StubError.self) { try wrong.querystring("q", as: Range.self, style: .form) }
    }

    @Test func aMultipartBodyIsReadPartByPart() throws {
        let boundary = "boundary-test"
        let body = Data(
            ("--\(boundary)\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhello\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a%22b.pdf\"\r\n"
                + "Content-Type: application/pdf\r\n\r\n%PDF\r\n\r\nx\r\n--\(boundary)--\r\n").utf8)
        let request = try Self.request(
            "https://api.example.invalid/items/1/t",
            headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"], body: body)
        #expect(try request.part("note", as: String.self) == "hello")
        let file = try #require(try request.partFile("file"))
        #expect(file.filename == "a\"b.pdf" && file.contentType == "application/pdf")
        #expect(file.content == .data(Data("%PDF\r\n\r\nx".utf8)))
    }
}
