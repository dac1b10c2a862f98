/// Accumulates indented lines; the renderer's only output primitive.
struct SwiftWriter {
    /// The printer's one layout rule: a construct goes on one line when that line, indentation
    /// included, fits in this many columns (the width `.swift-format` uses); otherwise it wraps.
    static let lineLength = 120

    private(set) var text = ""
    private var depth = 0
    /// The access level of the declarations written here (`DeclarationHead`): the module's.
    let access: GeneratorConfiguration.AccessLevel

    init(access: GeneratorConfiguration.AccessLevel = .public) {
        self.access = access
    }

    /// Whether `content` fits on one line `levels` deeper than the current indentation.
    func fits(_ content: String, levels: Int = 0) -> Bool {
        let room = room(levels: levels)
        // A Character is at least one byte: only longer text that is not all single-byte
        // Characters needs the grapheme walk of `count`.
        if content.utf8.count <= room { return true }
        return !bytesAreCharacters(content) && content.count <= room
    }

    /// Whether text `width` Characters wide fits on one line `levels` deeper than the current
    /// indentation: for callers that measure pieces as they go rather than join them to ask.
    func fits(width: Int, levels: Int = 0) -> Bool {
        width <= room(levels: levels)
    }

    /// Columns left on a line `levels` deeper than the current indentation.
    private func room(levels: Int) -> Int {
        Self.lineLength - (depth + levels) * 4
    }

    mutating func line(_ content: String = "") {
        // Appended piece by piece: no temporary string per line.
        if !content.isEmpty {
            indentLine()
            text += content
        }
        text += "\n"
    }

    /// The current indentation, in one append for the depths generated code reaches.
    private mutating func indentLine() {
        if depth < Self.indentation.count {
            text += Self.indentation[depth]
        } else {
            for _ in 0..<depth { text += "    " }
        }
    }

    private static let indentation = (0..<12).map { String(repeating: "    ", count: $0) }

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
        let single =
            items.reduce(characterCount(opening) + characterCount(closing)) { $0 + characterCount($1) }
            + max(0, items.count - 1) * 2
        guard width + single > lineLength else {
            // Written in place: joining first would build the line twice.
            guard single > 0 else { return line() }
            indentLine()
            text += opening
            for (index, item) in items.enumerated() {
                if index > 0 { text += ", " }
                text += item
            }
            text += closing
            text += "\n"
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
        let endingCount = characterCount(ending)
        // Counted as it grows (`current.count` would walk the whole line again for every item),
        // and grown in place rather than from `item + ","` temporaries.
        var current = ""
        var currentCount = 0
        for (index, item) in items.enumerated() {
            let last = index == items.count - 1
            let pieceCount = characterCount(item) + (last ? endingCount : 1)
            if !current.isEmpty {
                if width + currentCount + 1 + pieceCount <= lineLength {
                    current += " "
                    currentCount += 1
                } else {
                    line(current)
                    current.removeAll(keepingCapacity: true)
                    currentCount = 0
                }
            }
            current += item
            current += last ? ending : ","
            currentCount += pieceCount
        }
        if !current.isEmpty { line(current) }
    }

    /// An empty writer at this one's indentation: text laid out for a place it goes later.
    func nested() -> SwiftWriter {
        var writer = SwiftWriter(access: access)
        writer.depth = depth
        return writer
    }

    mutating func indent(_ body: (inout SwiftWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }
}

/// Escapes text for a Swift string literal.
func swiftLiteral(_ text: String) -> String {
    // Most text (wire names, enum values) needs no escape: one concatenation instead of a
    // scalar-by-scalar copy, which was a thirtieth of generating a large document.
    var result = "\""
    let clean = !containsByte(
        text,
        ofWord: { word in
            // A control character (top three bits clear) or DEL, a quote or a backslash.
            hasZeroByte(word & 0xE0E0_E0E0_E0E0_E0E0) || hasZeroByte(word ^ 0x7F7F_7F7F_7F7F_7F7F)
                || hasZeroByte(word ^ 0x2222_2222_2222_2222) || hasZeroByte(word ^ 0x5C5C_5C5C_5C5C_5C5C)
        }, orByte: needsEscape)
    if clean {
        result.reserveCapacity(text.utf8.count + 2)
        result += text
        result += "\""
        return result
    }
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

/// The bytes `swiftLiteral` rewrites: the quote, the backslash and the control characters.
private func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F
}
