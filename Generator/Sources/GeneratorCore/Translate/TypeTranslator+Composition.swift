/// Named declarations: structs (plain and merged `allOf`), open enums, unions and aliases.
extension TypeTranslator {
    /// Declares `name` for `schema`, which must already be claimed.
    mutating func declare(_ schema: Schema, as name: String, forRequest: Bool, fixedName: Bool) {
        let schema = schema.withoutRequirementAlternatives
        if schema.ref != nil || schema.const != nil {
            let target = type(for: schema, suggestedName: name + "Value", forRequest: forRequest).type
            appendAlias(name, target, schema)
            return
        }
        if let values = schema.enumValues {
            let concrete = values.filter { !$0.isNull }
            if !concrete.isEmpty, concrete.allSatisfy({ $0.string != nil }) {
                appendEnumDecl(name: name, schema: schema, rawType: "String", raws: concrete.compactMap(\.string))
                return
            }
            if !concrete.isEmpty, concrete.allSatisfy({ $0.int != nil }) {
                appendEnumDecl(
                    name: name, schema: schema, rawType: "Int", raws: concrete.compactMap { $0.int.map { String($0) } })
                return
            }
        }
        let alternatives = schema.oneOf.isEmpty ? schema.anyOf : schema.oneOf
        if alternatives.filter({ !$0.isNullOnly }).count > 1 {
            declareUnion(name, schema: schema, alternatives: alternatives, forRequest: forRequest)
            return
        }
        if !schema.allOf.isEmpty || !alternatives.isEmpty {
            let parts = (schema.allOf + alternatives).filter { !$0.isNullOnly }
            if let merged = mergedObject(schema, parts: parts, explicitNulls: forRequest) {
                appendStruct(name, merged, forRequest: forRequest)
            } else if let composition = unionComposition(schema, parts: parts, forRequest: forRequest) {
                declareUnionComposition(name, schema, composition, forRequest: forRequest)
            } else {
                let target = type(for: parts.first ?? Schema(), suggestedName: name + "Value", forRequest: forRequest)
                    .type
                reportUnmergedAllOf(schema, parts: parts, generated: target)
                appendAlias(name, target, schema)
            }
            return
        }
        let isObject = schema.nonNullTypes == ["object"] || (schema.nonNullTypes.isEmpty && !schema.properties.isEmpty)
        if isObject && !schema.properties.isEmpty {
            appendStruct(name, schema, forRequest: forRequest)
            return
        }
        let target = type(for: schema, suggestedName: name + "Value", forRequest: forRequest).type
        appendAlias(name, target, schema)
    }

    mutating func appendEnumDecl(name: String, schema: Schema, rawType: String, raws: [String]) {
        var caseNames = SwiftNames.Scope(reserved: SwiftNames.openEnumMembers, expectedCount: raws.count)
        var seen = Set<String>(minimumCapacity: raws.count)
        let cases = raws.filter { seen.insert($0).inserted }.map { (caseNames.claim(nameMemo.caseName($0)), $0) }
        appendDeclaration(
            .openEnum(
                EnumDecl(name: name, docs: docs(schema), rawType: rawType, cases: cases, deprecated: schema.deprecated))
        )
    }

    private mutating func appendAlias(_ name: String, _ target: SwiftType, _ schema: Schema) {
        appendDeclaration(.alias(name: name, type: target, docs: docs(schema)))
    }

    // MARK: allOf

    /// `allOf[Envelope, {data: X}]` and friends: the result type, generic when the pattern repeats.
    mutating func allOfType(_ schema: Schema, suggestedName: String, forRequest: Bool) -> (
        type: SwiftType, nullable: Bool
    ) {
        let parts = schema.allOf.filter { !$0.isNullOnly }
        let nullable = schema.isNullable || parts.count < schema.allOf.count
        if parts.count == 1 && schema.properties.isEmpty {
            let single = type(for: parts[0], suggestedName: suggestedName, forRequest: forRequest)
            return (single.type, nullable || single.nullable)
        }
        if let wrapper = genericWrapper(for: parts, ownProperties: schema.properties) {
            let member = parts[1].properties[0]
            let payload = type(
                for: member.schema, suggestedName: suggestedName + SwiftNames.pascalCase(member.name),
                forRequest: forRequest)
            return (.generic(wrapper, [payload.type]), nullable)
        }
        guard let merged = mergedObject(schema, parts: parts, explicitNulls: forRequest) else {
            if let composition = unionComposition(schema, parts: parts, forRequest: forRequest) {
                let name = claimInline(suggestedName)
                declareUnionComposition(name, schema, composition, forRequest: forRequest)
                return (.named(name), nullable)
            }
            let first = type(for: parts.first ?? Schema(), suggestedName: suggestedName, forRequest: forRequest)
            reportUnmergedAllOf(schema, parts: parts, generated: first.type)
            return (first.type, nullable || first.nullable)
        }
        let name = claimInline(suggestedName)
        appendStruct(name, merged, forRequest: forRequest)
        return (.named(name), nullable)
    }

    /// All parts objects (inline, or references to object components): one schema with every property.
    /// A property several parts name takes the narrowest of their schemas (see `narrowing`).
    /// `explicitNulls`: the members are generated so that they can carry a null (a request's
    /// `Nullable<T>?`), so a member a merge made nullable is wider even when it is optional.
    mutating func mergedObject(_ outer: Schema, parts: [Schema], explicitNulls: Bool = false) -> Schema? {
        var merged = Schema()
        merged.types = ["object"]
        merged.description = outer.description
        // A member's requirement alternatives are dropped when it is flattened; their rule is kept here.
        for note in parts.compactMap(\.requirementNote) {
            merged.description = Schema.documenting(merged.description, note)
        }
        merged.deprecated = outer.deprecated
        merged.pointer = outer.pointer
        var additional = outer.additionalProperties
        // The outer schema's own keywords refine its parts; its `allOf` is `parts`, already there
        // (flattened with it, the parts' members came first and took precedence over refinements).
        var own = outer
        own.allOf = []
        for part in parts + [own] {
            guard let object = flattened(part, depth: 0) else { return nil }
            narrow(&merged, with: object)
            if case .allowed(false) = object.additionalProperties { additional = .allowed(false) }
        }
        merged.additionalProperties = additional
        if merged.properties.isEmpty && parts.isEmpty { return nil }
        return merged
    }

    /// `schema` with its `allOf` members' properties merged in; nil unless all of it is an object.
    private mutating func flattened(_ schema: Schema, depth: Int) -> Schema? {
        guard depth < 32 else { return nil }
        let schema = schema.withoutRequirementAlternatives
        if let ref = schema.ref {
            guard let target = componentSchemas[ref] else { return nil }
            return flattened(target, depth: depth + 1)
        }
        let types = schema.nonNullTypes
        guard types.isEmpty || types == ["object"], schema.enumValues == nil, schema.oneOf.isEmpty, schema.anyOf.isEmpty
        else { return nil }
        if schema.allOf.isEmpty { return schema }
        var own = schema
        own.allOf = []
        var result = own
        result.properties = []
        result.required = []
        for part in schema.allOf {
            guard let object = flattened(part, depth: depth + 1) else { return nil }
            narrow(&result, with: object)
        }
        narrow(&result, with: own)
        // Listed as before narrowing was done: the schema's own properties first.
        var position: [String: Int] = [:]
        for (offset, property) in own.properties.enumerated() where position[property.name] == nil {
            position[property.name] = offset
        }
        result.properties = result.properties.enumerated().sorted { left, right in
            let leftKey = position[left.element.name].map { ($0, 0) } ?? (own.properties.count, left.offset)
            let rightKey = position[right.element.name].map { ($0, 0) } ?? (own.properties.count, right.offset)
            return leftKey < rightKey
        }.map(\.element)
        return result
    }

    /// Adds `object`'s properties and requirements to `merged`; a property both name is narrowed.
    private mutating func narrow(_ merged: inout Schema, with object: Schema) {
        for property in object.properties {
            if let index = merged.properties.firstIndex(where: { $0.name == property.name }) {
                let earlier = merged.properties[index].schema
                merged.properties[index].schema = narrowed(earlier, property.schema, name: property.name)
                // Null only when both allow it: whichever schema won, the merge rules null out
                // (reflected in the type: `T` for a required member, never `Nullable<T>`).
                if !(admitsNull(earlier) && admitsNull(property.schema)) {
                    merged.nonNullProperties.insert(property.name)
                    noteIgnoredNull(earlier, property.schema, name: property.name)
                }
            } else {
                merged.properties.append(property)
            }
        }
        merged.required += object.required.filter { !merged.required.contains($0) }
        merged.nonNullProperties.formUnion(object.nonNullProperties)
    }

    /// The schema for a property two `allOf` members both name; a warning when they conflict.
    mutating func narrowed(_ earlier: Schema, _ later: Schema, name: String) -> Schema {
        let (choice, conflict) = narrowing(earlier, later)
        if let conflict {
            let diagnostic = Diagnostic(
                .warning,
                "allOf members disagree on property '\(name)' (\(earlier.pointer) and \(later.pointer)): "
                    + "\(conflict); the generated type follows the latter",
                pointer: later.pointer.description, location: later.location)
            // A component merged into several schemas is met once per schema.
            if !diagnostics.items.contains(diagnostic) { diagnostics.append(contentsOf: [diagnostic]) }
        }
        switch choice {
        case .earlier:
            // Only a reference's description can change: an inline schema's type is cached by
            // where it is written, and its documentation would follow whichever use came first.
            guard earlier.ref != nil, earlier.description == nil, let text = later.description else { return earlier }
            var documented = earlier
            documented.description = text
            return documented
        case .later:
            guard later.description == nil, let text = earlier.description else { return later }
            var documented = later
            documented.description = text
            return documented
        case .combined(let schema):
            return schema
        }
    }

    /// A generic wrapper applies when `allOf` is [a component object, an inline object adding one
    /// member it lacks], and that pairing occurs at least twice in the document.
    private mutating func genericWrapper(for parts: [Schema], ownProperties: [(name: String, schema: Schema)])
        -> String?
    {
        guard parts.count == 2, ownProperties.isEmpty, let base = parts[0].ref, parts[1].ref == nil,
            parts[1].properties.count == 1, parts[1].allOf.isEmpty, parts[1].oneOf.isEmpty,
            let baseSchema = componentSchemas[base], baseSchema.allOf.isEmpty, baseSchema.oneOf.isEmpty,
            baseSchema.anyOf.isEmpty, !baseSchema.properties.isEmpty
        else { return nil }
        let member = parts[1].properties[0].name
        guard !baseSchema.properties.contains(where: { $0.name == member }),
            genericCensus[base + "\u{0}" + member, default: 0] >= 2
        else { return nil }
        let key = base + "\u{0}" + member
        if let existing = genericWrappers[key] { return existing }
        let name = claimInline((componentTypes[base] ?? SwiftNames.typeName(base)) + "Of")
        genericWrappers[key] = name
        var schema = baseSchema
        var payload = Schema()
        payload.description = parts[1].properties[0].schema.description
        schema.properties.append((member, payload))
        schema.required = parts[1].required.filter { $0 == member }
        appendGenericStruct(name, schema, payloadMember: member)
        return name
    }
}

/// Counts `allOf[$ref C, {one member}]` pairings so a generic wrapper is only made for a pattern.
enum GenericWrapperCensus {
    static func count(in document: OpenAPIDocument) -> [String: Int] {
        var counts: [String: Int] = [:]
        func visit(_ schema: Schema) {
            if schema.allOf.count == 2, let base = schema.allOf[0].ref, schema.allOf[1].ref == nil,
                schema.allOf[1].properties.count == 1
            {
                counts[base + "\u{0}" + schema.allOf[1].properties[0].name, default: 0] += 1
            }
            // Walked where they are: concatenated, every child schema was copied at every level.
            for child in schema.allOf { visit(child) }
            for child in schema.oneOf { visit(child) }
            for child in schema.anyOf { visit(child) }
            for child in schema.itemsStorage { visit(child) }
            for property in schema.properties { visit(property.schema) }
        }
        for operation in document.operations + document.webhooks {
            for response in operation.responses { for media in response.content { media.schema.map(visit) } }
            for media in operation.requestBody?.content ?? [] { media.schema.map(visit) }
        }
        for (_, schema) in document.schemas { visit(schema) }
        return counts
    }
}
