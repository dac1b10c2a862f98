import Foundation

/// Splits a stream of JSON texts into one `Data` per text, however the bytes are cut into
/// chunks: JSON Lines (`application/jsonl`, `application/x-ndjson`: one text per line) or a JSON
/// text sequence (`application/json-seq`, RFC 7464: each text after a record separator, 0x1E).
///
/// Blank lines of JSON Lines, and empty records of a sequence, are skipped. A line may end in
/// CRLF. The texts are handed over as bytes, not parsed: the caller decodes them (a text that is
/// not valid JSON then fails there, with its position in the stream). Each byte is looked at a
/// bounded number of times, so the cost is linear in the stream whatever its shape.
struct JSONRecordSplitter: Sendable {
    enum Framing: Sendable, Hashable {
        /// JSON Lines / NDJSON.
        case lines
        /// RFC 7464 JSON text sequences.
        case recordSeparated
    }

    /// A text that did not end as its framing requires.
    struct TruncatedRecord: Error, Sendable, CustomStringConvertible {
        /// The record's bytes as received.
        var bytes: Data
        var description: String {
            "The stream ended inside a JSON text sequence record (\(bytes.count) bytes, no line feed after it)"
        }
    }

    let framing: Framing
    private var record: [UInt8] = []
    /// RFC 7464: the bytes before the first record separator belong to no record.
    private var inRecord = false
    /// The record so far ends with LF (RFC 7464's terminator), ignoring nothing after it.
    private var endsWithLineFeed = false

    init(_ framing: Framing) {
        self.framing = framing
    }

    /// The texts completed by `chunk`.
    mutating func feed<Bytes: Sequence>(_ chunk: Bytes) -> [Data] where Bytes.Element == UInt8 {
        var texts: [Data] = []
        switch framing {
        case .lines:
            for byte in chunk {
                if byte == UInt8(ascii: "\n") {
                    emitLine(into: &texts)
                } else {
                    record.append(byte)
                }
            }
        case .recordSeparated:
            for byte in chunk {
                if byte == 0x1E {
                    if inRecord { emitRecord(into: &texts) }
                    inRecord = true
                    endsWithLineFeed = false
                } else if inRecord {
                    record.append(byte)
                    if byte == UInt8(ascii: "\n") {
                        endsWithLineFeed = true
                    } else if !Self.isWhitespace(byte) {
                        endsWithLineFeed = false
                    }
                }
            }
        }
        return texts
    }

    /// The stream ended. A last line without its line feed is still a text; a last record
    /// without its line feed is reported (RFC 7464: it may have been cut short).
    mutating func finish() throws -> [Data] {
        var texts: [Data] = []
        switch framing {
        case .lines:
            emitLine(into: &texts)
        case .recordSeparated:
            guard inRecord else { return [] }
            inRecord = false
            if !endsWithLineFeed && record.contains(where: { !Self.isWhitespace($0) }) {
                let bytes = Data(record)
                record = []
                throw TruncatedRecord(bytes: bytes)
            }
            emitRecord(into: &texts)
        }
        return texts
    }

    private mutating func emitLine(into texts: inout [Data]) {
        defer { record.removeAll(keepingCapacity: true) }
        var end = record.endIndex
        if end > 0 && record[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = record[..<end]
        guard line.contains(where: { !Self.isWhitespace($0) }) else { return }
        texts.append(Data(line))
    }

    private mutating func emitRecord(into texts: inout [Data]) {
        defer { record.removeAll(keepingCapacity: true) }
        guard record.contains(where: { !Self.isWhitespace($0) }) else { return }
        texts.append(Data(record))
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
