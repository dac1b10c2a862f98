/// Which union members are stored behind a reference.
///
/// A union that holds a model inline is as large as that model, and the model as large as every
/// union and model it holds in turn. In documents where objects link to each other through
/// "expandable" members (`anyOf: [string, $ref]`), those layouts grow exponentially with the depth
/// of the links, and so does the code the compiler emits to copy, compare and destroy them: a
/// 250 KB document's module did not finish a debug build in 30 minutes. An `indirect case` keeps
/// the payload in a box, so a union is a pointer wide whatever it may hold; the common member (an
/// identifier string) stays inline and costs no allocation.
enum UnionStorage {
    static func decide(_ declarations: [Declaration]) -> [Declaration] {
        var kinds: [String: Declaration] = [:]
        kinds.reserveCapacity(declarations.count)
        for declaration in declarations { kinds[declaration.name] = declaration }

        func holdsMembers(_ type: SwiftType) -> Bool {
            var current = type.unwrapped
            // Aliases chain (dedup makes them); the chain is finite, but a malformed cycle must not hang.
            for _ in 0..<64 {
                guard case .named(let name) = current, let declaration = kinds[name] else { return false }
                switch declaration {
                case .structure, .union: return true
                case .openEnum: return false
                case .alias(_, let target, _): current = target.unwrapped
                }
            }
            return false
        }

        return declarations.map { declaration in
            guard case .union(var union) = declaration else { return declaration }
            for index in union.members.indices where holdsMembers(union.members[index].type) {
                union.members[index].isIndirect = true
            }
            return .union(union)
        }
    }
}
