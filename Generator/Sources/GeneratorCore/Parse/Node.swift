/// A position in a source document, 1-based.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    /// Which file of a multi-file document the position is in: 0 for the file the caller read,
    /// otherwise a number the read's file table names (`LoadedDocument.fileNames`). A number, not
    /// a name, so the struct stays plain data: a String here made every node copy retain one and
    /// slowed reading by a quarter.
    public var fileIndex: Int32
    public init(line: Int, column: Int, fileIndex: Int32 = 0) {
        self.line = line
        self.column = column
        self.fileIndex = fileIndex
    }
    public var description: String { "\(line):\(column)" }
}

/// The tree both the YAML and the JSON reader produce. Mapping keys are strings: a YAML key
/// such as `200:` or `true:` is kept as its source text, which is what OpenAPI means by it.
public struct Node: Sendable {
    public enum Value: Sendable {
        case null
        case bool(Bool)
        case int(Int64)
        case double(Double)
        case string(String)
        case sequence([Node])
        case mapping([Entry])
    }

    public struct Entry: Sendable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: Node
        public init(key: String, keyLocation: SourceLocation, value: Node) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension Node {
    /// The value for `key` when this node is a mapping (first match; readers reject duplicates).
    public subscript(key: String) -> Node? {
        guard case .mapping(let entries) = value else { return nil }
        for entry in entries where entry.key == key { return entry.value }
        return nil
    }

    public var entries: [Entry]? {
        if case .mapping(let entries) = value { return entries }
        return nil
    }

    public var elements: [Node]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    /// Numbers of either spelling as a Double (for bounds such as `exclusiveMinimum: 0`).
    // `@inline(never)` on this and `int`: inlined into DocumentLoader, they crash the Swift 6.3.1
    // optimizer ("Found ownership error") in release builds.
    @inline(never)
    public var number: Double? {
        switch value {
        case .int(let int): return Double(int)
        case .double(let double): return double
        default: return nil
        }
    }

    @inline(never)
    public var int: Int64? {
        if case .int(let int) = value { return int }
        return nil
    }

    public var isNull: Bool {
        if case .null = value { return true }
        return false
    }
}

/// A problem found while reading a document: `file:line:column: message`.
public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var location: SourceLocation
    public var message: String
    /// What to change, when the fix is obvious (a tab to spaces, a space before `#`).
    public var hint: String?
    /// The offending source line, filled in by the reader that still holds the bytes.
    public var sourceLine: String?

    public init(file: String, location: SourceLocation, message: String, hint: String? = nil) {
        self.file = file
        self.location = location
        self.message = message
        self.hint = hint
    }

    /// One line, the form editors and tests match on.
    public var description: String { "\(file):\(location.line):\(location.column): \(message)" }

    /// What a person reads: the message, the line with a caret under the column, and the hint.
    public var rendered: String {
        var lines = [description]
        if let sourceLine {
            let gutter = String(location.line)
            let pad = String(repeating: " ", count: gutter.count)
            // Tabs are copied into the caret line so the caret stays under its character.
            let lead = sourceLine.unicodeScalars.prefix(max(0, location.column - 1)).map { $0 == "\t" ? "\t" : " " }
            lines.append(" \(gutter) | \(sourceLine)")
            lines.append(" \(pad) | \(lead.joined())^")
        }
        if let hint { lines.append("hint: \(hint)") }
        return lines.joined(separator: "\n")
    }

    /// Equal when they report the same problem at the same place; the excerpt is presentation.
    public static func == (lhs: ParseError, rhs: ParseError) -> Bool {
        lhs.file == rhs.file && lhs.location == rhs.location && lhs.message == rhs.message
    }

    /// Copies line `location.line` out of `bytes` (without its line break).
    mutating func attachExcerpt(from bytes: [UInt8]) {
        guard sourceLine == nil else { return }
        var line = 1
        var start = 0
        var index = 0
        while index < bytes.count && line < location.line {
            let lone =
                bytes[index] == ReaderByte.carriageReturn && index + 1 < bytes.count
                && bytes[index + 1] != ReaderByte.lineFeed
            if bytes[index] == ReaderByte.lineFeed || lone {
                line += 1
                start = index + 1
            }
            index += 1
        }
        guard line == location.line, start <= bytes.count else { return }
        var end = start
        while end < bytes.count, !ReaderByte.isBreak(bytes[end]) { end += 1 }
        if start == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        // A minified document is one long line; echoing it whole would bury the message.
        let text = String(decoding: bytes[min(start, end)..<end], as: UTF8.self)
        sourceLine = text.unicodeScalars.count > 200 ? nil : text
    }
}
