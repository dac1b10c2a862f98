/// The rules of the objects below an operation: parameters, headers, media types, encodings,
/// examples and schemas.
extension DocumentRules {
    mutating func parameter(_ node: Node, at pointer: JSONPointer) {
        guard node["$ref"] == nil else { return }
        let place = node["in"]?.string
        let name = node["name"]?.string ?? ""
        if place == "header", !HTTPToken.isToken(name) {
            report(
                .headerNameToken, "header parameter name '\(name)' is not an HTTP field name (an RFC 9110 token)",
                at: pointer / "name", node["name"])
        }
        if place == "path", name.contains("{") || name.contains("}") {
            report(
                .pathParameterName, "path parameter name '\(name)' must not contain '{' or '}'",
                at: pointer / "name", node["name"])
        }
        if place == "querystring" {
            for field in ["schema", "style", "explode", "allowReserved"] where node[field] != nil {
                report(
                    .querystringContent,
                    "an 'in: querystring' parameter describes its value with 'content', never '\(field)'",
                    at: pointer / field, node[field])
            }
            if node["content"] == nil {
                report(.querystringContent, "an 'in: querystring' parameter needs 'content'", at: pointer, node)
            }
        } else if let reserved = node["allowReserved"] {
            let style = node["style"]?.string ?? "form"
            let encodes = place == "query" || place == "path" || (place == "cookie" && style == "form")
            if !encodes {
                report(
                    .allowReservedLocation,
                    "'allowReserved' applies only where values are percent-encoded (query, path, form-style cookie)",
                    at: pointer / "allowReserved", reserved)
            }
        }
        if node["content"] != nil, let style = node["style"] {
            report(
                .contentWithStyle, "'style' describes 'schema' serialization and cannot be used with 'content'",
                at: pointer / "style", style)
        }
        schemaOrContent(node, at: pointer)
    }

    mutating func header(_ node: Node, at pointer: JSONPointer) {
        guard node["$ref"] == nil else { return }
        if isVersion32, let reserved = node["allowReserved"] {
            report(
                .headerAllowReserved,
                "a Header Object has no 'allowReserved' (header values are never "
                    + "percent-encoded)", at: pointer / "allowReserved", reserved)
        }
        schemaOrContent(node, at: pointer)
    }

    /// What parameters and headers share: `schema`, `content`, `example` and `examples`.
    mutating func schemaOrContent(_ node: Node, at pointer: JSONPointer) {
        if let schema = node["schema"] { self.schema(schema, at: pointer / "schema") }
        content(node["content"], at: pointer / "content")
        examples(node, at: pointer)
    }

    mutating func examples(_ node: Node, at pointer: JSONPointer) {
        if node["example"] != nil, node["examples"] != nil {
            report(.exampleOrExamples, "'example' and 'examples' cannot both be given", at: pointer, node)
        }
        for entry in node["examples"]?.entries ?? [] { example(entry.value, at: pointer / "examples" / entry.key) }
    }

    mutating func example(_ node: Node, at pointer: JSONPointer) {
        guard node["$ref"] == nil, node.entries != nil else { return }
        let exclusive = [
            ("value", "externalValue"), ("value", "dataValue"), ("value", "serializedValue"),
            ("serializedValue", "externalValue"),
        ]
        for (first, second) in exclusive where node[first] != nil && node[second] != nil {
            report(
                .exampleFields, "an Example Object cannot have both '\(first)' and '\(second)'", at: pointer,
                node)
        }
    }

    mutating func response(_ node: Node, at pointer: JSONPointer) {
        guard node["$ref"] == nil else { return }
        for entry in node["headers"]?.entries ?? [] {
            let headerPointer = pointer / "headers" / entry.key
            if !HTTPToken.isToken(entry.key) {
                report(
                    .headerNameToken,
                    "response header name '\(entry.key)' is not an HTTP field name "
                        + "(an RFC 9110 token)", at: headerPointer, entry.value)
            }
            header(entry.value, at: headerPointer)
        }
        content(node["content"], at: pointer / "content")
    }

    mutating func content(_ node: Node?, at pointer: JSONPointer) {
        for entry in node?.entries ?? [] { mediaType(entry.value, at: pointer / entry.key) }
    }

    mutating func mediaType(_ node: Node, at pointer: JSONPointer) {
        guard node["$ref"] == nil else { return }
        if let schema = node["schema"] { self.schema(schema, at: pointer / "schema") }
        if let schema = node["itemSchema"] { self.schema(schema, at: pointer / "itemSchema") }
        examples(node, at: pointer)
        encodings(node, at: pointer, owner: "a Media Type Object")
    }

    /// `encoding` (by property name) and `prefixEncoding`/`itemEncoding` (by position) exclude
    /// each other, in a Media Type Object and in an Encoding Object nested for multipart parts.
    mutating func encodings(_ node: Node, at pointer: JSONPointer, owner: String) {
        if node["encoding"] != nil {
            for field in ["prefixEncoding", "itemEncoding"] where node[field] != nil {
                report(
                    .encodingExclusive, "\(owner) cannot have both 'encoding' and '\(field)'", at: pointer / field,
                    node[field])
            }
        }
        for entry in node["encoding"]?.entries ?? [] { encoding(entry.value, at: pointer / "encoding" / entry.key) }
        for (index, item) in (node["prefixEncoding"]?.elements ?? []).enumerated() {
            encoding(item, at: pointer / "prefixEncoding" / index)
        }
        if let item = node["itemEncoding"], item.entries != nil { encoding(item, at: pointer / "itemEncoding") }
    }

    mutating func encoding(_ node: Node, at pointer: JSONPointer) {
        for entry in node["headers"]?.entries ?? [] { header(entry.value, at: pointer / "headers" / entry.key) }
        encodings(node, at: pointer, owner: "an Encoding Object")
    }

    // MARK: Schemas

    static let schemaFields = [
        "items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedItems",
        "unevaluatedProperties", "contentSchema", "additionalItems",
    ]
    static let schemaMapFields = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]
    static let schemaListFields = ["allOf", "anyOf", "oneOf", "prefixItems"]

    mutating func schema(_ node: Node, at pointer: JSONPointer) {
        switch node.value {
        case .mapping: break
        case .bool: return
        default:
            report(.schemaType, "a Schema Object must be an object or a boolean", at: pointer, node)
            return
        }
        if let xml = node["xml"], xml["nodeType"] != nil {
            for field in ["attribute", "wrapped"] where xml[field] != nil {
                report(
                    .xmlNodeType, "an XML Object with 'nodeType' cannot also have '\(field)'", at: pointer / "xml",
                    xml)
            }
        }
        for field in Self.schemaFields {
            guard let child = node[field] else { continue }
            // `items` as a list is the 2019 tuple form: each element is a schema.
            if let list = child.elements {
                for (index, item) in list.enumerated() { schema(item, at: pointer / field / index) }
            } else {
                schema(child, at: pointer / field)
            }
        }
        for field in Self.schemaMapFields {
            for entry in node[field]?.entries ?? [] { schema(entry.value, at: pointer / field / entry.key) }
        }
        for field in Self.schemaListFields {
            for (index, item) in (node[field]?.elements ?? []).enumerated() {
                schema(item, at: pointer / field / index)
            }
        }
    }
}

/// RFC 9110 `token`: the syntax of field names and method names.
enum HTTPToken {
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTChar)
    }

    static func isTChar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
