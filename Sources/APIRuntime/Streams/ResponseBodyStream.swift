import Foundation

/// Where a streamed body's chunks come from: a live transfer, or a body already in memory.
protocol ChunkSource: AnyObject, Sendable {
    /// The next chunk, `nil` at the end. Called by one consumer at a time.
    func nextChunk() async throws -> Data?
    /// The consumer is gone: stop the transfer.
    func abandon()
}

/// The body of a streamed answer (`APIRequest.streamsResponse`), in the chunks it arrived in,
/// each handed over as soon as it arrives; read it once.
///
/// Like `URLSession.AsyncBytes`, it is a single pass over one transfer: cancelling the task that
/// reads it, or dropping it unread, cancels the transfer and closes its connection; a wait for
/// the next chunk longer than the call's timeout throws `TransportError` (timed out). What the
/// reader has not taken yet waits in memory up to a small window, then on disk, up to the
/// download limit (`ResponseTooLargeError` past it).
public struct ResponseBodyStream: AsyncSequence, Sendable {
    public typealias Element = Data

    let handle: Handle
    private let mapError: (@Sendable (any Error) -> any Error)?

    /// A body already in memory, as one chunk (a transport or test double without streaming).
    public init(_ body: Data) {
        self.init(source: WholeBody(body))
    }

    /// The chunks of `chunks`, for a transport that streams by other means.
    public init(_ chunks: AsyncThrowingStream<Data, any Error>) {
        self.init(source: ForwardedChunks(chunks))
    }

    init(source: any ChunkSource) {
        handle = Handle(source)
        mapError = nil
    }

    private init(handle: Handle, mapError: @escaping @Sendable (any Error) -> any Error) {
        self.handle = handle
        self.mapError = mapError
    }

    /// The same stream, with every error it throws passed through `transform` first.
    func mappingErrors(_ transform: @escaping @Sendable (any Error) -> any Error) -> ResponseBodyStream {
        guard let inner = mapError else { return ResponseBodyStream(handle: handle, mapError: transform) }
        return ResponseBodyStream(handle: handle, mapError: { transform(inner($0)) })
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let handle: Handle
        let mapError: (@Sendable (any Error) -> any Error)?

        public mutating func next() async throws -> Data? {
            do {
                return try await handle.source.nextChunk()
            } catch {
                throw mapError?(error) ?? error
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(handle: handle, mapError: mapError) }

    /// Owned by every copy of the stream and its iterators: when the last one goes, the
    /// transfer is no longer wanted.
    final class Handle: Sendable {
        let source: any ChunkSource
        init(_ source: any ChunkSource) { self.source = source }
        deinit { source.abandon() }
    }
}

/// A body that was received whole.
private final class WholeBody: ChunkSource, Sendable {
    private let body: Locked<Data?>

    init(_ body: Data) { self.body = Locked(body.isEmpty ? nil : body) }

    func nextChunk() async throws -> Data? {
        body.withLock { body in
            defer { body = nil }
            return body
        }
    }

    func abandon() {}
}

/// Chunks from an `AsyncThrowingStream` a custom transport feeds.
private final class ForwardedChunks: ChunkSource, @unchecked Sendable {
    // @unchecked: the iterator is used by one consumer at a time (the stream is one pass).
    private var iterator: AsyncThrowingStream<Data, any Error>.AsyncIterator

    init(_ chunks: AsyncThrowingStream<Data, any Error>) { iterator = chunks.makeAsyncIterator() }

    func nextChunk() async throws -> Data? { try await iterator.next() }

    func abandon() {}
}

/// The items of a streamed answer, decoded as they arrive: what a generated operation whose
/// answer is `text/event-stream`, JSON Lines or a JSON text sequence returns.
///
/// One public generic type for every kind of stream: the parsers behind it stay internal.
public struct ResponseStream<Element: Sendable>: AsyncSequence, Sendable {
    private let make: @Sendable () -> AsyncIterator

    init(_ make: @escaping @Sendable () -> AsyncIterator) { self.make = make }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let advance: () async throws -> Element?
        public mutating func next() async throws -> Element? { try await advance() }
    }

    public func makeAsyncIterator() -> AsyncIterator { make() }
}

/// The framing of a streamed answer, by its documented media type.
public enum StreamFraming: Sendable {
    /// `text/event-stream`: each event's `data` is one item.
    case serverSentEvents
    /// `application/jsonl`, `application/x-ndjson`: one JSON text per line.
    case jsonLines
    /// `application/json-seq` (RFC 7464).
    case jsonSequence
}

extension RawResponse {
    /// The answer's body as it arrives: streamed when the engine streamed it, otherwise the
    /// body in memory as one chunk (a client or middleware that answered whole).
    public var bodyChunks: ResponseBodyStream { bodyStream ?? ResponseBodyStream(body) }

    /// The answer's items, each decoded as `T` as soon as it is complete. For server-sent
    /// events, each event's `data` is decoded as JSON (comments, and events without data, are
    /// not items); an item that does not decode ends the stream with an error naming its index.
    public func stream<T: Decodable & Sendable>(
        of type: T.Type, framing: StreamFraming
    ) -> APIResponse<ResponseStream<T>> {
        let chunks = bodyChunks
        let items = ResponseStream<T> {
            let reader = StreamItemReader(chunks, framing: framing)
            var index = 0
            return ResponseStream.AsyncIterator {
                guard let text = try await reader.nextText() else { return nil }
                defer { index += 1 }
                do {
                    return try JSONCoding.decode(T.self, from: text)
                } catch {
                    throw StreamItemError(index: index, text: text, underlyingError: error)
                }
            }
        }
        return APIResponse(body: items, statusCode: statusCode, headers: headers)
    }

    /// The answer's server-sent events as they arrive, undecoded.
    public func serverSentEvents() -> APIResponse<ResponseStream<ServerSentEvent>> {
        let chunks = bodyChunks
        let events = ResponseStream<ServerSentEvent> {
            let reader = StreamItemReader(chunks, framing: .serverSentEvents)
            return ResponseStream.AsyncIterator { try await reader.nextEvent() }
        }
        return APIResponse(body: events, statusCode: statusCode, headers: headers)
    }
}

/// The items of one pass over a streamed body, as the parsers complete them. Not generic (the
/// generic sequences in StreamSequences.swift are for tests): every public generic entry point
/// would otherwise carry generic async state machines for each sequence type into every app.
final class StreamItemReader {
    private var chunks: ResponseBodyStream.AsyncIterator
    private let framing: StreamFraming
    private var parser = ServerSentEventParser()
    private var splitter: JSONRecordSplitter
    private var events = ReadyItems<ServerSentEvent>()
    private var texts = ReadyItems<Data>()
    private var ended = false

    init(_ body: ResponseBodyStream, framing: StreamFraming) {
        chunks = body.makeAsyncIterator()
        self.framing = framing
        splitter = JSONRecordSplitter(framing == .jsonSequence ? .recordSeparated : .lines)
    }

    func nextEvent() async throws -> ServerSentEvent? {
        while true {
            if let event = events.next() { return event }
            if ended { return nil }
            if let chunk = try await chunks.next() {
                events.refill(parser.feed(chunk))
            } else {
                ended = true
                events.refill(parser.finish())
            }
        }
    }

    /// The next item's bytes: an event's data, or one JSON text.
    func nextText() async throws -> Data? {
        if framing == .serverSentEvents { return try await nextEvent().map { Data($0.data.utf8) } }
        while true {
            if let text = texts.next() { return text }
            if ended { return nil }
            if let chunk = try await chunks.next() {
                texts.refill(splitter.feed(chunk))
            } else {
                ended = true
                texts.refill(try splitter.finish())
            }
        }
    }
}
