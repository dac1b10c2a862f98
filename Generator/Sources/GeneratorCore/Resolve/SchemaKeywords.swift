/// The keywords of one schema object, found in one pass over its entries: looking each keyword
/// up by name scanned every entry about thirty times per schema (issue 17). The first entry of a
/// key wins, as with `Node`'s subscript (readers reject duplicates anyway).
struct SchemaKeywords {
    var ref: Node?
    var type: Node?
    var nullable: Node?
    var format: Node?
    var title: Node?
    var description: Node?
    var enumValues: Node?
    var const: Node?
    var defaultValue: Node?
    var example: Node?
    var examples: Node?
    var deprecated: Node?
    var readOnly: Node?
    var writeOnly: Node?
    var pattern: Node?
    var minLength: Node?
    var maxLength: Node?
    var minItems: Node?
    var maxItems: Node?
    var uniqueItems: Node?
    var minimum: Node?
    var maximum: Node?
    var exclusiveMinimum: Node?
    var exclusiveMaximum: Node?
    var properties: Node?
    var required: Node?
    var additionalProperties: Node?
    var items: Node?
    var prefixItems: Node?
    var allOf: Node?
    var oneOf: Node?
    var anyOf: Node?
    var not: Node?
    var contentSchema: Node?
    var contentMediaType: Node?
    var discriminator: Node?
    /// Whether any key starts with `x-`.
    var hasExtensions = false

    init(_ entries: [Node.Entry]) {
        for entry in entries {
            let key = entry.key
            // The first byte picks the few keywords the key can be, so most keys are compared
            // whole once or twice instead of against every keyword.
            switch key.utf8.first {
            case UInt8(ascii: "$"): Self.take(&ref, "$ref", key, entry.value)
            case UInt8(ascii: "a"):
                Self.take(&additionalProperties, "additionalProperties", key, entry.value)
                Self.take(&allOf, "allOf", key, entry.value)
                Self.take(&anyOf, "anyOf", key, entry.value)
            case UInt8(ascii: "c"):
                Self.take(&const, "const", key, entry.value)
                Self.take(&contentSchema, "contentSchema", key, entry.value)
                Self.take(&contentMediaType, "contentMediaType", key, entry.value)
            case UInt8(ascii: "d"):
                Self.take(&description, "description", key, entry.value)
                Self.take(&defaultValue, "default", key, entry.value)
                Self.take(&deprecated, "deprecated", key, entry.value)
                Self.take(&discriminator, "discriminator", key, entry.value)
            case UInt8(ascii: "e"):
                Self.take(&enumValues, "enum", key, entry.value)
                Self.take(&example, "example", key, entry.value)
                Self.take(&examples, "examples", key, entry.value)
                Self.take(&exclusiveMinimum, "exclusiveMinimum", key, entry.value)
                Self.take(&exclusiveMaximum, "exclusiveMaximum", key, entry.value)
            case UInt8(ascii: "f"): Self.take(&format, "format", key, entry.value)
            case UInt8(ascii: "i"): Self.take(&items, "items", key, entry.value)
            case UInt8(ascii: "m"):
                Self.take(&minLength, "minLength", key, entry.value)
                Self.take(&maxLength, "maxLength", key, entry.value)
                Self.take(&minItems, "minItems", key, entry.value)
                Self.take(&maxItems, "maxItems", key, entry.value)
                Self.take(&minimum, "minimum", key, entry.value)
                Self.take(&maximum, "maximum", key, entry.value)
            case UInt8(ascii: "n"):
                Self.take(&nullable, "nullable", key, entry.value)
                Self.take(&not, "not", key, entry.value)
            case UInt8(ascii: "o"): Self.take(&oneOf, "oneOf", key, entry.value)
            case UInt8(ascii: "p"):
                Self.take(&properties, "properties", key, entry.value)
                Self.take(&pattern, "pattern", key, entry.value)
                Self.take(&prefixItems, "prefixItems", key, entry.value)
            case UInt8(ascii: "r"):
                Self.take(&required, "required", key, entry.value)
                Self.take(&readOnly, "readOnly", key, entry.value)
            case UInt8(ascii: "t"):
                Self.take(&type, "type", key, entry.value)
                Self.take(&title, "title", key, entry.value)
            case UInt8(ascii: "u"): Self.take(&uniqueItems, "uniqueItems", key, entry.value)
            case UInt8(ascii: "w"): Self.take(&writeOnly, "writeOnly", key, entry.value)
            case UInt8(ascii: "x"): if key.utf8.dropFirst().first == UInt8(ascii: "-") { hasExtensions = true }
            default: break
            }
        }
    }

    /// Stores `value` in `slot` when `key` is `keyword` and the slot is still empty.
    @inline(__always)
    private static func take(_ slot: inout Node?, _ keyword: String, _ key: String, _ value: Node) {
        if slot == nil, key == keyword { slot = value }
    }
}
