/// Turns YAML bytes into tokens. The structure follows the well-known libyaml/PyYAML design:
/// indentation changes become explicit block start/end tokens, and "simple keys" (`key: value`
/// without `?`) are recognised after the fact by inserting a KEY token in front of the tokens
/// that made up the key once the `:` shows up.
struct YAMLScanner {
    struct SimpleKey {
        var tokenNumber: Int
        var required: Bool
        var index: Int
        var line: Int
        var location: SourceLocation
        /// Where a tab separated the key from what came before it on its line, if one did: a
        /// key that turns out to start a block mapping there is indented by a tab.
        var tab: Int?
    }

    let bytes: [UInt8]
    let file: String
    var index = 0
    var line = 1
    var lineStart = 0
    var cursor = ReaderLocationCursor()

    private var queue: [YAMLToken] = []
    private var head = 0
    private var tokensTaken = 0
    private var streamStarted = false
    private var done = false

    var flowLevel = 0
    /// One entry per open flow collection: whether it is a mapping.
    private var flowIsMapping: [Bool] = []
    var indent = -1
    private var indents: [Int] = []
    var allowSimpleKey = true
    private var simpleKeys: [SimpleKey?] = [nil]
    /// How many `simpleKeys` slots are set; when none is, queued tokens are final and reading
    /// the next one can skip the simple-key bookkeeping.
    private var activeSimpleKeys = 0
    /// The lowest flow level holding a simple key, while any is set. Keys are saved at the
    /// current level only and closing a level drops its key, so a lower level's key is always
    /// the older one: the oldest key (the next that may become a KEY token, the first to go
    /// stale) is found without walking every open level for each token, which made deep flow
    /// nesting cost depth × tokens.
    private var lowestKeyLevel = 0
    /// YAML 1.2 lets `:` follow a quoted key or a flow collection without a space (`{"a":1}`).
    private var lastTokenIsJSONLike = false
    static let tabHint = "YAML indents with spaces only; replace the tab with spaces"
    private static let longKeyMessage = "implicit mapping key longer than 1024 bytes; use '? ' for long keys"
    /// A key dropped for length, remembered so a `:` after it gets a precise message.
    private var droppedLongKey: SimpleKey?
    /// Reused buffer for scalars that need unescaping or folding.
    var scratch: [UInt8] = []
    /// The first tab in the white space just before the current token, when on the same line.
    var tabBeforeToken: Int?
    /// Handles the `%TAG` directives declared (`!!` may be redefined); see YAMLScanner+Directives.
    var tagHandles: [String: String] = [:]
    var sawYAMLDirective = false
    /// Whether a `---` came after the directives read so far: the next directive then belongs
    /// to another document, which declares its own.
    var directivesUsed = false

    init(bytes: [UInt8], file: String) throws {
        self.bytes = bytes
        self.file = file
        // The scanner treats a 0 byte as end of input, so control characters (which YAML does not
        // allow anyway) are rejected up front rather than risking a misread.
        let invalid = bytes.withUnsafeBufferPointer { buffer in
            buffer.firstIndex { byte in
                (byte < ReaderByte.space && byte != ReaderByte.tab && byte != ReaderByte.lineFeed
                    && byte != ReaderByte.carriageReturn) || byte == ReaderByte.delete
            }
        }
        if let invalid {
            index = invalid
            for position in 0..<invalid where bytes[position] == ReaderByte.lineFeed {
                line += 1
                lineStart = position + 1
            }
            throw error("invalid character \(ReaderByte.describe(bytes[invalid]))")
        }
    }

    // MARK: Reading bytes

    @inline(__always) func peek(_ offset: Int = 0) -> UInt8 {
        let position = index + offset
        return position < bytes.count ? bytes[position] : 0
    }

    var column: Int { index - lineStart }
    var atEnd: Bool { index >= bytes.count }

    @inline(__always) func isBlankOrEnd(_ byte: UInt8) -> Bool {
        byte == ReaderByte.space || byte == ReaderByte.tab || byte == ReaderByte.lineFeed
            || byte == ReaderByte.carriageReturn || byte == 0
    }

    @inline(__always) func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == ReaderByte.comma || byte == ReaderByte.leftBracket || byte == ReaderByte.rightBracket
            || byte == ReaderByte.leftBrace
            || byte == ReaderByte.rightBrace
    }

    mutating func consumeBreak() {
        if peek() == ReaderByte.carriageReturn && peek(1) == ReaderByte.lineFeed {
            index += 2
        } else {
            index += 1
        }
        line += 1
        lineStart = index
    }

    /// `---` or `...` at the start of a line, followed by a space or the end of the line.
    func atDocumentMarker() -> Bool {
        guard column == 0 else { return false }
        let first = peek()
        guard first == ReaderByte.minus || first == ReaderByte.dot else { return false }
        return peek(1) == first && peek(2) == first && isBlankOrEnd(peek(3))
    }

    mutating func location() -> SourceLocation {
        cursor.location(in: bytes, at: index, line: line, lineStart: lineStart)
    }

    mutating func error(_ message: String, hint: String? = nil) -> ParseError {
        ParseError(file: file, location: location(), message: message, hint: hint)
    }

    func error(_ message: String, at location: SourceLocation) -> ParseError {
        ParseError(file: file, location: location, message: message)
    }

    /// Tabs may separate tokens but never indent block content; the check looks back to the start
    /// of the line because scalar scanners may already have consumed part of the line prefix.
    // MARK: Token queue

    mutating func next() throws -> YAMLToken {
        try fill()
        guard head < queue.count else { return YAMLToken(kind: .streamEnd, location: location()) }
        let token = queue[head]
        head += 1
        tokensTaken += 1
        if head >= 512 && head * 2 >= queue.count {
            queue.removeFirst(head)
            head = 0
        }
        return token
    }

    mutating func peekToken() throws -> YAMLToken {
        try fill()
        guard head < queue.count else { return YAMLToken(kind: .streamEnd, location: location()) }
        return queue[head]
    }

    private mutating func fill() throws {
        if activeSimpleKeys == 0 && head < queue.count { return }
        while try needMoreTokens() {
            try fetchMoreTokens()
        }
    }

    /// More tokens are needed while the next one could still turn out to be a simple key, since
    /// a KEY token may then have to go in front of it.
    private mutating func needMoreTokens() throws -> Bool {
        if done { return false }
        if head >= queue.count { return true }
        try removeStaleSimpleKeys()
        return nextPossibleSimpleKey() == tokensTaken
    }

    mutating func add(_ kind: YAMLTokenKind, at location: SourceLocation, jsonLike: Bool = false) {
        queue.append(YAMLToken(kind: kind, location: location))
        lastTokenIsJSONLike = jsonLike
    }

    // MARK: Dispatch

    private mutating func fetchMoreTokens() throws {
        if !streamStarted {
            streamStarted = true
            if peek() == 0xEF && peek(1) == 0xBB && peek(2) == 0xBF {
                index = 3
                lineStart = 3
            }
            add(.streamStart, at: SourceLocation(line: 1, column: 1))
            return
        }
        try scanToNextToken()
        try removeStaleSimpleKeys()
        unwindIndent(to: column)
        if atEnd { return try fetchStreamEnd() }
        let byte = peek()
        let next = peek(1)
        switch byte {
        case ReaderByte.percent where column == 0:
            try fetchDirective()
        case ReaderByte.minus where atDocumentMarker():
            try fetchDocumentIndicator(.documentStart)
        case ReaderByte.dot where atDocumentMarker():
            try fetchDocumentIndicator(.documentEnd)
        case ReaderByte.leftBracket:
            try fetchFlowCollectionStart(.flowSequenceStart)
        case ReaderByte.leftBrace:
            try fetchFlowCollectionStart(.flowMappingStart)
        case ReaderByte.rightBracket:
            try fetchFlowCollectionEnd(.flowSequenceEnd)
        case ReaderByte.rightBrace:
            try fetchFlowCollectionEnd(.flowMappingEnd)
        case ReaderByte.comma where flowLevel > 0:
            try fetchFlowEntry()
        case ReaderByte.minus where isBlankOrEnd(next):
            try fetchBlockEntry()
        case ReaderByte.question where isBlankOrEnd(next) || (flowLevel > 0 && isFlowIndicator(next)):
            try fetchKey()
        case ReaderByte.colon
        where isBlankOrEnd(next) || (flowLevel > 0 && (isFlowIndicator(next) || lastTokenIsJSONLike)):
            try fetchValue()
        case ReaderByte.asterisk:
            try fetchAnchorOrAlias(alias: true)
        case ReaderByte.ampersand:
            try fetchAnchorOrAlias(alias: false)
        case ReaderByte.exclamation:
            try fetchTag()
        case ReaderByte.pipe where flowLevel == 0, ReaderByte.greater where flowLevel == 0:
            try fetchBlockScalar(folded: byte == ReaderByte.greater)
        case ReaderByte.apostrophe, ReaderByte.quote:
            try fetchQuotedScalar(double: byte == ReaderByte.quote)
        default:
            guard canStartPlainScalar(byte, next: next) else {
                throw error("found character \(ReaderByte.describe(byte)) that cannot start any token")
            }
            try fetchPlainScalar()
        }
    }

    @inline(__always) private func canStartPlainScalar(_ byte: UInt8, next: UInt8) -> Bool {
        switch byte {
        case ReaderByte.minus, ReaderByte.question, ReaderByte.colon:
            return !isBlankOrEnd(next) && (flowLevel == 0 || !isFlowIndicator(next))
        case ReaderByte.comma, ReaderByte.leftBracket, ReaderByte.rightBracket, ReaderByte.leftBrace,
            ReaderByte.rightBrace, ReaderByte.hash,
            ReaderByte.ampersand, ReaderByte.asterisk, ReaderByte.exclamation, ReaderByte.pipe, ReaderByte.greater,
            ReaderByte.apostrophe, ReaderByte.quote,
            ReaderByte.percent, ReaderByte.at, ReaderByte.backtick:
            return false
        default:
            return !isBlankOrEnd(byte)
        }
    }

    private mutating func scanToNextToken() throws {
        var newLine = false
        while true {
            var tab: Int?
            while index < bytes.count, ReaderByte.isWhite(bytes[index]) {
                if tab == nil && bytes[index] == ReaderByte.tab { tab = index }
                index += 1
            }
            if peek() == ReaderByte.hash {
                try requireWhiteBeforeComment()
                while index < bytes.count, !ReaderByte.isBreak(bytes[index]) { index += 1 }
            }
            if ReaderByte.isBreak(peek()) {
                consumeBreak()
                newLine = true
                if flowLevel == 0 { allowSimpleKey = true }
                continue
            }
            tabBeforeToken = tab
            if let tab, !atEnd { try rejectTabIndentation(tabAt: tab) }
            if newLine, !atEnd { try checkFlowLinePrefix() }
            return
        }
    }

    // MARK: Simple keys

    // Both loops below walk from the innermost level outwards and stop once every set key has
    // been seen, so deep flow nesting costs nothing per token when only inner levels hold keys.

    // Inlined: called on the mutating scanner, a method call copied all of it first.
    @inline(__always) private func nextPossibleSimpleKey() -> Int? {
        activeSimpleKeys > 0 ? simpleKeys[lowestKeyLevel]?.tokenNumber : nil
    }

    /// A simple key must fit on one line and in 1024 bytes; past that it can no longer be a key.
    /// Keys are checked oldest first; once one is on this line and near enough, every newer one is.
    private mutating func removeStaleSimpleKeys() throws {
        guard activeSimpleKeys > 0 else { return }
        let top = min(flowLevel, simpleKeys.count - 1)
        var level = lowestKeyLevel
        var droppedOne = false
        while activeSimpleKeys > 0 && level <= top {
            defer { level += 1 }
            guard let key = simpleKeys[level] else { continue }
            if key.line == line && index - key.index <= 1024 { return }
            // [145] ns-flow-map-yaml-key-entry: in a flow mapping the `:` may follow on a later line.
            let multiLineAllowed = level > 0 && level <= flowIsMapping.count && flowIsMapping[level - 1]
            guard (key.line != line && !multiLineAllowed) || index - key.index > 1024 else { continue }
            if key.required {
                throw error(
                    key.line == line ? Self.longKeyMessage : "could not find expected ':'", at: key.location)
            }
            // The outermost key dropped for length is the one a later `:` is reported against.
            if key.line == line && !droppedOne {
                droppedLongKey = key
                droppedOne = true
            }
            setSimpleKey(nil, level: level)
        }
    }

    mutating func savePossibleSimpleKey() throws {
        guard allowSimpleKey else { return }
        let required = flowLevel == 0 && indent == column
        try removePossibleSimpleKey()
        while simpleKeys.count <= flowLevel { simpleKeys.append(nil) }
        setSimpleKey(
            SimpleKey(
                tokenNumber: tokensTaken + queue.count - head, required: required, index: index, line: line,
                location: location(), tab: tabBeforeToken), level: flowLevel)
    }

    private mutating func setSimpleKey(_ key: SimpleKey?, level: Int) {
        let wasSet = simpleKeys[level] != nil
        simpleKeys[level] = key
        activeSimpleKeys += (key == nil ? 0 : 1) - (wasSet ? 1 : 0)
        if key != nil {
            if activeSimpleKeys == 1 || level < lowestKeyLevel { lowestKeyLevel = level }
        } else if wasSet && level == lowestKeyLevel && activeSimpleKeys > 0 {
            var next = level + 1
            while next < simpleKeys.count - 1 && simpleKeys[next] == nil { next += 1 }
            lowestKeyLevel = next
        }
    }

    mutating func removePossibleSimpleKey() throws {
        guard flowLevel < simpleKeys.count, let key = simpleKeys[flowLevel] else { return }
        if key.required { throw error("could not find expected ':'", at: key.location) }
        setSimpleKey(nil, level: flowLevel)
    }

    // MARK: Indentation

    mutating func unwindIndent(to column: Int) {
        guard flowLevel == 0 else { return }
        while indent > column {
            add(.blockEnd, at: location())
            indent = indents.popLast() ?? -1
        }
    }

    private mutating func addIndent(_ column: Int) -> Bool {
        guard indent < column else { return false }
        indents.append(indent)
        indent = column
        return true
    }

    // MARK: Indicators

    private mutating func fetchStreamEnd() throws {
        unwindIndent(to: -1)
        try removePossibleSimpleKey()
        allowSimpleKey = false
        add(.streamEnd, at: location())
        done = true
    }

    private mutating func fetchDocumentIndicator(_ kind: YAMLTokenKind) throws {
        unwindIndent(to: -1)
        try removePossibleSimpleKey()
        allowSimpleKey = false
        let start = location()
        index += 3
        if case .documentStart = kind { directivesUsed = true }
        if case .documentEnd = kind { try requireOnlyCommentAfterDocumentEnd() }
        add(kind, at: start)
    }

    private mutating func fetchFlowCollectionStart(_ kind: YAMLTokenKind) throws {
        try savePossibleSimpleKey()
        guard flowLevel < ReaderLimits.maxDepth else { throw error("nesting depth limit exceeded") }
        flowLevel += 1
        if case .flowMappingStart = kind { flowIsMapping.append(true) } else { flowIsMapping.append(false) }
        allowSimpleKey = true
        let start = location()
        index += 1
        add(kind, at: start)
    }

    private mutating func fetchFlowCollectionEnd(_ kind: YAMLTokenKind) throws {
        try removePossibleSimpleKey()
        if flowLevel > 0 {
            flowLevel -= 1
            flowIsMapping.removeLast()
        }
        allowSimpleKey = false
        let start = location()
        index += 1
        add(kind, at: start, jsonLike: true)
    }

    private mutating func fetchFlowEntry() throws {
        allowSimpleKey = true
        try removePossibleSimpleKey()
        let start = location()
        index += 1
        add(.flowEntry, at: start)
    }

    private mutating func fetchBlockEntry() throws {
        let start = location()
        if flowLevel == 0 {
            try rejectTabBeforeBlockStructure(tabBeforeToken)
            guard allowSimpleKey else { throw error("sequence entries are not allowed here") }
            if addIndent(column) { add(.blockSequenceStart, at: start) }
        }
        // A `-` inside a flow collection is left for the parser to reject with better context.
        allowSimpleKey = true
        try removePossibleSimpleKey()
        index += 1
        add(.blockEntry, at: start)
    }

    private mutating func fetchKey() throws {
        let start = location()
        if flowLevel == 0 {
            try rejectTabBeforeBlockStructure(tabBeforeToken)
            guard allowSimpleKey else { throw error("mapping keys are not allowed here") }
            if addIndent(column) { add(.blockMappingStart, at: start) }
        }
        allowSimpleKey = flowLevel == 0
        try removePossibleSimpleKey()
        index += 1
        add(.key, at: start)
    }

    private mutating func fetchValue() throws {
        let start = location()
        if flowLevel < simpleKeys.count, let key = simpleKeys[flowLevel] {
            setSimpleKey(nil, level: flowLevel)
            let position = max(head, min(queue.count, head + key.tokenNumber - tokensTaken))
            queue.insert(YAMLToken(kind: .key, location: key.location), at: position)
            // Stale keys were dropped before this token, so the key is on the current line.
            if flowLevel == 0 && indent < key.index - lineStart { try rejectTabBeforeBlockStructure(key.tab) }
            if flowLevel == 0 && addIndent(key.index - lineStart) {
                queue.insert(YAMLToken(kind: .blockMappingStart, location: key.location), at: position)
            }
            allowSimpleKey = false
        } else {
            if flowLevel == 0 {
                guard allowSimpleKey else {
                    if let long = droppedLongKey, long.line == line {
                        throw error(Self.longKeyMessage, at: long.location)
                    }
                    throw error("mapping values are not allowed here")
                }
                if addIndent(column) { add(.blockMappingStart, at: start) }
            }
            allowSimpleKey = flowLevel == 0
            try removePossibleSimpleKey()
        }
        index += 1
        add(.value, at: start)
    }
}
