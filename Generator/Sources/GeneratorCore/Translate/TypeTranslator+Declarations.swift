/// Building struct and union declarations from (already merged) schemas.
extension TypeTranslator {
    mutating func appendDeclaration(_ declaration: Declaration) {
        if emittedIndex[declaration.name] == nil { emittedIndex[declaration.name] = emitted.count }
        emitted.append(declaration)
        createdDeclarations.append(declaration.name)
    }

    mutating func appendStruct(_ name: String, _ schema: Schema, forRequest: Bool) {
        appendDeclaration(.structure(structDecl(name, schema, forRequest: forRequest)))
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
            // A top-level timestamp member is a plain `Date`, coded by the RFC 3339 helpers.
            var propertyType = translated.type == .named("DateTime") ? .named("Date") : translated.type
            var optional = !required || translated.nullable
            if translated.nullable && forRequest {
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
        var caseNames = SwiftNames.Scope(reserved: ["unknown", "init"], expectedCount: alternatives.count)
        var members: [UnionDecl.Member] = []
        var indirect = false
        let mapping = schema.discriminator?.mapping ?? []
        for (index, alternative) in alternatives.enumerated() where !alternative.isNullOnly {
            let memberType = type(for: alternative, suggestedName: name + "Option\(index + 1)", forRequest: forRequest)
                .type
            var values: [String] = []
            var caseBase: String
            if let ref = alternative.ref {
                values = mapping.filter { $0.schema == ref }.map(\.value)
                if values.isEmpty { values = [ref] }
                caseBase = nameMemo.memberName(ref)
                if let current = currentComponent, graph.leadsBack(from: ref, to: current) {
                    indirect = true
                }
            } else {
                caseBase = Self.caseName(for: memberType)
            }
            members.append(
                UnionDecl.Member(caseName: caseNames.claim(caseBase), type: memberType, discriminatorValues: values))
        }
        appendDeclaration(
            .union(
                UnionDecl(
                    name: name, docs: docs(schema), members: members,
                    discriminator: schema.discriminator?.propertyName, deprecated: schema.deprecated,
                    isIndirect: indirect)))
    }

    static func caseName(for type: SwiftType) -> String {
        switch type {
        case .named("String"): return "string"
        case .named("Int"), .named("Int32"), .named("Int64"): return "integer"
        case .named("Double"): return "number"
        case .named("Bool"): return "bool"
        case .named("JSONObject"), .dictionary: return "object"
        case .array: return "array"
        case .named(let name): return SwiftNames.memberName(name)
        default: return "value"
        }
    }
}
