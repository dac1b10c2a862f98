import AssinafyTestSupport
import Foundation
import Testing

@testable import APIRuntime

/// Request bodies streamed from an `AsyncSequence` (`RequestBody.stream`), through the engine and
/// URLSession against the loopback server: exact bytes, bounded memory, cancellation, deadline,
/// progress, and the rule that a streamed body is sent at most once.
@Suite(.serialized, .enabled(if: TestServer.isAvailable, TestServer.unavailableReason))
struct RequestBodyStreamTests {
    let server = TestServer.shared

    /// Chunks of uneven sizes (1 byte up to 70 KiB) with a known pattern.
    static func pattern(_ count: Int, seed: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: ($0 &+ seed) &* 131 &+ ($0 >> 7)) }
    }

    /// SHA-256 of `data` repeated `times` times, by Python (no digest in Foundation on Linux).
    static func sha256(_ data: Data, times: Int = 1) async throws -> String {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        throw ReferenceTool.Failure(description: "subprocesses are unavailable on this platform")
        #else
        let script = """
            import hashlib, sys
            block = sys.stdin.buffer.read()
            h = hashlib.sha256()
            for _ in range(int(sys.argv[1])):
                h.update(block)
            print(h.hexdigest())
            """
        let output = try await offThePool { () throws -> Data in
            let process = Process()
            let input = Pipe()
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", script, String(times)]
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            input.fileHandleForWriting.write(data)
            try input.fileHandleForWriting.close()
            let text = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return text
        }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #endif
    }

    /// Counts what a generator produced, so a test can see it stop.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add(_ n: Int) { lock.withLock { value += n } }
        var count: Int { lock.withLock { value } }
    }

    static func streamed(_ chunks: [[UInt8]]) -> AsyncStream<[UInt8]> {
        AsyncStream { continuation in
            for chunk in chunks { continuation.yield(chunk) }
            continuation.finish()
        }
    }

    // MARK: Bytes

    /// What the sequence produced, exactly, with its length stated (not chunked), and upload
    /// progress that ends at that length.
    @Test func theServerReceivesExactlyTheBytesProduced() async throws {
        let sizes = [1, 70_000, 3, 16_384, 0, 65_537, 12_345, 2]
        let chunks = sizes.enumerated().map { Self.pattern($0.element, seed: $0.offset) }
        let all = Data(chunks.joined())
        let id = Fixture.id()
        let progress = Locked<[(Int64, Int64)]>([])
        var request = Fixture.request("upload", id, method: .post)
        request.body = .stream(RequestBody.ByteStream(Self.streamed(chunks)), contentType: "application/x-ndjson")
        request.uploadProgress = { sent, total in progress.withLock { $0.append((sent, total)) } }
        let data = try Fixture.echoed(try await Fixture.transport().send(request))
        #expect(data["size"]?.intValue == Int64(all.count))
        #expect(data["sha256"]?.stringValue == (try await Self.sha256(all)))
        #expect(data["content_type"]?.stringValue == "application/x-ndjson")
        let record = try #require(try await server.requests(id).first)
        #expect(record.header("Content-Length") == String(all.count))
        #expect(record.header("Transfer-Encoding") == nil)
        let values = progress.withLock { $0 }
        #expect(values.last.map { $0.0 == Int64(all.count) && $0.1 == Int64(all.count) } == true, "\(values)")
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.0 <= $1.0 })
    }

    /// A sequence of single bytes is gathered into chunks; a stated length that matches is fine.
    @Test func aSequenceOfSingleBytesWithItsLength() async throws {
        let bytes = Self.pattern(200_003, seed: 7)
        let single = AsyncStream<UInt8> { continuation in
            for byte in bytes { continuation.yield(byte) }
            continuation.finish()
        }
        var request = Fixture.request("upload", Fixture.id(), method: .put)
        request.body = .stream(RequestBody.ByteStream(single, length: Int64(bytes.count)))
        let data = try Fixture.echoed(try await Fixture.transport().send(request))
        #expect(data["size"]?.intValue == Int64(bytes.count))
        #expect(data["sha256"]?.stringValue == (try await Self.sha256(Data(bytes))))
        #expect(data["content_type"]?.stringValue == "application/octet-stream")
    }

    /// An empty sequence sends an empty body.
    @Test func anEmptySequenceSendsAnEmptyBody() async throws {
        let id = Fixture.id()
        var request = Fixture.request("echo", id, method: .post)
        request.body = .stream(RequestBody.ByteStream(Self.streamed([])))
        _ = try await Fixture.transport().send(request)
        let record = try #require(try await server.requests(id).first)
        #expect(record.body_size == 0)
    }

    /// 50 MB generated lazily, one 1 MiB chunk at a time: resident memory stays far below the
    /// body's size, the bytes arrive intact, and the progress reports reach the whole length.
    @Test func fiftyMegabytesGeneratedLazilyKeepMemoryBounded() async throws {
        let block = Data((0..<(1 << 20)).map { _ in UInt8.random(in: 0...255) })
        let megabytes = 50
        let expected = try await Self.sha256(block, times: megabytes)
        let produced = Counter()
        func lazyBody() -> RequestBody.ByteStream {
            let chunks = AsyncStream<Data>(unfolding: {
                guard produced.count < megabytes << 20 else { return nil }
                produced.add(block.count)
                // A fresh buffer each time, as a generator would make it (not one shared buffer).
                return Data(block)
            })
            return RequestBody.ByteStream(chunks, length: Int64(megabytes << 20))
        }
        let progress = Locked<[(Int64, Int64)]>([])
        var request = Fixture.request("upload", Fixture.id(), method: .post)
        request.body = .stream(lazyBody())
        request.uploadProgress = { sent, total in progress.withLock { $0.append((sent, total)) } }
        request.timeout = 120

        let baseline = UploadTests.MemorySampler.residentKB()
        let sampler = UploadTests.MemorySampler()
        sampler.start()
        let data = try Fixture.echoed(try await Fixture.transport().send(request))
        let peak = sampler.stop()
        var growths = [Double(peak - baseline) / 1024]
        print("50 MB streamed body: resident growth \(String(format: "%.1f", growths[0])) MB")
        #expect(data["size"]?.intValue == Int64(megabytes << 20))
        #expect(data["sha256"]?.stringValue == expected)
        let values = progress.withLock { $0 }
        #expect(values.count > 10)
        #expect(values.last.map { $0.0 == Int64(megabytes << 20) && $0.1 == Int64(megabytes << 20) } == true)
        // As in UploadTests: other suites' memory only adds, so the least of up to three runs is
        // this upload's own figure; one that held the body would exceed the bound every time.
        while growths.count < 3, let least = growths.min(), least >= 20 {
            produced.add(-produced.count)
            var again = Fixture.request("upload", Fixture.id(), method: .post)
            again.body = .stream(lazyBody())
            again.timeout = 120
            let before = UploadTests.MemorySampler.residentKB()
            let sampler = UploadTests.MemorySampler()
            sampler.start()
            _ = try await Fixture.transport().send(again)
            growths.append(Double(sampler.stop() - before) / 1024)
        }
        #expect((growths.min() ?? .infinity) < 20, "resident memory grew \(growths) MB")
    }

    // MARK: Cancellation and deadline

    /// Cancelling the call while the body is still being produced ends it at once: the
    /// sequence is no longer read, nothing reaches the server, no temporary file stays.
    @Test func cancellingMidUploadStopsIt() async throws {
        let id = Fixture.id()
        let produced = Counter()
        let endless = AsyncStream<Data>(unfolding: {
            try? await Task.sleep(nanoseconds: 1_000_000)
            produced.add(64 << 10)
            return Data(count: 64 << 10)
        })
        let before = UploadTests.temporaryUploads()
        var request = Fixture.request("upload", id, method: .post)
        request.body = .stream(RequestBody.ByteStream(endless))
        let call = Task { try await Fixture.transport().send(request) }
        _ = try await waitUntil(within: 60, every: .milliseconds(5)) { produced.count > 1 << 20 }
        let (result, took) = await elapsed {
            call.cancel()
            return await call.result
        }
        #expect(throws: CancellationError.self) { try result.get() }
        // Far below the call's deadline (`Fixture.hangGuard`), which a cancellation that did not
        // stop the upload would wait for; a busy machine may take seconds, never that long.
        #expect(took < Fixture.hangGuard / 4, "cancellation took \(took) s")
        let stopped = produced.count
        try await Task.sleep(nanoseconds: 100_000_000)
        #expect(produced.count <= stopped + (64 << 10), "the sequence was still read after cancellation")
        #expect(try await server.requests(id).isEmpty)
        #expect(try await UploadTests.leftBehind(since: before).isEmpty)
    }

    /// Cancelling while the written body is on its way to a slow server ends the call at once,
    /// closes the connection (the server got only part of it) and removes the temporary file.
    @Test func cancellingWhileSendingStopsIt() async throws {
        let id = Fixture.id()
        // Larger than what loopback socket buffers can absorb, so the cancel finds it sending.
        let megabytes = 32
        let produced = Counter()
        let body = AsyncStream<Data>(unfolding: {
            guard produced.count < megabytes << 20 else { return nil }
            produced.add(1 << 20)
            return Data(count: 1 << 20)
        })
        let before = UploadTests.temporaryUploads()
        var request = Fixture.request("upload", id, method: .post, query: [QueryItem("read_pause", "0.01")])
        request.body = .stream(RequestBody.ByteStream(body, length: Int64(megabytes << 20)))
        let sent = Locked<Int64>(0)
        request.uploadProgress = { bytes, _ in sent.withLock { $0 = bytes } }
        let call = Task { try await Fixture.transport().send(request) }
        _ = try await waitUntil(within: 60, every: .milliseconds(5)) { sent.withLock { $0 } > 0 }
        let (result, took) = await elapsed {
            call.cancel()
            return await call.result
        }
        #expect(throws: CancellationError.self) { try result.get() }
        // Far below the call's deadline (`Fixture.hangGuard`), which a cancellation that did not
        // stop the upload would wait for; a busy machine may take seconds, never that long.
        #expect(took < Fixture.hangGuard / 4, "cancellation took \(took) s")
        _ = try await waitUntil(within: 60, every: .milliseconds(50)) { try await !server.requests(id).isEmpty }
        let record = try #require(try await server.requests(id).first)
        #expect(record.body_size < megabytes << 20, "the whole body was sent after cancellation")
        #expect(try await UploadTests.leftBehind(since: before).isEmpty)
    }

    /// A sequence that stops producing is held to the call's timeout.
    @Test func aStalledSequenceTimesOut() async throws {
        let id = Fixture.id()
        let stalled = AsyncStream<Data> { continuation in continuation.yield(Data("{}\n".utf8)) }
        var request = Fixture.request("upload", id, method: .post)
        request.body = .stream(RequestBody.ByteStream(stalled))
        request.timeout = 1
        let (error, took) = await elapsed { await thrown { try await Fixture.transport().send(request) } }
        let transport = try #require(error as? TransportError, "\(String(describing: error))")
        #expect(transport.underlyingError?.code == .timedOut)
        // The sequence never ends: without the deadline the call would wait forever. On a busy
        // machine the timeout's delivery may be late by seconds.
        #expect(took < 30, "took \(took) s")
        #expect(try await server.requests(id).isEmpty)
    }

    /// An error from the sequence fails the call; nothing is sent.
    @Test func anErrorFromTheSequenceFailsTheCallBeforeSending() async throws {
        struct Broken: Error {}
        let id = Fixture.id()
        let failing = AsyncThrowingStream<Data, any Error> { continuation in
            continuation.yield(Data("partial".utf8))
            continuation.finish(throwing: Broken())
        }
        var request = Fixture.request("upload", id, method: .post)
        request.body = .stream(RequestBody.ByteStream(failing))
        #expect(await thrown { try await Fixture.transport().send(request) } is Broken)
        #expect(try await server.requests(id).isEmpty)
    }

    /// A stated length the sequence does not keep fails the call before anything is sent.
    @Test func aLengthTheSequenceDoesNotKeepFailsTheCall() async throws {
        let id = Fixture.id()
        var request = Fixture.request("upload", id, method: .post)
        request.body = .stream(RequestBody.ByteStream(Self.streamed([[1, 2, 3]]), length: 4))
        let error = await thrown { try await Fixture.transport().send(request) }
        #expect((error as? EngineError)?.message.contains("produced 3 bytes, not the 4") == true)
        #expect(try await server.requests(id).isEmpty)
    }

    // MARK: Sent at most once

    /// A retryable answer (503) to a call whose streamed body was sent is not retried, even
    /// where the policy and the operation would retry the same call with a body in memory.
    @Test func aRetryableFailureAfterTheBodyBeganIsNotRetried() async throws {
        let retrying = RetryPolicy(maxRetries: 2, maxDelay: 0, baseDelay: 0)
        let query = [QueryItem("code", "503"), QueryItem("times", "1"), QueryItem("body", "{}")]

        let inMemoryID = Fixture.id()
        var inMemory = Fixture.request("respond", inMemoryID, method: .post, query: query)
        inMemory.body = .raw(Data("x".utf8), contentType: "application/octet-stream")
        inMemory.retryable = true
        _ = try await Fixture.transport(retry: retrying).send(inMemory)
        #expect(try await server.requests(inMemoryID).count == 2, "the policy retries a body in memory")

        let streamedID = Fixture.id()
        var streamed = Fixture.request("respond", streamedID, method: .post, query: query)
        streamed.body = .stream(RequestBody.ByteStream(Self.streamed([Array("x".utf8)])))
        streamed.retryable = true
        let error = await thrown { try await Fixture.transport(retry: retrying).send(streamed) }
        #expect((error as? ServerResponseError)?.statusCode == 503)
        let records = try await server.requests(streamedID)
        #expect(records.count == 1)
        #expect(records.first?.body_size == 1)
    }

    /// A 307 asks for the body again: the engine refuses with a typed error instead of sending
    /// an empty or partial one.
    @Test func aRedirectThatNeedsTheBodyAgainIsATypedError() async throws {
        let id = Fixture.id()
        let target = Fixture.id()
        var request = Fixture.request(
            "redirect", id, method: .post, query: [QueryItem("code", "307"), QueryItem("to", "/v1/echo/\(target)")])
        request.body = .stream(RequestBody.ByteStream(Self.streamed([Array("body".utf8)])))
        let error = await thrown { try await Fixture.transport().send(request) }
        let replay = try #require(error as? RequestBody.ReplayError, "\(String(describing: error))")
        #expect(replay.operationName == request.operationName)
        #expect(replay.cause == .redirect(statusCode: 307))
        #expect(replay.reason.contains("307"))
        #expect(try await server.requests(id).count == 1)
        #expect(try await server.requests(target).isEmpty)
    }

    /// A middleware that sends the request a second time gets the typed error for that second
    /// pass; the first went out once.
    @Test func aMiddlewareSendingItTwiceGetsATypedError() async throws {
        struct Twice: APIMiddleware {
            func intercept(
                _ request: APIRequest, operation: String,
                next: @Sendable (APIRequest) async throws -> RawResponse
            ) async throws -> RawResponse {
                _ = try await next(request)
                return try await next(request)
            }
        }
        let id = Fixture.id()
        var request = Fixture.request("echo", id, method: .post)
        let body = RequestBody.ByteStream(Self.streamed([Array("once".utf8)]))
        request.body = .stream(body)
        let error = await thrown { try await Fixture.transport(middlewares: [Twice()]).send(request) }
        #expect((error as? RequestBody.ReplayError)?.cause == .sentAgain, "\(String(describing: error))")
        #expect(body.isConsumed)
        #expect(try await server.requests(id).count == 1)
    }

    /// Equal only to itself, and described without its bytes.
    @Test func identityAndDescription() {
        let one = RequestBody.ByteStream(Self.streamed([]), length: 0)
        let other = RequestBody.ByteStream(Self.streamed([]), length: 0)
        #expect(RequestBody.stream(one) == RequestBody.stream(one))
        #expect(RequestBody.stream(one) != RequestBody.stream(other))
        #expect(
            RequestBody.stream(one, contentType: "application/jsonl").description
                == ".stream(ByteStream(0 bytes), application/jsonl)")
    }
}
