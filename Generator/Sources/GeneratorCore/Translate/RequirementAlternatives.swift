/// `anyOf: [{required: [a]}, {required: [b]}]` (or `oneOf`) beside an object's properties says which
/// members must be present together; it admits no value the object's type does not hold and
/// rejects some it does, so it is a validation rule, like `minLength`, and not a second type. Read
/// as a union, or as an `allOf` member that cannot be merged, it turned such objects into a
/// generic alias and a `widening` warning (DigitalOcean's firewall bodies). The rule is kept where
/// the user reads it: the merged type's documentation names the groups.
extension Schema {
    /// A branch that only lists required members (annotations aside).
    var isRequirementOnly: Bool {
        guard !required.isEmpty, ref == nil, types.isEmpty || types == ["object"], properties.isEmpty else {
            return false
        }
        var bare = self
        bare.required = []
        bare.types = []
        return bare.isUnconstrained && bare.discriminator == nil
    }

    /// The alternatives when every one is requirement-only; empty otherwise (a null alternative
    /// is a type, and stays where the union reads it).
    var requirementAlternatives: [[String]] {
        let alternatives = oneOf.isEmpty ? anyOf : oneOf
        guard !alternatives.isEmpty, alternatives.allSatisfy(\.isRequirementOnly) else { return [] }
        return alternatives.map(\.required)
    }

    /// This schema without requirement-only alternatives, which constrain and do not type it; its
    /// description gains the rule.
    var withoutRequirementAlternatives: Schema {
        guard let note = requirementNote else { return self }
        var copy = self
        if oneOf.isEmpty { copy.anyOf = [] } else { copy.oneOf = [] }
        copy.description = Self.documenting(description, note)
        return copy
    }

    /// `description` with `note` ending its first paragraph, the one doc comments show.
    static func documenting(_ description: String?, _ note: String) -> String {
        guard let description, !description.isEmpty else { return note }
        guard let end = description.range(of: "\n\n") else { return description + " " + note }
        return description[..<end.lowerBound] + " " + note + description[end.lowerBound...]
    }

    /// A sentence naming the groups of members of which one (`oneOf`) or at least one (`anyOf`)
    /// must be present in full; nil unless the alternatives are requirement-only.
    var requirementNote: String? {
        let groups = requirementAlternatives
        guard !groups.isEmpty else { return nil }
        let listed = groups.map { $0.map { "`\($0)`" }.joined(separator: " and ") }
        let quantity = oneOf.isEmpty ? "at least one" : "exactly one"
        return "Requires \(quantity) of: \(listed.joined(separator: "; ")) (not checked by the generated type)."
    }
}
