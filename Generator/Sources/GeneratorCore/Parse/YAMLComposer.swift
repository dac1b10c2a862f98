/// Builds the `Node` tree from the parser's calls: resolves scalars, records anchors, expands
/// aliases (within a budget), applies merge keys and rejects duplicate keys.
struct YAMLComposer {
    private struct Anchor {
        var node: Node
        /// Nodes in the subtree, counting earlier alias expansions, so nested aliases add up.
        var size: Int
        /// Collection levels in the subtree (0 for a scalar), so an alias cannot smuggle in
        /// nesting deeper than the limit by repeating a deep subtree inside another.
        var height: Int
        /// The source text when the anchored node is a scalar, so an alias can serve as a key.
        var keyText: String?
    }

    private struct PendingKey {
        var text: String
        var location: SourceLocation
        var isMerge: Bool
        /// The key was a collection, already refused (see `complexKey`): its value is dropped.
        var isRefused = false
    }

    private struct Merge {
        var position: Int
        var sources: [[Node.Entry]]
    }

    private struct Frame {
        var isMapping: Bool
        var location: SourceLocation
        var anchor: String?
        var size = 1
        var childHeight = 0
        var items: [Node] = []
        var entries: [Node.Entry] = []
        var pendingKey: PendingKey?
        /// Built once a mapping grows past a few keys; small mappings are checked by scanning.
        var keySet: Set<String>?
        var merges: [Merge] = []
    }

    private static let mergeTag = "tag:yaml.org,2002:merge"
    /// OpenAPI keys are names; a collection as a key is valid YAML this reader chooses not to support.
    static let scalarKeysOnly = "mapping keys must be scalars"

    let file: String
    private var anchors: [String: Anchor] = [:]
    private var aliasExpansion = 0
    private var stack: [Frame] = []
    /// The first collection written as a key. Refusing it is this reader's choice, not a YAML
    /// rule, so the refusal waits for the end of the document: when the text is not YAML at all
    /// further on, that is the error a person has to fix first.
    private var complexKey: ParseError?
    private(set) var root: Node?
    /// Whether some entry is a `$ref` to another file (see `ReferenceNote`).
    private(set) var mayReferOutside = false

    init(file: String) {
        self.file = file
    }

    private func error(_ message: String, at location: SourceLocation) -> ParseError {
        ParseError(file: file, location: location, message: message)
    }

    private var expectsKey: Bool {
        guard let top = stack.last else { return false }
        return top.isMapping && top.pendingKey == nil
    }

    // MARK: Events

    mutating func scalar(
        _ text: String, style: YAMLScalarStyle, tag: String?, anchor: String?, at location: SourceLocation
    ) throws {
        if expectsKey {
            // Keys stay source text, so they are not resolved unless an alias may reuse them as values.
            let isMerge = style == .plain && text == "<<" && (tag == nil || tag == Self.mergeTag)
            if let anchor {
                let value = try resolve(text, style: style, tag: tag, at: location)
                anchors[anchor] = Anchor(node: Node(value, at: location), size: 1, height: 0, keyText: text)
            }
            try acceptKey(text, at: location, isMerge: isMerge)
            stack[stack.count - 1].size += 1
            return
        }
        let node = Node(try resolve(text, style: style, tag: tag, at: location), at: location)
        if let anchor { anchors[anchor] = Anchor(node: node, size: 1, height: 0, keyText: text) }
        try attach(node, size: 1, height: 0)
    }

    mutating func alias(_ name: String, at location: SourceLocation) throws {
        guard let anchor = anchors[name] else {
            let open = stack.contains { $0.anchor == name }
            throw error(open ? "recursive alias '*\(name)'" : "undefined alias '*\(name)'", at: location)
        }
        aliasExpansion += anchor.size
        guard aliasExpansion <= ReaderLimits.maxAliasExpansion else {
            throw error("alias expansion limit exceeded", at: location)
        }
        guard stack.count + anchor.height <= ReaderLimits.maxDepth else {
            throw error("nesting depth limit exceeded", at: location)
        }
        if expectsKey {
            guard let text = anchor.keyText else {
                let kind = Self.kind(of: anchor.node)
                refuseKey("the alias '*\(name)' names a \(kind), and a \(kind) as a key is not supported", at: location)
                stack[stack.count - 1].size += anchor.size
                stack[stack.count - 1].pendingKey = PendingKey(
                    text: "", location: location, isMerge: false, isRefused: true)
                return
            }
            try acceptKey(text, at: location, isMerge: false)
            stack[stack.count - 1].size += 1
            return
        }
        try attach(anchor.node, size: anchor.size, height: anchor.height)
    }

    mutating func startCollection(mapping: Bool, anchor: String?, at location: SourceLocation) throws {
        if expectsKey {
            let kind = mapping ? "mapping" : "sequence"
            refuseKey("a \(kind) as a key is not supported", at: location)
        }
        guard stack.count < ReaderLimits.maxDepth else { throw error("nesting depth limit exceeded", at: location) }
        stack.append(Frame(isMapping: mapping, location: location, anchor: anchor))
    }

    mutating func endCollection() throws {
        guard let frame = stack.popLast() else { return }
        let node: Node
        if frame.isMapping {
            node = Node(.mapping(frame.merges.isEmpty ? frame.entries : Self.applyMerges(frame)), at: frame.location)
        } else {
            node = Node(.sequence(frame.items), at: frame.location)
        }
        let height = frame.childHeight + 1
        if let anchor = frame.anchor {
            anchors[anchor] = Anchor(node: node, size: frame.size, height: height, keyText: nil)
        }
        try attach(node, size: frame.size, height: height)
    }

    // MARK: Building

    private mutating func attach(_ node: Node, size: Int, height: Int) throws {
        guard !stack.isEmpty else {
            root = node
            return
        }
        let top = stack.count - 1
        stack[top].size += size
        stack[top].childHeight = max(stack[top].childHeight, height)
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return
        }
        guard let key = stack[top].pendingKey else {
            // Only a collection arrives as a key here (scalar keys go through `acceptKey`), and
            // `startCollection` has refused it already.
            stack[top].pendingKey = PendingKey(text: "", location: node.location, isMerge: false, isRefused: true)
            return
        }
        stack[top].pendingKey = nil
        if key.isRefused { return }
        if key.isMerge {
            let sources = try mergeSources(node)
            stack[top].merges.append(Merge(position: stack[top].entries.count, sources: sources))
            return
        }
        if !mayReferOutside { mayReferOutside = ReferenceNote.refersOutside(key: key.text, value: node) }
        stack[top].entries.append(Node.Entry(key: key.text, keyLocation: key.location, value: node))
        if stack[top].keySet != nil {
            stack[top].keySet?.insert(key.text)
        } else if stack[top].entries.count >= 8 {
            stack[top].keySet = Set(stack[top].entries.map(\.key))
        }
    }

    private mutating func acceptKey(_ text: String, at location: SourceLocation, isMerge: Bool) throws {
        let top = stack.count - 1
        if !isMerge {
            let duplicate =
                stack[top].keySet.map { $0.contains(text) } ?? stack[top].entries.contains { $0.key == text }
            if duplicate {
                // An omitted key (`: a`) reads as empty, which `''` would not make clear.
                throw error(
                    text.isEmpty ? "duplicate key: a second entry with an empty key" : "duplicate key '\(text)'",
                    at: location)
            }
        }
        stack[top].pendingKey = PendingKey(text: text, location: location, isMerge: isMerge)
    }

    /// Notes the first collection used as a key; `endDocument` reports it.
    private mutating func refuseKey(_ detail: String, at location: SourceLocation) {
        guard complexKey == nil else { return }
        var failure = error("\(Self.scalarKeysOnly): \(detail)", at: location)
        failure.hint = "OpenAPI keys are names: write this key as a plain or quoted scalar"
        complexKey = failure
    }

    /// Reports a collection used as a key, once the rest of the document is known to be YAML.
    func endDocument() throws {
        if let complexKey { throw complexKey }
    }

    private static func kind(of node: Node) -> String {
        if case .mapping = node.value { "mapping" } else { "sequence" }
    }

    private func mergeSources(_ node: Node) throws -> [[Node.Entry]] {
        switch node.value {
        case .mapping(let entries):
            return [entries]
        case .sequence(let items):
            return try items.map { item in
                guard case .mapping(let entries) = item.value else {
                    throw error("a merge key ('<<') sequence must contain only mappings", at: item.location)
                }
                return entries
            }
        default:
            throw error("a merge key ('<<') needs a mapping or a sequence of mappings", at: node.location)
        }
    }

    /// Merged entries go where the `<<` key was written. Keys written in the mapping itself win
    /// over merged ones, and among merged mappings the first one listed wins.
    private static func applyMerges(_ frame: Frame) -> [Node.Entry] {
        let explicit = frame.keySet ?? Set(frame.entries.map(\.key))
        var merged = Set<String>()
        var result: [Node.Entry] = []
        var next = 0
        for merge in frame.merges {
            let position = min(merge.position, frame.entries.count)
            if next < position { result.append(contentsOf: frame.entries[next..<position]) }
            next = max(next, position)
            for source in merge.sources {
                for entry in source where !explicit.contains(entry.key) && merged.insert(entry.key).inserted {
                    result.append(entry)
                }
            }
        }
        if next < frame.entries.count { result.append(contentsOf: frame.entries[next...]) }
        return result
    }

    // MARK: Scalars

    private func resolve(
        _ text: String, style: YAMLScalarStyle, tag: String?, at location: SourceLocation
    ) throws -> Node.Value {
        guard let tag else { return style == .plain ? YAMLCoreSchema.resolvePlain(text) : .string(text) }
        switch tag {
        case "!", "tag:yaml.org,2002:str":
            return .string(text)
        case "tag:yaml.org,2002:null":
            guard text.isEmpty || YAMLCoreSchema.isNull(text) else { throw invalid(text, tag: "null", at: location) }
            return .null
        case "tag:yaml.org,2002:bool":
            guard let flag = YAMLCoreSchema.bool(text) else { throw invalid(text, tag: "bool", at: location) }
            return .bool(flag)
        case "tag:yaml.org,2002:int":
            guard let number = YAMLCoreSchema.integer(text) else { throw invalid(text, tag: "int", at: location) }
            return number
        case "tag:yaml.org,2002:float":
            guard let number = YAMLCoreSchema.float(text) ?? YAMLCoreSchema.integer(text) else {
                throw invalid(text, tag: "float", at: location)
            }
            switch number {
            case .int(let int): return .double(Double(int))
            default: return number
            }
        default:
            // Unknown and non-scalar tags carry no meaning for this reader.
            return style == .plain ? YAMLCoreSchema.resolvePlain(text) : .string(text)
        }
    }

    private func invalid(_ text: String, tag: String, at location: SourceLocation) -> ParseError {
        error("invalid !!\(tag) value '\(text)'", at: location)
    }
}
