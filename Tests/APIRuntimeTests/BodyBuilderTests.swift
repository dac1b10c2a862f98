import Foundation
import Testing

@testable import APIRuntime

@Suite struct BodyBuilderTests {
    @Test func multipartInMemoryFormat() throws {
        let parts = [
            MultipartPart.field("name", "Contrato"),
            MultipartPart(name: "file", filename: "a\"b\r\n.pdf", content: .data(Data("%PDF".utf8))),
        ]
        let body = try BodyBuilder.multipart(parts, boundary: "XYZ")
        guard case .data(let data) = body.source else { Issue.record("expected in-memory body"); return }
        let expected = "--XYZ\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nContrato\r\n"
            + "--XYZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a%22b%0D%0A.pdf\"\r\n"
            + "Content-Type: application/pdf\r\n\r\n%PDF\r\n--XYZ--\r\n"
        #expect(String(decoding: data, as: UTF8.self) == expected)
        #expect(body.contentType == "multipart/form-data; boundary=XYZ")
        #expect(body.length == Int64(data.count))
        #expect(body.temporaryFile == nil)
    }

    @Test func multipartWithFileStreamsToAPrivateTemporaryFile() throws {
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("bb-\(UUID().uuidString).pdf")
        let content = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try content.write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        let body = try BodyBuilder.multipart(
            [MultipartPart(name: "file", content: .file(source)), .field("x", "1")], boundary: "B")
        let temporary = try #require(body.temporaryFile)
        let written = try Data(contentsOf: temporary)
        let header = "--B\r\nContent-Disposition: form-data; name=\"file\"\r\nContent-Type: application/pdf\r\n\r\n"
        #expect(written.prefix(header.utf8.count) == Data(header.utf8))
        #expect(written.dropFirst(header.utf8.count).prefix(content.count) == content)
        #expect(body.length == Int64(written.count))
        let permissions = try FileManager.default.attributesOfItem(atPath: temporary.path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o600)
        body.cleanUp()
        #expect(!FileManager.default.fileExists(atPath: temporary.path))
    }

    @Test func missingFileFailsBeforeAnyIO() {
        let missing = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).pdf")
        #expect(throws: EngineError.self) {
            try BodyBuilder.prepare(.multipart([MultipartPart(name: "file", content: .file(missing))]))
        }
        #expect(throws: EngineError.self) { try BodyBuilder.prepare(.file(missing, contentType: "application/pdf")) }
    }

    @Test func formAndRaw() throws {
        let form = try #require(try BodyBuilder.prepare(.form([QueryItem("grant_type", "authorization_code"), QueryItem("code", "a b")])))
        #expect(form.contentType == "application/x-www-form-urlencoded")
        if case .data(let data) = form.source { #expect(String(decoding: data, as: UTF8.self) == "grant_type=authorization_code&code=a+b") }
        let raw = try #require(try BodyBuilder.prepare(.raw(Data([1, 2]), contentType: "application/octet-stream")))
        #expect(raw.length == 2)
    }

    @Test func jsonEncodingKeepsMemberOrderAndIsStable() throws {
        let value: JSONValue = ["zeta": 1, "alpha": ["y": true, "b": nil], "mid": "x", "beta": [3, 2, 1]]
        let first = try JSONCoding.encode(value)
        for _ in 0..<20 { #expect(try JSONCoding.encode(value) == first) }
        #expect(String(decoding: first, as: UTF8.self) == #"{"zeta":1,"alpha":{"y":true,"b":null},"mid":"x","beta":[3,2,1]}"#)
        #expect(String(decoding: try JSONCoding.encode(["u": "a/b"] as JSONValue), as: UTF8.self) == #"{"u":"a/b"}"#)
    }
}
