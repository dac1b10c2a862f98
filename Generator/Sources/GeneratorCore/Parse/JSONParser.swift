/// A strict RFC 8259 reader producing the same `Node` tree as the YAML reader. It is iterative
/// (an explicit stack of open containers) so nesting depth is a checked limit, not a crash.
struct JSONParser {
    private struct Frame {
        var isObject: Bool
        var location: SourceLocation
        var items: [Node] = []
        var entries: [Node.Entry] = []
        var key = ""
        var keyLocation = SourceLocation(line: 1, column: 1)
        /// Built once an object grows past a few keys; small objects are checked by scanning.
        var keySet: Set<String>?
    }

    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var cursor = ReaderLocationCursor()
    private var scratch: [UInt8] = []
    private var mayReferOutside = false

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    static func parse(_ bytes: [UInt8], file: String) throws -> Node {
        try parseNotingReferences(bytes, file: file).node
    }

    /// The tree, and whether it may hold a `$ref` to another file (see `ReferenceNote`).
    static func parseNotingReferences(_ bytes: [UInt8], file: String) throws -> (node: Node, mayReferOutside: Bool) {
        var parser = JSONParser(bytes: bytes, file: file)
        let node = try parser.parseDocument()
        return (node, parser.mayReferOutside)
    }

    // MARK: Positions and errors

    private mutating func location() -> SourceLocation {
        cursor.location(in: bytes, at: index, line: line, lineStart: lineStart)
    }

    private mutating func error(_ message: String) -> ParseError {
        ParseError(file: file, location: location(), message: message)
    }

    private func error(_ message: String, at location: SourceLocation) -> ParseError {
        ParseError(file: file, location: location, message: message)
    }

    private mutating func unexpected(_ expected: String) -> ParseError {
        guard index < bytes.count else { return error("expected \(expected), but found the end of input") }
        return error("expected \(expected), but found \(ReaderByte.describe(bytes[index]))")
    }

    @inline(__always) private func peek() -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case ReaderByte.space, ReaderByte.tab:
                index += 1
            case ReaderByte.lineFeed:
                index += 1
                line += 1
                lineStart = index
            case ReaderByte.carriageReturn:
                index += 1
                if peek() != ReaderByte.lineFeed {
                    line += 1
                    lineStart = index
                }
            default:
                return
            }
        }
    }

    // MARK: Structure

    private mutating func parseDocument() throws -> Node {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
        var stack: [Frame] = []
        while true {
            skipWhitespace()
            let start = location()
            var completed: Node
            switch peek() {
            case ReaderByte.leftBrace, ReaderByte.leftBracket:
                let isObject = peek() == ReaderByte.leftBrace
                guard stack.count < ReaderLimits.maxDepth else { throw error("nesting depth limit exceeded") }
                index += 1
                skipWhitespace()
                let closing = isObject ? ReaderByte.rightBrace : ReaderByte.rightBracket
                if peek() == closing {
                    index += 1
                    completed = Node(isObject ? .mapping([]) : .sequence([]), at: start)
                } else {
                    var frame = Frame(isObject: isObject, location: start)
                    if isObject { try parseKey(into: &frame) }
                    stack.append(frame)
                    continue
                }
            case ReaderByte.quote:
                completed = Node(.string(try parseString()), at: start)
            case ReaderByte.minus, ReaderByte.zero...ReaderByte.nine:
                completed = Node(try parseNumber(), at: start)
            case 0x74:
                try expectLiteral("true")
                completed = Node(.bool(true), at: start)
            case 0x66:
                try expectLiteral("false")
                completed = Node(.bool(false), at: start)
            case 0x6E:
                try expectLiteral("null")
                completed = Node(.null, at: start)
            default:
                throw unexpected("a value")
            }
            // Attach the finished value, closing every container it completes.
            while true {
                guard var frame = stack.popLast() else {
                    skipWhitespace()
                    guard index >= bytes.count else { throw unexpected("the end of input after the JSON value") }
                    return completed
                }
                if frame.isObject {
                    if !mayReferOutside {
                        mayReferOutside = ReferenceNote.refersOutside(key: frame.key, value: completed)
                    }
                    frame.entries.append(Node.Entry(key: frame.key, keyLocation: frame.keyLocation, value: completed))
                    if frame.keySet != nil {
                        frame.keySet?.insert(frame.key)
                    } else if frame.entries.count >= 8 {
                        frame.keySet = Set(frame.entries.map(\.key))
                    }
                } else {
                    frame.items.append(completed)
                }
                skipWhitespace()
                let byte = peek()
                if byte == ReaderByte.comma {
                    let comma = (index: index, line: line, lineStart: lineStart)
                    index += 1
                    skipWhitespace()
                    // The most common hand-edit mistake: point at the comma, not at the bracket after it.
                    if peek() == (frame.isObject ? ReaderByte.rightBrace : ReaderByte.rightBracket) {
                        let closer = frame.isObject ? "}" : "]"
                        let at = cursor.location(
                            in: bytes, at: comma.index, line: comma.line, lineStart: comma.lineStart)
                        let last = frame.isObject ? "member" : "element"
                        throw ParseError(
                            file: file, location: at, message: "trailing comma before '\(closer)'",
                            hint: "JSON allows no comma after the last \(last); remove this one")
                    }
                    if frame.isObject { try parseKey(into: &frame) }
                    stack.append(frame)
                    break
                }
                guard byte == (frame.isObject ? ReaderByte.rightBrace : ReaderByte.rightBracket) else {
                    throw unexpected(frame.isObject ? "',' or '}'" : "',' or ']'")
                }
                index += 1
                completed = Node(frame.isObject ? .mapping(frame.entries) : .sequence(frame.items), at: frame.location)
            }
        }
    }

    /// Reads `"key" :` and leaves the parser at the value.
    private mutating func parseKey(into frame: inout Frame) throws {
        guard peek() == ReaderByte.quote else { throw unexpected("a string key") }
        let keyLocation = location()
        let key = try parseString()
        let duplicate = frame.keySet.map { $0.contains(key) } ?? frame.entries.contains { $0.key == key }
        if duplicate { throw error("duplicate key '\(key)'", at: keyLocation) }
        skipWhitespace()
        guard peek() == ReaderByte.colon else { throw unexpected("':'") }
        index += 1
        frame.key = key
        frame.keyLocation = keyLocation
    }

    private mutating func expectLiteral(_ literal: StaticString) throws {
        let length = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            index + length <= bytes.count && bytes[index..<(index + length)].elementsEqual(expected)
        }
        guard matches else { throw error("invalid literal; expected '\(literal)'") }
        index += length
        if index < bytes.count && isIdentifierByte(bytes[index]) { throw error("invalid literal") }
    }

    private func isIdentifierByte(_ byte: UInt8) -> Bool {
        ReaderByte.isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == ReaderByte.dot
            || byte >= 0x80
    }

    // MARK: Scalars

    private mutating func parseNumber() throws -> Node.Value {
        let start = index
        let startLocation = location()
        if peek() == ReaderByte.minus { index += 1 }
        if peek() == ReaderByte.zero {
            index += 1
        } else if ReaderByte.isDigit(peek()) {
            while ReaderByte.isDigit(peek()) { index += 1 }
        } else {
            throw error("invalid number: expected a digit")
        }
        var isInteger = true
        if peek() == ReaderByte.dot {
            isInteger = false
            index += 1
            guard ReaderByte.isDigit(peek()) else { throw error("invalid number: expected a digit after '.'") }
            while ReaderByte.isDigit(peek()) { index += 1 }
        }
        if peek() == 0x65 || peek() == 0x45 {
            isInteger = false
            index += 1
            if peek() == ReaderByte.plus || peek() == ReaderByte.minus { index += 1 }
            guard ReaderByte.isDigit(peek()) else { throw error("invalid number: expected a digit in the exponent") }
            while ReaderByte.isDigit(peek()) { index += 1 }
        }
        if index < bytes.count && isIdentifierByte(bytes[index]) { throw error("invalid number") }
        if isInteger, let int = Self.int64(bytes[start..<index]) { return .int(int) }
        guard let double = Double(ReaderByte.string(bytes[start..<index])) else {
            throw error("invalid number", at: startLocation)
        }
        return .double(double)
    }

    /// Accumulates negatively so Int64.min fits; nil on overflow (the caller falls back to Double).
    private static func int64(_ digits: ArraySlice<UInt8>) -> Int64? {
        var value: Int64 = 0
        let negative = digits.first == ReaderByte.minus
        for byte in digits.dropFirst(negative ? 1 : 0) {
            let (scaled, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, borrow) = scaled.subtractingReportingOverflow(Int64(byte - ReaderByte.zero))
            if overflow || borrow { return nil }
            value = sum
        }
        if negative { return value }
        return value == .min ? nil : -value
    }

    private mutating func parseString() throws -> String {
        let start = location()
        index += 1
        let runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ReaderByte.quote || byte == ReaderByte.backslash || byte < ReaderByte.space { break }
            index += 1
        }
        if peek() == ReaderByte.quote && index < bytes.count {
            defer { index += 1 }
            return ReaderByte.string(bytes[runStart..<index])
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[runStart..<index])
        while true {
            guard index < bytes.count else { throw error("unterminated string", at: start) }
            let byte = bytes[index]
            switch byte {
            case ReaderByte.quote:
                index += 1
                return ReaderByte.string(scratch)
            case ReaderByte.backslash:
                try parseEscape()
            case ..<ReaderByte.space:
                throw error("unescaped control character \(ReaderByte.describe(byte)) in string")
            default:
                scratch.append(byte)
                index += 1
            }
        }
    }

    private mutating func parseEscape() throws {
        let escapeLocation = location()
        index += 1
        let code = peek()
        index += 1
        switch code {
        case ReaderByte.quote, ReaderByte.backslash, ReaderByte.slash: scratch.append(code)
        case 0x62: scratch.append(0x08)  // b
        case 0x66: scratch.append(0x0C)  // f
        case 0x6E: scratch.append(0x0A)  // n
        case 0x72: scratch.append(0x0D)  // r
        case 0x74: scratch.append(0x09)  // t
        case 0x75:  // u
            var value = try hex4(at: escapeLocation)
            if (0xD800..<0xDC00).contains(value) {
                guard peek() == ReaderByte.backslash, index + 1 < bytes.count, bytes[index + 1] == 0x75 else {
                    throw error("invalid Unicode escape (unpaired surrogate)", at: escapeLocation)
                }
                index += 2
                let low = try hex4(at: escapeLocation)
                guard (0xDC00..<0xE000).contains(low) else {
                    throw error("invalid Unicode escape (unpaired surrogate)", at: escapeLocation)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw error("invalid Unicode escape (unpaired surrogate)", at: escapeLocation)
            }
            ReaderByte.appendUTF8(scalar, to: &scratch)
        default:
            throw error("invalid escape sequence", at: escapeLocation)
        }
    }

    private mutating func hex4(at escapeLocation: SourceLocation) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = ReaderByte.hexValue(peek()) else {
                throw error("expected 4 hexadecimal digits after '\\u'", at: escapeLocation)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
