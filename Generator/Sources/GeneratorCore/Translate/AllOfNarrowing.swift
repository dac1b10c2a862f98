/// One property named by several `allOf` members: a value must satisfy every member, so the
/// narrower schema describes it (an envelope's free-form `data` refined to `[Item]` is `[Item]`).
/// Members that no value can satisfy together keep the later one, with a warning naming both.
extension TypeTranslator {
    /// Which schema a property takes, and what was wrong when the two cannot both hold.
    enum Narrowing {
        case earlier
        case later
        /// A schema neither member is alone (two objects' properties combined, enums intersected).
        case combined(Schema)
    }

    /// The schema that satisfies both `earlier` and `later`, as far as the generated types can tell;
    /// `conflict` says why none does (the choice is then `later`).
    func narrowing(_ earlier: Schema, _ later: Schema, depth: Int = 0) -> (choice: Narrowing, conflict: String?) {
        guard depth < 16 else { return (.later, nil) }
        if later.isUnconstrained { return (.earlier, nil) }
        if earlier.isUnconstrained { return (.later, nil) }
        if let left = earlier.ref, let right = later.ref { return narrowingReferences(left, right) }
        let leftKinds = kinds(earlier, depth: 0)
        let rightKinds = kinds(later, depth: 0)
        guard Self.compatible(leftKinds, rightKinds) else {
            return (.later, "\(Self.describe(leftKinds)) and \(Self.describe(rightKinds)) have no value in common")
        }
        if earlier.ref != nil || later.ref != nil {
            return narrowingReference(earlier, later, depth: depth)
        }
        if isWider(later, than: rightKinds, leftKinds) { return (.earlier, nil) }
        if isWider(earlier, than: leftKinds, rightKinds) { return (.later, nil) }
        if let enumerated = narrowingEnums(earlier, later) { return enumerated }
        if leftKinds == ["array"] && rightKinds == ["array"] {
            let items = narrowing(earlier.items ?? Schema(), later.items ?? Schema(), depth: depth + 1)
            switch items.choice {
            case .earlier: return (.earlier, items.conflict)
            case .later: return (.later, items.conflict)
            case .combined(let schema):
                var array = later
                array.items = schema
                return (.combined(array), items.conflict)
            }
        }
        if leftKinds == ["object"] && rightKinds == ["object"] { return (.combined(Self.both(earlier, later)), nil) }
        if let left = earlier.format, let right = later.format, left != right {
            return (.later, "formats '\(left)' and '\(right)' differ")
        }
        if earlier.format != nil && later.format == nil { return (.earlier, nil) }
        if leftKinds == ["integer"] && rightKinds == ["number"] { return (.earlier, nil) }
        return (.later, nil)
    }

    /// `allOf` of the two, written where the later one is (its pointer names the merged type's place).
    static func both(_ earlier: Schema, _ later: Schema) -> Schema {
        var schema = Schema()
        schema.allOf = [earlier, later]
        schema.description = later.description ?? earlier.description
        schema.pointer = later.pointer
        schema.location = later.location
        return schema
    }

    private func narrowingReferences(_ left: String, _ right: String) -> (choice: Narrowing, conflict: String?) {
        if left == right || derives(right, from: left, depth: 0) { return (.later, nil) }
        if derives(left, from: right, depth: 0) { return (.earlier, nil) }
        return (.later, "'\(left)' and '\(right)' are different schemas")
    }

    /// One side a reference, the other inline: the reference unless the inline side adds to it.
    private func narrowingReference(_ earlier: Schema, _ later: Schema, depth: Int) -> (
        choice: Narrowing, conflict: String?
    ) {
        let referenceIsLater = later.ref != nil
        let reference = referenceIsLater ? later : earlier
        let inline = referenceIsLater ? earlier : later
        let referenceSide: Narrowing = referenceIsLater ? .later : .earlier
        let inlineSide: Narrowing = referenceIsLater ? .earlier : .later
        let referenceKinds = kinds(reference, depth: 0)
        if isWider(inline, than: kinds(inline, depth: 0), referenceKinds) { return (referenceSide, nil) }
        guard let target = resolved(reference, depth: 0) else { return (referenceSide, nil) }
        let objectOrAny: (Set<String>?) -> Bool = { $0 == nil || $0 == ["object"] }
        if objectOrAny(referenceKinds) && objectOrAny(kinds(inline, depth: 0)) {
            return (.combined(Self.both(earlier, later)), nil)
        }
        // A reference to an array, enum or scalar: compared as what it names.
        let inner =
            referenceIsLater
            ? narrowing(inline, target, depth: depth + 1) : narrowing(target, inline, depth: depth + 1)
        switch (inner.choice, referenceIsLater) {
        case (.earlier, true), (.later, false): return (inlineSide, inner.conflict)
        case (.earlier, false), (.later, true): return (referenceSide, inner.conflict)
        case (.combined(let schema), _): return (.combined(schema), inner.conflict)
        }
    }

    /// Both enumerated (or constant): their common values; one enumerated: that one.
    private func narrowingEnums(_ earlier: Schema, _ later: Schema) -> (choice: Narrowing, conflict: String?)? {
        let left = Self.allowedValues(earlier)
        let right = Self.allowedValues(later)
        switch (left, right) {
        case (nil, nil): return nil
        case (.some, nil): return (.earlier, nil)
        case (nil, .some): return (.later, nil)
        case (.some(let left), .some(let right)):
            let leftKeys = left.compactMap(Self.valueKey)
            let rightKeys = right.compactMap(Self.valueKey)
            // Structured values: nothing to compare by, so the later list stands.
            guard leftKeys.count == left.count, rightKeys.count == right.count else { return (.later, nil) }
            let common = right.filter { value in Self.valueKey(value).map(leftKeys.contains) ?? false }
            if common.filter({ !$0.isNull }).isEmpty {
                return (.later, "their enumerations have no value in common")
            }
            if common.count == right.count { return (.later, nil) }
            if common.count == left.count { return (.earlier, nil) }
            var schema = later
            schema.const = nil
            schema.enumValues = common
            return (.combined(schema), nil)
        }
    }

    private static func allowedValues(_ schema: Schema) -> [Node]? {
        if let constant = schema.const { return [constant] }
        return schema.enumValues
    }

    private static func valueKey(_ node: Node) -> String? {
        switch node.value {
        case .null: return "null"
        case .bool(let flag): return "b:\(flag)"
        case .int(let int): return "n:\(Double(int))"
        case .double(let double): return "n:\(double)"
        case .string(let text): return "s:" + text
        case .sequence, .mapping: return nil
        }
    }

    /// `schema` constrains nothing beyond a type at least as wide as `other`'s.
    private func isWider(_ schema: Schema, than own: Set<String>?, _ other: Set<String>?) -> Bool {
        guard schema.ref == nil, schema.enumValues == nil, schema.const == nil, schema.format == nil,
            schema.properties.isEmpty, schema.itemsStorage.allSatisfy(\.isUnconstrained), schema.prefixItems.isEmpty,
            schema.allOf.isEmpty, schema.oneOf.isEmpty, schema.anyOf.isEmpty
        else { return false }
        switch schema.additionalProperties {
        case .unspecified, .allowed(true): break
        case .allowed(false): return false
        case .schema(let box): if !box.schema.isUnconstrained { return false }
        }
        guard let own else { return true }
        guard let other else { return false }
        return other.allSatisfy { own.contains($0) || ($0 == "integer" && own.contains("number")) }
    }

    /// The JSON types a schema allows, nil for any; `null` left out (nullability is separate).
    func kinds(_ schema: Schema, depth: Int) -> Set<String>? {
        guard depth < 32 else { return nil }
        if let ref = schema.ref {
            return componentSchemas[ref].flatMap { kinds($0, depth: depth + 1) }
        }
        if !schema.nonNullTypes.isEmpty { return Set(schema.nonNullTypes) }
        if !schema.properties.isEmpty { return ["object"] }
        if case .schema = schema.additionalProperties { return ["object"] }
        if !schema.itemsStorage.isEmpty || !schema.prefixItems.isEmpty { return ["array"] }
        var result: Set<String>?
        for member in schema.allOf {
            guard let inner = kinds(member, depth: depth + 1) else { continue }
            result = result.map { $0.intersection(inner) } ?? inner
        }
        return result
    }

    private static func compatible(_ left: Set<String>?, _ right: Set<String>?) -> Bool {
        guard let left, let right else { return true }
        if !left.isDisjoint(with: right) { return true }
        return (left.contains("number") && right.contains("integer"))
            || (left.contains("integer") && right.contains("number"))
    }

    private static func describe(_ kinds: Set<String>?) -> String {
        kinds.map { $0.sorted().joined(separator: " or ") } ?? "any value"
    }

    /// What a reference names, references followed.
    private func resolved(_ schema: Schema, depth: Int) -> Schema? {
        guard depth < 32 else { return nil }
        guard let ref = schema.ref else { return schema }
        return componentSchemas[ref].flatMap { resolved($0, depth: depth + 1) }
    }

    /// Component `name` is `base` refined: `base` is one of its `allOf` members, at any depth.
    private func derives(_ name: String, from base: String, depth: Int) -> Bool {
        guard depth < 32, let schema = componentSchemas[name] else { return false }
        if schema.ref == base { return true }
        if let ref = schema.ref { return derives(ref, from: base, depth: depth + 1) }
        return schema.allOf.contains { member in
            member.ref.map { $0 == base || derives($0, from: base, depth: depth + 1) } ?? false
        }
    }
}
