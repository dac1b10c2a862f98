/// Which component schemas refer to which, so recursion can be found and later boxed.
public struct ReferenceGraph: Sendable {
    /// Component name → names it refers to directly (through properties, items, compositions…).
    public let edges: [String: Set<String>]
    public let recursiveSchemas: Set<String>

    public init(_ document: OpenAPIDocument) {
        // One strongly-connected-components pass, not a graph walk per component (that walk was
        // quadratic: 14 % of generating an 8 MB document), over edges collected once.
        let graph = ComponentGraph(document.schemas)
        edges = graph.edges
        recursiveSchemas = graph.recursiveSchemas
    }

    /// Whether `start` reaches `target` following at least one edge.
    public static func reaches(from start: String, to target: String, edges: [String: Set<String>]) -> Bool {
        var stack = Array(edges[start] ?? [])
        var visited = Set<String>()
        while let next = stack.popLast() {
            if next == target { return true }
            guard visited.insert(next).inserted else { continue }
            stack.append(contentsOf: edges[next] ?? [])
        }
        return false
    }

    package static func collect(_ schema: Schema, into targets: inout Set<String>) {
        if let ref = schema.ref { targets.insert(ref) }
        for property in schema.properties { collect(property.schema, into: &targets) }
        // Each list walked where it is: concatenating them copied every child schema per node,
        // and even an array of the lists cost an allocation per schema.
        for child in schema.itemsStorage { collect(child, into: &targets) }
        for child in schema.prefixItems { collect(child, into: &targets) }
        for child in schema.allOf { collect(child, into: &targets) }
        for child in schema.oneOf { collect(child, into: &targets) }
        for child in schema.anyOf { collect(child, into: &targets) }
        for child in schema.notStorage { collect(child, into: &targets) }
        if case .schema(let box) = schema.additionalProperties { collect(box.schema, into: &targets) }
    }
}
