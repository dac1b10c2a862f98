import Foundation

/// The events of a `text/event-stream` body whose bytes arrive as `base`'s chunks (`Data`,
/// `[UInt8]`, any sequence of bytes), parsed by `ServerSentEventParser` as they arrive.
struct ServerSentEventStream<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Base.Element: Sequence, Base.Element.Element == UInt8 {
    typealias Element = ServerSentEvent
    let base: Base

    init(_ base: Base) { self.base = base }

    struct AsyncIterator: AsyncIteratorProtocol {
        var upstream: Base.AsyncIterator
        var parser = ServerSentEventParser()
        var ready = ReadyItems<ServerSentEvent>()
        var ended = false

        mutating func next() async throws -> ServerSentEvent? {
            while true {
                if let event = ready.next() { return event }
                if ended { return nil }
                if let chunk = try await upstream.next() {
                    ready.refill(parser.feed(chunk))
                } else {
                    ended = true
                    ready.refill(parser.finish())
                }
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(upstream: base.makeAsyncIterator()) }
}

/// The JSON texts of a JSON Lines or JSON text sequence body whose bytes arrive as `base`'s
/// chunks, each decoded to `Item` as soon as it is complete (`JSONCoding.decode`). A text that
/// does not decode ends the sequence with `StreamItemError`, which says which item it was.
struct JSONRecordStream<Base: AsyncSequence & Sendable, Item: Decodable & Sendable>: AsyncSequence, Sendable
where Base.Element: Sequence, Base.Element.Element == UInt8 {
    typealias Element = Item
    let base: Base
    let framing: JSONRecordSplitter.Framing

    init(_ base: Base, framing: JSONRecordSplitter.Framing, as item: Item.Type = Item.self) {
        self.base = base
        self.framing = framing
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var upstream: Base.AsyncIterator
        var splitter: JSONRecordSplitter
        var ready = ReadyItems<Data>()
        var ended = false
        var index = 0

        mutating func next() async throws -> Item? {
            while true {
                if let text = ready.next() {
                    defer { index += 1 }
                    do {
                        return try JSONCoding.decode(Item.self, from: text)
                    } catch {
                        throw StreamItemError(index: index, text: text, underlyingError: error)
                    }
                }
                if ended { return nil }
                if let chunk = try await upstream.next() {
                    ready.refill(splitter.feed(chunk))
                } else {
                    ended = true
                    ready.refill(try splitter.finish())
                }
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(upstream: base.makeAsyncIterator(), splitter: JSONRecordSplitter(framing))
    }
}

/// An item of a stream that could not be decoded.
struct StreamItemError: Error, Sendable, CustomStringConvertible {
    /// Its position in the stream, from 0.
    var index: Int
    /// The item's text as received.
    var text: Data
    var underlyingError: any Error

    var description: String {
        "Stream item \(index) could not be decoded (\(text.count) bytes): \(underlyingError)"
    }
}

extension ServerSentEvent {
    /// `data` decoded as JSON to `T` (an event whose schema gives `data` a content schema).
    func decodeData<T: Decodable>(as type: T.Type = T.self) throws -> T {
        try JSONCoding.decode(type, from: Data(data.utf8))
    }
}

/// Items a parser handed over, read one at a time without shifting the array.
struct ReadyItems<Item> {
    private var items: [Item] = []
    private var position = 0

    mutating func next() -> Item? {
        guard position < items.count else { return nil }
        defer { position += 1 }
        return items[position]
    }

    mutating func refill(_ more: [Item]) {
        items = more
        position = 0
    }
}
