/// Reads schema nodes into `Schema`, normalising 3.0 and 3.1 spellings.
extension DocumentLoader {
    static let knownFormats: Set<String> = [
        "int32", "int64", "float", "double", "byte", "binary", "date", "date-time", "time", "duration",
        "password", "email", "idn-email", "uri", "uri-reference", "iri", "iri-reference", "uri-template",
        "uuid", "hostname", "idn-hostname", "ipv4", "ipv6", "regex", "json-pointer", "relative-json-pointer",
        "decimal", "int8", "int16", "uint8", "uint32", "uint64", "url", "phone", "base64", "base64url",
    ]
    static let knownTypes: Set<String> = ["string", "number", "integer", "boolean", "array", "object", "null"]

    mutating func schema(_ node: Node, at pointer: JSONPointer, depth: Int = 0) -> Schema {
        var schema = Schema()
        schema.pointer = pointer
        schema.location = node.location
        guard depth < 256 else {
            diagnostics.error("schema nesting is too deep", at: pointer, node)
            return schema
        }
        switch node.value {
        case .bool(let allowed):
            // 3.1 boolean schemas: `true` is any value, `false` matches nothing.
            if !allowed { schema.notStorage = [Schema()] }
            return schema
        case .sequence(let items) where items.isEmpty:
            diagnostics.warn("expected a schema, found []; reading it as any value", at: pointer, node)
            return schema
        case .mapping:
            break
        default:
            diagnostics.error("expected a schema object", at: pointer, node)
            return schema
        }

        // One pass over the entries instead of a scan per keyword (about thirty a schema).
        let keywords = SchemaKeywords(node.entries ?? [])
        if let reference = keywords.ref {
            if let target = reference.string {
                resolveSchemaReference(target, into: &schema, at: pointer / "$ref", node: reference, depth: depth)
            } else {
                diagnostics.error("$ref must be a string", at: pointer / "$ref", reference)
            }
            // 3.1 allows annotations beside $ref; 3.0 ignores them, harmless to keep.
            schema.description = keywords.description?.string ?? schema.description
            if keywords.nullable?.bool == true, !schema.types.contains("null") { schema.types.append("null") }
            if !isVersion31 {
                return schema
            }
        }

        readTypes(keywords, into: &schema, at: pointer)
        schema.format = keywords.format?.string
        if let format = schema.format, !Self.knownFormats.contains(format) {
            diagnostics.warn(
                "unknown format '\(format)'; treating it as its base type", at: pointer / "format", keywords.format)
        }
        schema.title = keywords.title?.string
        if schema.description == nil { schema.description = keywords.description?.string }
        schema.enumValues = keywords.enumValues?.elements
        schema.const = keywords.const
        schema.defaultValue = keywords.defaultValue
        schema.examples = (keywords.example.map { [$0] } ?? []) + (keywords.examples?.elements ?? [])
        schema.deprecated = keywords.deprecated?.bool ?? false
        schema.readOnly = keywords.readOnly?.bool ?? false
        schema.writeOnly = keywords.writeOnly?.bool ?? false
        schema.pattern = keywords.pattern?.string
        schema.minLength = keywords.minLength?.int.map(Int.init)
        schema.maxLength = keywords.maxLength?.int.map(Int.init)
        schema.minItems = keywords.minItems?.int.map(Int.init)
        schema.maxItems = keywords.maxItems?.int.map(Int.init)
        schema.uniqueItems = keywords.uniqueItems?.bool ?? false
        readBounds(keywords, into: &schema)

        if let properties = keywords.properties {
            let entries = properties.entries ?? []
            schema.properties.reserveCapacity(entries.count)
            let propertiesPointer = pointer / "properties"
            for entry in entries {
                schema.properties.append(
                    (entry.key, self.schema(entry.value, at: propertiesPointer / entry.key, depth: depth + 1)))
            }
        }
        if let required = keywords.required {
            schema.required = required.elements?.compactMap(\.string) ?? []
            if required.elements == nil {
                diagnostics.warn("'required' must be a list of property names", at: pointer / "required", required)
            }
        }
        if let additional = keywords.additionalProperties {
            if let flag = additional.bool {
                schema.additionalProperties = .allowed(flag)
            } else {
                let inner = self.schema(additional, at: pointer / "additionalProperties", depth: depth + 1)
                schema.additionalProperties = .schema(SchemaBox(inner))
            }
        }
        if let items = keywords.items {
            if case .sequence(let tuple) = items.value, !tuple.isEmpty {
                // 3.0-era tuple form: treat as prefixItems.
                schema.prefixItems = tuple.enumerated().map {
                    self.schema($0.element, at: pointer / "items" / $0.offset, depth: depth + 1)
                }
            } else {
                schema.items = self.schema(items, at: pointer / "items", depth: depth + 1)
            }
        }
        if let prefix = keywords.prefixItems?.elements {
            schema.prefixItems = prefix.enumerated().map {
                self.schema($0.element, at: pointer / "prefixItems" / $0.offset, depth: depth + 1)
            }
        }
        if let list = keywords.allOf { schema.allOf = members(list, "allOf", at: pointer, depth: depth) ?? [] }
        if let list = keywords.oneOf { schema.oneOf = members(list, "oneOf", at: pointer, depth: depth) ?? [] }
        if let list = keywords.anyOf { schema.anyOf = members(list, "anyOf", at: pointer, depth: depth) ?? [] }
        if let not = keywords.not {
            schema.not = self.schema(not, at: pointer / "not", depth: depth + 1)
        }
        if let content = keywords.contentSchema {
            schema.contentSchema = self.schema(content, at: pointer / "contentSchema", depth: depth + 1)
        }
        schema.contentMediaType = keywords.contentMediaType?.string
        if let discriminator = keywords.discriminator {
            schema.discriminator = readDiscriminator(discriminator, at: pointer / "discriminator")
        }
        if keywords.hasExtensions {
            schema.extensions = (node.entries ?? []).filter { $0.key.hasPrefix("x-") }.map { ($0.key, $0.value) }
        }
        return schema
    }

    /// The schemas of an `allOf`/`oneOf`/`anyOf` list; nil (reported) when it is not a list.
    private mutating func members(_ list: Node, _ keyword: String, at pointer: JSONPointer, depth: Int) -> [Schema]? {
        guard let members = list.elements else {
            diagnostics.error("'\(keyword)' must be a list of schemas", at: pointer / keyword, list)
            return nil
        }
        let listPointer = pointer / keyword
        return members.enumerated().map {
            self.schema($0.element, at: listPointer / $0.offset, depth: depth + 1)
        }
    }

    private mutating func readTypes(_ keywords: SchemaKeywords, into schema: inout Schema, at pointer: JSONPointer) {
        var types: [String] = schema.types
        if let type = keywords.type {
            switch type.value {
            case .string(let name): types.append(name)
            case .sequence(let names): types.append(contentsOf: names.compactMap(\.string))
            default: diagnostics.error("'type' must be a string or a list of strings", at: pointer / "type", type)
            }
        }
        for name in types where !Self.knownTypes.contains(name) {
            diagnostics.warn("unknown type '\(name)'; reading it as any value", at: pointer / "type", keywords.type)
        }
        types = types.filter { Self.knownTypes.contains($0) }
        if keywords.nullable?.bool == true, !types.contains("null") {
            types.append("null")
        }
        // At most seven names: a scan beats building a set per schema.
        var unique: [String] = []
        unique.reserveCapacity(types.count)
        for name in types where !unique.contains(name) { unique.append(name) }
        schema.types = unique
    }

    private func readBounds(_ keywords: SchemaKeywords, into schema: inout Schema) {
        schema.minimum = keywords.minimum?.number
        schema.maximum = keywords.maximum?.number
        // 3.0: a boolean modifier of minimum/maximum; 3.1: the bound itself.
        if let exclusive = keywords.exclusiveMinimum {
            if let flag = exclusive.bool {
                if flag {
                    schema.exclusiveMinimum = schema.minimum
                    schema.minimum = nil
                }
            } else {
                schema.exclusiveMinimum = exclusive.number
            }
        }
        if let exclusive = keywords.exclusiveMaximum {
            if let flag = exclusive.bool {
                if flag {
                    schema.exclusiveMaximum = schema.maximum
                    schema.maximum = nil
                }
            } else {
                schema.exclusiveMaximum = exclusive.number
            }
        }
    }

    private mutating func readDiscriminator(_ node: Node, at pointer: JSONPointer) -> Schema.Discriminator? {
        guard let property = node["propertyName"]?.string else {
            diagnostics.warn("discriminator without propertyName is ignored", at: pointer, node)
            return nil
        }
        var mapping: [(String, String)] = []
        for entry in node["mapping"]?.entries ?? [] {
            guard let target = entry.value.string else { continue }
            if let name = componentSchemaName(target) {
                mapping.append((entry.key, name))
            } else if root.resolve(JSONPointer(reference: target) ?? JSONPointer(["\u{0}"])) == nil,
                componentSchemaNames.contains(target)
            {
                mapping.append((entry.key, target))  // bare schema names are allowed too
            } else {
                diagnostics.warn(
                    "discriminator mapping '\(target)' does not name a component schema",
                    at: pointer / "mapping" / entry.key, entry.value)
            }
        }
        return Schema.Discriminator(propertyName: property, mapping: mapping)
    }

    func componentSchemaName(_ reference: String) -> String? {
        // Nearly every reference is `#/components/schemas/Name` with nothing to decode: take the
        // name without splitting and decoding the pointer (a few percent of generation).
        let prefix = "#/components/schemas/".utf8
        if reference.utf8.starts(with: prefix) {
            let rest = reference.utf8.dropFirst(prefix.count)
            if !rest.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "~") })
            {
                return String(decoding: rest, as: UTF8.self)
            }
        }
        guard let pointer = JSONPointer(reference: reference), pointer.tokens.count == 3,
            pointer.tokens[0] == "components", pointer.tokens[1] == "schemas"
        else { return nil }
        return pointer.tokens[2]
    }

    private mutating func resolveSchemaReference(
        _ target: String, into schema: inout Schema, at pointer: JSONPointer, node: Node, depth: Int
    ) {
        if let name = componentSchemaName(target) {
            if !componentSchemaNames.contains(name) {
                diagnostics.error("unresolvable $ref '\(target)'", at: pointer, node)
            }
            schema.ref = name
            return
        }
        guard let local = JSONPointer(reference: target) else {
            diagnostics.error("only local references (#/...) are supported: '\(target)'", at: pointer, node)
            return
        }
        guard let resolved = root.resolve(local) else {
            diagnostics.error("unresolvable $ref '\(target)'", at: pointer, node)
            return
        }
        guard !inlineReferenceStack.contains(target) else {
            diagnostics.error("reference cycle through '\(target)' outside components/schemas", at: pointer, node)
            return
        }
        inlineReferenceStack.append(target)
        defer { inlineReferenceStack.removeLast() }
        schema = self.schema(resolved, at: local, depth: depth + 1)
    }
}
