/// Where a schema says something the generated type cannot hold, the type admits more than the
/// schema does: untyped JSON it did not ask for, or a member an `allOf` merge made nullable. Each
/// such place is a warning of category `widening` naming the schema and why, so that a document's
/// author can see what the client does not check; `widening: error` makes generation refuse them.
///
/// Asked for, so never reported: `{}` and `true` (annotations alone), `type: object` with no
/// properties and `additionalProperties` absent, `true` or `{}`, `additionalProperties` of any
/// value, an array without `items`, a type list naming every JSON type, a body or response
/// without a schema. Not reported either: a schema that allows only null, which is `JSONValue?`
/// because Swift has no type of null alone, and which reads the same as 3.0's bare
/// `nullable: true` (any value or null, asked for).
extension TypeTranslator {
    /// Records that `schema` is generated as `type` for `reason`, once per place and reason.
    mutating func reportWidening(_ schema: Schema, to type: SwiftType, _ reason: String) {
        report(
            Diagnostic(
                .warning, "widened to \(type.rendered): \(reason)", pointer: schema.pointer.description,
                location: schema.location, category: .widening))
    }

    private mutating func report(_ diagnostic: Diagnostic) {
        guard reportedWidenings.insert(diagnostic).inserted else { return }
        diagnostics.append(contentsOf: [diagnostic])
    }

    /// JSON's types, `integer` being a kind of `number`: a list naming all of them asks for any value.
    private static let everyType: Set<String> = ["string", "number", "boolean", "array", "object"]

    /// Why a `type` list of several types is a widening; nil when it names every type.
    static func typeListWidening(_ types: [String]) -> String? {
        guard !everyType.isSubset(of: types) else { return nil }
        return "type list [\(types.joined(separator: ", "))] has no single Swift type"
    }

    static let tupleWidening = "prefixItems (a tuple) have no Swift type; each item is kept as JSON"

    static let emptyObjectWidening = "an object with no properties and additionalProperties: false allows no member"

    /// Why a schema with no type, properties or items is a widening: only `not` and a typed
    /// `additionalProperties` say more than any value (`format`, bounds and the like apply to
    /// values of one type only and leave the others free).
    static func untypedWidening(_ schema: Schema) -> String? {
        if let not = schema.not {
            return not.isUnconstrained
                ? "no value satisfies the schema (false, or not: {})"
                : "'not' has no Swift type; the schema is kept as JSON"
        }
        if case .schema(let box) = schema.additionalProperties, !box.schema.isUnconstrained {
            return "additionalProperties without 'type: object' is read as any value"
        }
        return nil
    }

    static func constWidening(_ constant: Node) -> String? {
        switch constant.value {
        case .mapping: return "a const object has no Swift type"
        case .sequence: return "a const array has no Swift type"
        default: return nil
        }
    }

    /// Why an enumeration that is not all strings, all integers or all booleans is a widening; nil
    /// for one of null alone (see the type's comment).
    static func enumWidening(_ values: [Node]) -> String? {
        if values.isEmpty { return "enum: [] allows no value" }
        var kinds: [String] = []
        for value in values {
            let kind: String
            switch value.value {
            case .null: continue
            case .string: kind = "string"
            case .int: kind = "integer"
            case .double: kind = "number"
            case .bool: kind = "boolean"
            case .sequence: kind = "array"
            case .mapping: kind = "object"
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        guard !kinds.isEmpty else { return nil }
        return "enum of \(kinds.joined(separator: " and ")) values has no Swift type "
            + "(enumerations of strings, of integers or of booleans have)"
    }

    /// An `allOf` (or a single `oneOf`/`anyOf` member beside one) whose members are not all
    /// objects is generated as its first member: reported when another member, or the schema's
    /// own keywords, say something the first does not.
    mutating func reportUnmergedAllOf(_ schema: Schema, parts: [Schema], generated: SwiftType) {
        guard let first = parts.first else { return }
        var own = schema
        own.allOf = []
        own.oneOf = []
        own.anyOf = []
        own.discriminator = nil
        own.types = own.nonNullTypes
        let lost = (parts.dropFirst() + [own]).filter { part in
            let result = narrowing(first, part)
            if case .earlier = result.choice, result.conflict == nil { return false }
            return true
        }
        guard !lost.isEmpty else { return }
        let places = lost.map { $0.pointer == schema.pointer ? "its own keywords" : $0.pointer.description }
        reportWidening(
            schema, to: generated,
            "allOf members that cannot be merged into one type; only \(first.pointer) is generated, "
                + "not \(places.joined(separator: ", "))")
    }

    /// A later `allOf` member that allows null where an earlier one does not: the merge keeps the
    /// member non-null (a value must satisfy both, `Schema.nonNullProperties`), which drops what the
    /// later member seems to say, so it is reported at that member with the earlier one's pointer.
    mutating func noteIgnoredNull(_ earlier: Schema, _ later: Schema, name: String) {
        guard admitsNull(later), !admitsNull(earlier) else { return }
        let diagnostic = Diagnostic(
            .warning,
            "allOf members disagree on property '\(name)': \(later.pointer) allows null and \(earlier.pointer) "
                + "does not; a value must satisfy both, so the generated type does not accept null",
            pointer: later.pointer.description, location: later.location)
        // A component merged into several schemas is met once per schema.
        if !diagnostics.items.contains(diagnostic) { diagnostics.append(contentsOf: [diagnostic]) }
    }

    /// Whether the type `schema` translates to is nullable, as `type(for:)` decides it.
    func admitsNull(_ schema: Schema) -> Bool {
        if schema.isNullable { return true }
        if let ref = schema.ref { return isNullableComponent(ref) }
        if schema.const?.isNull == true { return true }
        if let values = schema.enumValues { return values.contains { $0.isNull } }
        return (schema.oneOf + schema.anyOf + schema.allOf).contains(where: \.isNullOnly)
    }
}
