/// Prose from the document, made fit for `///` comments: first paragraph only, wrapped.
enum DocText {
    static func paragraph(_ text: String?, width: Int = 96) -> [String] {
        guard let text else { return [] }
        // Most descriptions are one short line already: returned as they are, which is what the
        // trimming, joining and wrapping below would produce for them.
        if text.utf8.count <= width, !text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }),
            !text.contains("  "), text.trimmed == text
        {
            return text.isEmpty ? [] : [text]
        }
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

    static func wrap(_ text: String, width: Int) -> [String] {
        var result: [String] = []
        var current = ""
        // Counted as it grows: `current.count` walks the line, once per word.
        var currentCount = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let wordCount = word.count
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
