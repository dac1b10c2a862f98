/// Which component schemas refer to which, so recursion can be found and later boxed.
public struct ReferenceGraph: Sendable {
    /// Component name → names it refers to directly (through properties, items, compositions…).
    public let edges: [String: Set<String>]
    public let recursiveSchemas: Set<String>

    public init(_ document: OpenAPIDocument) {
        var edges: [String: Set<String>] = [:]
        for (name, schema) in document.schemas {
            var targets = Set<String>()
            ReferenceGraph.collect(schema, into: &targets)
            edges[name] = targets
        }
        self.edges = edges
        // One strongly-connected-components pass, not a graph walk per component (that walk was
        // quadratic: 14 % of generating an 8 MB document).
        recursiveSchemas = ComponentGraph(document.schemas).recursiveSchemas
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
        for child in schema.itemsStorage + schema.prefixItems + schema.allOf + schema.oneOf + schema.anyOf
            + schema.notStorage
        {
            collect(child, into: &targets)
        }
        if case .schema(let box) = schema.additionalProperties { collect(box.schema, into: &targets) }
    }
}
