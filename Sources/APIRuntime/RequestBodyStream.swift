import Foundation

extension RequestBody {
    /// A request body produced by an `AsyncSequence` of bytes while the call runs: generated
    /// lazily, compressed on the fly, read from a source that is not a file. Send it as
    /// `RequestBody.stream(_:contentType:)`.
    ///
    /// ```swift
    /// let lines = AsyncStream<Data> { continuation in … }
    /// request.body = .stream(RequestBody.ByteStream(lines), contentType: "application/jsonl")
    /// ```
    ///
    /// **It is read once.** Like the body of AsyncHTTPClient's `HTTPClientRequest` or a
    /// swift-openapi-runtime `HTTPBody` with `.single` iteration, the sequence is consumed as it is
    /// sent and cannot be started again, so the engine sends a call with a streamed body at most
    /// once: no automatic retry (whatever `RetryPolicy` or `APIRequest.retryable` say), no redirect
    /// that would send the body again (307/308), no second pass through the middleware chain.
    /// Anything that would need the bytes a second time fails with `RequestBody.ReplayError`
    /// instead. Build a new stream (and a new request) to try again.
    ///
    /// The sequence should end its iteration when the reading task is cancelled (`AsyncStream`
    /// and `AsyncThrowingStream` do): the call's deadline and cancellation reach it that way. An
    /// error it throws fails the call before anything is sent.
    ///
    /// Equal only to itself (like `HTTPBody`): two streams are never interchangeable.
    public final class ByteStream: Sendable, Hashable, CustomStringConvertible {
        /// The number of bytes the sequence will produce, when known; the call fails before
        /// anything is sent if it produces another number. `nil`: whatever it produces.
        public let length: Int64?
        private let produce: @Sendable (_ consume: (Data) async throws -> Void) async throws -> Void
        private let claimed = Locked(false)

        /// A body from a sequence of chunks (`Data`, `[UInt8]`, `ArraySlice<UInt8>`…), in order.
        public init<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks, length: Int64? = nil)
        where Chunks.Element: Sequence, Chunks.Element.Element == UInt8 {
            self.length = length
            produce = { consume in
                for try await chunk in chunks {
                    try await consume(chunk as? Data ?? Data(chunk))
                }
            }
        }

        /// A body from a sequence of single bytes (`FileHandle.bytes`, `URL.resourceBytes`), gathered
        /// into chunks of 64 KiB before they are written.
        public init<Bytes: AsyncSequence & Sendable>(_ bytes: Bytes, length: Int64? = nil)
        where Bytes.Element == UInt8 {
            self.length = length
            produce = { consume in
                var chunk = Data()
                chunk.reserveCapacity(ByteStream.gatherSize)
                for try await byte in bytes {
                    chunk.append(byte)
                    if chunk.count == ByteStream.gatherSize {
                        try await consume(chunk)
                        chunk.removeAll(keepingCapacity: true)
                    }
                }
                if !chunk.isEmpty { try await consume(chunk) }
            }
        }

        static let gatherSize = 64 << 10

        /// Whether the sequence has been started (the body is then spent).
        public var isConsumed: Bool { claimed.withLock { $0 } }

        public var description: String {
            "ByteStream(\(length.map { "\($0) bytes" } ?? "length unknown")\(isConsumed ? ", consumed" : ""))"
        }

        public static func == (lhs: ByteStream, rhs: ByteStream) -> Bool { lhs === rhs }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

        /// Runs the sequence once, handing each chunk to `consume`; throws `RequestBody.ReplayError`
        /// if it was run before. The rule "a streamed body is never replayed" starts here.
        func consume(operationName: String, _ consume: (Data) async throws -> Void) async throws {
            let first = claimed.withLock { started -> Bool in
                defer { started = true }
                return !started
            }
            guard first else {
                throw ReplayError(operationName: operationName, cause: .sentAgain)
            }
            try await produce(consume)
        }
    }

    /// A request whose body is a `ByteStream` would have had to send that body a second time:
    /// a 307/308 redirect, or a middleware (or a second call) sending the same request again. Nothing
    /// was sent for the second time; the stream's bytes are gone, so the engine cannot do it.
    public struct ReplayError: Error, Sendable, Hashable, LocalizedError, CustomNSError,
        CustomStringConvertible
    {
        /// What asked for the body a second time.
        public enum Cause: Sendable, Hashable {
            /// A 307 or 308 redirect asked for the same body at the next URL.
            case redirect(statusCode: Int)
            /// The request was sent again (by a middleware, or a second call) after its body was consumed.
            case sentAgain
        }

        public let operationName: String
        public let cause: Cause

        public init(operationName: String, cause: Cause) {
            self.operationName = operationName
            self.cause = cause
        }

        /// The cause in words.
        public var reason: String {
            switch cause {
            case .redirect(let statusCode): "a \(statusCode) redirect asks for the body to be sent again"
            case .sentAgain: "the request was sent again (a middleware or a second call) after its body was consumed"
            }
        }

        public var message: String {
            "The streamed request body of \(operationName) cannot be sent twice: \(reason)"
        }
        public var errorDescription: String? { message }
        public var description: String { "RequestBody.ReplayError: \(message)" }
        public static var errorDomain: String { "APIRuntime.RequestBody.ReplayError" }
        public var errorCode: Int { -1 }
        public var errorUserInfo: [String: Any] {
            [NSLocalizedDescriptionKey: message, "operationName": operationName, "reason": reason]
        }
    }
}

extension BodyBuilder {
    /// A streamed body, written to a private temporary file (0600, in a 0700 directory of its
    /// own) chunk by chunk as the sequence produces it, then sent from there like a file body.
    ///
    /// Why a file and not a pipe read by libcurl as it goes: on Linux, URLSession reads an
    /// `httpBodyStream` inside libcurl's read callback, on the one serial queue every
    /// URLSession of the process shares (swift-corelibs-foundation, `URLSession.sharedQueue`),
    /// and a stream has no way to say "not yet": `hasBytesAvailable == false` or a read of 0
    /// ends the body. A bound `InputStream` would therefore block that queue whenever the
    /// sequence is slower than the network, stalling every other transfer in the app (measured
    /// with Swift 6.3.1: a GET on another session, started while a body stream's read blocked
    /// for 2 s, took 1.7 s), and deadlocking, until the deadline, one whose bytes come from
    /// another URLSession transfer (a download being relayed). The alternative that can wait, `uploadTask(fromFile:)` on a FIFO, un-pauses
    /// libcurl from its own reader and traps the process when the transfer has ended meanwhile
    /// (see `URLSessionHTTPTransport.streaming`). So memory stays bounded (one chunk of the
    /// sequence at a time) at the cost of disk space for the body and of sending only once the
    /// sequence has ended; upload progress, the stated `Content-Length` and cancellation then
    /// work exactly as for a file. The multipart builder does the same for bodies with files.
    ///
    /// `deadline` bounds the whole writing (the sequence is cancelled when it passes), and a
    /// cancelled caller stops it; in every failure the file is removed.
    static func spool(
        _ stream: RequestBody.ByteStream, contentType: String, operationName: String, timeout: TimeInterval
    ) async throws -> PreparedBody {
        let (temporary, output) = try PrivateTemporaryFile.create(name: "body.stream")
        do {
            let written = try await withThrowingTaskGroup(of: Int64?.self) { group in
                group.addTask {
                    defer { try? output.close() }
                    var written: Int64 = 0
                    try await stream.consume(operationName: operationName) { chunk in
                        try Task.checkCancellation()
                        do {
                            try output.write(contentsOf: chunk)
                        } catch {
                            throw EngineError("Cannot write the streamed upload body", underlyingError: error)
                        }
                        written += Int64(chunk.count)
                    }
                    try Task.checkCancellation()
                    return written
                }
                group.addTask {
                    try await Task.sleep(nanoseconds: RetryDelay.nanoseconds(timeout))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let written = first else {
                    throw TransportError.timedOut(after: timeout)
                }
                return written
            }
            if let length = stream.length, length != written {
                throw EngineError(
                    "The streamed body produced \(written) bytes, not the \(length) its length states",
                    context: ["operation": operationName])
            }
            return PreparedBody(
                source: .file(temporary.url), contentType: contentType, length: written, temporary: temporary,
                isReplayable: false)
        } catch {
            temporary.remove()
            throw error
        }
    }
}
