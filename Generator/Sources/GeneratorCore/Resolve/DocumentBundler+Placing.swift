extension DocumentBundler {
    static func containsExternalReference(_ node: Node, under parent: String? = nil) -> Bool {
        containsExternalReference(node, under: ParentKey(parent))
    }

    /// The parent keys `isLiteral` tells apart, so the walk compares each parent once.
    enum ParentKey {
        /// `names` holds maps whose keys are names (`properties`, `headers`…): there a key such
        /// as `example` or `x-request-id` names a member, and its value may be a reference.
        case none, names, responses, other
        init(_ key: String?) {
            switch key {
            case nil: self = .none
            case "responses": self = .responses
            case let key? where Self.nameMaps.contains(key): self = .names
            default: self = .other
            }
        }

        static let nameMaps: Set<String> = [
            "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "headers", "content",
            "links", "schemas", "parameters", "requestBodies", "securitySchemes", "callbacks", "pathItems",
            "encoding", "webhooks",
        ]
    }

    /// `isLiteral` and the walk above it, deciding on each key's first byte before comparing it
    /// whole: every document is walked once to find out whether it needs bundling at all, and the
    /// closure-and-compare form was a twelfth of generation (issue 17).
    private static func containsExternalReference(_ node: Node, under parent: ParentKey) -> Bool {
        switch node.value {
        case .mapping(let entries):
            for index in entries.indices {
                let key = entries[index].key
                let value = entries[index].value
                switch key.utf8.first {
                case UInt8(ascii: "$"):
                    if key == "$ref", case .string(let reference) = value.value {
                        if ReferenceTarget.isExternal(reference) { return true }
                        continue
                    }
                case UInt8(ascii: "e"):
                    if parent != .names {
                        if key == "example" || key == "enum" { continue }
                        if key == "examples", case .sequence = value.value { continue }
                    }
                case UInt8(ascii: "c"):
                    if parent != .names, key == "const" { continue }
                case UInt8(ascii: "d"):
                    if parent != .names, parent != .responses, key == "default" { continue }
                case UInt8(ascii: "v"):
                    if parent != .names, parent != .none, key == "value" { continue }
                case UInt8(ascii: "x"):
                    if parent != .names, key.utf8.dropFirst().first == UInt8(ascii: "-") { continue }
                default:
                    break
                }
                switch value.value {
                case .mapping, .sequence:
                    if containsExternalReference(value, under: ParentKey(key)) { return true }
                default:
                    continue
                }
            }
            return false
        case .sequence(let items):
            for item in items where containsExternalReference(item, under: ParentKey.none) { return true }
            return false
        default: return false
        }
    }

    // MARK: Naming and placing copies

    static func derivedName(_ target: ReferenceTarget, pointer: JSONPointer) -> String {
        if let last = pointer.tokens.last, !last.isEmpty, Int(last) == nil { return last }
        let fileName = target.file.split(separator: "/").last.map(String.init) ?? target.file
        let stem = fileName.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        let base = stem.isEmpty ? fileName : stem
        return pointer.tokens.isEmpty ? base : ([base] + pointer.tokens).joined(separator: "_")
    }

    mutating func uniqueName(_ kind: String, _ base: String) -> String {
        var name = base
        var suffix = 2
        while taken[kind, default: []].contains(name.lowercased()) {
            name = "\(base)\(suffix)"
            suffix += 1
        }
        taken[kind, default: []].insert(name.lowercased())
        return name
    }

    func appendAdditions(to root: inout Node) {
        guard !additions.isEmpty, case .mapping(var entries) = root.value else { return }
        let origin = root.location
        var componentsIndex = entries.firstIndex { $0.key == "components" }
        if componentsIndex == nil {
            entries.append(Node.Entry(key: "components", keyLocation: origin, value: Node(.mapping([]), at: origin)))
            componentsIndex = entries.count - 1
        }
        guard let componentsIndex, case .mapping(var sections) = entries[componentsIndex].value.value else { return }
        for addition in additions {
            let entry = Node.Entry(key: addition.name, keyLocation: addition.node.location, value: addition.node)
            if let index = sections.firstIndex(where: { $0.key == addition.kind }),
                case .mapping(var members) = sections[index].value.value
            {
                members.append(entry)
                sections[index].value.value = .mapping(members)
            } else {
                sections.append(
                    Node.Entry(key: addition.kind, keyLocation: origin, value: Node(.mapping([entry]), at: origin)))
            }
        }
        entries[componentsIndex].value.value = .mapping(sections)
        root.value = .mapping(entries)
    }
}
