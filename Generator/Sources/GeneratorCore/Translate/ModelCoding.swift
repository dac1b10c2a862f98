/// How a model is read from and written to JSON, decided on the declaration model so that
/// `ModelRenderer` only prints the matching `decode…`/`encode…` calls.
enum MemberCoding: Sendable, Hashable {
    /// A `const`: checked on decode (`decodeConstant`), kept as its text, never an argument.
    case constant(String)
    /// RFC 3339 text (`decodeDateTime`, `encodeDateTime`), not `Date`'s own `Codable`.
    case dateTime
    /// Absent, null or a value (`decodeNullableIfPresent`): the type is `Nullable<inner>`.
    case nullable(inner: SwiftType)
    /// The type's own `Codable`, applied to the whole object rather than to one key: the union
    /// of an `allOf` of a union and objects (`UnionComposition`).
    case wholeObject
    /// The type's own `Codable`.
    case value
}

extension PropertyDecl {
    var coding: MemberCoding {
        if composesObject { return .wholeObject }
        if let constValue { return .constant(constValue) }
        if type.isDate { return .dateTime }
        if case .nullable(let inner) = type { return .nullable(inner: inner) }
        return .value
    }

    /// Decoded with `…IfPresent`: the member may be missing.
    var decodesIfPresent: Bool { isOptional }

    /// Encoded with `…IfPresent`: a nil member is left out, unless the schema lists it in
    /// `required`, where it is written as `null` so the output stays valid.
    var encodesIfPresent: Bool { isOptional && !isRequired }

    /// Written with `encodeDateTime` rather than `encode`.
    var encodesDateTime: Bool { type.isDate }

    /// The type the member is stored as: a constant keeps its text.
    var storedType: SwiftType {
        guard constValue != nil else { return declaredType }
        return isOptional ? .optional(.named("String")) : .named("String")
    }
}

extension StructDecl {
    /// The member decoded from the whole object and encoded into it first (`UnionComposition`).
    var composedMember: PropertyDecl? { properties.first(where: \.composesObject) }

    /// The type of `additionalFields`, the members the schema does not name; nil when it
    /// forbids them.
    var extrasType: SwiftType? {
        guard keepsAdditionalFields else { return nil }
        return additionalFieldsType ?? .named("JSONObject")
    }

    /// Members of any value are written as given (`additionalFields`); members of a declared
    /// type are encoded as that type (`additionalMembers`).
    var extrasAreUntyped: Bool { extrasType == .named("JSONObject") }

    /// The decoder hands every member to the memberwise initialiser, except when an optional
    /// constant cannot go that way (the initialiser always sets it, a decoded one may be absent):
    /// then each member is assigned in the decoder.
    var decodesByAssignment: Bool { properties.contains { $0.constValue != nil && $0.isOptional } }
}
