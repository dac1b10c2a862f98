/// Where YAML 1.2.2 lets white space, tabs and comments go, checked as the scanner meets them.
extension YAMLScanner {
    /// After the spaces a line's content needs ([63] s-indent), a tab is separation white space
    /// ([69] s-flow-line-prefix), which is allowed before a scalar; a block collection starting
    /// after it is caught where its indicator or key is read (`rejectTabBeforeBlockStructure`).
    mutating func rejectTabIndentation(tabAt tab: Int, required: Int? = nil) throws {
        guard flowLevel == 0 else { return }
        var position = lineStart
        while position < tab {
            guard ReaderByte.isWhite(bytes[position]) else { return }
            position += 1
        }
        if tab - lineStart >= (required ?? indent + 1), !bytes[lineStart..<tab].contains(ReaderByte.tab) { return }
        index = tab
        throw error("tab character used as indentation", hint: Self.tabHint)
    }

    /// [185] s-l+block-indented: a compact collection (`- - a`, `- a: b`) is indented by spaces only.
    mutating func rejectTabBeforeBlockStructure(_ tab: Int?) throws {
        guard flowLevel == 0, let tab else { return }
        let resume = index
        index = tab
        defer { index = resume }
        throw error("tab character used as indentation", hint: Self.tabHint)
    }

    /// [77] s-b-comment: `#` starts a comment only after white space (or at a line start);
    /// `a#b` in a plain scalar never gets here, so this is `'x'#c`, `[a]#c` and the like.
    mutating func requireWhiteBeforeComment() throws {
        guard index > lineStart, !ReaderByte.isWhite(bytes[index - 1]) else { return }
        throw error(
            "a comment must be separated from content by white space",
            hint: "put a space before '#', or quote the value if '#' belongs to it")
    }

    /// [205] l-document-suffix: `...` ends its line, but for a comment; content after it would be
    /// a second document, which has to start on a line of its own.
    mutating func requireOnlyCommentAfterDocumentEnd() throws {
        var probe = index
        while probe < bytes.count, ReaderByte.isWhite(bytes[probe]) { probe += 1 }
        guard probe < bytes.count, !ReaderByte.isBreak(bytes[probe]), bytes[probe] != ReaderByte.hash else { return }
        let resume = index
        index = probe
        defer { index = resume }
        throw error("only a comment may follow '...' on its line")
    }

    /// [69] s-flow-line-prefix: inside a flow collection or a quoted scalar that spans lines,
    /// each line is indented further than the block node holding it (spaces only).
    mutating func checkFlowLinePrefix() throws {
        guard flowLevel > 0, indent >= 0 else { return }
        var spaces = 0
        while lineStart + spaces < bytes.count, bytes[lineStart + spaces] == ReaderByte.space { spaces += 1 }
        guard spaces <= indent else { return }
        throw error(
            "this line continues a flow collection but is indented less than its parent",
            hint: "indent it by at least \(indent + 1) spaces")
    }
}
