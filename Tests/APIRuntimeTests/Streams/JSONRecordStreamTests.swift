import Foundation
import Testing

@testable import APIRuntime

/// JSON Lines and RFC 7464 sequences, split and decoded as the bytes arrive.
@Suite struct JSONRecordStreamTests {
    struct Item: Decodable, Sendable, Equatable {
        let n: Int
    }

    /// The chunks of `text`, `size` bytes each, as an upstream byte stream.
    static func chunks(_ bytes: [UInt8], size: Int) -> AsyncStream<[UInt8]> {
        AsyncStream { continuation in
            for start in stride(from: 0, to: bytes.count, by: size) {
                continuation.yield(Array(bytes[start..<min(start + size, bytes.count)]))
            }
            continuation.finish()
        }
    }

    static func texts(_ framing: JSONRecordSplitter.Framing, _ bytes: [UInt8]) throws -> [String] {
        var splitter = JSONRecordSplitter(framing)
        return (splitter.feed(bytes) + (try splitter.finish())).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func linesSkipBlanksAcceptCRLFAndAnUnterminatedLastLine() throws {
        let texts = try Self.texts(.lines, Array("{\"n\":1}\r\n\n  \n{\"n\":2}\n{\"n\":3}".utf8))
        #expect(texts == ["{\"n\":1}", "{\"n\":2}", "{\"n\":3}"])
    }

    @Test func sequencesSplitOnRecordSeparators() throws {
        let texts = try Self.texts(.recordSeparated, Array("junk\u{1E}{\"n\":1}\n\u{1E}\u{1E}  \n\u{1E}[2]\n".utf8))
        #expect(texts == ["{\"n\":1}\n", "[2]\n"])
    }

    @Test func aSequenceCutShortIsReported() {
        var splitter = JSONRecordSplitter(.recordSeparated)
        #expect(splitter.feed(Array("\u{1E}{\"n\":1}\n\u{1E}12".utf8)).map { Array($0) } == [Array("{\"n\":1}\n".utf8)])
        #expect(throws: JSONRecordSplitter.TruncatedRecord.self) { try splitter.finish() }
    }

    @Test(arguments: [1, 2, 5, 64])
    func typedItemsAtAnyChunkSize(size: Int) async throws {
        let body = Array("{\"n\":1}\n{\"n\":2}\n\n{\"n\":3}\n".utf8)
        var items: [Item] = []
        for try await item in JSONRecordStream(Self.chunks(body, size: size), framing: .lines, as: Item.self) {
            items.append(item)
        }
        #expect(items == [Item(n: 1), Item(n: 2), Item(n: 3)])
    }

    @Test func aBadItemSaysWhichItWas() async throws {
        let body = Array("{\"n\":1}\n{\"n\":\"two\"}\n{\"n\":3}\n".utf8)
        var seen: [Item] = []
        let error = await #expect(throws: StreamItemError.self) {
            for try await item in JSONRecordStream(Self.chunks(body, size: 3), framing: .lines, as: Item.self) {
                seen.append(item)
            }
        }
        #expect(seen == [Item(n: 1)])
        #expect(error?.index == 1)
        #expect(String(decoding: error?.text ?? Data(), as: UTF8.self) == "{\"n\":\"two\"}")
    }

    @Test func serverSentEventsAsAStreamWithTypedData() async throws {
        let body = Array("event: tick\ndata: {\"n\":4}\n\n: comment\ndata: {\"n\":5}\n\n".utf8)
        var events: [ServerSentEvent] = []
        for try await event in ServerSentEventStream(Self.chunks(body, size: 4)) { events.append(event) }
        #expect(events.map(\.event) == ["tick", nil])
        #expect(try events.map { try $0.decodeData(as: Item.self) } == [Item(n: 4), Item(n: 5)])
    }
}
