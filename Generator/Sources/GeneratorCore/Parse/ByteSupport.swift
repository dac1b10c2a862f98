/// Limits shared by both readers. They exist so hostile input fails with a ParseError instead of
/// exhausting memory or time.
enum ReaderLimits {
    /// Deeper nesting is rejected; the readers build trees iteratively, so this is about keeping
    /// the resulting tree (and every later recursive pass over it) reasonable, not the C stack.
    static let maxDepth = 512
    /// Nodes produced by alias expansion; "billion laughs" documents cross it after a few levels.
    static let maxAliasExpansion = 1_000_000
}

/// ASCII byte constants and byte helpers, spelled out so the scanners read like the grammar.
enum ReaderByte {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let exclamation: UInt8 = 0x21  // !
    static let quote: UInt8 = 0x22  // "
    static let hash: UInt8 = 0x23  // #
    static let percent: UInt8 = 0x25  // %
    static let ampersand: UInt8 = 0x26  // &
    static let apostrophe: UInt8 = 0x27  // '
    static let asterisk: UInt8 = 0x2A  // *
    static let plus: UInt8 = 0x2B  // +
    static let comma: UInt8 = 0x2C  // ,
    static let minus: UInt8 = 0x2D  // -
    static let dot: UInt8 = 0x2E  // .
    static let slash: UInt8 = 0x2F  // /
    static let zero: UInt8 = 0x30
    static let one: UInt8 = 0x31
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A  // :
    static let less: UInt8 = 0x3C  // <
    static let greater: UInt8 = 0x3E  // >
    static let question: UInt8 = 0x3F  // ?
    static let at: UInt8 = 0x40  // @
    static let leftBracket: UInt8 = 0x5B  // [
    static let backslash: UInt8 = 0x5C  // \
    static let rightBracket: UInt8 = 0x5D  // ]
    static let backtick: UInt8 = 0x60  // `
    static let leftBrace: UInt8 = 0x7B  // {
    static let pipe: UInt8 = 0x7C  // |
    static let rightBrace: UInt8 = 0x7D  // }
    static let delete: UInt8 = 0x7F

    @inline(__always) static func isBreak(_ byte: UInt8) -> Bool {
        byte == lineFeed || byte == carriageReturn
    }

    @inline(__always) static func isWhite(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool {
        byte >= zero && byte <= nine
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x41...0x46: return UInt32(byte - 0x41 + 10)
        case 0x61...0x66: return UInt32(byte - 0x61 + 10)
        default: return nil
        }
    }

    /// How a byte is shown in messages: printable ASCII as itself, anything else as U+XXXX.
    static func describe(_ byte: UInt8) -> String {
        if byte > space && byte < delete { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == space { return "' '" }
        if byte == tab { return "tab" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

/// Converts byte offsets into 1-based line:column positions where the column counts Unicode
/// scalars. Both readers ask for positions in increasing order, so walking forward from the last
/// answer keeps the total cost linear even for a minified document on a single line.
struct ReaderLocationCursor {
    private var line = 1
    private var lineStart = 0
    private var index = 0
    private var column = 1

    mutating func location(in bytes: [UInt8], at target: Int, line: Int, lineStart: Int) -> SourceLocation {
        if line != self.line || lineStart != self.lineStart || target < index {
            self.line = line
            self.lineStart = lineStart
            index = lineStart
            column = 1
        }
        let end = min(target, bytes.count)
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(line: line, column: column)
    }
}

extension ReaderByte {
    /// Builds a string from bytes that are already known to be valid UTF-8 (slices of the
    /// validated input between ASCII delimiters, or escapes the readers encoded themselves).
    @inline(__always) static func string(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the UTF-8 encoding of a scalar produced by an escape sequence.
    static func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        let value = scalar.value
        switch value {
        case 0..<0x80:
            bytes.append(UInt8(value))
        case 0x80..<0x800:
            bytes.append(UInt8(0xC0 | (value >> 6)))
            bytes.append(UInt8(0x80 | (value & 0x3F)))
        case 0x800..<0x10000:
            bytes.append(UInt8(0xE0 | (value >> 12)))
            bytes.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            bytes.append(UInt8(0x80 | (value & 0x3F)))
        default:
            bytes.append(UInt8(0xF0 | (value >> 18)))
            bytes.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
            bytes.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            bytes.append(UInt8(0x80 | (value & 0x3F)))
        }
    }
}

/// What the readers note while building a tree so bundling can skip a walk over it: whether any
/// entry is a `$ref` whose target is not in the same document (does not start with `#`). Only a
/// hint that may be true needlessly (the entry may sit inside an example); never false when
/// such an entry exists.
enum ReferenceNote {
    @inline(__always)
    static func refersOutside(key: String, value: Node) -> Bool {
        guard key.utf8.first == UInt8(ascii: "$"), key == "$ref", case .string(let target) = value.value else {
            return false
        }
        return isExternal(target)
    }

    /// A reference into another file: anything but a same-document fragment (`#/…`).
    static func isExternal(_ reference: String) -> Bool { !reference.hasPrefix("#") }
}
