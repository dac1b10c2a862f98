/// Accumulates indented lines; the renderer's only output primitive.
struct SwiftWriter {
    /// The printer's one layout rule: a construct goes on one line when that line, indentation
    /// included, fits in this many columns (the width `.swift-format` uses); otherwise it wraps.
    static let lineLength = 120

    private(set) var text = ""
    private var depth = 0

    /// Whether `content` fits on one line `levels` deeper than the current indentation.
    func fits(_ content: String, levels: Int = 0) -> Bool {
        let room = Self.lineLength - (depth + levels) * 4
        // A Character is at least one byte: only longer text that is not all single-byte
        // Characters needs the grapheme walk of `count`.
        if content.utf8.count <= room { return true }
        return !bytesAreCharacters(content) && content.count <= room
    }

    mutating func line(_ content: String = "") {
        // Appended piece by piece: no temporary string per line.
        if !content.isEmpty {
            for _ in 0..<depth { text += "    " }
            text += content
        }
        text += "\n"
    }

    mutating func docs(_ lines: [String]) {
        for line in lines { self.line(line.isEmpty ? "///" : "/// " + line) }
    }

    mutating func block(_ opening: String, _ body: (inout SwiftWriter) -> Void) {
        line(opening + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// `case` labels sit at the level of their `switch`, as swift-format writes them.
    mutating func switchBlock(_ opening: String, _ body: (inout SwiftWriter) -> Void) {
        line(opening + " {")
        body(&self)
        line("}")
    }

    /// `opening` + `items` joined by ", " + `closing` on one line when it fits in `lineLength`;
    /// otherwise the items are packed into as few lines as fit, one level deeper, between the
    /// opening and closing on their own lines (swift-format's layout without a break per item).
    /// `closesLastLine` ends the last packed line with `closing` instead of giving it a line (a
    /// call's `)`, where a declaration's `) {` keeps its own).
    mutating func list(
        _ opening: String, _ items: [String], _ closing: String, closesLastLine: Bool = false,
        lineLength: Int = SwiftWriter.lineLength
    ) {
        let width = depth * 4
        let single = items.reduce(opening.count + closing.count) { $0 + $1.count } + max(0, items.count - 1) * 2
        guard width + single > lineLength else {
            line(opening + items.joined(separator: ", ") + closing)
            return
        }
        line(opening)
        indent { w in w.pack(items, ending: closesLastLine ? closing : "", lineLength: lineLength) }
        if !closesLastLine { line(closing) }
    }

    /// `items` separated by ", " and packed into as few lines as fit at the current indentation;
    /// the last one ends with `ending`.
    mutating func pack(_ items: [String], ending: String = "", lineLength: Int = SwiftWriter.lineLength) {
        let width = depth * 4
        var current = ""
        // Counted as it grows: `current.count` walks the whole line again for every item.
        var currentCount = 0
        for (index, item) in items.enumerated() {
            let piece = item + (index == items.count - 1 ? ending : ",")
            let pieceCount = piece.count
            if current.isEmpty {
                current = piece
                currentCount = pieceCount
            } else if width + currentCount + 1 + pieceCount <= lineLength {
                current += " " + piece
                currentCount += 1 + pieceCount
            } else {
                line(current)
                current = piece
                currentCount = pieceCount
            }
        }
        if !current.isEmpty { line(current) }
    }

    mutating func indent(_ body: (inout SwiftWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }
}

/// Whether every byte of `text` is one Character (ASCII without a carriage return, which pairs
/// with a following line feed): then byte counts are Character counts, without walking grapheme
/// clusters.
func bytesAreCharacters(_ text: some StringProtocol) -> Bool {
    !text.utf8.contains { $0 >= 0x80 || $0 == 0x0D }
}

/// Line breaks in `text`, counted over its contiguous UTF-8 (a loop the compiler vectorises).
package func lineBreakCount(_ text: String) -> Int {
    var text = text
    return text.withUTF8 { bytes in bytes.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 } }
}

/// Escapes text for a Swift string literal.
func swiftLiteral(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": result += "\\\\"
        case "\"": result += "\\\""
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}
