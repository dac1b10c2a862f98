/// The values of a discriminator's property that select one member of a `oneOf` or `anyOf`.
///
/// In order:
/// 1. the `mapping` entries that name the member;
/// 2. else the member's own constants for the property (`const`, or each value of its `enum`),
///    read through `allOf` and references: a document that gives no mapping but holds `type` to
///    `function` (OpenAI's tools) can only ever send `function`, never the schema's name, so
///    the name would decode every real answer as unknown;
/// 3. else the component's name, the specification's implicit mapping.
///
/// Decoding, encoding, example answers and multipart forms all ask here, so they agree.
enum DiscriminatorValues {
    static func values(
        for member: Schema, discriminator: Schema.Discriminator, components: (String) -> Schema?
    ) -> [String] {
        if let ref = member.ref {
            let mapped = discriminator.mapping.filter { $0.schema == ref }.map(\.value)
            if !mapped.isEmpty { return mapped }
        }
        var visited = Set<String>()
        if let constants = constants(of: discriminator.propertyName, in: member, components, &visited),
            !constants.isEmpty
        {
            return constants
        }
        return member.ref.map { [$0] } ?? []
    }

    /// The string values `schema` allows for its property `name`, or nil where it does not
    /// constrain the property to a list of them.
    private static func constants(
        of name: String, in schema: Schema, _ components: (String) -> Schema?, _ visited: inout Set<String>
    ) -> [String]? {
        if let ref = schema.ref {
            guard visited.insert(ref).inserted, let target = components(ref) else { return nil }
            return constants(of: name, in: target, components, &visited)
        }
        if let property = schema.properties.first(where: { $0.name == name })?.schema,
            let values = strings(property, components, &visited)
        {
            return values
        }
        for part in schema.allOf {
            if let values = constants(of: name, in: part, components, &visited) { return values }
        }
        return nil
    }

    private static func strings(
        _ schema: Schema, _ components: (String) -> Schema?, _ visited: inout Set<String>
    ) -> [String]? {
        if let ref = schema.ref {
            guard visited.insert(ref).inserted, let target = components(ref) else { return nil }
            return strings(target, components, &visited)
        }
        // A nullable property's `null` selects nothing; any other value that is not a string
        // means the property is not a plain tag.
        let nodes = (schema.const.map { [$0] } ?? schema.enumValues)?.filter {
            if case .null = $0.value { false } else { true }
        }
        guard let nodes, !nodes.isEmpty else { return nil }
        let texts = nodes.compactMap { node -> String? in
            if case .string(let text) = node.value { return text }
            return nil
        }
        return texts.count == nodes.count ? texts : nil
    }
}
