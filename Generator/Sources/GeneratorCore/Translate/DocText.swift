/// Prose from the document, made fit for `///` comments: first paragraph only, wrapped.
enum DocText {
    static func paragraph(_ text: String?, width: Int = 96) -> [String] {
        guard let text else { return [] }
        let normalized = text.replacingAll("\r\n", with: "\n")
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
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count > width {
                result.append(current)
                current = String(word)
            } else {
                current += " " + word
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
