/// A multipart body that is a `oneOf`/`anyOf` of objects (a menu item that is a beverage or a
/// dessert): one enum case per member, so the caller picks a form and fills exactly its fields.
/// Flattening the members into one argument list would let a call mix fields of two forms, and
/// generating nothing (what happened before) drops the body.
extension TypeTranslator {
    mutating func multipartForms(_ media: MediaType, prefix: String) -> (typeName: String, forms: [MultipartForm])? {
        guard var schema = media.schema else { return nil }
        var depth = 0
        while let ref = schema.ref, depth < 32, let target = componentSchemas[ref] {
            schema = target
            depth += 1
        }
        schema = schema.withoutRequirementAlternatives
        let alternatives = (schema.oneOf.isEmpty ? schema.anyOf : schema.oneOf).filter { !$0.isNullOnly }
        guard !alternatives.isEmpty else { return nil }
        // The union's own keywords (`required: [category]` beside the `oneOf`) hold for every form.
        var shared = schema
        shared.oneOf = []
        shared.anyOf = []
        shared.discriminator = nil
        shared.ref = nil
        var objects: [Schema] = []
        for alternative in alternatives {
            guard let object = mergedObject(alternative, parts: [shared]) else { return nil }
            objects.append(object)
        }
        let discriminator = schema.discriminator
        var caseNames = SwiftNames.Scope(expectedCount: alternatives.count)
        var forms: [MultipartForm] = []
        for (index, (alternative, object)) in zip(alternatives, objects).enumerated() {
            var constants: [ConstantField] = []
            var tag: String?
            if let discriminator {
                let mapped = alternative.ref.flatMap { ref in discriminator.mapping.first { $0.schema == ref }?.value }
                // A form's flattened object holds the constant even where the member's is behind
                // an `allOf`; otherwise the rule of every union (`DiscriminatorValues`).
                let constant = object.properties.first { $0.name == discriminator.propertyName }
                    .flatMap { Self.constantText($0.schema) }
                tag = mapped ?? constant ?? alternative.ref
                if let tag { constants.append(ConstantField(name: discriminator.propertyName, value: tag)) }
            }
            // A read-only member is the server's to fill; a constant is sent, not asked for.
            var properties: [(name: String, schema: Schema)] = []
            for property in object.properties where !property.schema.readOnly {
                if constants.contains(where: { $0.name == property.name }) { continue }
                if let value = Self.constantText(property.schema) {
                    constants.append(ConstantField(name: property.name, value: value))
                    continue
                }
                properties.append(property)
            }
            let label = tag ?? alternative.ref ?? UnionCaseNames.usableTitle(alternative.title) ?? "form\(index + 1)"
            let caseName = caseNames.claim(SwiftNames.memberName(label))
            var names = SwiftNames.Scope(expectedCount: properties.count)
            let fields = formFields(
                properties, required: object.required, media: media,
                prefix: prefix + SwiftNames.pascalCase(caseName), names: &names)
            // The order the case lists its values in: required ones first, as for any argument list.
            let ordered = fields.filter(\.parameter.required) + fields.filter { !$0.parameter.required }
            forms.append(MultipartForm(caseName: caseName, fields: ordered, constants: constants))
        }
        return (claimInline(prefix + "Request"), forms)
    }

    /// The text of a `const` (or one-value `enum`) scalar, as a form part carries it.
    static func constantText(_ schema: Schema) -> String? {
        let node = schema.const ?? (schema.enumValues?.count == 1 ? schema.enumValues?.first : nil)
        guard let node else { return nil }
        switch node.value {
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        default: return nil
        }
    }
}
