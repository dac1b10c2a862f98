import GeneratorCore

/// Generated types compared by name: structs by their properties (and hence memberwise
/// initialisers), open enums by their named values, unions by their cases, aliases by target.
extension SwiftAPIDiff {
    static func kind(_ declaration: Declaration) -> String {
        switch declaration {
        case .structure: return "struct"
        case .openEnum: return "open enum"
        case .union: return "union enum"
        case .alias: return "typealias"
        }
    }

    static func compareDeclarations(_ old: [Declaration], _ new: [Declaration]) -> [SpecChange] {
        var changes: [SpecChange] = []
        let oldByName = shapes(old)
        let newByName = shapes(new)
        for declaration in new where oldByName[declaration.name] == nil {
            changes.append(change(.additive, .type, declaration.name, "added (\(kind(declaration)))"))
        }
        for declaration in old where newByName[declaration.name] == nil {
            changes.append(change(.breaking, .type, declaration.name, "removed (\(kind(declaration)))"))
        }
        for original in old {
            guard let declaration = oldByName[original.name], let updated = newByName[original.name] else { continue }
            let name = declaration.name
            switch (declaration, updated) {
            case (.structure(let before), .structure(let after)):
                changes += compareStruct(before, after)
            case (.openEnum(let before), .openEnum(let after)):
                changes += compareEnum(before, after)
            case (.union(let before), .union(let after)):
                changes += compareUnion(before, after)
            case (.alias(_, let before, _), .alias(_, let after, _)):
                if before != after {
                    changes.append(
                        change(
                            .breaking, .type, name,
                            "now an alias of `\(after.rendered)` instead of `\(before.rendered)`"))
                }
            default:
                changes.append(change(.breaking, .type, name, "changed from \(kind(declaration)) to \(kind(updated))"))
            }
        }
        return changes
    }

    /// Name → what code written against that name sees. An alias of another declaration of the
    /// module (what identical inline types become, `DeclarationDedup`) is compared as that
    /// declaration under the alias's name: a struct that became an alias of an identical struct
    /// keeps every member and initialiser, so it is no change.
    static func shapes(_ declarations: [Declaration]) -> [String: Declaration] {
        let byName = Dictionary(declarations.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var result: [String: Declaration] = [:]
        for declaration in declarations where result[declaration.name] == nil {
            var target = declaration
            var steps = 0
            while case .alias(_, .named(let next), _) = target, let resolved = byName[next], steps < 32 {
                target = resolved
                steps += 1
            }
            result[declaration.name] = renamed(target, to: declaration.name)
        }
        return result
    }

    static func renamed(_ declaration: Declaration, to name: String) -> Declaration {
        switch declaration {
        case .structure(var decl):
            decl.name = name
            return .structure(decl)
        case .openEnum(var decl):
            decl.name = name
            return .openEnum(decl)
        case .union(var decl):
            decl.name = name
            return .union(decl)
        case .alias(_, let type, let docs):
            return .alias(name: name, type: type, docs: docs)
        }
    }

    static func compareStruct(_ old: StructDecl, _ new: StructDecl) -> [SpecChange] {
        var changes: [SpecChange] = []
        let name = old.name
        let oldByName = Dictionary(old.properties.map { ($0.swiftName, $0) }, uniquingKeysWith: { a, _ in a })
        let newByName = Dictionary(new.properties.map { ($0.swiftName, $0) }, uniquingKeysWith: { a, _ in a })
        for property in new.properties where oldByName[property.swiftName] == nil {
            // A non-optional member becomes an initialiser argument without a default.
            let needsArgument = !property.isOptional && property.constValue == nil
            changes.append(
                change(
                    needsArgument ? .breaking : .additive, .type, name,
                    "new \(needsArgument ? "required" : "optional") property `\(property.swiftName): \(property.declaredType.rendered)`"
                ))
        }
        for property in old.properties where newByName[property.swiftName] == nil {
            changes.append(change(.breaking, .type, name, "property `\(property.swiftName)` removed"))
        }
        for property in old.properties {
            guard let updated = newByName[property.swiftName] else { continue }
            if property.declaredType != updated.declaredType {
                changes.append(
                    change(
                        .breaking, .type, name,
                        "property `\(property.swiftName)` changed from `\(property.declaredType.rendered)` to `\(updated.declaredType.rendered)`"
                    ))
            }
            if (property.constValue == nil) != (updated.constValue == nil) {
                changes.append(
                    change(
                        .breaking, .type, name,
                        "property `\(property.swiftName)` \(updated.constValue == nil ? "is no longer" : "is now") a constant"
                    ))
            }
            if property.deprecated != updated.deprecated {
                changes.append(
                    change(
                        .additive, .type, name,
                        "property `\(property.swiftName)` \(updated.deprecated ? "deprecated" : "no longer deprecated")"
                    ))
            }
        }
        if old.keepsAdditionalFields != new.keepsAdditionalFields {
            changes.append(
                change(
                    new.keepsAdditionalFields ? .additive : .breaking, .type, name,
                    new.keepsAdditionalFields ? "now keeps `additionalFields`" : "`additionalFields` removed"))
        } else if old.additionalFieldsType != new.additionalFieldsType {
            changes.append(change(.breaking, .type, name, "`additionalFields` changed type"))
        }
        if old.genericParameters != new.genericParameters {
            changes.append(change(.breaking, .type, name, "generic parameters changed"))
        }
        if old.deprecated != new.deprecated {
            changes.append(change(.additive, .type, name, new.deprecated ? "deprecated" : "no longer deprecated"))
        }
        return changes
    }

    static func compareEnum(_ old: EnumDecl, _ new: EnumDecl) -> [SpecChange] {
        var changes: [SpecChange] = []
        if old.rawType != new.rawType {
            changes.append(change(.breaking, .type, old.name, "raw type changed from \(old.rawType) to \(new.rawType)"))
        }
        let oldCases = Dictionary(old.cases.map { ($0.name, $0.raw) }, uniquingKeysWith: { a, _ in a })
        let newCases = Dictionary(new.cases.map { ($0.name, $0.raw) }, uniquingKeysWith: { a, _ in a })
        for (name, _) in new.cases where oldCases[name] == nil {
            // Open enums are structs with static values: a new value breaks no switch.
            changes.append(change(.additive, .type, old.name, "new value `.\(name)`"))
        }
        for (name, _) in old.cases where newCases[name] == nil {
            changes.append(change(.breaking, .type, old.name, "value `.\(name)` removed"))
        }
        for (name, raw) in old.cases where newCases[name].map({ $0 != raw }) == true {
            changes.append(
                change(
                    .breaking, .type, old.name,
                    "value `.\(name)` now means `\(newCases[name] ?? "")` instead of `\(raw)`"))
        }
        return changes
    }

    static func compareUnion(_ old: UnionDecl, _ new: UnionDecl) -> [SpecChange] {
        var changes: [SpecChange] = []
        let oldMembers = Dictionary(old.members.map { ($0.caseName, $0) }, uniquingKeysWith: { a, _ in a })
        let newMembers = Dictionary(new.members.map { ($0.caseName, $0) }, uniquingKeysWith: { a, _ in a })
        for member in new.members where oldMembers[member.caseName] == nil {
            // A real enum case: every exhaustive `switch` over the union stops compiling.
            changes.append(
                change(.breaking, .type, old.name, "new case `.\(member.caseName)(\(member.type.rendered))`"))
        }
        for member in old.members where newMembers[member.caseName] == nil {
            changes.append(change(.breaking, .type, old.name, "case `.\(member.caseName)` removed"))
        }
        for member in old.members {
            guard let updated = newMembers[member.caseName], updated.type != member.type else { continue }
            changes.append(
                change(
                    .breaking, .type, old.name,
                    "case `.\(member.caseName)` now carries `\(updated.type.rendered)` instead of `\(member.type.rendered)`"
                ))
        }
        if old.discriminator != new.discriminator {
            changes.append(change(.breaking, .type, old.name, "discriminator changed"))
        }
        return changes
    }
}
