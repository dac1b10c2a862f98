/// Structurally identical inline declarations emitted once (issue 17): the same inline enum,
/// object or union written in many places of a document becomes one declaration, and every other
/// name it had stays as a `typealias` to it, so no public name disappears and call sites read
/// as before. Component declarations are never turned into aliases (their names are the
/// document's own), but an inline copy of a component becomes an alias of the component.
enum DeclarationDedup {
    /// `declarations` with duplicates replaced by aliases. Runs to a fixed point: once inner
    /// types are merged, the objects holding them may become identical too.
    static func merge(_ declarations: [Declaration], components: Set<String>) -> [Declaration] {
        var result = declarations
        var canonical: [String: String] = [:]
        while true {
            var firstByKey: [String: String] = [:]
            var merged = false
            for (offset, declaration) in result.enumerated() {
                guard let key = key(declaration, canonical: canonical) else { continue }
                let name = declaration.name
                guard let first = firstByKey[key] else {
                    firstByKey[key] = name
                    continue
                }
                guard first != name, !components.contains(name) else { continue }
                canonical[name] = first
                result[offset] = .alias(name: name, type: .named(first), docs: docs(of: declaration))
                merged = true
            }
            if !merged { return result }
        }
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
    /// with referenced names followed to their canonical declaration; nil for what never merges
    /// (aliases, generic wrappers).
    static func key(_ declaration: Declaration, canonical: [String: String]) -> String? {
        func type(_ type: SwiftType) -> String { resolved(type, canonical).rendered }
        switch declaration {
        case .alias: return nil
        case .openEnum(let decl):
            let cases = decl.cases.map { $0.name + "=" + $0.raw }.joined(separator: "\u{1}")
            return "E\u{2}\(decl.rawType)\u{2}\(decl.deprecated)\u{2}\(cases)"
        case .structure(let decl):
            guard decl.genericParameters.isEmpty else { return nil }
            let properties = decl.properties.map { property in
                [
                    property.swiftName, property.wireName, type(property.type), "\(property.isOptional)",
                    property.constValue ?? "\u{3}", "\(property.isBoxed)", "\(property.isRequired)",
                    "\(property.deprecated)", property.docs.joined(separator: "\n"),
                ].joined(separator: "\u{1}")
            }
            let extras = decl.additionalFieldsType.map(type) ?? ""
            return "S\u{2}\(decl.keepsAdditionalFields)\u{2}\(extras)\u{2}\(decl.deprecated)\u{2}"
                + properties.joined(separator: "\u{2}")
        case .union(let decl):
            let members = decl.members.map { member in
                member.caseName + "\u{1}" + type(member.type) + "\u{1}"
                    + member.discriminatorValues.joined(separator: "\u{1}")
            }
            return "U\u{2}\(decl.discriminator ?? "\u{3}")\u{2}\(decl.isIndirect)\u{2}\(decl.deprecated)\u{2}"
                + members.joined(separator: "\u{2}")
        }
    }

    static func resolved(_ type: SwiftType, _ canonical: [String: String]) -> SwiftType {
        switch type {
        case .named(let name):
            var current = name
            var steps = 0
            while let next = canonical[current], steps < 64 {
                current = next
                steps += 1
            }
            return .named(current)
        case .array(let inner): return .array(resolved(inner, canonical))
        case .dictionary(let inner): return .dictionary(resolved(inner, canonical))
        case .optional(let inner): return .optional(resolved(inner, canonical))
        case .nullable(let inner): return .nullable(resolved(inner, canonical))
        case .generic(let name, let arguments):
            return .generic(resolved(.named(name), canonical).rendered, arguments.map { resolved($0, canonical) })
        }
    }
}
