/// HTML in descriptions, as the Markdown doc comments render: documents written for HTML
/// renderers put `<p>`, `<a href>`, `<code>`, lists, emphasis and entities in their CommonMark.
///
/// Only names HTML defines are markup, and only with attributes that have values: `<TaxAmount>`
/// in prose, or `a<b and c>d`, is text and stays as written. Elements with no Markdown spelling
/// are dropped and their text kept; a tag that does not parse is text. One pass: every byte is
/// read a bounded number of times (a failed tag is emitted as text from where it stopped, nesting
/// is capped), so the time is linear whatever the input.
enum HTMLMarkdown {
    /// Whether `text` may hold a tag or an entity: most descriptions have neither and skip the pass.
    static func mayHoldMarkup(_ text: String) -> Bool {
        containsByte(
            text, ofWord: { hasZeroByte($0 ^ 0x3C3C_3C3C_3C3C_3C3C) || hasZeroByte($0 ^ 0x2626_2626_2626_2626) },
            orByte: { $0 == 0x3C || $0 == 0x26 })
    }

    static func markdown(_ text: String) -> String {
        var converter = HTMLConverter(bytes: Array(text.utf8))
        converter.run()
        return String(decoding: converter.out, as: UTF8.self)
    }

    enum Element {
        case block, lineBreak, list(ordered: Bool), item, link, code, pre, strong, emphasis, cell, row, image
        case ignored
    }

    static let elements: [String: Element] = {
        var table: [String: Element] = [
            "br": .lineBreak, "ul": .list(ordered: false), "ol": .list(ordered: true), "li": .item, "a": .link,
            "code": .code, "tt": .code, "kbd": .code, "samp": .code, "pre": .pre, "b": .strong, "strong": .strong,
            "i": .emphasis, "em": .emphasis, "td": .cell, "th": .cell, "tr": .row, "img": .image,
        ]
        for name in [
            "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "hr", "table", "dl", "dt", "dd",
            "section", "article", "header", "footer", "main", "nav", "aside", "figure", "figcaption", "address",
            "details", "summary", "caption", "center",
        ] { table[name] = .block }
        for name in [
            "span", "font", "u", "small", "big", "sup", "sub", "abbr", "cite", "mark", "del", "s", "ins", "q", "var",
            "label", "thead", "tbody", "tfoot", "dfn", "time", "wbr", "nobr",
        ] { table[name] = .ignored }
        return table
    }()

    /// Named entities descriptions use; any other stays as written.
    static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ndash": "\u{2013}",
        "mdash": "\u{2014}", "hellip": "\u{2026}", "lsquo": "\u{2018}", "rsquo": "\u{2019}", "ldquo": "\u{201C}",
        "rdquo": "\u{201D}", "laquo": "\u{AB}", "raquo": "\u{BB}", "bull": "\u{2022}", "middot": "\u{B7}",
        "copy": "\u{A9}", "reg": "\u{AE}", "trade": "\u{2122}", "deg": "\u{B0}", "times": "\u{D7}", "euro": "\u{20AC}",
    ]

    /// The entity at `start` (an `&`): its text and where it ends, or nil when it is not one (a
    /// bare `&` is text). Reads at most a dozen bytes.
    static func entity(_ bytes: [UInt8], at start: Int) -> (text: [UInt8], end: Int)? {
        var index = start + 1
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            let hex = index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "x")
            if hex { index += 1 }
            var value: UInt32 = 0
            let digitsStart = index
            while index < bytes.count, index - digitsStart < 7, let digit = digitValue(bytes[index], hex: hex) {
                value = value * (hex ? 16 : 10) + digit
                index += 1
            }
            guard index > digitsStart, index < bytes.count, bytes[index] == UInt8(ascii: ";"),
                let scalar = Unicode.Scalar(value), isPrintable(scalar)
            else { return nil }
            return (Array(String(Character(scalar)).utf8), index + 1)
        }
        let nameStart = index
        while index < bytes.count, index - nameStart < 8, isAlphanumeric(bytes[index]) { index += 1 }
        guard index > nameStart, index < bytes.count, bytes[index] == UInt8(ascii: ";"),
            let text = entities[String(decoding: bytes[nameStart..<index], as: UTF8.self)]
        else { return nil }
        return (Array(text.utf8), index + 1)
    }

    /// A character reference that is no control character (a carriage return or line separator
    /// would end a `///` line) and no noncharacter.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x09 || value == 0x0A { return true }
        if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 { return false }
        return !(0xFDD0...0xFDEF).contains(value) && value & 0xFFFE != 0xFFFE
    }

    static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}

/// One tag: its lowercased name, the attributes the conversion reads (entities decoded), and
/// whether some attribute has no value (which makes `a<b and c>d` text).
struct HTMLTag {
    var name: String
    var closing: Bool
    var href: [UInt8]?
    var alt: [UInt8]?
    var hasBareAttribute = false
    /// Just past the `>`.
    var end: Int
}

/// Reads the tag at a `<`. What fails to parse is text up to where the reading stopped: the caller
/// resumes there, so no byte is read twice. An attribute name or unquoted value stops at `<`,
/// so that reading never runs past the next tag; only an unclosed quote or comment reads to the
/// end, and then the rest is text.
struct HTMLTagScanner {
    let bytes: [UInt8]

    enum Result {
        case tag(HTMLTag)
        case comment(end: Int)
        /// Not a tag: text from the `<` to `end`.
        case text(end: Int)
    }

    func scan(at start: Int) -> Result {
        var index = start + 1
        if starts(with: "!--", at: index) { return comment(from: index + 3) }
        let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        let nameStart = index
        guard index < bytes.count, isLetter(bytes[index]) else { return .text(end: index) }
        while index < bytes.count, HTMLMarkdown.isAlphanumeric(bytes[index]) || bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        var tag = HTMLTag(
            name: String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased(), closing: closing, end: 0)
        while true {
            let spaceStart = index
            while index < bytes.count, HTMLMarkdown.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { return .text(end: index) }
            if bytes[index] == UInt8(ascii: ">") {
                tag.end = index + 1
                return .tag(tag)
            }
            if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") {
                tag.end = index + 2
                return .tag(tag)
            }
            // Attributes are separated by space; a closing tag has none.
            guard index > spaceStart, !closing else { return .text(end: index) }
            let attributeStart = index
            while index < bytes.count, isAttributeNameByte(bytes[index]) { index += 1 }
            guard index > attributeStart else { return .text(end: index) }
            let attribute = String(decoding: bytes[attributeStart..<index], as: UTF8.self).lowercased()
            var valueEnd = index
            while valueEnd < bytes.count, HTMLMarkdown.isSpace(bytes[valueEnd]) { valueEnd += 1 }
            guard valueEnd < bytes.count, bytes[valueEnd] == UInt8(ascii: "=") else {
                tag.hasBareAttribute = true
                continue
            }
            index = valueEnd + 1
            while index < bytes.count, HTMLMarkdown.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { return .text(end: index) }
            let value: Range<Int>
            let quote = bytes[index]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                var close = index + 1
                while close < bytes.count, bytes[close] != quote { close += 1 }
                guard close < bytes.count else { return .text(end: close) }
                value = index + 1..<close
                index = close + 1
            } else {
                let valueStart = index
                while index < bytes.count, isUnquotedValueByte(bytes[index]) { index += 1 }
                guard index > valueStart else { return .text(end: index) }
                value = valueStart..<index
            }
            if attribute == "href" { tag.href = decoded(value) }
            if attribute == "alt" { tag.alt = decoded(value) }
        }
    }

    /// A comment is dropped; an unclosed one is text to the end.
    private func comment(from start: Int) -> Result {
        var index = start
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "-"), starts(with: "->", at: index + 1) { return .comment(end: index + 3) }
            index += 1
        }
        return .text(end: bytes.count)
    }

    private func starts(with prefix: StaticString, at index: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { bytes[index..<index + count].elementsEqual($0) }
    }

    private func decoded(_ range: Range<Int>) -> [UInt8] {
        var result: [UInt8] = []
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == UInt8(ascii: "&"), let entity = HTMLMarkdown.entity(bytes, at: index),
                entity.end <= range.upperBound
            {
                result += entity.text
                index = entity.end
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    private func isLetter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }

    private func isAttributeNameByte(_ byte: UInt8) -> Bool {
        !HTMLMarkdown.isSpace(byte) && byte != UInt8(ascii: "/") && byte != UInt8(ascii: ">")
            && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
            && byte != UInt8(ascii: "=")
    }

    private func isUnquotedValueByte(_ byte: UInt8) -> Bool {
        !HTMLMarkdown.isSpace(byte) && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "<")
            && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'") && byte != UInt8(ascii: "`")
    }
}
