import Foundation

/// One event of a `text/event-stream` answer, as the WHATWG HTML standard's event stream
/// interpretation dispatches it.
///
/// Public because an operation whose events have no documented type returns these; the parser
/// and the other stream types stay internal (every public symbol stays in an app on ELF).
public struct ServerSentEvent: Sendable, Equatable, CustomStringConvertible {
    /// The `event` field; `nil` where the stream named none (a browser calls that type "message").
    public var event: String?
    /// The `data` fields of the event joined by line feeds.
    public var data: String
    /// The last event ID at the time of this event: it carries over to later events until an
    /// `id` field changes it.
    public var id: String?
    /// A `retry` field given with this event: the reconnection delay the server asks for, in ms.
    public var retry: Int?

    public init(event: String? = nil, data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }

    public var description: String {
        var parts = ["data: \(data.debugDescription)"]
        if let event { parts.insert("event: \(event)", at: 0) }
        if let id { parts.append("id: \(id)") }
        if let retry { parts.append("retry: \(retry)") }
        return "ServerSentEvent(\(parts.joined(separator: ", ")))"
    }
}

/// Turns the bytes of a `text/event-stream` answer into events, however the bytes are cut into
/// chunks.
///
/// The rules are the WHATWG standard's: the stream is UTF-8 (a byte order mark at its very start
/// is skipped; invalid bytes become U+FFFD); a line ends at CRLF, LF or CR, also when the CR and LF
/// arrive in different chunks; a blank line dispatches the event being built; a line starting
/// with `:` is a comment; `field: value` loses one space after the colon, and a line without a
/// colon is a field with an empty value; `data` lines are joined with line feeds; an `id` holding
/// NUL is ignored; `retry` counts only when it is all ASCII digits; unknown fields are ignored;
/// an event without data is not dispatched; what is pending when the stream ends is discarded.
///
/// Each byte is looked at a bounded number of times, so the cost is linear in the stream
/// whatever its shape (one long line, many tiny events, CRs alone).
struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    /// A CR ended the previous chunk's last line: an LF starting the next chunk belongs to it.
    private var afterCR = false
    /// Whether the stream's first bytes, which may hold a byte order mark, are still to come.
    private var atStart = true
    private var pendingBOM: [UInt8] = []
    private var data: [UInt8] = []
    private var hasData = false
    private var eventType: String?
    private var lastEventID: String?
    private var retry: Int?

    init() {}

    /// The events completed by `chunk`.
    mutating func feed<Bytes: Sequence>(_ chunk: Bytes) -> [ServerSentEvent] where Bytes.Element == UInt8 {
        var events: [ServerSentEvent] = []
        for byte in chunk {
            if atStart {
                // EF BB BF at the very start is a byte order mark, not text.
                let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
                if byte == bom[pendingBOM.count] {
                    pendingBOM.append(byte)
                    if pendingBOM.count == bom.count {
                        atStart = false
                        pendingBOM = []
                    }
                    continue
                }
                atStart = false
                let held = pendingBOM
                pendingBOM = []
                for earlier in held { consume(earlier, into: &events) }
            }
            consume(byte, into: &events)
        }
        return events
    }

    /// The stream ended: a line without its terminator is still processed, but an event not yet
    /// dispatched by a blank line is discarded, as the standard says.
    mutating func finish() -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        if !pendingBOM.isEmpty {
            let held = pendingBOM
            pendingBOM = []
            for byte in held { consume(byte, into: &events) }
        }
        if !line.isEmpty { endLine(into: &events) }
        data = []
        hasData = false
        eventType = nil
        return events
    }

    private mutating func consume(_ byte: UInt8, into events: inout [ServerSentEvent]) {
        switch byte {
        case UInt8(ascii: "\n"):
            if afterCR {
                afterCR = false
                return
            }
            endLine(into: &events)
        case UInt8(ascii: "\r"):
            afterCR = true
            endLine(into: &events)
        default:
            afterCR = false
            line.append(byte)
        }
    }

    private mutating func endLine(into events: inout [ServerSentEvent]) {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else {
            dispatch(into: &events)
            return
        }
        if line[0] == UInt8(ascii: ":") { return }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let field = line[..<(colon ?? line.endIndex)]
        var valueStart = colon.map { $0 + 1 } ?? line.endIndex
        if valueStart < line.endIndex && line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = line[valueStart...]
        switch String(decoding: field, as: UTF8.self) {
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "data":
            if hasData { data.append(UInt8(ascii: "\n")) }
            data.append(contentsOf: value)
            hasData = true
        case "id":
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                retry = Int(String(decoding: value, as: UTF8.self))
            }
        default:
            break
        }
    }

    private mutating func dispatch(into events: inout [ServerSentEvent]) {
        defer {
            data.removeAll(keepingCapacity: true)
            hasData = false
            eventType = nil
            retry = nil
        }
        guard hasData else { return }
        let type = eventType.flatMap { $0.isEmpty ? nil : $0 }
        events.append(
            ServerSentEvent(event: type, data: String(decoding: data, as: UTF8.self), id: lastEventID, retry: retry))
    }
}
