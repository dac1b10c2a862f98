import Foundation
import Testing

@testable import APIRuntime

/// `RawResponse.text()`, what generated code returns for a `text/*` success: the charset the
/// answer names, UTF-8 otherwise, and never a silently repaired string.
@Suite struct ResponseTextTests {
    func response(_ bytes: [UInt8], _ contentType: String?) -> RawResponse {
        var headers = HeaderFields()
        if let contentType { headers.set("Content-Type", contentType) }
        return RawResponse(statusCode: 200, headers: headers, body: Data(bytes))
    }

    @Test func utf8UnlessTheCharsetSaysOtherwise() throws {
        #expect(try response(Array("ação;1\n".utf8), "text/csv").text().body == "ação;1\n")
        #expect(try response(Array("ação".utf8), nil).text().body == "ação")
        #expect(try response([0x61, 0xE7, 0xE3, 0x6F], "text/plain; charset=ISO-8859-1").text().body == "ação")
        #expect(try response([0x61, 0xE7], #"text/plain; format=flowed; charset="latin1""#).text().body == "aç")
    }

    @Test func invalidTextIsAnErrorNotAReplacement() {
        #expect(throws: EngineError.self) { try response([0x61, 0xC3], "text/plain").text() }
        #expect(throws: EngineError.self) { try response([0x61], "text/plain; charset=koi8-r").text() }
    }

    @Test func theCharsetParameterIsFoundAnywhere() {
        #expect(MediaType.charset(of: "text/plain;charset=UTF-8") == "utf-8")
        #expect(MediaType.charset(of: "text/plain; a=b; Charset = \"Latin1\"") == "latin1")
        #expect(MediaType.charset(of: "text/plain") == nil)
        #expect(MediaType.charset(of: nil) == nil)
    }
}
