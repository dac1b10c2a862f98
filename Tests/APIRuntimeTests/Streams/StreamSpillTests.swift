import AssinafyTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import APIRuntime

/// A streamed answer whose reader falls behind keeps a small window in memory and the rest in
/// private temporary files (`StreamBacklog`), read back in order (issue 32).
@Suite(.enabled(if: TestServer.isAvailable, TestServer.unavailableReason)) struct StreamSpillTests {
    let server = TestServer.shared

    /// The local server's `large` scenario, numbered lines (`pattern`), chunked.
    static func request(_ id: String, size: Int, pause: Double = 0) -> APIRequest {
        var request = Fixture.request(
            "large", id,
            query: [
                QueryItem("size", String(size)), QueryItem("chunked", "1"), QueryItem("pattern", "1"),
                QueryItem("pause", String(pause)),
            ])
        request.streamsResponse = true
        return request
    }

    /// What the server's numbered body of `size` bytes is.
    static func numbered(_ size: Int) -> Data {
        var data = Data(capacity: size + 16)
        var line = 0
        while data.count < size {
            let digits = String(line)
            data.append(contentsOf: (String(repeating: "0", count: 15 - digits.count) + digits + "\n").utf8)
            line += 1
        }
        return data.prefix(size)
    }

    static func engine(maximumResponseBytes: Int64? = nil, maximumDownloadBytes: Int64? = nil) -> APIEngine {
        var configuration = Fixture.configuration()
        if let maximumResponseBytes { configuration.maximumResponseBytes = maximumResponseBytes }
        if let maximumDownloadBytes { configuration.maximumDownloadBytes = maximumDownloadBytes }
        return APIEngine(configuration: configuration)
    }

    static func head() throws -> HTTPURLResponse {
        try #require(
            HTTPURLResponse(
                url: URL(string: "https://example.invalid/feed")!, statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: [:]))
    }

    /// Driven without a network, so the reader's lag is exactly what the test makes it: it falls
    /// behind by far more than the window, catches up, falls behind again, across several files.
    @Test func aReaderFarBehindGetsEveryByteInOrderWhileMemoryStaysWithinTheWindow() async throws {
        let window = 64 << 10
        let transfer = StreamTransfer(
            uploadProgress: nil, limit: nil, backlogLimit: nil, idleTimeout: 30, deadlines: DeadlineScheduler(),
            window: window, segmentSize: 256 << 10)
        let head = try Self.head()
        #expect(transfer.received(head))
        var sent = Data()
        var received = Data()
        var generator = SplitMix(seed: 32)
        var largestPiece = 0
        func send() {
            let size = 1 + Int(generator.next() % (40 << 10))
            let piece = Data((0..<size).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            largestPiece = max(largestPiece, size)
            sent.append(piece)
            #expect(transfer.received(piece) == nil)
        }
        for round in 0..<4 {
            // Behind: many pieces per read.
            for _ in 0..<(30 + 10 * round) {
                send()
                send()
                send()
                if let chunk = try await transfer.nextChunk() { received.append(chunk) }
            }
            // Catching up, with the network still delivering now and then.
            for step in 0..<200 {
                if step % 4 == 0 { send() }
                if let chunk = try await transfer.nextChunk() { received.append(chunk) }
                if received.count == sent.count { break }
            }
            #expect(received.count == sent.count, "round \(round): the reader never caught up")
        }
        send()
        transfer.completed(nil, response: head)
        while let chunk = try await transfer.nextChunk() { received.append(chunk) }
        #expect(received == sent)
        #expect(transfer.highestBacklog <= window + largestPiece, "\(transfer.highestBacklog) bytes waited in memory")
        #expect(transfer.spilledBytes > 0)
        #expect(transfer.spillPaths.count > 4, "\(transfer.spillPaths.count) spill files")
        #expect(openSpillFiles(transfer.spillPaths).isEmpty)
    }

    /// A spill file that cannot be created ends the stream with a typed error, not a crash.
    @Test func aSpillFileThatCannotBeWrittenEndsTheStreamTyped() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("absent-\(UUID().uuidString)")
        let transfer = StreamTransfer(
            uploadProgress: nil, limit: nil, backlogLimit: nil, idleTimeout: 30, deadlines: DeadlineScheduler(),
            window: 1024, spillDirectory: missing)
        let head = try Self.head()
        #expect(transfer.received(head))
        #expect(transfer.received(Data(repeating: 1, count: 1024)) == nil)
        #expect(transfer.received(Data(repeating: 2, count: 1024)) == nil)
        let error = await thrown { try await transfer.nextChunk() }
        let engineError = try #require(error as? EngineError, "\(String(describing: error))")
        #expect(engineError.message.contains("temporary file"))
        // The transfer is over: nothing more is kept.
        #expect(transfer.received(Data(repeating: 3, count: 1024)) == nil)
        #expect(transfer.highestTotalBacklog == 1024)
    }

    /// The server sends the whole body before the reader takes anything: past the window it goes
    /// to disk, and the reader still gets it byte for byte, beyond the in-memory limit.
    @Test func aFastServerAndASlowReaderSpillToDiskAndKeepTheOrder() async throws {
        let size = 8 << 20
        let engine = Self.engine(maximumResponseBytes: 4 << 20)
        let response = try await engine.send(Self.request(Fixture.id(), size: size))
        let body = try #require(response.bodyStream)
        let transfer = try #require(body.handle.source as? StreamTransfer)
        let delivered = try await waitUntil(within: 60, every: .milliseconds(50)) { transfer.hasCompleted }
        #expect(delivered, "the server never finished sending")
        var received = Data()
        for try await chunk in body { received.append(chunk) }
        #expect(received.count == size)
        #expect(received == Self.numbered(size), "the body came back out of order")
        // The window, plus one delivered piece that may straddle it.
        #expect(
            transfer.highestBacklog <= StreamBacklog.defaultWindow + (1 << 20),
            "\(transfer.highestBacklog) bytes waited in memory")
        #expect(transfer.spilledBytes > 0)
        #expect(openSpillFiles(transfer.spillPaths).isEmpty, "a spill file is still open")
    }

    @Test func cancellingTheReaderWhileBytesWaitOnDiskFreesThemAndClosesTheConnection() async throws {
        let id = Fixture.id()
        // Paced so the answer is still arriving when the reader gives up.
        let response = try await Fixture.transport().send(Self.request(id, size: 256 << 20, pause: 0.005))
        let body = try #require(response.bodyStream)
        let transfer = try #require(body.handle.source as? StreamTransfer)
        let spilled = try await waitUntil(within: 60, every: .milliseconds(20)) { transfer.spilledBytes > 0 }
        try #require(spilled, "nothing was spilled")
        #expect(!seesOpenFiles || !openSpillFiles(transfer.spillPaths).isEmpty, "the spill file should be open")
        let reader = Task { () -> (Int, (any Error)?) in
            var chunks = body.makeAsyncIterator()
            var count = 0
            do {
                while try await chunks.next() != nil {
                    count += 1
                    if count == 2 { withUnsafeCurrentTask { $0?.cancel() } }
                }
                return (count, nil)
            } catch {
                return (count, error)
            }
        }
        let (count, error) = await reader.value
        #expect(error is CancellationError, "\(String(describing: error))")
        // What waited on disk is dropped, not handed over after the cancellation.
        #expect(count == 2, "the reader got \(count) chunks")
        let freed = try await waitUntil(within: 60, every: .milliseconds(50)) {
            openSpillFiles(transfer.spillPaths).isEmpty
        }
        #expect(freed, "a spill file is still open")
        let closed = try await waitUntil(within: 60, every: .milliseconds(50)) {
            try await server.events(id).contains("disconnected")
        }
        #expect(closed, "the server still had the connection")
    }

    @Test func droppingAStreamWithBytesOnDiskFreesThemAndClosesTheConnection() async throws {
        let id = Fixture.id()
        let transfer: StreamTransfer
        do {
            let response = try await Fixture.transport().send(Self.request(id, size: 256 << 20, pause: 0.005))
            let body = try #require(response.bodyStream)
            transfer = try #require(body.handle.source as? StreamTransfer)
            let spilled = try await waitUntil(within: 60, every: .milliseconds(20)) { transfer.spilledBytes > 0 }
            try #require(spilled, "nothing was spilled")
            #expect(!seesOpenFiles || !openSpillFiles(transfer.spillPaths).isEmpty, "the spill file should be open")
        }
        let freed = try await waitUntil(within: 60, every: .milliseconds(50)) {
            openSpillFiles(transfer.spillPaths).isEmpty
        }
        #expect(freed, "a spill file is still open")
        let closed = try await waitUntil(within: 60, every: .milliseconds(50)) {
            try await server.events(id).contains("disconnected")
        }
        #expect(closed, "the server still had the connection")
    }

    /// Falling behind is held to the download limit (disk), not the in-memory one.
    @Test func aReaderBehindByMoreThanTheDownloadLimitGetsResponseTooLarge() async throws {
        let limit: Int64 = 3 << 20
        let size = 32 << 20
        let engine = Self.engine(maximumDownloadBytes: limit)
        let response = try await engine.send(Self.request(Fixture.id(), size: size))
        let body = try #require(response.bodyStream)
        let transfer = try #require(body.handle.source as? StreamTransfer)
        let over = try await waitUntil(within: 60, every: .milliseconds(50)) { transfer.hasCompleted }
        #expect(over, "the transfer never ended")
        var received = 0
        let error = await thrown {
            for try await chunk in body { received += chunk.count }
        }
        let tooLarge = try #require(error as? ResponseTooLargeError, "\(String(describing: error))")
        #expect(tooLarge.limit == limit)
        #expect(received < size)
        #expect(transfer.spilledBytes > 0)
        #expect(transfer.highestTotalBacklog <= limit)
        #expect(openSpillFiles(transfer.spillPaths).isEmpty, "a spill file is still open")
    }
}

/// Whether `openSpillFiles` can see anything on this platform.
#if os(Linux)
let seesOpenFiles = true
#else
let seesOpenFiles = false
#endif

/// The spill files among `paths` this process still holds open. Each is unlinked as soon as it
/// is open, so only its descriptor shows it: Linux lists them under /proc/self/fd, with the path
/// they had. Empty elsewhere.
func openSpillFiles(_ paths: [String]) -> [String] {
    #if os(Linux)
    let directories = paths.map { "/" + URL(fileURLWithPath: $0).deletingLastPathComponent().lastPathComponent + "/" }
    let files = FileManager.default
    guard let descriptors = try? files.contentsOfDirectory(atPath: "/proc/self/fd") else { return [] }
    return descriptors.compactMap { try? files.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0) }
        .filter { target in directories.contains { target.contains($0) } }
    #else
    return []
    #endif
}

/// A small deterministic generator (SplitMix64), so a failure replays the same pieces.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
