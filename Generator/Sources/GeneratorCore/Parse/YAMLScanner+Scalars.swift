/// Scalars, anchors, aliases and tags: the tokens that carry text.
extension YAMLScanner {
    // MARK: Anchors, aliases, tags

    mutating func fetchAnchorOrAlias(alias: Bool) throws {
        try savePossibleSimpleKey()
        allowSimpleKey = false
        let start = location()
        index += 1
        let nameStart = index
        while index < bytes.count {
            let byte = bytes[index]
            // [102] ns-anchor-char: everything but white space and flow indicators, `:` included,
            // so `*a: b` is the alias "a:"; an alias key is written `*a : b`.
            if isBlankOrEnd(byte) || isFlowIndicator(byte) { break }
            index += 1
        }
        guard index > nameStart else {
            throw error(alias ? "expected an alias name after '*'" : "expected an anchor name after '&'", at: start)
        }
        let name = ReaderByte.string(bytes[nameStart..<index])
        add(alias ? .alias(name) : .anchor(name), at: start)
    }

    // MARK: Plain scalars

    mutating func fetchPlainScalar() throws {
        try savePossibleSimpleKey()
        allowSimpleKey = false
        let start = location()
        let minIndent = indent + 1
        scratch.removeAll(keepingCapacity: true)
        var pending: [UInt8] = []
        while true {
            let runStart = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == ReaderByte.space || byte == ReaderByte.tab || ReaderByte.isBreak(byte) { break }
                if byte == ReaderByte.colon {
                    let next = peek(1)
                    if isBlankOrEnd(next) || (flowLevel > 0 && isFlowIndicator(next)) { break }
                } else if flowLevel > 0 && isFlowIndicator(byte) {
                    break
                }
                index += 1
            }
            if index == runStart { break }
            allowSimpleKey = false
            scratch.append(contentsOf: pending)
            scratch.append(contentsOf: bytes[runStart..<index])
            guard try scanPlainSpaces(into: &pending) else { break }
            if peek() == ReaderByte.hash || (flowLevel == 0 && column < minIndent) { break }
        }
        add(.scalar(ReaderByte.string(scratch), .plain), at: start)
    }

    /// Consumes the whitespace after a run of plain text and says whether the scalar may go on;
    /// `pending` receives what the whitespace folds to if it does.
    private mutating func scanPlainSpaces(into pending: inout [UInt8]) throws -> Bool {
        pending.removeAll(keepingCapacity: true)
        let whiteStart = index
        while index < bytes.count, ReaderByte.isWhite(bytes[index]) { index += 1 }
        guard ReaderByte.isBreak(peek()) else {
            if index == whiteStart || atEnd { return false }
            pending.append(contentsOf: bytes[whiteStart..<index])
            return true
        }
        consumeBreak()
        allowSimpleKey = true
        var breaks = 0
        while true {
            if atDocumentMarker() { return false }
            var tab: Int?
            while index < bytes.count, ReaderByte.isWhite(bytes[index]) {
                if tab == nil && bytes[index] == ReaderByte.tab { tab = index }
                index += 1
            }
            if ReaderByte.isBreak(peek()) {
                consumeBreak()
                breaks += 1
                continue
            }
            if let tab, !atEnd, peek() != ReaderByte.hash { try rejectTabIndentation(tabAt: tab) }
            if !atEnd, peek() != ReaderByte.hash { try checkFlowLinePrefix() }
            break
        }
        if breaks == 0 {
            pending.append(ReaderByte.space)
        } else {
            pending.append(contentsOf: repeatElement(ReaderByte.lineFeed, count: breaks))
        }
        return true
    }

    // MARK: Quoted scalars

    mutating func fetchQuotedScalar(double: Bool) throws {
        try savePossibleSimpleKey()
        allowSimpleKey = false
        let start = location()
        let quote = double ? ReaderByte.quote : ReaderByte.apostrophe
        let unterminated = double ? "unterminated double-quoted string" : "unterminated single-quoted string"
        index += 1
        scratch.removeAll(keepingCapacity: true)
        while true {
            let runStart = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == quote || byte == ReaderByte.backslash || byte == ReaderByte.space || byte == ReaderByte.tab
                    || ReaderByte.isBreak(byte)
                {
                    break
                }
                index += 1
            }
            scratch.append(contentsOf: bytes[runStart..<index])
            guard !atEnd else { throw error(unterminated, at: start) }
            let byte = bytes[index]
            if byte == quote {
                if !double && peek(1) == ReaderByte.apostrophe {
                    scratch.append(ReaderByte.apostrophe)
                    index += 2
                    continue
                }
                index += 1
                break
            }
            if byte == ReaderByte.backslash {
                if double {
                    try scanEscape(unterminated: unterminated, start: start)
                } else {
                    scratch.append(byte)
                    index += 1
                }
                continue
            }
            try scanQuotedWhitespace(unterminated: unterminated, start: start)
        }
        add(.scalar(ReaderByte.string(scratch), double ? .doubleQuoted : .singleQuoted), at: start, jsonLike: true)
    }

    /// Inside quotes, a single line break folds to a space, each further empty line to a newline,
    /// and the whitespace around line breaks is dropped.
    private mutating func scanQuotedWhitespace(unterminated: String, start: SourceLocation) throws {
        let whiteStart = index
        while index < bytes.count, ReaderByte.isWhite(bytes[index]) { index += 1 }
        guard !atEnd else { throw error(unterminated, at: start) }
        guard ReaderByte.isBreak(bytes[index]) else {
            scratch.append(contentsOf: bytes[whiteStart..<index])
            return
        }
        consumeBreak()
        let breaks = try skipQuotedLineBreaks(unterminated: unterminated, start: start)
        if breaks == 0 {
            scratch.append(ReaderByte.space)
        } else {
            scratch.append(contentsOf: repeatElement(ReaderByte.lineFeed, count: breaks))
        }
    }

    private mutating func skipQuotedLineBreaks(unterminated: String, start: SourceLocation) throws -> Int {
        var breaks = 0
        while true {
            if atDocumentMarker() { throw error("document marker inside a quoted string") }
            while index < bytes.count, ReaderByte.isWhite(bytes[index]) { index += 1 }
            guard !atEnd else { throw error(unterminated, at: start) }
            guard ReaderByte.isBreak(bytes[index]) else {
                try checkQuotedLinePrefix()
                return breaks
            }
            consumeBreak()
            breaks += 1
        }
    }

    /// [69] s-flow-line-prefix for a quoted scalar's continuation lines, in block context too:
    /// the indentation ([63] s-indent) is spaces only; a tab may follow it as separation, so
    /// `"a\n \tb"` under a key is one scalar but `"a\n\tb"` is indented by a tab.
    private mutating func checkQuotedLinePrefix() throws {
        guard indent >= 0 else { return }
        var spaces = 0
        while lineStart + spaces < bytes.count, bytes[lineStart + spaces] == ReaderByte.space { spaces += 1 }
        guard spaces <= indent else { return }
        let resume = index
        index = lineStart + spaces
        defer { index = resume }
        if bytes[lineStart + spaces] == ReaderByte.tab {
            throw error("tab character used as indentation", hint: Self.tabHint)
        }
        throw error(
            "this line continues a quoted scalar but is indented less than its parent",
            hint: "indent it by at least \(indent + 1) spaces")
    }

    private mutating func scanEscape(unterminated: String, start: SourceLocation) throws {
        let escapeLocation = location()
        index += 1
        guard !atEnd else { throw error(unterminated, at: start) }
        let code = bytes[index]
        index += 1
        let simple: UInt32?
        switch code {
        case ReaderByte.zero: simple = 0
        case 0x61: simple = 0x07  // a
        case 0x62: simple = 0x08  // b
        case 0x74, ReaderByte.tab: simple = 0x09  // t
        case 0x6E: simple = 0x0A  // n
        case 0x76: simple = 0x0B  // v
        case 0x66: simple = 0x0C  // f
        case 0x72: simple = 0x0D  // r
        case 0x65: simple = 0x1B  // e
        case ReaderByte.space, ReaderByte.quote, ReaderByte.slash, ReaderByte.backslash: simple = UInt32(code)
        case 0x4E: simple = 0x85  // N
        case 0x5F: simple = 0xA0  // _
        case 0x4C: simple = 0x2028  // L
        case 0x50: simple = 0x2029  // P
        case 0x78: simple = try scanHexEscape(digits: 2, at: escapeLocation)  // x
        case 0x75: simple = try scanUnicodeEscape(digits: 4, at: escapeLocation)  // u
        case 0x55: simple = try scanHexEscape(digits: 8, at: escapeLocation)  // U
        case ReaderByte.lineFeed, ReaderByte.carriageReturn:
            // An escaped line break joins the lines without inserting a space.
            index -= 1
            consumeBreak()
            let breaks = try skipQuotedLineBreaks(unterminated: unterminated, start: start)
            scratch.append(contentsOf: repeatElement(ReaderByte.lineFeed, count: breaks))
            return
        default:
            throw error("unknown escape sequence '\\\(ReaderByte.string([code]))'", at: escapeLocation)
        }
        guard let value = simple, let scalar = Unicode.Scalar(value) else {
            throw error("invalid Unicode escape", at: escapeLocation)
        }
        ReaderByte.appendUTF8(scalar, to: &scratch)
    }

    private mutating func scanHexEscape(digits: Int, at escapeLocation: SourceLocation) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let digit = ReaderByte.hexValue(peek()) else {
                throw error("expected \(digits) hexadecimal digits in escape sequence", at: escapeLocation)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// `\uD83D\uDE00` pairs are combined because JSON writers produce them; a lone surrogate is
    /// not a character and is rejected.
    private mutating func scanUnicodeEscape(digits: Int, at escapeLocation: SourceLocation) throws -> UInt32 {
        let value = try scanHexEscape(digits: digits, at: escapeLocation)
        guard (0xD800..<0xDC00).contains(value) else { return value }
        guard peek() == ReaderByte.backslash && peek(1) == 0x75 else {
            throw error("invalid Unicode escape (unpaired surrogate)", at: escapeLocation)
        }
        index += 2
        let low = try scanHexEscape(digits: 4, at: escapeLocation)
        guard (0xDC00..<0xE000).contains(low) else {
            throw error("invalid Unicode escape (unpaired surrogate)", at: escapeLocation)
        }
        return 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
    }

    // MARK: Block scalars

    private enum Chomping { case clip, strip, keep }

    mutating func fetchBlockScalar(folded: Bool) throws {
        allowSimpleKey = true
        try removePossibleSimpleKey()
        let start = location()
        index += 1
        var chomping = Chomping.clip
        var increment: Int?
        for _ in 0..<2 {
            let byte = peek()
            if byte == ReaderByte.plus || byte == ReaderByte.minus, chomping == .clip {
                chomping = byte == ReaderByte.plus ? .keep : .strip
                index += 1
            } else if ReaderByte.isDigit(byte), increment == nil {
                guard byte != ReaderByte.zero else { throw error("indentation indicator must be between 1 and 9") }
                increment = Int(byte - ReaderByte.zero)
                index += 1
            }
        }
        while index < bytes.count, ReaderByte.isWhite(bytes[index]) { index += 1 }
        if peek() == ReaderByte.hash {
            try requireWhiteBeforeComment()
            while index < bytes.count, !ReaderByte.isBreak(bytes[index]) { index += 1 }
        }
        guard atEnd || ReaderByte.isBreak(peek()) else {
            throw error("expected a comment or a line break after the block scalar header")
        }
        if !atEnd { consumeBreak() }

        var blockIndent: Int
        var breaks: Int
        if let increment {
            blockIndent = indent + increment
            breaks = try skipBlockScalarBreaks(indent: blockIndent)
        } else {
            // Auto-detection: the first non-empty line sets the indentation.
            breaks = 0
            var widest = 0
            var widestEmpty: (spaces: Int, location: SourceLocation)?
            while index < bytes.count {
                let byte = bytes[index]
                if byte == ReaderByte.space {
                    index += 1
                    widest = max(widest, column)
                } else if byte == ReaderByte.tab && column <= indent {
                    try rejectTabOnEmptyBlockScalarLine()
                    break
                } else if ReaderByte.isBreak(byte) {
                    if column > (widestEmpty?.spaces ?? 0) { widestEmpty = (column, location()) }
                    consumeBreak()
                    breaks += 1
                } else {
                    break
                }
            }
            // A last line of spaces with no line break after it is still an (empty) line.
            if atEnd && index > lineStart && bytes[lineStart..<index].allSatisfy({ $0 == ReaderByte.space }) {
                breaks += 1
            }
            // [170] l-literal-content: leading empty lines may not be wider than the first line.
            if let widestEmpty, !atEnd, column > indent, widestEmpty.spaces > column, !atDocumentMarker() {
                throw error(
                    "a leading empty line of a block scalar has more spaces than its first line",
                    at: widestEmpty.location)
            }
            blockIndent = max(indent + 1, widest)
        }

        scratch.removeAll(keepingCapacity: true)
        var endedWithBreak = false
        while column == blockIndent && !atEnd && !atDocumentMarker() {
            scratch.append(contentsOf: repeatElement(ReaderByte.lineFeed, count: breaks))
            let leadingNonWhite = !ReaderByte.isWhite(peek())
            let lineStartIndex = index
            while index < bytes.count, !ReaderByte.isBreak(bytes[index]) { index += 1 }
            scratch.append(contentsOf: bytes[lineStartIndex..<index])
            // [165] b-chomped-last: a last line of only spaces ends as if a line break followed.
            endedWithBreak = !atEnd || bytes[lineStartIndex..<index].allSatisfy(ReaderByte.isWhite)
            if !atEnd { consumeBreak() }
            // At the end of the input the line just read was the last; its break is counted above.
            breaks = atEnd ? 0 : try skipBlockScalarBreaks(indent: blockIndent)
            guard column == blockIndent && !atEnd && !atDocumentMarker() else { break }
            if folded && endedWithBreak && leadingNonWhite && !ReaderByte.isWhite(peek()) {
                if breaks == 0 { scratch.append(ReaderByte.space) }
            } else if endedWithBreak {
                scratch.append(ReaderByte.lineFeed)
            }
        }
        if chomping != .strip && endedWithBreak { scratch.append(ReaderByte.lineFeed) }
        if chomping == .keep { scratch.append(contentsOf: repeatElement(ReaderByte.lineFeed, count: breaks)) }
        add(.scalar(ReaderByte.string(scratch), folded ? .folded : .literal), at: start)
    }

    /// Skips empty lines (and the indentation of the next line, up to `indent`), counting them.
    /// [170] l-empty inside a block scalar: its indentation is spaces; a tab there on a line with
    /// nothing else is indentation, not content.
    private mutating func rejectTabOnEmptyBlockScalarLine() throws {
        var end = index
        while end < bytes.count, ReaderByte.isWhite(bytes[end]) { end += 1 }
        guard end >= bytes.count || ReaderByte.isBreak(bytes[end]) else { return }
        throw error("tab character used as indentation", hint: Self.tabHint)
    }

    private mutating func skipBlockScalarBreaks(indent: Int) throws -> Int {
        var breaks = 0
        while true {
            while column < indent && peek() == ReaderByte.space { index += 1 }
            if column < indent && peek() == ReaderByte.tab { try rejectTabOnEmptyBlockScalarLine() }
            if atEnd && index > lineStart && bytes[lineStart..<index].allSatisfy({ $0 == ReaderByte.space }) {
                return breaks + 1
            }
            guard ReaderByte.isBreak(peek()) else { return breaks }
            consumeBreak()
            breaks += 1
        }
    }
}
