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
        // In a private directory of its own, not the shared (1777) temporary directory, where
        // another user could open it before its permissions are narrowed.
        let directory = temporary.deletingLastPathComponent()
        #expect(directory.standardizedFileURL != FileManager.default.temporaryDirectory.standardizedFileURL)
        #expect(Self.mode(directory.path) == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [temporary.lastPathComponent])
        body.cleanUp()
        #expect(!FileManager.default.fileExists(atPath: temporary.path))
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        body.cleanUp()  // idempotent
    }

    static func mode(_ path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Int(info.st_mode & 0o7777)
    }

    /// The first observable state: right after creation, before a byte is written, even under a
    /// umask that leaves everything open (Foundation's createFile gave 0666 here until it
    /// applied the attributes).
    @Test func privateFileIsNarrowFromItsFirstMoment() throws {
        let previous = umask(0)
        let created = Result { try PrivateTemporaryFile.create() }
        umask(previous)
        let (file, handle) = try created.get()
        defer { file.remove() }
        var info = stat()
        #expect(fstat(handle.fileDescriptor, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o600)
        #expect(info.st_mode & S_IFMT == S_IFREG)
        #expect(info.st_uid == geteuid())
        #expect(Self.mode(file.directory.path) == 0o700)
        #expect(file.directory.lastPathComponent.hasPrefix("api-upload-"))
        try handle.close()
        file.remove()
        #expect(Self.mode(file.directory.path) == nil)
    }

    #if os(Linux)
    /// A part that fails while being copied (reading /proc/self/mem at offset 0 is EIO) leaves
    /// neither the file nor its directory behind.
    @Test func failedWriteRemovesTheTemporaryFile() throws {
        let before = Self.uploadDirectories()
        #expect(throws: EngineError.self) {
            try BodyBuilder.multipart([MultipartPart(name: "file", content: .file(URL(fileURLWithPath: "/proc/self/mem")))])
        }
        #expect(Self.uploadDirectories().subtracting(before).isEmpty)
    }
    #endif

    static func uploadDirectories() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)) ?? []
        return Set(names.filter { $0.hasPrefix("api-upload-") })
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
