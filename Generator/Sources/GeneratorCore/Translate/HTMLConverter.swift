/// The pass behind `HTMLMarkdown.markdown`: text is copied, tags become Markdown. Breaks, list
/// markers and emphasis openers are owed until the next visible text, so whitespace between
/// blocks, an empty element or a trailing break leaves nothing behind.
struct HTMLConverter {
    let bytes: [UInt8]
    private(set) var out: [UInt8] = []
    /// Line breaks owed before the next text: one for a line, two for a paragraph.
    private var pendingBreak = 0
    /// A list item's marker, owed at the start of its line.
    private var pendingPrefix: [UInt8] = []
    /// Emphasis and link openers owed before the next visible text.
    private var pendingMarkers: [UInt8] = []
    /// Open emphasis, innermost last; capped so closing one searches a bounded stack.
    private var emphasis: [[UInt8]] = []
    /// Open lists (ordered, items so far), innermost last.
    private var lists: [(ordered: Bool, count: Int)] = []
    /// The destination of the open link, when it has one.
    private var link: [UInt8]?
    /// Text of an open `<code>` or `<pre>`, written out whole at its end (its fence depends on it).
    private var verbatim: (isPre: Bool, text: [UInt8])?

    private static let maximumEmphasis = 8
    private static let maximumIndent = 4

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func run() {
        var index = 0
        while index < bytes.count {
            var next = index
            while next < bytes.count, bytes[next] != UInt8(ascii: "<") { next += 1 }
            text(index..<next)
            guard next < bytes.count else { break }
            let scanned = HTMLTagScanner(bytes: bytes).scan(at: next)
            switch scanned {
            case .comment(let end): index = end
            case .text(let end):
                text(next..<end)
                index = end
            case .tag(let tag):
                if !apply(tag) { text(next..<tag.end) }
                index = tag.end
            }
        }
        finish()
    }

    // MARK: Text

    private mutating func text(_ range: Range<Int>) {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&"), let entity = HTMLMarkdown.entity(bytes, at: index),
                entity.end <= range.upperBound
            {
                visible(verbatim == nil ? markdownSafe(entity.text, before: entity.end) : entity.text)
                index = entity.end
                continue
            }
            index += 1
            if verbatim != nil {
                verbatim!.text.append(byte)
            } else if !HTMLMarkdown.isSpace(byte) {
                visible(CollectionOfOne(byte))
            } else if pendingBreak > 0 {
                // Whitespace after a break merges into it: `<br>` and then a line break are one
                // break, a blank line after it makes a paragraph.
                if byte == 0x0A {
                    newlinesAfterBreak += 1
                    pendingBreak = max(pendingBreak, min(newlinesAfterBreak, breakLimit))
                }
            } else {
                out.append(byte)
            }
        }
    }

    /// An entity's text, unless Markdown would read it as something else: `&lt;b&gt;` is meant
    /// as text, not a tag (`\\<b>`), and `&amp;lt;` as `&lt;`, not `<` (kept as written).
    private func markdownSafe(_ text: [UInt8], before next: Int) -> [UInt8] {
        guard text.count == 1, next < bytes.count else { return text }
        let following = bytes[next]
        if text[0] == UInt8(ascii: "<"),
            HTMLMarkdown.isAlphanumeric(following) && following > UInt8(ascii: "9")
                || following == UInt8(ascii: "/") || following == UInt8(ascii: "!") || following == UInt8(ascii: "?")
        {
            return Array("\\<".utf8)
        }
        if text[0] == UInt8(ascii: "&"),
            HTMLMarkdown.entity([UInt8(ascii: "&")] + bytes[next..<min(next + 12, bytes.count)], at: 0) != nil
        {
            return Array("&amp;".utf8)
        }
        return text
    }

    private mutating func visible(_ piece: some Collection<UInt8>) {
        if verbatim != nil {
            verbatim!.text.append(contentsOf: piece)
            return
        }
        flushPending()
        out.append(contentsOf: piece)
    }

    /// Line breaks absorbed since the last break was owed.
    private var newlinesAfterBreak = 0

    /// Inside a list a paragraph is a line: its items stay one list.
    private var breakLimit: Int { lists.isEmpty ? 2 : 1 }

    /// Writes what is owed before visible text: the break, the list marker, the openers.
    private mutating func flushPending() {
        if pendingBreak > 0, !out.isEmpty {
            out.append(contentsOf: repeatElement(0x0A, count: pendingBreak))
        }
        pendingBreak = 0
        newlinesAfterBreak = 0
        out.append(contentsOf: pendingPrefix)
        pendingPrefix = []
        out.append(contentsOf: pendingMarkers)
        pendingMarkers = []
    }

    /// Owes a line (`level` 1) or paragraph (2) break, or with `adding` one more line than owed
    /// (`<br><br>` is a paragraph). Whitespace written just before merges into it: a blank line
    /// before a `<br>` is still a paragraph.
    private mutating func requestBreak(_ level: Int, adding: Bool = false) {
        var newlines = 0
        while let last = out.last, HTMLMarkdown.isSpace(last) {
            if last == 0x0A { newlines += 1 }
            out.removeLast()
        }
        let requested = adding ? pendingBreak + level : level
        pendingBreak = max(pendingBreak, min(max(requested, newlines), breakLimit))
        newlinesAfterBreak = 0
    }

    // MARK: Tags

    /// Applies a tag; false when it is no markup (a name HTML does not define, or a bare
    /// attribute), so the caller keeps it as text.
    private mutating func apply(_ tag: HTMLTag) -> Bool {
        guard let element = HTMLMarkdown.elements[tag.name], !tag.hasBareAttribute else { return false }
        if let open = verbatim {
            switch element {
            case .code where !open.isPre && tag.closing: flushCode()
            case .pre where open.isPre && tag.closing: flushPre()
            case .lineBreak: verbatim!.text.append(open.isPre ? 0x0A : 0x20)
            default: break
            }
            return true
        }
        switch element {
        case .block:
            requestBreak(2)
        case .lineBreak:
            requestBreak(1, adding: true)
        case .list(let ordered):
            requestBreak(lists.isEmpty ? 2 : 1)
            if tag.closing {
                if !lists.isEmpty { lists.removeLast() }
                requestBreak(lists.isEmpty ? 2 : 1)
            } else {
                lists.append((ordered, 0))
            }
        case .item:
            guard !tag.closing else { break }
            requestBreak(1)
            var prefix = [UInt8](repeating: 0x20, count: 2 * min(max(lists.count - 1, 0), Self.maximumIndent))
            if let last = lists.indices.last, lists[last].ordered {
                lists[last].count += 1
                prefix += Array("\(lists[last].count). ".utf8)
            } else {
                prefix += Array("- ".utf8)
            }
            pendingPrefix = prefix
        case .link:
            closeLink()
            if !tag.closing, let href = tag.href, !href.isEmpty {
                link = href
                pendingMarkers.append(UInt8(ascii: "["))
            }
        case .code:
            if !tag.closing { verbatim = (false, []) }
        case .pre:
            if !tag.closing {
                requestBreak(2)
                verbatim = (true, [])
            }
        case .strong:
            emphasize(Array("**".utf8), closing: tag.closing)
        case .emphasis:
            emphasize([UInt8(ascii: "*")], closing: tag.closing)
        case .cell:
            if !tag.closing, pendingBreak == 0, let last = out.last, !HTMLMarkdown.isSpace(last) { out.append(0x20) }
        case .row:
            requestBreak(1)
        case .image:
            if let alt = tag.alt, !alt.isEmpty {
                flushPending()
                out.append(contentsOf: alt)
            }
        case .ignored:
            break
        }
        return true
    }

    private mutating func emphasize(_ marker: [UInt8], closing: Bool) {
        if !closing {
            guard emphasis.count < Self.maximumEmphasis, !emphasis.contains(marker) else { return }
            emphasis.append(marker)
            pendingMarkers.append(contentsOf: marker)
            return
        }
        guard let position = emphasis.lastIndex(of: marker) else { return }
        while emphasis.count > position { closeEmphasis(emphasis.removeLast()) }
    }

    /// An opener still owed had no text: both go. Otherwise the closer goes before trailing
    /// spaces, which Markdown would not let close emphasis.
    private mutating func closeEmphasis(_ marker: [UInt8]) {
        if let owed = Self.lastRange(of: marker, in: pendingMarkers) {
            pendingMarkers.removeSubrange(owed)
            return
        }
        var spaces = 0
        while let last = out.last, last == 0x20 || last == 0x09 {
            out.removeLast()
            spaces += 1
        }
        out.append(contentsOf: marker)
        if spaces > 0 { out.append(0x20) }
    }

    /// `[text](destination)`; a link with no text is its destination.
    private mutating func closeLink() {
        guard let destination = link else { return }
        link = nil
        let url = Self.destination(destination)
        if let bracket = pendingMarkers.lastIndex(of: UInt8(ascii: "[")) {
            pendingMarkers.remove(at: bracket)
            flushPending()
            out.append(contentsOf: url)
            return
        }
        var spaces = 0
        while let last = out.last, HTMLMarkdown.isSpace(last) {
            out.removeLast()
            spaces += 1
        }
        out.append(contentsOf: Array("](".utf8) + url + [UInt8(ascii: ")")])
        if spaces > 0 { out.append(0x20) }
    }

    /// Where `marker` last occurs in `owed` (a few bytes: the openers are capped).
    private static func lastRange(of marker: [UInt8], in owed: [UInt8]) -> Range<Int>? {
        var start = owed.count - marker.count
        while start >= 0 {
            if owed[start..<start + marker.count].elementsEqual(marker) { return start..<start + marker.count }
            start -= 1
        }
        return nil
    }

    /// A destination Markdown keeps whole: spaces, parentheses and angle brackets percent-encoded.
    private static func destination(_ href: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        for byte in href {
            switch byte {
            case 0x20: result += Array("%20".utf8)
            case 0x09, 0x0A, 0x0D, 0x0C: continue
            case UInt8(ascii: "("): result += Array("%28".utf8)
            case UInt8(ascii: ")"): result += Array("%29".utf8)
            case UInt8(ascii: "<"): result += Array("%3C".utf8)
            case UInt8(ascii: ">"): result += Array("%3E".utf8)
            default: result.append(byte)
            }
        }
        return result
    }

    /// A code span, its fence one backtick longer than any run inside it.
    private mutating func flushCode() {
        guard let open = verbatim else { return }
        verbatim = nil
        var content = open.text.map { HTMLMarkdown.isSpace($0) ? 0x20 : $0 }
        while content.last == 0x20 { content.removeLast() }
        while content.first == 0x20 { content.removeFirst() }
        guard !content.isEmpty else { return }
        let fence = [UInt8](repeating: UInt8(ascii: "`"), count: Self.longestBacktickRun(content) + 1)
        let pad: [UInt8] = content.first == UInt8(ascii: "`") || content.last == UInt8(ascii: "`") ? [0x20] : []
        flushPending()
        out += fence + pad + content + pad + fence
    }

    /// A fenced code block.
    private mutating func flushPre() {
        guard let open = verbatim else { return }
        verbatim = nil
        var content = open.text
        if content.first == 0x0A { content.removeFirst() }
        while let last = content.last, HTMLMarkdown.isSpace(last) { content.removeLast() }
        if !content.isEmpty {
            let fence = [UInt8](repeating: UInt8(ascii: "`"), count: max(3, Self.longestBacktickRun(content) + 1))
            flushPending()
            out += fence + [0x0A] + content + [0x0A] + fence
        }
        requestBreak(2)
    }

    private static func longestBacktickRun(_ text: [UInt8]) -> Int {
        var longest = 0
        var run = 0
        for byte in text {
            run = byte == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// Closes what the text left open: its code, emphasis and link; an owed break goes.
    private mutating func finish() {
        if let open = verbatim {
            if open.isPre { flushPre() } else { flushCode() }
        }
        while let marker = emphasis.popLast() { closeEmphasis(marker) }
        closeLink()
        while let last = out.last, HTMLMarkdown.isSpace(last) { out.removeLast() }
    }
}
