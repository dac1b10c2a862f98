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

        if let reference = node["$ref"] {
            if let target = reference.string {
                resolveSchemaReference(target, into: &schema, at: pointer / "$ref", node: reference, depth: depth)
            } else {
                diagnostics.error("$ref must be a string", at: pointer / "$ref", reference)
            }
            // 3.1 allows annotations beside $ref; 3.0 ignores them, harmless to keep.
            schema.description = node["description"]?.string ?? schema.description
            if node["nullable"]?.bool == true, !schema.types.contains("null") { schema.types.append("null") }
            if !isVersion31 {
                return schema
            }
        }

        readTypes(node, into: &schema, at: pointer)
        schema.format = node["format"]?.string
        if let format = schema.format, !Self.knownFormats.contains(format) {
            diagnostics.warn(
                "unknown format '\(format)'; treating it as its base type", at: pointer / "format", node["format"])
        }
        schema.title = node["title"]?.string
        if schema.description == nil { schema.description = node["description"]?.string }
        schema.enumValues = node["enum"]?.elements
        schema.const = node["const"]
        schema.defaultValue = node["default"]
        schema.deprecated = node["deprecated"]?.bool ?? false
        schema.readOnly = node["readOnly"]?.bool ?? false
        schema.writeOnly = node["writeOnly"]?.bool ?? false
        schema.pattern = node["pattern"]?.string
        schema.minLength = node["minLength"]?.int.map(Int.init)
        schema.maxLength = node["maxLength"]?.int.map(Int.init)
        schema.minItems = node["minItems"]?.int.map(Int.init)
        schema.maxItems = node["maxItems"]?.int.map(Int.init)
        schema.uniqueItems = node["uniqueItems"]?.bool ?? false
        readBounds(node, into: &schema)

        if let properties = node["properties"] {
            for entry in properties.entries ?? [] {
                schema.properties.append(
                    (entry.key, self.schema(entry.value, at: pointer / "properties" / entry.key, depth: depth + 1)))
            }
        }
        if let required = node["required"] {
            schema.required = required.elements?.compactMap(\.string) ?? []
            if required.elements == nil {
                diagnostics.warn("'required' must be a list of property names", at: pointer / "required", required)
            }
        }
        if let additional = node["additionalProperties"] {
            if let flag = additional.bool {
                schema.additionalProperties = .allowed(flag)
            } else {
                let inner = self.schema(additional, at: pointer / "additionalProperties", depth: depth + 1)
                schema.additionalProperties = .schema(SchemaBox(inner))
            }
        }
        if let items = node["items"] {
            if case .sequence(let tuple) = items.value, !tuple.isEmpty {
                // 3.0-era tuple form: treat as prefixItems.
                schema.prefixItems = tuple.enumerated().map {
                    self.schema($0.element, at: pointer / "items" / $0.offset, depth: depth + 1)
                }
            } else {
                schema.items = self.schema(items, at: pointer / "items", depth: depth + 1)
            }
        }
        if let prefix = node["prefixItems"]?.elements {
            schema.prefixItems = prefix.enumerated().map {
                self.schema($0.element, at: pointer / "prefixItems" / $0.offset, depth: depth + 1)
            }
        }
        for (keyword, path) in [("allOf", \Schema.allOf), ("oneOf", \Schema.oneOf), ("anyOf", \Schema.anyOf)] {
            guard let list = node[keyword] else { continue }
            guard let members = list.elements else {
                diagnostics.error("'\(keyword)' must be a list of schemas", at: pointer / keyword, list)
                continue
            }
            schema[keyPath: path] = members.enumerated().map {
                self.schema($0.element, at: pointer / keyword / $0.offset, depth: depth + 1)
            }
        }
        if let not = node["not"] {
            schema.not = self.schema(not, at: pointer / "not", depth: depth + 1)
        }
        if let discriminator = node["discriminator"] {
            schema.discriminator = readDiscriminator(discriminator, at: pointer / "discriminator")
        }
        schema.extensions = (node.entries ?? []).filter { $0.key.hasPrefix("x-") }.map { ($0.key, $0.value) }
        return schema
    }

    private mutating func readTypes(_ node: Node, into schema: inout Schema, at pointer: JSONPointer) {
        var types: [String] = schema.types
        if let type = node["type"] {
            switch type.value {
            case .string(let name): types.append(name)
            case .sequence(let names): types.append(contentsOf: names.compactMap(\.string))
            default: diagnostics.error("'type' must be a string or a list of strings", at: pointer / "type", type)
            }
        }
        for name in types where !Self.knownTypes.contains(name) {
            diagnostics.warn("unknown type '\(name)'; reading it as any value", at: pointer / "type", node["type"])
        }
        types = types.filter { Self.knownTypes.contains($0) }
        if node["nullable"]?.bool == true, !types.contains("null") {
            types.append("null")
        }
        var seen = Set<String>()
        schema.types = types.filter { seen.insert($0).inserted }
    }

    private func readBounds(_ node: Node, into schema: inout Schema) {
        schema.minimum = node["minimum"]?.number
        schema.maximum = node["maximum"]?.number
        // 3.0: a boolean modifier of minimum/maximum; 3.1: the bound itself.
        if let exclusive = node["exclusiveMinimum"] {
            if let flag = exclusive.bool {
                if flag {
                    schema.exclusiveMinimum = schema.minimum
                    schema.minimum = nil
                }
            } else {
                schema.exclusiveMinimum = exclusive.number
            }
        }
        if let exclusive = node["exclusiveMaximum"] {
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
                root["components"]?["schemas"]?[target] != nil
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
        guard let pointer = JSONPointer(reference: reference), pointer.tokens.count == 3,
            pointer.tokens[0] == "components", pointer.tokens[1] == "schemas"
        else { return nil }
        return pointer.tokens[2]
    }

    private mutating func resolveSchemaReference(
        _ target: String, into schema: inout Schema, at pointer: JSONPointer, node: Node, depth: Int
    ) {
        if let name = componentSchemaName(target) {
            if root["components"]?["schemas"]?[name] == nil {
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
