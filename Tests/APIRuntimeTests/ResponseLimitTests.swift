import Foundation
import Testing
import AssinafyTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@testable import APIRuntime

/// The response size limit, enforced while the body arrives on every kind of task, counted
/// after content decoding, with the transfer cancelled as soon as it is passed.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.unavailableReason)) struct ResponseLimitTests {
    let server = TestServer.shared
    static let limit: Int64 = 1 << 20

    func engine(limit: Int64 = ResponseLimitTests.limit, download: Int64? = nil) -> APIEngine {
        var configuration = Fixture.configuration()
        configuration.maximumResponseBytes = limit
        if let download { configuration.maximumDownloadBytes = download }
        return APIEngine(configuration: configuration)
    }

    /// Paced (64 KiB per millisecond at most) where it would run on: on Linux the transport
    /// learns of each piece late and cancels late, and an unpaced loopback stream piles up
    /// hundreds of MB meanwhile, which other suites measuring memory would see.
    func large(_ id: String, size: Int64, gzip: Bool = false, chunked: Bool = false) -> APIRequest {
        var query = [QueryItem("size", String(size))]
        if size == 0 || size > 16 << 20 { query.append(QueryItem("pause", "0.001")) }
        if gzip { query.append(QueryItem("gzip", "1")) }
        if chunked { query.append(QueryItem("chunked", "1")) }
        return Fixture.request("large", id, query: query)
    }

    /// With `upload`, the same request with a file body, so it runs as an upload task.
    func prepared(_ request: APIRequest, upload: Bool) throws -> (APIRequest, URL?) {
        upload ? try uploading(request) : (request, nil)
    }

    /// The same request with a file body, so it runs as an upload task.
    func uploading(_ request: APIRequest) throws -> (APIRequest, URL) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("limit-\(UUID().uuidString).bin")
        try Data(repeating: 7, count: 64 * 1024).write(to: file)
        var request = request
        request.method = .post
        request.body = .file(file, contentType: "application/octet-stream")
        return (request, file)
    }

    func event(_ id: String) async throws -> String? {
        for _ in 0..<200 {
            if let event = try await server.events(id).first { return event }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        return nil
    }

    @Test func endlessBodyStopsAtTheLimitOnTheDataPath() async throws {
        let id = Fixture.id()
        let error = await thrown { try await engine().send(large(id, size: 0)) }
        let tooLarge = try #require(error as? ResponseTooLargeError, "\(String(describing: error))")
        #expect(tooLarge.limit == Self.limit)
        #expect(tooLarge.receivedBytes > Self.limit)
        #expect(tooLarge.declaredLength == nil)
        // Cancelled, not drained: the server's writes fail once the client has gone.
        #expect(try await event(id) == "disconnected")
    }

    @Test func endlessBodyStopsAtTheLimitOnTheUploadPath() async throws {
        let id = Fixture.id()
        let (request, file) = try uploading(large(id, size: 0))
        defer { try? FileManager.default.removeItem(at: file) }
        let error = await thrown { try await engine().send(request) }
        let tooLarge = try #require(error as? ResponseTooLargeError, "\(String(describing: error))")
        #expect(tooLarge.receivedBytes > Self.limit)
        #expect(try await server.requests(id).first?.body_size == 64 * 1024)
        #expect(try await event(id) == "disconnected")
    }

    @Test func declaredLengthOverTheLimitIsRefusedBeforeTheBody() async throws {
        for upload in [false, true] {
            let id = Fixture.id()
            // 64 GiB announced: only a cancelled transfer stops the server before it has sent all.
            let (request, file) = try prepared(large(id, size: 64 << 30), upload: upload)
            defer { file.map { try? FileManager.default.removeItem(at: $0) } }
            let error = await thrown { try await engine().send(request) }
            let tooLarge = try #require(error as? ResponseTooLargeError, "\(String(describing: error))")
            #expect(tooLarge.declaredLength == 64 << 30)
            #expect(tooLarge.receivedBytes == 0)
            let seen = try await event(id)
            #expect(seen == "disconnected", "upload: \(upload), \(String(describing: seen))")
        }
    }

    /// A compression bomb: 4 MiB that travel as about 4 KB of gzip, sent whatever the client
    /// accepts. The decoded bytes are what count.
    @Test func gzipBombIsCountedDecoded() async throws {
        for upload in [false, true] {
            let id = Fixture.id()
            let (request, file) = try prepared(large(id, size: 4 << 20, gzip: true), upload: upload)
            defer { file.map { try? FileManager.default.removeItem(at: $0) } }
            let error = await thrown { try await engine().send(request) }
            let tooLarge = try #require(error as? ResponseTooLargeError, "upload \(upload): \(String(describing: error))")
            #expect(tooLarge.receivedBytes > Self.limit)
            #expect(tooLarge.declaredLength == nil)
        }
    }

    @Test func bodiesUpToTheLimitArriveWhole() async throws {
        for (gzip, chunked, upload) in [(false, false, false), (false, true, false), (true, false, false), (false, false, true), (true, true, true)] {
            let id = Fixture.id()
            let (request, file) = try prepared(large(id, size: Self.limit, gzip: gzip, chunked: chunked), upload: upload)
            defer { file.map { try? FileManager.default.removeItem(at: $0) } }
            let response = try await engine().send(request)
            #expect(Int64(response.body.count) == Self.limit, "gzip \(gzip) chunked \(chunked) upload \(upload)")
            #expect(response.body.first == UInt8(ascii: "\""))
            #expect(response.body.last == UInt8(ascii: "\""))
        }
    }

    /// libcurl would inflate a compressed answer faster than the limit can be checked, so the
    /// transport asks for none on Linux, unless the caller chose an encoding.
    @Test func asksForUncompressedAnswersUnlessTheCallerChose() async throws {
        let id = Fixture.id()
        _ = try await engine().send(Fixture.request("echo", id))
        var chosen = Fixture.request("echo", id, rest: "/chosen")
        chosen.headers.set("Accept-Encoding", "gzip")
        _ = try await engine().send(chosen)
        let records = try await server.requests(id)
        #if canImport(FoundationNetworking)
            #expect(records.first { !$0.path.hasSuffix("/chosen") }?.header("Accept-Encoding") == "identity")
        #endif
        #expect(records.first { $0.path.hasSuffix("/chosen") }?.header("Accept-Encoding") == "gzip")
    }

    @Test func perRequestLimitAndDownloadDefaultApply() async throws {
        let id = Fixture.id()
        var request = large(id, size: 256 * 1024)
        let own: Int64 = 128 * 1024
        request.maximumResponseBytes = own
        let error = await thrown { try await engine().send(request) }
        #expect((error as? ResponseTooLargeError)?.limit == own, "\(String(describing: error))")
        // A binary answer held in memory costs memory like any other: the download limit, far
        // higher, is for bodies streamed to a file (DownloadToFileTests).
        var binary = large(Fixture.id(), size: 2 * Self.limit)
        binary.responseKind = .binary
        binary.query.append(QueryItem("ctype", "application/pdf"))
        let refused = await thrown { try await engine(download: 4 * Self.limit).send(binary) }
        #expect((refused as? ResponseTooLargeError)?.limit == Self.limit, "\(String(describing: refused))")
        binary.maximumResponseBytes = 4 * Self.limit
        let response = try await engine().send(binary)
        #expect(Int64(response.body.count) == 2 * Self.limit)
    }

    /// Issue 33: a small gzip answer with a binary media type, sent though the request asked for
    /// no coding, inflates far past the in-memory limit. Held in memory, it gets that limit, counted
    /// on the decoded bytes, and fails typed instead of returning the inflated body.
    @Test func unsolicitedGzipBinaryAnswerInMemoryGetsTheInMemoryLimit() async throws {
        for ctype in ["application/octet-stream", "application/pdf"] {
            var request = large(Fixture.id(), size: 4 << 20, gzip: true)
            request.responseKind = .binary
            request.query.append(QueryItem("ctype", ctype))
            let error = await thrown { try await engine().send(request) }
            let tooLarge = try #require(error as? ResponseTooLargeError, "\(ctype): \(String(describing: error))")
            #expect(tooLarge.limit == Self.limit)
            #expect(tooLarge.receivedBytes > Self.limit)
            #expect(tooLarge.declaredLength == nil)
        }
    }

    @Test func limitsMustBePositive() throws {
        var configuration = Fixture.configuration()
        configuration.maximumResponseBytes = 0
        configuration.maximumDownloadBytes = -1
        let problems = configuration.validationProblems()
        #expect(problems["maximumResponseBytes"] != nil)
        #expect(problems["maximumDownloadBytes"] != nil)
        #expect(APIEngineConfiguration.defaultMaximumResponseBytes == 32 << 20)
        #expect(APIEngineConfiguration.defaultMaximumDownloadBytes == 1 << 30)
    }

    @Test func errorCarriesNoBodyAndReadsClearly() {
        let error = ResponseTooLargeError(limit: 10, receivedBytes: 20)
        #expect(error.message == "The response exceeded the limit of 10 bytes (20 bytes received)")
        let declared = ResponseTooLargeError(limit: 10, receivedBytes: 0, declaredLength: 99)
        #expect(declared.localizedDescription.contains("announced 99 bytes"))
        #expect((declared as NSError).userInfo["declaredLength"] as? Int64 == 99)
    }
}
