/// Prose from the document, made fit for `///` comments: first paragraph only, wrapped.
enum DocText {
    static func paragraph(_ text: String?, width: Int = 96) -> [String] {
        guard let text else { return [] }
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
        let normalized = text.utf8.contains(0x0D) ? text.replacingAll("\r\n", with: "\n") : text
        var lines: [String] = []
        for line in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = String(line).trimmed
            if trimmed.isEmpty {
                if !lines.isEmpty { break }
                continue
            }
            lines.append(trimmed)
        }
        return wrap(lines.joined(separator: " "), width: width)
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
        for word in words {
            if current.isEmpty {
                current.append(contentsOf: bytes[word])
            } else if current.count + 1 + word.count > width {
                result.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
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
