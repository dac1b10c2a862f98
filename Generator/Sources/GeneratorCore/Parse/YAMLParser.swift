/// Turns the token stream into node-building calls on a `YAMLComposer`. It is a state machine
/// with an explicit stack (the libyaml/PyYAML grammar), so nesting never consumes call stack.
struct YAMLParser {
    private enum State {
        case streamStart, implicitDocumentStart, documentStart, documentContent, documentEnd
        case blockSequenceEntry, indentlessSequenceEntry
        case blockMappingKey, blockMappingValue
        case flowSequenceEntry(first: Bool)
        case flowSequenceEntryMappingKey, flowSequenceEntryMappingValue, flowSequenceEntryMappingEnd
        case flowMappingKey(first: Bool), flowMappingValue, flowMappingEmptyValue
        case end
    }

    private var scanner: YAMLScanner
    private var composer: YAMLComposer
    private var state = State.streamStart
    private var states: [State] = []
    private var documents = 0
    /// Whether the last document was closed with `...`, which directives after it need.
    private var documentClosed = false

    private init(bytes: [UInt8], file: String) throws {
        scanner = try YAMLScanner(bytes: bytes, file: file)
        composer = YAMLComposer(file: file)
    }

    /// Reads the single document in `bytes`; a stream with none is an error.
    static func parse(_ bytes: [UInt8], file: String) throws -> Node {
        guard let node = try parseNotingReferences(bytes, file: file).node else {
            throw DocumentReader.noDocumentError(file: file)
        }
        return node
    }

    /// The tree, nil when the stream holds no document (nothing, or only comments and `...`),
    /// and whether it may hold a `$ref` to another file (see `ReferenceNote`).
    static func parseNotingReferences(_ bytes: [UInt8], file: String) throws -> (node: Node?, mayReferOutside: Bool) {
        var parser = try YAMLParser(bytes: bytes, file: file)
        while true {
            if case .end = parser.state { break }
            try parser.step()
        }
        return (parser.composer.root, parser.composer.mayReferOutside)
    }

    private func error(_ message: String, at location: SourceLocation) -> ParseError {
        ParseError(file: scanner.file, location: location, message: message)
    }

    private mutating func pop() {
        state = states.popLast() ?? .end
    }

    private mutating func step() throws {
        switch state {
        case .streamStart:
            _ = try scanner.next()
            state = .implicitDocumentStart
        case .implicitDocumentStart:
            switch try scanner.peekToken().kind {
            // [211] l-yaml-stream: a stream may open with document suffixes (`...`) and no document.
            case .directive, .documentStart, .documentEnd, .streamEnd:
                state = .documentStart
            default:
                documents += 1
                states.append(.documentEnd)
                try parseNode(block: true, indentlessSequence: false)
            }
        case .documentStart:
            try parseDocumentStart()
        case .documentContent:
            let token = try scanner.peekToken()
            switch token.kind {
            case .directive, .documentStart, .documentEnd, .streamEnd:
                try composer.scalar("", style: .plain, tag: nil, anchor: nil, at: token.location)
                pop()
            default:
                try parseNode(block: true, indentlessSequence: false)
            }
        case .documentEnd:
            try composer.endDocument()
            if case .documentEnd = try scanner.peekToken().kind {
                _ = try scanner.next()
                documentClosed = true
            }
            state = .documentStart
        case .blockSequenceEntry:
            try parseBlockSequenceEntry()
        case .indentlessSequenceEntry:
            try parseIndentlessSequenceEntry()
        case .blockMappingKey:
            try parseBlockMappingKey()
        case .blockMappingValue:
            try parseBlockMappingValue()
        case .flowSequenceEntry(let first):
            try parseFlowSequenceEntry(first: first)
        case .flowSequenceEntryMappingKey:
            let key = try scanner.next()
            switch try scanner.peekToken().kind {
            case .value, .flowEntry, .flowSequenceEnd:
                state = .flowSequenceEntryMappingValue
                try emptyScalar(at: key.location)
            default:
                states.append(.flowSequenceEntryMappingValue)
                try parseNode(block: false, indentlessSequence: false)
            }
        case .flowSequenceEntryMappingValue:
            try parseFlowValue(next: .flowSequenceEntryMappingEnd)
        case .flowSequenceEntryMappingEnd:
            state = .flowSequenceEntry(first: false)
            try composer.endCollection()
        case .flowMappingKey(let first):
            try parseFlowMappingKey(first: first)
        case .flowMappingValue:
            try parseFlowValue(next: .flowMappingKey(first: false))
        case .flowMappingEmptyValue:
            state = .flowMappingKey(first: false)
            try emptyScalar(at: scanner.peekToken().location)
        case .end:
            break
        }
    }

    private mutating func emptyScalar(at location: SourceLocation) throws {
        try composer.scalar("", style: .plain, tag: nil, anchor: nil, at: location)
    }

    // MARK: Documents

    private mutating func parseDocumentStart() throws {
        while case .documentEnd = try scanner.peekToken().kind {
            _ = try scanner.next()
            documentClosed = true
        }
        var token = try scanner.peekToken()
        if case .streamEnd = token.kind {
            _ = try scanner.next()
            state = .end
            return
        }
        switch token.kind {
        case .directive where documents > 0 && !documentClosed:
            var failure = error(
                "a directive after a document must follow '...', which ends that document", at: token.location)
            failure.hint = "end the document above with a line '...'"
            throw failure
        case .directive, .documentStart:
            guard documents == 0 else { throw secondDocument(at: token.location) }
        default:
            // [211] l-yaml-stream: after `...` a bare document may follow.
            if documents > 0 && documentClosed { throw secondDocument(at: token.location) }
            guard documents == 0 else {
                throw error("expected the end of the document, but found \(token.kind.description)", at: token.location)
            }
            documents += 1
            documentClosed = false
            states.append(.documentEnd)
            try parseNode(block: true, indentlessSequence: false)
            return
        }
        while case .directive = token.kind {
            _ = try scanner.next()
            token = try scanner.peekToken()
        }
        guard case .documentStart = token.kind else {
            throw error("expected '---' after directives, but found \(token.kind.description)", at: token.location)
        }
        _ = try scanner.next()
        documents += 1
        documentClosed = false
        states.append(.documentEnd)
        state = .documentContent
    }

    /// One document per file keeps `$ref`s and locations unambiguous; a second one is more
    /// likely a concatenation mistake than intent, so it is reported rather than dropped.
    private func secondDocument(at location: SourceLocation) -> ParseError {
        var failure = error("multiple documents are not supported; found a second document", at: location)
        failure.hint = "put each document in a file of its own"
        return failure
    }

    // MARK: Nodes

    /// Reads an alias, or node properties followed by content, and moves to the matching state.
    private mutating func parseNode(block: Bool, indentlessSequence: Bool) throws {
        var token = try scanner.peekToken()
        if case .alias(let name) = token.kind {
            _ = try scanner.next()
            try composer.alias(name, at: token.location)
            pop()
            return
        }
        var anchor: String?
        var tag: String?
        let propertiesLocation = token.location
        for _ in 0..<2 {
            if case .anchor(let name) = token.kind, anchor == nil {
                anchor = name
            } else if case .tag(let name) = token.kind, tag == nil {
                tag = name
            } else {
                break
            }
            _ = try scanner.next()
            token = try scanner.peekToken()
        }
        // [96] c-ns-properties: at most one anchor and one tag, and an alias ([104]) has none.
        switch token.kind {
        case .anchor(let name):
            throw error("a node may have only one anchor, and '&\(name)' is a second one", at: token.location)
        case .tag(let name):
            throw error("a node may have only one tag, and '\(name)' is a second one", at: token.location)
        case .alias(let name):
            throw error("an alias cannot have an anchor or a tag, as '*\(name)' does here", at: token.location)
        default:
            break
        }
        switch token.kind {
        case .blockEntry where indentlessSequence:
            try composer.startCollection(mapping: false, anchor: anchor, at: token.location)
            state = .indentlessSequenceEntry
        case .scalar(let text, let style):
            _ = try scanner.next()
            try composer.scalar(text, style: style, tag: tag, anchor: anchor, at: token.location)
            pop()
        case .flowSequenceStart:
            _ = try scanner.next()
            try composer.startCollection(mapping: false, anchor: anchor, at: token.location)
            state = .flowSequenceEntry(first: true)
        case .flowMappingStart:
            _ = try scanner.next()
            try composer.startCollection(mapping: true, anchor: anchor, at: token.location)
            state = .flowMappingKey(first: true)
        case .blockSequenceStart where block:
            _ = try scanner.next()
            try composer.startCollection(mapping: false, anchor: anchor, at: token.location)
            state = .blockSequenceEntry
        case .blockMappingStart where block:
            _ = try scanner.next()
            try composer.startCollection(mapping: true, anchor: anchor, at: token.location)
            state = .blockMappingKey
        default:
            if anchor != nil || tag != nil {
                try composer.scalar("", style: .plain, tag: tag, anchor: anchor, at: propertiesLocation)
                pop()
            } else {
                throw error("expected a value, but found \(token.kind.description)", at: token.location)
            }
        }
    }

    // MARK: Block collections

    private mutating func parseBlockSequenceEntry() throws {
        var token = try scanner.peekToken()
        if case .blockEntry = token.kind {
            token = try scanner.next()
            switch try scanner.peekToken().kind {
            case .blockEntry, .blockEnd:
                try emptyScalar(at: token.location)
            default:
                states.append(.blockSequenceEntry)
                try parseNode(block: true, indentlessSequence: false)
            }
            return
        }
        guard case .blockEnd = token.kind else {
            throw error("expected a sequence entry ('-'), but found \(token.kind.description)", at: token.location)
        }
        _ = try scanner.next()
        try composer.endCollection()
        pop()
    }

    private mutating func parseIndentlessSequenceEntry() throws {
        let token = try scanner.peekToken()
        guard case .blockEntry = token.kind else {
            try composer.endCollection()
            pop()
            return
        }
        _ = try scanner.next()
        switch try scanner.peekToken().kind {
        case .blockEntry, .key, .value, .blockEnd:
            try emptyScalar(at: token.location)
        default:
            states.append(.indentlessSequenceEntry)
            try parseNode(block: true, indentlessSequence: false)
        }
    }

    private mutating func parseBlockMappingKey() throws {
        let token = try scanner.peekToken()
        switch token.kind {
        case .key:
            _ = try scanner.next()
            switch try scanner.peekToken().kind {
            case .key, .value, .blockEnd:
                state = .blockMappingValue
                try emptyScalar(at: token.location)
            default:
                states.append(.blockMappingValue)
                try parseNode(block: true, indentlessSequence: true)
            }
        case .value:
            state = .blockMappingValue
            try emptyScalar(at: token.location)
        case .blockEnd:
            _ = try scanner.next()
            try composer.endCollection()
            pop()
        case .blockMappingStart, .blockSequenceStart:
            throw error("bad indentation of a mapping entry", at: token.location)
        default:
            throw error("expected a mapping key, but found \(token.kind.description)", at: token.location)
        }
    }

    private mutating func parseBlockMappingValue() throws {
        let token = try scanner.peekToken()
        guard case .value = token.kind else {
            state = .blockMappingKey
            try emptyScalar(at: token.location)
            return
        }
        _ = try scanner.next()
        switch try scanner.peekToken().kind {
        case .key, .value, .blockEnd:
            state = .blockMappingKey
            try emptyScalar(at: token.location)
        default:
            states.append(.blockMappingKey)
            try parseNode(block: true, indentlessSequence: true)
        }
    }

    // MARK: Flow collections

    private mutating func parseFlowSequenceEntry(first: Bool) throws {
        var token = try scanner.peekToken()
        if case .flowSequenceEnd = token.kind {
            _ = try scanner.next()
            try composer.endCollection()
            pop()
            return
        }
        if !first {
            guard case .flowEntry = token.kind else {
                throw error("expected ',' or ']', but found \(token.kind.description)", at: token.location)
            }
            _ = try scanner.next()
            token = try scanner.peekToken()
        }
        switch token.kind {
        case .key:
            // `[a: b]` is a sequence holding a one-entry mapping.
            try composer.startCollection(mapping: true, anchor: nil, at: token.location)
            state = .flowSequenceEntryMappingKey
        case .value:
            // [150] ns-flow-pair with an empty key: `[ : v ]` holds the mapping {"": v}.
            try composer.startCollection(mapping: true, anchor: nil, at: token.location)
            try emptyScalar(at: token.location)
            state = .flowSequenceEntryMappingValue
        case .flowSequenceEnd:
            state = .flowSequenceEntry(first: false)
        default:
            states.append(.flowSequenceEntry(first: false))
            try parseNode(block: false, indentlessSequence: false)
        }
    }

    private mutating func parseFlowMappingKey(first: Bool) throws {
        var token = try scanner.peekToken()
        if case .flowMappingEnd = token.kind {
            _ = try scanner.next()
            try composer.endCollection()
            pop()
            return
        }
        if !first {
            guard case .flowEntry = token.kind else {
                throw error("expected ',' or '}', but found \(token.kind.description)", at: token.location)
            }
            _ = try scanner.next()
            token = try scanner.peekToken()
        }
        switch token.kind {
        case .key:
            _ = try scanner.next()
            switch try scanner.peekToken().kind {
            case .value, .flowEntry, .flowMappingEnd:
                state = .flowMappingValue
                try emptyScalar(at: token.location)
            default:
                states.append(.flowMappingValue)
                try parseNode(block: false, indentlessSequence: false)
            }
        case .value:
            state = .flowMappingValue
            try emptyScalar(at: token.location)
        case .flowMappingEnd:
            state = .flowMappingKey(first: false)
        default:
            states.append(.flowMappingEmptyValue)
            try parseNode(block: false, indentlessSequence: false)
        }
    }

    /// The value half of a flow mapping entry (also of the one-entry mappings inside sequences).
    private mutating func parseFlowValue(next: State) throws {
        let token = try scanner.peekToken()
        guard case .value = token.kind else {
            state = next
            try emptyScalar(at: token.location)
            return
        }
        _ = try scanner.next()
        switch try scanner.peekToken().kind {
        case .flowEntry, .flowSequenceEnd, .flowMappingEnd:
            state = next
            try emptyScalar(at: token.location)
        default:
            states.append(next)
            try parseNode(block: false, indentlessSequence: false)
        }
    }
}
