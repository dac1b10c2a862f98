/// The component reference graph as the translator asks it, answered in constant time per
/// question after one linear pass: strongly connected components (Tarjan) instead of a graph
/// walk per property (issue 17: those walks made generation quadratic on large documents).
struct ComponentGraph {
    /// Component name → names it refers to directly (`ReferenceGraph.collect`).
    let edges: [String: Set<String>]
    /// Component name → index of its strongly connected component.
    let sccIndex: [String: Int]
    /// The strongly connected components, sinks first (Tarjan's order: every edge leaving an SCC
    /// goes to one listed earlier).
    let sccs: [[String]]

    init(_ schemas: [(name: String, schema: Schema)]) {
        var edges: [String: Set<String>] = [:]
        for (name, schema) in schemas {
            var targets = Set<String>()
            ReferenceGraph.collect(schema, into: &targets)
            edges[name] = targets
        }
        self.edges = edges
        (sccIndex, sccs) = Self.stronglyConnected(order: schemas.map(\.name), edges: edges)
    }

    /// Components that reach themselves: on a cycle of two or more, or referring to themselves.
    /// What `ReferenceGraph.recursiveSchemas` computes with one graph walk per component (quadratic:
    /// 14 % of generating an 8 MB document), from the SCCs in linear time.
    var recursiveSchemas: Set<String> {
        var result = Set<String>()
        for members in sccs {
            if members.count > 1 {
                result.formUnion(members)
            } else if let only = members.first, edges[only]?.contains(only) == true {
                result.insert(only)
            }
        }
        return result
    }

    /// Whether `component` leads back to `current`, given that `current` reaches `component`
    /// (the translator only asks about components the one being translated refers to): then the
    /// two are the same component or share a cycle, i.e. the same SCC.
    func leadsBack(from component: String, to current: String) -> Bool {
        component == current || (sccIndex[component] != nil && sccIndex[component] == sccIndex[current])
    }

    /// Tarjan's algorithm, iterative (documents nest deeper than the stack allows), visiting roots
    /// and successors in a fixed order so the result is deterministic.
    static func stronglyConnected(order: [String], edges: [String: Set<String>]) -> ([String: Int], [[String]]) {
        var index: [String: Int] = [:]
        var low: [String: Int] = [:]
        var onStack = Set<String>()
        var stack: [String] = []
        var result: [[String]] = []
        var sccIndex: [String: Int] = [:]
        var counter = 0
        let successors = edges.mapValues { $0.sorted() }
        for root in order where index[root] == nil {
            // Frames: a node and how many of its successors were looked at.
            var frames: [(node: String, next: Int)] = [(root, 0)]
            index[root] = counter
            low[root] = counter
            counter += 1
            stack.append(root)
            onStack.insert(root)
            while let frame = frames.last {
                let targets = successors[frame.node] ?? []
                if frame.next < targets.count {
                    frames[frames.count - 1].next += 1
                    let target = targets[frame.next]
                    guard edges[target] != nil else { continue }  // a reference to no component
                    if index[target] == nil {
                        index[target] = counter
                        low[target] = counter
                        counter += 1
                        stack.append(target)
                        onStack.insert(target)
                        frames.append((target, 0))
                    } else if onStack.contains(target) {
                        low[frame.node] = min(low[frame.node] ?? 0, index[target] ?? 0)
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    low[parent.node] = min(low[parent.node] ?? 0, low[frame.node] ?? 0)
                }
                guard low[frame.node] == index[frame.node] else { continue }
                var members: [String] = []
                while let member = stack.popLast() {
                    onStack.remove(member)
                    members.append(member)
                    sccIndex[member] = result.count
                    if member == frame.node { break }
                }
                result.append(members)
            }
        }
        return (sccIndex, result)
    }

    /// At most two distinct values, which is all "used by exactly one group" needs.
    enum Users: Equatable {
        case none
        case one(String)
        case many

        mutating func add(_ other: Users) {
            switch (self, other) {
            case (_, .none), (.many, _): return
            case (.none, _): self = other
            case (.one(let mine), .one(let theirs)) where mine == theirs: return
            default: self = .many
            }
        }
    }

    /// For every component, the groups whose operations reach it (directly or through other
    /// components): one pass over the SCCs in topological order instead of a closure per operation.
    func users(direct: [String: Users]) -> [String: Users] {
        var sccUsers = Array(repeating: Users.none, count: sccs.count)
        for (component, users) in direct {
            guard let scc = sccIndex[component] else { continue }
            sccUsers[scc].add(users)
        }
        // Sources first: the reverse of Tarjan's order.
        for scc in sccs.indices.reversed() where sccUsers[scc] != .none {
            for member in sccs[scc] {
                for target in edges[member] ?? [] {
                    guard let next = sccIndex[target], next != scc else { continue }
                    sccUsers[next].add(sccUsers[scc])
                }
            }
        }
        var result: [String: Users] = [:]
        for (component, scc) in sccIndex where sccUsers[scc] != .none { result[component] = sccUsers[scc] }
        return result
    }
}
