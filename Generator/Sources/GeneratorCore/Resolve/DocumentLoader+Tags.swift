/// The document's tags, with OpenAPI 3.2's nesting checked where it is read.
///
/// A `parent` must name a declared tag and must not lead back to the tag itself. Either mistake
/// is reported at the `parent` field and that link is dropped (the tag is then top-level), so
/// every later stage may follow parents without guarding against loops or dangling names.
extension DocumentLoader {
    mutating func tags(_ list: Node?, at pointer: JSONPointer) -> [Tag] {
        var tags: [Tag] = []
        var places: [(pointer: JSONPointer, node: Node?)] = []
        for (index, node) in (list?.elements ?? []).enumerated() {
            guard let name = node["name"]?.string else { continue }
            tags.append(
                Tag(
                    name: name, description: node["description"]?.string, summary: node["summary"]?.string,
                    parent: node["parent"]?.string, kind: node["kind"]?.string, pointer: pointer / String(index)))
            places.append((pointer / String(index) / "parent", node["parent"]))
        }
        let declared = Set(tags.map(\.name))
        for index in tags.indices {
            guard let parent = tags[index].parent else { continue }
            if !declared.contains(parent) {
                diagnostics.warn(
                    "tag '\(tags[index].name)' names the parent '\(parent)', which is not a declared tag; "
                        + "it is treated as a top-level tag", at: places[index].pointer, places[index].node)
                tags[index].parent = nil
            }
        }
        // Each tag is walked once: a walk stops at a tag an earlier walk finished, and meeting a tag
        // of the current walk closes a loop, broken at that tag.
        let byName = Dictionary(tags.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { a, _ in a })
        var walkOf = [Int](repeating: -1, count: tags.count)
        for start in tags.indices where walkOf[start] == -1 {
            var current = start
            walkOf[current] = start
            while let parent = tags[current].parent, let next = byName[parent] {
                if walkOf[next] == start {
                    diagnostics.warn(
                        "tag '\(tags[next].name)' is its own ancestor through 'parent'; it is treated as a top-level tag",
                        at: places[next].pointer, places[next].node)
                    tags[next].parent = nil
                    break
                }
                if walkOf[next] != -1 { break }
                walkOf[next] = start
                current = next
            }
        }
        return tags
    }
}

/// Tag nesting as later stages read it: the loader has already removed loops and unknown parents.
struct TagTree {
    private var byName: [String: Tag] = [:]
    /// Declaration order, first declaration of a name only.
    private(set) var tags: [Tag] = []
    private var tops: [String: String] = [:]

    init(_ tags: [Tag]) {
        for tag in tags where byName[tag.name] == nil {
            byName[tag.name] = tag
            self.tags.append(tag)
        }
        // Each tag's top-level ancestor, every chain walked once (a tag already placed ends a walk).
        for tag in self.tags where tops[tag.name] == nil {
            var chain = [tag.name]
            var top = tag.name
            while let parent = byName[chain[chain.count - 1]]?.parent, byName[parent] != nil,
                chain.count <= self.tags.count
            {
                if let known = tops[parent] {
                    top = known
                    break
                }
                chain.append(parent)
                top = parent
            }
            for name in chain { tops[name] = top }
        }
    }

    func tag(named name: String) -> Tag? { byName[name] }

    /// The top-level tag `name` is nested under (`name` itself for a top-level or undeclared tag).
    func top(of name: String) -> String { tops[name] ?? name }

    /// The top-level tag first, ending with `name` (just `[name]` for a top-level or undeclared tag).
    func path(to name: String) -> [String] {
        var path = [name]
        while let parent = byName[path[path.count - 1]]?.parent, byName[parent] != nil, path.count <= tags.count {
            path.append(parent)
        }
        return path.reversed()
    }
}
