/// Building struct and union declarations from (already merged) schemas.
extension TypeTranslator {
    mutating func appendDeclaration(_ declaration: Declaration) {
        if emittedIndex[declaration.name] == nil { emittedIndex[declaration.name] = emitted.count }
        emitted.append(declaration)
        createdDeclarations.append(declaration.name)
    }

    /// `composed`: a member that is not a property but decodes from the whole object (a union
    /// beside the properties, `UnionComposition`); it keeps the struct from keeping unknown members.
    mutating func appendStruct(
        _ name: String, _ schema: Schema, forRequest: Bool,
        composed: (name: String, type: SwiftType, docs: [String])? = nil
    ) {
        var decl = structDecl(name, schema, forRequest: forRequest)
        if let composed {
            var scope = SwiftNames.Scope(reserved: ["additionalFields", "init", SwiftNames.modelStorage])
            for property in decl.properties { _ = scope.claim(property.swiftName) }
            var member = PropertyDecl(
                swiftName: scope.claim(composed.name), wireName: "", type: composed.type, isOptional: false,
                docs: composed.docs, deprecated: false, constValue: nil, isRequired: true)
            member.composesObject = true
            decl.properties.insert(member, at: 0)
            decl.keepsAdditionalFields = false
            decl.additionalFieldsType = nil
        }
        appendDeclaration(.structure(decl))
    }

    mutating func appendGenericStruct(_ name: String, _ schema: Schema, payloadMember: String) {
        var decl = structDecl(name, schema, forRequest: false, payloadMember: payloadMember)
        decl.genericParameters = ["Payload"]
        appendDeclaration(.structure(decl))
    }

    private mutating func structDecl(_ name: String, _ schema: Schema, forRequest: Bool, payloadMember: String? = nil)
        -> StructDecl
    {
        var members = SwiftNames.Scope(
            reserved: ["additionalFields", "init", SwiftNames.modelStorage], expectedCount: schema.properties.count)
        var properties: [PropertyDecl] = []
        for (wireName, propertySchema) in schema.properties {
            let swiftName = members.claim(nameMemo.memberName(wireName))
            let required = schema.required.contains(wireName)
            if wireName == payloadMember {
                properties.append(
                    PropertyDecl(
                        swiftName: swiftName, wireName: wireName, type: .named("Payload"), isOptional: !required,
                        docs: docs(propertySchema), deprecated: false, constValue: nil))
                continue
            }
            if let constant = propertySchema.const?.string, propertySchema.ref == nil {
                properties.append(
                    PropertyDecl(
                        swiftName: swiftName, wireName: wireName, type: .named("String"), isOptional: !required,
                        docs: docs(propertySchema), deprecated: propertySchema.deprecated, constValue: constant))
                continue
            }
            let suggested = name + nameMemo.pascalCase(wireName)
            let translated = type(for: propertySchema, suggestedName: suggested, forRequest: forRequest)
            let nullable = translated.nullable && !schema.nonNullProperties.contains(wireName)
            // A top-level timestamp member is a plain `Date`, coded by the RFC 3339 helpers.
            var propertyType = translated.type == .dateTime ? .date : translated.type
            var optional = !required || nullable
            if nullable && forRequest {
                propertyType = .nullable(translated.type)
                optional = true
            }
            properties.append(
                PropertyDecl(
                    swiftName: swiftName, wireName: wireName, type: propertyType, isOptional: optional,
                    docs: docs(propertySchema), deprecated: propertySchema.deprecated, constValue: nil,
                    isRequired: required))
        }
        var additionalType: SwiftType?
        if case .schema(let box) = schema.additionalProperties, !box.schema.isUnconstrained {
            let value = type(for: box.schema, suggestedName: name + "AdditionalValue", forRequest: forRequest)
            additionalType = .dictionary(value.nullable ? .optional(value.type) : value.type)
        }
        var keeps = true
        if case .allowed(false) = schema.additionalProperties { keeps = false }
        return StructDecl(
            name: name, docs: docs(schema), properties: properties, keepsAdditionalFields: keeps,
            additionalFieldsType: additionalType, genericParameters: [], deprecated: schema.deprecated)
    }

    func componentName(forType typeName: String) -> String? {
        componentsByType[typeName]
    }

    // MARK: Unions

    mutating func unionType(_ schema: Schema, alternatives: [Schema], suggestedName: String, forRequest: Bool)
        -> (type: SwiftType, nullable: Bool)
    {
        let concrete = alternatives.filter { !$0.isNullOnly }
        let nullable = schema.isNullable || concrete.count < alternatives.count
        if concrete.isEmpty { return (.named("JSONValue"), true) }
        if concrete.count == 1 && schema.properties.isEmpty {
            let single = type(for: concrete[0], suggestedName: suggestedName, forRequest: forRequest)
            return (single.type, nullable || single.nullable)
        }
        if concrete.count == 1 {
            let name = claimInline(suggestedName)
            declare(schema, as: name, forRequest: forRequest, fixedName: true)
            return (.named(name), nullable)
        }
        let name = claimInline(suggestedName)
        declareUnion(name, schema: schema, alternatives: alternatives, forRequest: forRequest)
        return (.named(name), nullable)
    }

    mutating func declareUnion(_ name: String, schema: Schema, alternatives: [Schema], forRequest: Bool) {
        var indirect = false
        let mapping = schema.discriminator?.mapping ?? []
        var pending: [(source: UnionCaseNames.Source, position: Int, type: SwiftType, values: [String])] = []
        for (index, alternative) in alternatives.enumerated() where !alternative.isNullOnly {
            let title = UnionCaseNames.usableTitle(alternative.title)
            let memberType = type(
                for: alternative, suggestedName: Self.memberTypeName(union: name, title: title, position: index + 1),
                forRequest: forRequest
            ).type
            var values: [String] = []
            let source: UnionCaseNames.Source
            if let ref = alternative.ref {
                let mapped = mapping.filter { $0.schema == ref }.map(\.value)
                values =
                    schema.discriminator.map {
                        DiscriminatorValues.values(for: alternative, discriminator: $0, components: componentSchema)
                    } ?? [ref]
                source = mapped.first.map { .mappingValue($0) } ?? .typeName(ref)
                if let current = currentComponent, graph.leadsBack(from: ref, to: current) {
                    indirect = true
                }
            } else if case .named(let typeName) = memberType, let component = componentsByType[typeName] {
                source = .typeName(component)
            } else if let title {
                source = .title(title)
            } else if isGenerated(memberType) {
                source = .position
            } else {
                source = .primitive(UnionCaseNames.primitiveWord(for: memberType))
            }
            pending.append((source, index + 1, memberType, values))
        }
        // A value two members allow selects the first: the later one keeps the rest, or its name.
        var claimed = Set<String>()
        for index in pending.indices {
            let alternative = alternatives[pending[index].position - 1]
            let own = pending[index].values
            let taken = own.filter { claimed.contains($0) }
            if !taken.isEmpty {
                diagnostics.append(contentsOf: [
                    Diagnostic(
                        .warning,
                        "discriminator value(s) \(taken.map { "'\($0)'" }.joined(separator: ", ")) of this member "
                            + "already select an earlier member of the union, which they decode as",
                        pointer: alternative.pointer.description, location: alternative.location)
                ])
                let free = own.filter { !claimed.contains($0) }
                pending[index].values = free.isEmpty ? (alternative.ref.map { [$0] } ?? []) : free
            }
            claimed.formUnion(pending[index].values)
        }
        var primitiveCounts: [String: Int] = [:]
        for member in pending {
            if case .primitive(let word) = member.source { primitiveCounts[word, default: 0] += 1 }
        }
        let shared = Set(primitiveCounts.filter { $0.value > 1 }.keys)
        let bases = pending.map { UnionCaseNames.base($0.source, position: $0.position, sharedPrimitives: shared) }
        let caseNames = UnionCaseNames.unique(bases.map(\.name))
        let members = pending.indices.map { index in
            UnionDecl.Member(
                caseName: caseNames[index], type: pending[index].type, discriminatorValues: pending[index].values,
                caseBase: bases[index].name, caseFollowsType: bases[index].followsType)
        }
        appendDeclaration(
            .union(
                UnionDecl(
                    name: name, docs: docs(schema), members: members,
                    discriminator: schema.discriminator?.propertyName, deprecated: schema.deprecated,
                    isIndirect: indirect)))
    }

    /// An inline member's type: the union's name and the member's `title` where it has one (a
    /// title already starting with the union's name is not repeated), else its position.
    static func memberTypeName(union: String, title: String?, position: Int) -> String {
        guard let title else { return union + "Option\(position)" }
        let titled = SwiftNames.pascalCase(title)
        return titled.hasPrefix(union) ? titled : union + titled
    }

    /// A type the module declares (a component, an inline object, enum or union, a generic
    /// wrapper), as opposed to a standard or runtime one.
    private func isGenerated(_ type: SwiftType) -> Bool {
        switch type {
        case .named(let name): return emittedIndex[name] != nil || componentsByType[name] != nil
        case .generic: return true
        default: return false
        }
    }
}
