/// Structurally identical inline declarations emitted once (issue 17): the same inline enum,
/// object or union written in many places of a document becomes one declaration, and every other
/// name it had stays as a `typealias` to it, so no public name disappears and call sites read
/// as before. Component declarations are never turned into aliases (their names are the
/// document's own), but an inline copy of a component becomes an alias of the component.
enum DeclarationDedup {
    /// `declarations` with duplicates replaced by aliases. Runs to a fixed point: once inner
    /// types are merged, the objects holding them may become identical too. A declaration's key
    /// is built once and rebuilt only when a name it refers to resolves differently since: a
    /// key depends on nothing else, and rebuilding every key on every pass was a twentieth of
    /// generation (issue 17).
    static func merge(_ declarations: [Declaration], components: Set<String>) -> [Declaration] {
        var result = declarations
        var canonical: [String: String] = [:]
        var cache = [CachedKey?](repeating: nil, count: result.count)
        // Keys as small numbers, so a pass hashes integers instead of whole declarations.
        var keyNumbers: [Key: Int] = [:]
        keyNumbers.reserveCapacity(result.count)
        while true {
            var firstByKey: [Int: String] = [:]
            firstByKey.reserveCapacity(result.count)
            var merged = false
            for offset in result.indices {
                if let cached = cache[offset], cached.isCurrent(canonical) {
                    // Unchanged: the same key as when it was built.
                } else {
                    let declaration = result[offset]
                    var references: [String] = []
                    collectReferences(declaration, into: &references)
                    let number = key(declaration, canonical: canonical).map { key in
                        if let known = keyNumbers[key] { return known }
                        keyNumbers[key] = keyNumbers.count
                        return keyNumbers.count - 1
                    }
                    cache[offset] = CachedKey(
                        number: number, references: references.map { ($0, resolvedName($0, canonical)) })
                }
                guard let number = cache[offset]?.number else { continue }
                let name = result[offset].name
                guard let first = firstByKey[number] else {
                    firstByKey[number] = name
                    continue
                }
                guard first != name, !components.contains(name) else { continue }
                canonical[name] = first
                result[offset] = .alias(name: name, type: .named(first), docs: docs(of: result[offset]))
                // An alias has no key (and refers to nothing that could give it one).
                cache[offset] = CachedKey(number: nil, references: [])
                merged = true
            }
            if !merged { return result }
        }
    }

    /// A declaration's key (as its number) and what each name its key depends on resolved to
    /// when it was built.
    struct CachedKey {
        var number: Int?
        var references: [(name: String, resolved: String)]

        func isCurrent(_ canonical: [String: String]) -> Bool {
            references.allSatisfy { resolvedName($0.name, canonical) == $0.resolved }
        }
    }

    /// Every name `key` follows through `canonical` for `declaration`.
    static func collectReferences(_ declaration: Declaration, into names: inout [String]) {
        switch declaration {
        case .alias, .openEnum: return
        case .structure(let decl):
            guard decl.genericParameters.isEmpty else { return }
            for property in decl.properties { collectReferences(property.type, into: &names) }
            if let extras = decl.additionalFieldsType { collectReferences(extras, into: &names) }
        case .union(let decl):
            for member in decl.members { collectReferences(member.type, into: &names) }
        }
    }

    static func collectReferences(_ type: SwiftType, into names: inout [String]) {
        switch type {
        case .named(let name): names.append(name)
        case .dateTime, .date: break
        case .array(let inner), .dictionary(let inner), .optional(let inner), .nullable(let inner):
            collectReferences(inner, into: &names)
        case .generic(let name, let arguments):
            names.append(name)
            for argument in arguments { collectReferences(argument, into: &names) }
        }
    }

    /// `name` followed through `canonical`, as `resolved` follows a named type.
    static func resolvedName(_ name: String, _ canonical: [String: String]) -> String {
        var current = name
        var steps = 0
        while let next = canonical[current], steps < 64 {
            current = next
            steps += 1
        }
        return current
    }

    static func docs(of declaration: Declaration) -> [String] {
        switch declaration {
        case .structure(let decl): return decl.docs
        case .openEnum(let decl): return decl.docs
        case .union(let decl): return decl.docs
        case .alias(_, _, let docs): return docs
        }
    }

    /// Everything that shapes the emitted code except the declaration's own name and doc comment,
    /// with referenced names followed to their canonical declaration (compared as rendered, as
    /// they are written); nil for what never merges (aliases, generic wrappers). A value, not a
    /// string joined from the parts: building that string was most of the dedup's cost.
    enum Key: Hashable {
        case enumeration(rawType: String, deprecated: Bool, names: [String], raws: [String])
        case structure(keeps: Bool, extras: String?, deprecated: Bool, properties: [PropertyDecl])
        case union(discriminator: String?, indirect: Bool, deprecated: Bool, members: [UnionDecl.Member])

        /// A few telling parts only (equality still compares everything): hashing every doc
        /// comment of every property was most of a lookup.
        func hash(into hasher: inout Hasher) {
            switch self {
            case .enumeration(let rawType, _, let names, _):
                hasher.combine(0)
                hasher.combine(rawType)
                hasher.combine(names)
            case .structure(_, _, _, let properties):
                hasher.combine(1)
                hasher.combine(properties.count)
                for property in properties {
                    hasher.combine(property.swiftName)
                    hasher.combine(property.type)
                }
            case .union(_, _, _, let members):
                hasher.combine(2)
                hasher.combine(members.count)
                for member in members { hasher.combine(member.caseName) }
            }
        }
    }

    static func key(_ declaration: Declaration, canonical: [String: String]) -> Key? {
        func type(_ type: SwiftType) -> SwiftType { .named(resolved(type, canonical).rendered) }
        switch declaration {
        case .alias: return nil
        case .openEnum(let decl):
            return .enumeration(
                rawType: decl.rawType, deprecated: decl.deprecated, names: decl.cases.map(\.name),
                raws: decl.cases.map(\.raw))
        case .structure(let decl):
            guard decl.genericParameters.isEmpty else { return nil }
            var properties = decl.properties
            for index in properties.indices { properties[index].type = type(properties[index].type) }
            return .structure(
                keeps: decl.keepsAdditionalFields, extras: decl.additionalFieldsType.map { type($0).rendered },
                deprecated: decl.deprecated, properties: properties)
        case .union(let decl):
            var members = decl.members
            for index in members.indices { members[index].type = type(members[index].type) }
            return .union(
                discriminator: decl.discriminator, indirect: decl.isIndirect, deprecated: decl.deprecated,
                members: members)
        }
    }

    static func resolved(_ type: SwiftType, _ canonical: [String: String]) -> SwiftType {
        switch type {
        case .named(let name): return .named(resolvedName(name, canonical))
        case .dateTime, .date: return type
        case .array(let inner): return .array(resolved(inner, canonical))
        case .dictionary(let inner): return .dictionary(resolved(inner, canonical))
        case .optional(let inner): return .optional(resolved(inner, canonical))
        case .nullable(let inner): return .nullable(resolved(inner, canonical))
        case .generic(let name, let arguments):
            return .generic(resolved(.named(name), canonical).rendered, arguments.map { resolved($0, canonical) })
        }
    }
}
