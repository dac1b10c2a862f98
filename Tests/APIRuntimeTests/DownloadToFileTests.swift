import Foundation
import Testing
import AssinafyTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@testable import APIRuntime

/// `APIRequest.downloadDestination`: the body goes to a private file while it arrives and is
/// moved into place only when the call succeeded; every failure leaves nothing behind.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.unavailableReason)) struct DownloadToFileTests {
    let server = TestServer.shared

    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [(Int64, Int64)] = []
        func append(_ received: Int64, _ expected: Int64) { lock.withLock { stored.append((received, expected)) } }
        var all: [(Int64, Int64)] { lock.withLock { stored } }
    }

    /// A directory of the test's own, so leftovers are easy to see.
    func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func contents(_ directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    func download(_ id: String, size: Int64, pause: Double? = nil, to file: URL, reports: Reports? = nil) -> APIRequest {
        var query = [QueryItem("size", String(size)), QueryItem("ctype", "application/pdf")]
        if let pause { query.append(QueryItem("pause", String(pause))) }
        var request = Fixture.request("large", id, query: query)
        request.responseKind = .binary
        request.downloadDestination = file
        if let reports { request.downloadProgress = { reports.append($0, $1) } }
        return request
    }

    func engine(downloadLimit: Int64 = APIEngineConfiguration.defaultMaximumDownloadBytes) -> APIEngine {
        var configuration = Fixture.configuration()
        configuration.maximumDownloadBytes = downloadLimit
        return APIEngine(configuration: configuration)
    }

    @Test func streamsTheBodyIntoAPrivateFileWithProgress() async throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("signed.pdf")
        try Data("old".utf8).write(to: file)
        let reports = Reports()
        let size: Int64 = 3 << 20
        let response = try await engine().send(download(Fixture.id(), size: size, to: file, reports: reports))
        #expect(response.body.isEmpty)
        #expect(response.bodyFile == file)
        let written = try Data(contentsOf: file)
        #expect(Int64(written.count) == size)
        #expect(written.first == UInt8(ascii: "\"") && written.last == UInt8(ascii: "\""))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(contents(folder) == ["signed.pdf"])
        let all = reports.all
        #expect(!all.isEmpty)
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.0 < $1.0 }, "progress must grow")
        #expect(all.last?.0 == size && all.last?.1 == size)
    }

    @Test func overTheLimitLeavesNothingBehind() async throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("signed.pdf")
        try Data("old".utf8).write(to: file)
        let error = await thrown {
            try await engine(downloadLimit: 1 << 20).send(download(Fixture.id(), size: 0, pause: 0.001, to: file))
        }
        #expect((error as? ResponseTooLargeError)?.limit == 1 << 20, "\(String(describing: error))")
        // The earlier file is untouched and no partial one is left.
        #expect(try Data(contentsOf: file) == Data("old".utf8))
        #expect(contents(folder) == ["signed.pdf"])
    }

    /// Streamed to a file, a body costs disk, not memory: it gets the download limit, even when it
    /// arrives compressed and inflates past the in-memory one.
    @Test func aFileGetsTheDownloadLimitNotTheInMemoryOne() async throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("signed.pdf")
        var configuration = Fixture.configuration()
        configuration.maximumResponseBytes = 1 << 20
        let size: Int64 = 4 << 20
        var request = download(Fixture.id(), size: size, to: file)
        request.query.append(QueryItem("gzip", "1"))
        let response = try await APIEngine(configuration: configuration).send(request)
        #expect(response.bodyFile == file)
        #expect(Int64(try Data(contentsOf: file).count) == size)
        #expect(contents(folder) == ["signed.pdf"])
    }

    @Test func cancellationLeavesNothingBehind() async throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("signed.pdf")
        let reports = Reports()
        let request = download(Fixture.id(), size: 64 << 20, pause: 0.01, to: file, reports: reports)
        let engine = engine()
        let call = Task { try await engine.send(request) }
        for _ in 0..<400 where reports.all.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(!reports.all.isEmpty, "the body started arriving")
        // The partial body is staged beside the destination, not at it.
        #expect(!FileManager.default.fileExists(atPath: file.path))
        call.cancel()
        let error = await thrown { try await call.value }
        #expect(error is CancellationError, "\(String(describing: error))")
        #expect(contents(folder).isEmpty)
    }

    @Test func anErrorAnswerStaysInMemoryAndWritesNoFile() async throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("signed.pdf")
        var request = Fixture.request(
            "respond", Fixture.id(), query: [QueryItem("code", "404"), QueryItem("body", #"{"message":"gone"}"#)])
        request.responseKind = .binary
        request.downloadDestination = file
        let error = await thrown { try await engine().send(request) }
        #expect((error as? ServerResponseError)?.message == "gone")
        #expect(contents(folder).isEmpty)
    }

    /// Sees what the rest of the chain will judge.
    struct Peek: APIMiddleware {
        let seen: Locked<[RawResponse]>
        func intercept(
            _ request: APIRequest, operation: String, next: @Sendable (APIRequest) async throws -> RawResponse
        ) async throws -> RawResponse {
            let response = try await next(request)
            seen.withLock { $0.append(response) }
            return response
        }
    }

    /// A 2xx JSON answer to a download is no file: middlewares see its body in memory (an API may
    /// report errors that way), and nothing is written.
    @Test func aJSONAnswerToADownloadComesBackInMemory() async throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("signed.pdf")
        let json = #"{"status":404,"message":"gone"}"#
        var request = Fixture.request("respond", Fixture.id(), query: [QueryItem("code", "200"), QueryItem("body", json)])
        request.responseKind = .binary
        request.downloadDestination = file
        let seen = Locked<[RawResponse]>([])
        let engine = APIEngine(configuration: Fixture.configuration(), middlewares: [Peek(seen: seen)])
        let error = await thrown { try await engine.send(request) }
        #expect((error as? EngineError)?.message == "Expected file content but the server answered JSON")
        let response = try #require(seen.withLock { $0.first })
        #expect(response.bodyFile == nil)
        #expect(response.body == Data(json.utf8))
        #expect(contents(folder).isEmpty)
    }

    /// Held to the JSON limit, not the download one, once it is known to be JSON.
    @Test func aJSONAnswerToADownloadIsHeldToTheJSONLimit() async throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("signed.pdf")
        var configuration = Fixture.configuration()
        configuration.maximumResponseBytes = 1 << 10
        var request = download(Fixture.id(), size: 64 << 10, to: file)
        request.query = [QueryItem("size", String(64 << 10))]
        let error = await thrown { try await APIEngine(configuration: configuration).send(request) }
        #expect((error as? ResponseTooLargeError)?.limit == 1 << 10, "\(String(describing: error))")
        #expect(contents(folder).isEmpty)
    }

    /// A transport that knows nothing of files answers in memory; the engine writes the file.
    @Test func aTransportThatIgnoresTheFileStillDeliversOne() async throws {
        struct InMemory: HTTPTransport {
            func send(_ request: TransportRequest) async throws -> TransportResponse {
                TransportResponse(statusCode: 200, headers: ["Content-Type": "application/pdf"], body: Data("%PDF-1.7".utf8))
            }
        }
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("signed.pdf")
        var request = Fixture.request("echo", Fixture.id())
        request.responseKind = .binary
        request.downloadDestination = file
        let response = try await APIEngine(configuration: Fixture.configuration(), transport: InMemory()).send(request)
        #expect(response.bodyFile == file)
        #expect(try Data(contentsOf: file) == Data("%PDF-1.7".utf8))
        #expect(contents(folder) == ["signed.pdf"])
        request.maximumResponseBytes = 4
        let refused = await thrown {
            try await APIEngine(configuration: Fixture.configuration(), transport: InMemory()).send(request)
        }
        #expect(refused is ResponseTooLargeError)
    }
}
