/// `allOf` of one union and objects (OpenAI's stream events: `allOf: [{oneOf: [...], discriminator},
/// {properties: {sequence_number}}]`): a value is one of the union's members and has the objects'
/// properties besides. No single merged object says that, and generating the union alone loses
/// the properties, so the model is a struct holding both: the objects' properties as its own
/// members and the union as one more member, decoded from the same JSON object.
///
/// Decoding gives the whole object to the union (its members keep what they do not name, the
/// model's own properties among them) and each own property its key. Encoding writes the union's
/// members, then the model's own properties, so a key both name carries the model's value: the
/// model's member is the one an app sets through the model. A property that a union member and
/// the objects both name, with schemas no value satisfies together, is a warning naming both.
/// The model keeps no `additionalFields` of its own: everything it does not name is kept by the
/// union. What the struct cannot hold (two unions, a member that is not an object) is left to
/// the unmerged `allOf` path, which still reports the widening.
extension TypeTranslator {
    /// What a union composition is made of: the union part, its alternatives, and the objects'
    /// properties merged into one schema.
    struct UnionComposition {
        var union: Schema
        var alternatives: [Schema]
        var merged: Schema
        /// Whether the outer schema or an object part types the members it does not name.
        var typesOtherMembers: Bool
    }

    /// `parts` (the non-null members of `outer`'s `allOf`, and its single alternative) as one union
    /// and objects with at least one property between them; nil when they are not.
    mutating func unionComposition(_ outer: Schema, parts: [Schema], forRequest: Bool) -> UnionComposition? {
        let unions = parts.indices.filter { unionAlternatives(of: parts[$0], depth: 0) != nil }
        guard unions.count == 1, let alternatives = unionAlternatives(of: parts[unions[0]], depth: 0) else {
            return nil
        }
        var objects = parts
        let union = objects.remove(at: unions[0])
        guard let merged = mergedObject(outer, parts: objects, explicitNulls: forRequest), !merged.properties.isEmpty
        else { return nil }
        let typed = ([outer] + objects).contains { typesOtherMembers($0, depth: 0) }
        return UnionComposition(union: union, alternatives: alternatives, merged: merged, typesOtherMembers: typed)
    }

    /// Declares `name`, already claimed, as the struct of `composition`.
    mutating func declareUnionComposition(
        _ name: String, _ outer: Schema, _ composition: UnionComposition, forRequest: Bool
    ) {
        var merged = composition.merged
        if composition.typesOtherMembers {
            reportWidening(
                outer, to: .named(name),
                "additionalProperties beside a union: members the model does not name are kept by the union as JSON")
        }
        merged.additionalProperties = .unspecified
        reportOverlaps(composition.alternatives, merged)
        let union = composition.union
        let unionType = type(for: union, suggestedName: name + "Variant", forRequest: forRequest).type
        let memberName = union.ref.flatMap { componentTypes[$0] }.map(SwiftNames.memberName) ?? "variant"
        var docs = docs(union)
        if docs.isEmpty { docs = ["The member of the union this value is, read from the same JSON object."] }
        appendStruct(name, merged, forRequest: forRequest, composed: (memberName, unionType, docs))
    }

    /// The alternatives of a union part (an inline `oneOf`/`anyOf` of two or more non-null
    /// schemas, one an object at least, and nothing else that types it, or a reference to a
    /// component that is one); nil for anything else.
    private func unionAlternatives(of part: Schema, depth: Int) -> [Schema]? {
        guard depth < 16 else { return nil }
        let schema = part.withoutRequirementAlternatives
        if let ref = schema.ref {
            return componentSchemas[ref].flatMap { unionAlternatives(of: $0, depth: depth + 1) }
        }
        let alternatives = (schema.oneOf.isEmpty ? schema.anyOf : schema.oneOf).filter { !$0.isNullOnly }
        guard alternatives.count > 1, schema.allOf.isEmpty, schema.properties.isEmpty else { return nil }
        // A union none of whose members is an object has no value beside an object's properties.
        let objects = alternatives.filter { kinds($0, depth: 0).map { $0.contains("object") } ?? true }
        return objects.isEmpty ? nil : alternatives
    }

    /// `additionalProperties: <schema>` saying more than any value, here or in an `allOf` member.
    private func typesOtherMembers(_ schema: Schema, depth: Int) -> Bool {
        guard depth < 16 else { return false }
        if let ref = schema.ref {
            return componentSchemas[ref].map { typesOtherMembers($0, depth: depth + 1) } ?? false
        }
        if case .schema(let box) = schema.additionalProperties, !box.schema.isUnconstrained { return true }
        return schema.allOf.contains { typesOtherMembers($0, depth: depth + 1) }
    }

    /// A warning for each own property a union member also names with a schema no value
    /// satisfies together with the own one.
    private mutating func reportOverlaps(_ alternatives: [Schema], _ merged: Schema) {
        for alternative in alternatives {
            let theirs = objectProperties(alternative, depth: 0)
            for (name, own) in merged.properties {
                guard let other = theirs.first(where: { $0.name == name })?.schema,
                    let conflict = narrowing(other, own).conflict
                else { continue }
                let diagnostic = Diagnostic(
                    .warning,
                    "a union member and the object beside it in allOf disagree on property '\(name)' "
                        + "(\(other.pointer) and \(own.pointer)): \(conflict); no value satisfies both, and the "
                        + "model writes its own member last", pointer: own.pointer.description, location: own.location)
                if !diagnostics.items.contains(diagnostic) { diagnostics.append(contentsOf: [diagnostic]) }
            }
        }
    }

    /// The properties an alternative names, through references and `allOf` (read-only: nothing is
    /// narrowed or reported here).
    private func objectProperties(_ schema: Schema, depth: Int) -> [(name: String, schema: Schema)] {
        guard depth < 16 else { return [] }
        if let ref = schema.ref { return componentSchemas[ref].map { objectProperties($0, depth: depth + 1) } ?? [] }
        return schema.properties + schema.allOf.flatMap { objectProperties($0, depth: depth + 1) }
    }
}
