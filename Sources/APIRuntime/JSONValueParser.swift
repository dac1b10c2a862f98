import Foundation

extension JSONValue {
    /// Parses JSON text keeping what `JSONDecoder` loses: object member order (Foundation on
    /// Linux reports keys in hash order) and integers beyond 2^53 (beyond 64 bits as
    /// `.bigInteger` text). Strict RFC 8259: strings must be valid UTF-8 (never repaired with
    /// U+FFFD). Throws `DecodingError.dataCorrupted` whose `underlyingError` is a
    /// `JSONParseError` naming the byte offset.
    public init(parsing data: Data) throws {
        var parser = JSONValueParser(bytes: [UInt8](data))
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.failure("unexpected text after the value") }
        self = value
    }
}

struct JSONValueParser {
    let bytes: [UInt8]
    var index = 0
    static let maximumDepth = 512

    init(bytes: [UInt8]) { self.bytes = bytes }

    func failure(_ message: String, kind: JSONParseError.Kind = .syntax, at offset: Int? = nil) -> DecodingError {
        let error = JSONParseError(kind: kind, byteOffset: offset ?? index, message: message)
        return DecodingError.dataCorrupted(
            .init(codingPath: [], debugDescription: error.description, underlyingError: error))
    }

    /// The length of the well-formed UTF-8 sequence starting at `index` (a byte >= 0x80), per
    /// RFC 3629 table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF. Invalid
    /// text is refused, never repaired: a repaired string would silently differ from what the
    /// server sent.
    func utf8SequenceLength(at start: Int) throws -> Int {
        let lead = bytes[start]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, secondRange) = (3, 0x80...0x9F)
        case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
        default: throw failure("invalid UTF-8", kind: .invalidUTF8, at: start)
        }
        guard start + length <= bytes.count, secondRange.contains(bytes[start + 1]) else {
            throw failure("invalid UTF-8", kind: .invalidUTF8, at: start)
        }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[start + offset]) {
            throw failure("invalid UTF-8", kind: .invalidUTF8, at: start)
        }
        return length
    }

    /// Integers are most numbers in API bodies: read them without making a String first.
    static func int64(_ digits: ArraySlice<UInt8>) -> Int64? {
        var value: Int64 = 0
        var negative = false
        var index = digits.startIndex
        if index < digits.endIndex, digits[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        while index < digits.endIndex {
            let digit = Int64(digits[index] &- 48)
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
            index += 1
        }
        return value
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws -> JSONValue {
        guard depth < Self.maximumDepth else { throw failure("nesting is too deep") }
        guard index < bytes.count else { throw failure("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default: return try number()
        }
    }

    private mutating func literal(_ text: StaticString, _ value: JSONValue) throws -> JSONValue {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count,
            text.withUTF8Buffer({ expected in expected.elementsEqual(bytes[index..<index + count]) })
        else {
            throw failure("expected \(text)")
        }
        index += count
        return value
    }

    private mutating func object(depth: Int) throws -> JSONValue {
        index += 1
        // A small object's repeats are found by scanning its members; past `indexedWidth` they
        // go to `WideObjectMembers`, which settles repeats once the object ends.
        var members: [(key: String, value: JSONValue)] = []
        var wide: WideObjectMembers?
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(JSONObject())
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("expected a member name")
            }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
            // A repeated name keeps its first position and its last value, as JSONDecoder does.
            let member = try value(depth: depth + 1)
            if wide != nil {
                wide?.append(key, member)
            } else if let position = members.firstIndex(where: { $0.key == key }) {
                members[position].value = member
            } else if members.count < JSONObject.indexedWidth {
                members.append((key: key, value: member))
            } else {
                var started = WideObjectMembers(members)
                started.append(key, member)
                wide = started
                members = []
            }
            skipWhitespace()
            guard index < bytes.count else { throw failure("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw failure("expected ',' or '}'") }
            index += 1
            guard var builder = wide else { return .object(JSONObject(uniqueMembers: members)) }
            wide = nil
            return .object(builder.object())
        }
    }

    private mutating func array(depth: Int) throws -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw failure("expected ',' or ']'") }
            index += 1
            return .array(items)
        }
    }

    mutating func string() throws -> String {
        index += 1
        // Most strings have no escapes: one scan, one copy.
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += byte < 0x80 ? 1 : try utf8SequenceLength(at: index)
        }
        index = start
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun() {
            if runStart < index {
                scalars.append(contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flushRun()
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw failure("control character in a string") }
            if byte != UInt8(ascii: "\\") {
                index += byte < 0x80 ? 1 : try utf8SequenceLength(at: index)
                continue
            }
            flushRun()
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw failure("unpaired surrogate") }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw failure("unpaired surrogate") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw failure("invalid \\u escape") }
                scalars.append(scalar)
            default: throw failure("invalid escape")
            }
            runStart = index
        }
        throw failure("unterminated string")
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw failure("invalid hex digit")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func number() throws -> JSONValue {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            return index - first
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard digits() > 0 else { throw failure("unexpected character") }
        if bytes[integerStart] == 0x30, index - integerStart > 1 { throw failure("leading zero") }
        var integral = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            integral = false
            guard digits() > 0 else { throw failure("expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            integral = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { throw failure("expected exponent digits") }
        }
        if integral {
            if let integer = Self.int64(bytes[start..<index]) { return .integer(integer) }
            // Beyond 64 bits: the decimal text, exact (a Double would round it).
            return .bigInteger(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let double = Double(text), double.isFinite else { throw failure("invalid number \(text)") }
        return .double(double)
    }
}

/// A few top-level members of a body, read without building its tree: whether it is valid JSON,
/// the values of the members named in `capture`, and which of those named in `notice` occur.
/// (Product rules that classify answers by a member or two need no more.)
package struct JSONMemberProbe {
    package private(set) var captured: [String: JSONValue] = [:]
    package private(set) var noticed: Set<String> = []
    private let capture: Set<String>
    private let notice: Set<String>

    /// `nil` when `data` is not valid JSON.
    package init?(_ data: Data, capture: Set<String>, notice: Set<String> = []) {
        self.capture = capture
        self.notice = notice
        var parser = JSONValueParser(bytes: [UInt8](data))
        do {
            parser.skipWhitespace()
            if parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "{") {
                try probeObject(&parser)
            } else {
                try parser.skipValue(depth: 0)
            }
            parser.skipWhitespace()
            guard parser.index == parser.bytes.count else { return nil }
        } catch {
            return nil
        }
    }

    private mutating func probeObject(_ parser: inout JSONValueParser) throws {
        parser.index += 1
        parser.skipWhitespace()
        if parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "}") {
            parser.index += 1
            return
        }
        while true {
            parser.skipWhitespace()
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"") else {
                throw parser.failure("expected a member name")
            }
            let key = try parser.string()
            parser.skipWhitespace()
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: ":") else {
                throw parser.failure("expected ':'")
            }
            parser.index += 1
            parser.skipWhitespace()
            if capture.contains(key) {
                captured[key] = try parser.value(depth: 1)
            } else {
                if notice.contains(key) { noticed.insert(key) }
                try parser.skipValue(depth: 1)
            }
            parser.skipWhitespace()
            guard parser.index < parser.bytes.count else { throw parser.failure("unterminated object") }
            if parser.bytes[parser.index] == UInt8(ascii: ",") {
                parser.index += 1
                continue
            }
            guard parser.bytes[parser.index] == UInt8(ascii: "}") else { throw parser.failure("expected ',' or '}'") }
            parser.index += 1
            return
        }
    }
}

extension JSONValueParser {
    /// Validates and passes over one value without building it.
    mutating func skipValue(depth: Int) throws {
        guard depth < Self.maximumDepth else { throw failure("nesting is too deep") }
        guard index < bytes.count else { throw failure("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let closing = bytes[index] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let isObject = closing == UInt8(ascii: "}")
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == closing {
                index += 1
                return
            }
            while true {
                skipWhitespace()
                if isObject {
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                        throw failure("expected a name")
                    }
                    try skipString()
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
                    index += 1
                    skipWhitespace()
                }
                try skipValue(depth: depth + 1)
                skipWhitespace()
                guard index < bytes.count else { throw failure("unterminated container") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == closing else { throw failure("expected ',' or a closing bracket") }
                index += 1
                return
            }
        case UInt8(ascii: "\""):
            try skipString()
        default:
            // Scalars are small: parsing them is the simplest exact validation.
            _ = try value(depth: depth)
        }
    }

    private mutating func skipString() throws {
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return
            }
            if byte < 0x20 { throw failure("control character in a string") }
            if byte >= 0x80 {
                index += try utf8SequenceLength(at: index)
                continue
            }
            index += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        throw failure("unterminated string")
    }
}
