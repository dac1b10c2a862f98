import Foundation

extension JSONValue {
    /// Parses JSON text keeping what `JSONDecoder` loses: object member order (Foundation on
    /// Linux reports keys in hash order) and integers beyond 2^53. Strict RFC 8259.
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

    func failure(_ message: String) -> DecodingError {
        DecodingError.dataCorrupted(
            .init(codingPath: [], debugDescription: "Invalid JSON at byte \(index): \(message)"))
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
        var members: [(key: String, value: JSONValue)] = []
        // Small objects check names linearly; large ones switch to a set (no quadratic input).
        var seen: Set<String>?
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
            let member = try value(depth: depth + 1)
            // A repeated name keeps its last value, as JSONDecoder does.
            if members.count == 32 { seen = Set(members.map(\.key)) }
            let repeated: Bool
            if seen != nil {
                repeated = !(seen?.insert(key).inserted ?? true)
            } else {
                repeated = members.contains { $0.key == key }
            }
            if repeated, let position = members.firstIndex(where: { $0.key == key }) {
                members[position].value = member
            } else {
                members.append((key, member))
            }
            skipWhitespace()
            guard index < bytes.count else { throw failure("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw failure("expected ',' or '}'") }
            index += 1
            return .object(JSONObject(uniqueMembers: members))
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
            index += 1
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
                index += 1
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
        if integral, let integer = Self.int64(bytes[start..<index]) { return .integer(integer) }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let double = Double(text), double.isFinite else { throw failure("invalid number \(text)") }
        return .double(double)
    }
}

extension JSONValue {
    /// Compact JSON text with object members in their stored order (`JSONEncoder` sorts them).
    public func jsonData() -> Data {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(into: &output)
        return Data(output)
    }

    private func write(into output: inout [UInt8]) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .integer(let value): output += String(value).utf8
        case .double(let value):
            let text =
                value.isFinite
                ? (value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) + ".0" : "\(value)") : "null"
            output += text.utf8
        case .string(let value): JSONValue.writeString(value, into: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                item.write(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (position, member) in object.members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// UTF-8 bytes pass through; only `"`, `\` and control characters are escaped. Text that
    /// needs no escape (nearly all) is copied in one piece.
    private static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        let copied =
            text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                guard !bytes.contains(where: needsEscape) else { return false }
                output.append(contentsOf: bytes)
                return true
            } ?? false
        if !copied {
            for byte in text.utf8 {
                guard needsEscape(byte) else {
                    output.append(byte)
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): output += #"\""#.utf8
                case UInt8(ascii: "\\"): output += #"\\"#.utf8
                case 0x0A: output += #"\n"#.utf8
                case 0x0D: output += #"\r"#.utf8
                case 0x09: output += #"\t"#.utf8
                default:
                    let hex = String(byte, radix: 16)
                    output += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
                }
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
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
            index += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        throw failure("unterminated string")
    }
}
