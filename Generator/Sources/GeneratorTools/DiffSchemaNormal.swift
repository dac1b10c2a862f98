import GeneratorCore

/// A schema reduced to what it accepts, so that spellings which mean the same thing compare
/// equal: 3.0 `nullable: true` and 3.1 `type: [T, "null"]`, a `{type: null}` member of
/// `oneOf`/`anyOf`, `null` inside `enum`, a lone `allOf`/`oneOf`/`anyOf` wrapper, `type: T` and
/// `type: [T]`, `enum`/`required` in any order. The loader has already turned boolean
/// `exclusiveMinimum` into the numeric form. Prose (title, description, examples, `x-*`) is gone.
struct NormalSchema {
    var ref: String?
    /// The non-null JSON types allowed; nil when `type` does not restrict them.
    var types: Set<String>?
    var nullable: Bool
    var format: String?
    /// Canonical JSON texts of the allowed non-null values.
    var enumValues: Set<String>?
    var const: String?
    var defaultValue: String?
    var properties: [(name: String, schema: Schema)]
    var required: Set<String>
    var additionalProperties: Schema.AdditionalProperties
    var items: Schema?
    var prefixItems: [Schema]
    var allOf: [Schema]
    var oneOf: [Schema]
    var anyOf: [Schema]
    var not: Schema?
    var discriminator: Schema.Discriminator?
    var deprecated: Bool
    var readOnly: Bool
    var writeOnly: Bool
    var bounds: [(name: String, value: Double?)]
    var lengths: [(name: String, value: Int?)]
    var pattern: String?
    var uniqueItems: Bool

    /// `isVersion31` decides what a lone `"null"` type means: in 3.1 it is `{type: null}` (only
    /// null); in 3.0 it can only come from `nullable: true` without `type` (anything, or null).
    init(_ original: Schema, isVersion31: Bool) {
        let (schema, wrapperNullable, wrapperDeprecated) = Self.unwrapped(original, isVersion31: isVersion31)
        var nullable = schema.isNullable || wrapperNullable
        var enumValues = schema.enumValues.map { Set($0.map(CanonicalJSON.text)) }
        if enumValues?.remove("null") != nil { nullable = true }
        let nonNull = schema.nonNullTypes
        var types: Set<String>? = nonNull.isEmpty ? nil : Set(nonNull)
        if isVersion31, schema.types == ["null"], schema.ref == nil, schema.oneOf.isEmpty, schema.anyOf.isEmpty,
            schema.allOf.isEmpty
        {
            types = []  // `{type: null}`: nothing but null
        }
        ref = schema.ref
        self.types = types
        // A schema that does not restrict its type (and is no reference) accepts null already.
        self.nullable =
            nullable
            || (types == nil && schema.ref == nil && schema.allOf.isEmpty && schema.oneOf.isEmpty
                && schema.anyOf.isEmpty && enumValues == nil && schema.const == nil)
        format = schema.format
        self.enumValues = enumValues
        const = schema.const.map(CanonicalJSON.text)
        defaultValue = schema.defaultValue.map(CanonicalJSON.text)
        properties = schema.properties
        required = Set(schema.required)
        additionalProperties = schema.additionalProperties
        items = schema.items
        prefixItems = schema.prefixItems
        allOf = schema.allOf
        oneOf = schema.oneOf
        anyOf = schema.anyOf
        not = schema.not
        discriminator = schema.discriminator
        deprecated = schema.deprecated || wrapperDeprecated
        readOnly = schema.readOnly
        writeOnly = schema.writeOnly
        bounds = [
            ("minimum", schema.minimum), ("maximum", schema.maximum),
            ("exclusiveMinimum", schema.exclusiveMinimum), ("exclusiveMaximum", schema.exclusiveMaximum),
        ]
        lengths = [
            ("minLength", schema.minLength), ("maxLength", schema.maxLength),
            ("minItems", schema.minItems), ("maxItems", schema.maxItems),
        ]
        pattern = schema.pattern
        uniqueItems = schema.uniqueItems
    }

    /// Removes `{type: null}` members of `oneOf`/`anyOf` (they are nullability) and looks through
    /// wrappers with one member and nothing of their own: 3.0 wrote a nullable reference as
    /// `nullable: true, allOf: [$ref]`, 3.1 as `oneOf: [$ref, {type: null}]`.
    static func unwrapped(_ original: Schema, isVersion31: Bool) -> (Schema, nullable: Bool, deprecated: Bool) {
        var schema = original
        var nullable = false
        var deprecated = false
        let isNullMember: (Schema) -> Bool = { member in
            isVersion31 && member.isNullOnly && member.oneOf.isEmpty && member.anyOf.isEmpty && member.allOf.isEmpty
                && member.const == nil
        }
        while true {
            for keyPath in [\Schema.oneOf, \Schema.anyOf] where schema[keyPath: keyPath].contains(where: isNullMember) {
                schema[keyPath: keyPath].removeAll(where: isNullMember)
                nullable = true
            }
            let ownConstraints =
                !schema.nonNullTypes.isEmpty || schema.ref != nil || !schema.properties.isEmpty
                || schema.enumValues != nil || schema.const != nil || schema.items != nil || !schema.prefixItems.isEmpty
                || schema.not != nil || schema.discriminator != nil || !schema.required.isEmpty
                || { if case .unspecified = schema.additionalProperties { return false } else { return true } }()
            let wrappers = [schema.allOf, schema.oneOf, schema.anyOf].filter { !$0.isEmpty }
            guard !ownConstraints, wrappers.count == 1, let only = wrappers.first, only.count == 1,
                let member = only.first
            else { return (schema, nullable, deprecated) }
            nullable = nullable || schema.isNullable
            deprecated = deprecated || schema.deprecated
            schema = member
        }
    }

    /// How the type reads in a message: `Signer`, `string`, `integer | string`, `any`.
    var typeDescription: String {
        if let ref { return ref }
        guard let types else { return "any" }
        return types.isEmpty ? "null" : types.sorted().joined(separator: " | ")
    }
}

/// One text per JSON value, independent of key order and of `1` vs `1.0`.
enum CanonicalJSON {
    static func text(_ node: Node) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let int): return String(int)
        case .double(let double):
            if double.rounded() == double, abs(double) < 9e15 { return String(Int64(double)) }
            return String(double)
        case .string(let string): return quoted(string)
        case .sequence(let items): return "[" + items.map(text).joined(separator: ",") + "]"
        case .mapping(let entries):
            let sorted = entries.sorted { $0.key < $1.key }
            return "{" + sorted.map { quoted($0.key) + ":" + text($0.value) }.joined(separator: ",") + "}"
        }
    }

    static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result +=
                        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
