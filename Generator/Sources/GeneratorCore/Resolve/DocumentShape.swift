/// What OpenAPI expects at a place of the document, so the bundler resolves a `$ref` by what it
/// stands for: a schema is hoisted into `components/schemas`, a description or a map of names
/// is replaced by the value referenced, and `x-` is an extension only where the object has
/// fixed fields (a header may be named `x-request-id`).
indirect enum DocumentShape: Equatable, Sendable {
    case document, components, info, tag, server, externalDocs
    case pathItem, operation, parameter, header, requestBody, mediaType, encoding, response
    case example, link, callback, securityScheme, schema, discriminator
    /// A map whose keys are names chosen by the author: none of them is an extension.
    case names(DocumentShape)
    /// A map of names that the specification also lets carry extensions (paths, responses),
    /// whose names cannot begin with `x-`.
    case extensibleNames(DocumentShape)
    case list(DocumentShape)
    /// A description or summary: text, which a `$ref` may give from a Markdown file.
    case text
    /// Data the API sends (examples, defaults, extensions): never followed.
    case literal
    /// A place this walk does not model; references there are copied in place.
    case unknown

    /// The `components` section a reference standing for this shape is hoisted into; nil where the
    /// referenced value is copied in place (path items, operations, maps, text).
    var componentKind: String? {
        switch self {
        case .schema: "schemas"
        case .parameter: "parameters"
        case .response: "responses"
        case .header: "headers"
        case .requestBody: "requestBodies"
        case .example: "examples"
        case .link: "links"
        case .securityScheme: "securitySchemes"
        case .callback: "callbacks"
        default: nil
        }
    }

    /// Whether a referenced text file (Markdown) may stand for a value of this shape.
    var acceptsText: Bool {
        switch self {
        case .text, .unknown: true
        default: false
        }
    }

    /// The shape of the items of a sequence at this place.
    var element: DocumentShape {
        switch self {
        case .list(let item): item
        case .schema: .schema  // the tuple form of `items` in older drafts
        case .literal: .literal
        default: .unknown
        }
    }

    static let componentShapes: [String: DocumentShape] = [
        "schemas": .schema, "responses": .response, "parameters": .parameter, "examples": .example,
        "requestBodies": .requestBody, "headers": .header, "securitySchemes": .securityScheme, "links": .link,
        "callbacks": .callback, "pathItems": .pathItem, "mediaTypes": .mediaType,
    ]

    static let schemaValued: Set<String> = [
        "items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else",
        "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema",
    ]
    static let schemaMaps: Set<String> = [
        "properties", "patternProperties", "$defs", "definitions", "dependentSchemas",
    ]
    static let schemaLists: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems"]
    static let schemaData: Set<String> = ["example", "examples", "default", "const", "enum"]

    /// The shape of the value under `key` in a mapping of this shape; `parent` is the key above
    /// this mapping, for places not modelled.
    func child(_ key: String, value: Node, parent: String?) -> DocumentShape {
        switch self {
        case .names(let member): return member
        case .extensibleNames(let member): return key.hasPrefix("x-") ? .literal : member
        case .callback: return key.hasPrefix("x-") ? .literal : .pathItem
        case .literal: return .literal
        case .list, .text: return .unknown
        case .unknown:
            return DocumentBundler.isLiteral(
                Node.Entry(key: key, keyLocation: value.location, value: value), under: parent)
                ? .literal : .unknown
        default:
            if key.hasPrefix("x-") { return .literal }
            if key == "description" || key == "summary" { return .text }
            return fixedField(key)
        }
    }

    private func fixedField(_ key: String) -> DocumentShape {
        switch (self, key) {
        case (.document, "info"): .info
        case (.document, "paths"): .extensibleNames(.pathItem)
        case (.document, "webhooks"): .names(.pathItem)
        case (.document, "components"): .components
        case (.document, "tags"): .list(.tag)
        case (_, "servers"): .list(.server)
        case (_, "externalDocs"): .externalDocs
        case (.components, _): Self.componentShapes[key].map { .names($0) } ?? .unknown
        case (.pathItem, "parameters"), (.operation, "parameters"): .list(.parameter)
        // OpenAPI 3.2: `query` and `additionalOperations` hold operations too.
        case (.pathItem, "additionalOperations"): .names(.operation)
        case (.pathItem, _): DocumentRules.fixedMethods.contains(key) ? .operation : .unknown
        case (.operation, "requestBody"): .requestBody
        case (.operation, "responses"): .extensibleNames(.response)
        case (.operation, "callbacks"): .names(.callback)
        case (.operation, "tags"): .literal
        case (.parameter, "schema"), (.header, "schema"), (.mediaType, "schema"): .schema
        case (.parameter, "content"), (.header, "content"), (.requestBody, "content"), (.response, "content"):
            .names(.mediaType)
        case (.parameter, "example"), (.header, "example"), (.mediaType, "example"): .literal
        case (.parameter, "examples"), (.header, "examples"), (.mediaType, "examples"): .names(.example)
        case (.mediaType, "itemSchema"): .schema
        case (.mediaType, "encoding"), (.encoding, "encoding"): .names(.encoding)
        case (.mediaType, "prefixEncoding"), (.encoding, "prefixEncoding"): .list(.encoding)
        case (.mediaType, "itemEncoding"), (.encoding, "itemEncoding"): .encoding
        case (.encoding, "headers"), (.response, "headers"): .names(.header)
        case (.response, "links"): .names(.link)
        case (.example, "value"), (.link, "parameters"), (.link, "requestBody"): .literal
        case (.link, "server"): .server
        case (.schema, "title"): .text
        case (.schema, "discriminator"): .discriminator
        case (.schema, _): schemaKeyword(key)
        case (.discriminator, _): .literal  // `mapping` is resolved by the bundler itself
        default: .unknown
        }
    }

    private func schemaKeyword(_ key: String) -> DocumentShape {
        if Self.schemaValued.contains(key) { return .schema }
        if Self.schemaMaps.contains(key) { return .names(.schema) }
        if Self.schemaLists.contains(key) { return .list(.schema) }
        if Self.schemaData.contains(key) { return .literal }
        return .unknown
    }
}
