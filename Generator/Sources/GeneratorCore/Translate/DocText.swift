/// Prose from the document, made fit for `///` comments: HTML as Markdown, first paragraph only,
/// wrapped.
enum DocText {
    static func paragraph(_ text: String?, width: Int = 96) -> [String] {
        guard var text else { return [] }
        if HTMLMarkdown.mayHoldMarkup(text) { text = HTMLMarkdown.markdown(text) }
        // Most descriptions are one short line already: returned as they are, which is what the
        // trimming, joining and wrapping below would produce for them.
        if text.utf8.count <= width, isOneTrimmedLine(text) {
            return text.isEmpty ? [] : [text]
        }
        if bytesAreCharacters(text) { return asciiParagraph(text, width: width) }
        return characterParagraph(text, width: width)
    }

    /// The first paragraph by Characters: lines trimmed, joined and wrapped.
    static func characterParagraph(_ text: String, width: Int) -> [String] {
        // A carriage return alone ends a `///` line as a line feed does: the text after it
        // would be code.
        let normalized =
            text.utf8.contains(0x0D) ? text.replacingAll("\r\n", with: "\n").replacingAll("\r", with: "\n") : text
        // Lines of the paragraph, grouped: a list item starts a group of its own.
        var groups: [(indent: Int, lines: [String])] = []
        var inList = false
        for line in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = String(line).trimmed
            if trimmed.isEmpty {
                if !groups.isEmpty { break }
                continue
            }
            let item = startsListItem(trimmed.utf8, inList: inList)
            inList = inList || item
            if item || groups.isEmpty {
                let indent = item ? line.utf8.prefix { $0 == 0x20 }.count : 0
                groups.append((min(indent, maximumIndent), []))
            }
            groups[groups.count - 1].lines.append(trimmed)
        }
        return groups.flatMap { group in
            indented(wrap(group.lines.joined(separator: " "), width: width), by: group.indent)
        }
    }

    /// How far a nested list item keeps its indentation (a level or two; deeper ones line up).
    static let maximumIndent = 8

    /// A list item's first line, indented as in the document (relative to the paragraph's first
    /// line: a YAML block scalar has already taken the common indentation off).
    static func indented(_ lines: [String], by indent: Int) -> [String] {
        guard indent > 0, let first = lines.first else { return lines }
        return [String(repeating: " ", count: indent) + first] + lines.dropFirst()
    }

    /// Whether a trimmed line starts a Markdown list item, which keeps a line of its own: a
    /// bullet (`- `, `* `, `+ `) or, once a list has begun or from `1`, a number and `. ` or `) `
    /// (as CommonMark lets a list interrupt a paragraph).
    static func startsListItem(_ line: some Collection<UInt8>, inList: Bool) -> Bool {
        var iterator = line.makeIterator()
        guard let first = iterator.next() else { return false }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
            return iterator.next() == 0x20
        }
        var number = 0
        var digits = 0
        var byte: UInt8? = first
        while let current = byte, current >= UInt8(ascii: "0"), current <= UInt8(ascii: "9"), digits < 9 {
            number = number * 10 + Int(current - UInt8(ascii: "0"))
            digits += 1
            byte = iterator.next()
        }
        guard digits > 0, byte == UInt8(ascii: ".") || byte == UInt8(ascii: ")"), iterator.next() == 0x20 else {
            return false
        }
        return inList || number == 1
    }

    /// No line break, no double space, nothing to trim: one pass over the bytes (this runs for
    /// every schema and property; the string searches it replaces were a few percent of
    /// translation). Only text starting or ending outside ASCII asks `trimmed`.
    static func isOneTrimmedLine(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == 0x0A || byte == 0x0D || (byte == 0x20 && previous == 0x20) { return false }
            previous = byte
        }
        guard let first = text.utf8.first, let last = text.utf8.last else { return true }
        guard first < 0x80, last < 0x80 else { return text.trimmed == text }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        return !isSpace(first) && !isSpace(last)
    }

    /// `paragraph` for ASCII text without a carriage return, on bytes: there every byte is one
    /// Character, so splitting lines, trimming, splitting words and measuring them by bytes gives
    /// the same lines without walking grapheme clusters (long descriptions were a twentieth of
    /// generating documents that have them).
    static func asciiParagraph(_ text: String, width: Int) -> [String] {
        let bytes = Array(text.utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        // The words of the first paragraph, as byte ranges.
        var words: [Range<Int>] = []
        // Indices into `words` where a list item starts a line of its own.
        var itemStarts: [(word: Int, indent: Int)] = []
        var inList = false
        var lineStart = 0
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var start = lineStart
            var end = lineEnd
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            if start == end {
                if !words.isEmpty { break }
            } else {
                if startsListItem(bytes[start..<end], inList: inList) {
                    inList = true
                    var indent = 0
                    while lineStart + indent < start, bytes[lineStart + indent] == 0x20 { indent += 1 }
                    itemStarts.append((words.count, min(indent, maximumIndent)))
                }
                var wordStart = start
                while wordStart < end {
                    var wordEnd = wordStart
                    while wordEnd < end, bytes[wordEnd] != 0x20 { wordEnd += 1 }
                    if wordEnd > wordStart { words.append(wordStart..<wordEnd) }
                    wordStart = wordEnd + 1
                }
            }
            lineStart = lineEnd + 1
        }
        var result: [String] = []
        var current: [UInt8] = []
        var items = itemStarts.makeIterator()
        var nextItem = items.next()
        // The indentation the current line starts with; not counted against the width.
        var indent = 0
        for (index, word) in words.enumerated() {
            if index == nextItem?.word {
                if !current.isEmpty { result.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
                current.append(contentsOf: repeatElement(0x20, count: nextItem?.indent ?? 0))
                indent = current.count
                nextItem = items.next()
            }
            if current.count == indent {
                current.append(contentsOf: bytes[word])
            } else if current.count - indent + 1 + word.count > width {
                result.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
                indent = 0
                current.append(contentsOf: bytes[word])
            } else {
                current.append(0x20)
                current.append(contentsOf: bytes[word])
            }
        }
        if !current.isEmpty { result.append(String(decoding: current, as: UTF8.self)) }
        return result
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var result: [String] = []
        var current = ""
        // Counted as it grows: `current.count` walks the line, once per word.
        var currentCount = 0
        let measureBytes = bytesAreCharacters(text)
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let wordCount = measureBytes ? word.utf8.count : word.count
            if current.isEmpty {
                current = String(word)
                currentCount = wordCount
            } else if currentCount + 1 + wordCount > width {
                result.append(current)
                current = String(word)
                currentCount = wordCount
            } else {
                current += " " + word
                currentCount += 1 + wordCount
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
