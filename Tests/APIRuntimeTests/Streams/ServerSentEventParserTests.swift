import Foundation
import Testing

@testable import APIRuntime

/// The WHATWG event stream interpretation, fed whole and cut at every byte.
@Suite struct ServerSentEventParserTests {
    /// The events of `text` fed in one chunk, and fed one byte at a time: the two must agree.
    static func events(_ text: String) -> [ServerSentEvent] {
        events(Array(text.utf8))
    }

    static func events(_ bytes: [UInt8]) -> [ServerSentEvent] {
        var whole = ServerSentEventParser()
        let atOnce = whole.feed(bytes) + whole.finish()
        var split = ServerSentEventParser()
        var byByte: [ServerSentEvent] = []
        for byte in bytes { byByte += split.feed([byte]) }
        byByte += split.finish()
        #expect(atOnce == byByte, "chunking changed the events")
        return atOnce
    }

    @Test func fieldsDataLinesAndDefaults() {
        let events = Self.events("event: add\ndata: {\"a\":1}\ndata: second\nid: 7\n\ndata:plain\n\n")
        #expect(events == [
            ServerSentEvent(event: "add", data: "{\"a\":1}\nsecond", id: "7"),
            ServerSentEvent(data: "plain", id: "7"),
        ])
    }

    @Test func everyLineEndingAndACROnItsOwn() {
        #expect(Self.events("data: a\r\n\r\ndata: b\r\rdata: c\n\n") == [
            ServerSentEvent(data: "a"), ServerSentEvent(data: "b"), ServerSentEvent(data: "c"),
        ])
        // A CR then an LF in the next chunk is one line end, not a blank line.
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("data: x\r".utf8)).isEmpty)
        #expect(parser.feed(Array("\ndata: y\n\n".utf8)) == [ServerSentEvent(data: "x\ny")])
    }

    @Test func commentsUnknownFieldsAndFieldsWithoutColon() {
        let events = Self.events(": keep-alive\nfoo: bar\ndata\n\ndata:  two spaces\n\n")
        #expect(events == [ServerSentEvent(data: ""), ServerSentEvent(data: " two spaces")])
    }

    @Test func noDataNoEventAndThePendingEventIsDiscardedAtTheEnd() {
        #expect(Self.events("event: ping\n\nid: 3\n\n").isEmpty)
        #expect(Self.events("data: never finished").isEmpty)
        #expect(Self.events("data: done\n\ndata: cut") == [ServerSentEvent(data: "done")])
    }

    @Test func idAndRetryRules() {
        let events = Self.events("id: 1\ndata: a\n\nid: x\u{0}y\nretry: 1500\ndata: b\n\nretry: 12a\ndata: c\n\nid\ndata: d\n\n")
        #expect(events.map(\.id) == ["1", "1", "1", ""])
        #expect(events.map(\.retry) == [nil, 1500, nil, nil])
        #expect(events.map(\.data) == ["a", "b", "c", "d"])
    }

    @Test func aByteOrderMarkAtTheStartIsSkippedAndOnlyThere() {
        #expect(Self.events([0xEF, 0xBB, 0xBF] + Array("data: a\n\n".utf8)) == [ServerSentEvent(data: "a")])
        // Not a mark: the held bytes are text (an invalid sequence becomes U+FFFD).
        let notMark = Self.events([0xEF, 0xBB] + Array("data: a\n\n".utf8))
        #expect(notMark.isEmpty, "\(notMark)")
        #expect(Self.events(Array("data: \u{FEFF}x\n\n".utf8)) == [ServerSentEvent(data: "\u{FEFF}x")])
        #expect(Self.events([0xEF, 0xBB, 0xBF]).isEmpty)
    }

    @Test func anEmptyEventNameIsTheDefault() {
        #expect(Self.events("event:\ndata: a\n\n") == [ServerSentEvent(data: "a")])
    }

    /// Linear whatever the shape: a megabyte of one data line, of blank lines, of lone CRs.
    @Test func largeShapesStayWhole() {
        let long = String(repeating: "x", count: 1 << 20)
        var parser = ServerSentEventParser()
        let events = parser.feed(Array("data: \(long)\n\n".utf8)) + parser.finish()
        #expect(events.first?.data.utf8.count == 1 << 20)
        var blank = ServerSentEventParser()
        #expect(blank.feed([UInt8](repeating: 0x0A, count: 1 << 20)).isEmpty)
        var crs = ServerSentEventParser()
        #expect(crs.feed([UInt8](repeating: 0x0D, count: 1 << 20)).isEmpty)
    }
}
