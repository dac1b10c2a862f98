import GeneratorCore

/// Compares two schemas in one direction of travel. References to component schemas are compared
/// by name only: the components themselves are compared once, under their own names, so a change
/// to `Signer` is reported once however many operations return it.
struct SchemaComparer {
    let oldIsVersion31: Bool
    let newIsVersion31: Bool
    let direction: DataDirection
    var sink: ChangeSink

    /// Where in a payload a schema sits, for messages: `response 200 application/json` + `data.items[]`.
    struct Place {
        var context: String
        var path: String = ""

        func child(_ name: String) -> Place { Place(context: context, path: path.isEmpty ? name : path + "." + name) }
        func suffixed(_ suffix: String) -> Place { Place(context: context, path: path + suffix) }

        var description: String {
            switch (context.isEmpty, path.isEmpty) {
            case (true, true): return "schema"
            case (true, false): return "`\(path)`"
            case (false, true): return context
            case (false, false): return "\(context) `\(path)`"
            }
        }
    }

    private var isRequest: Bool { direction == .request }

    mutating func compare(_ oldSchema: Schema, _ newSchema: Schema, at place: Place) {
        let old = NormalSchema(oldSchema, isVersion31: oldIsVersion31)
        let new = NormalSchema(newSchema, isVersion31: newIsVersion31)
        let here = newSchema.pointer
        let there = place.description

        // A different component, inline instead of a reference, or other JSON types: nothing
        // below would be meaningful, so the change is reported once.
        if old.typeDescription != new.typeDescription {
            sink.add(.breaking, here, "\(there): type changed from \(old.typeDescription) to \(new.typeDescription)")
            return
        }
        if old.nullable != new.nullable {
            // A client must now cope with null it never saw (response), or can no longer send it (request).
            if new.nullable {
                sink.add(breakingIf: !isRequest, here, "\(there): may now be null")
            } else {
                sink.add(breakingIf: isRequest, here, "\(there): no longer nullable")
            }
        }
        if old.deprecated != new.deprecated {
            sink.add(.additive, here, "\(there): \(new.deprecated ? "deprecated" : "no longer deprecated")")
        }
        // Both refer to the same component: its contents are compared under its own name.
        guard old.ref == nil else { return }

        if old.format != new.format {
            sink.add(
                .breaking, here, "\(there): format changed from \(old.format ?? "none") to \(new.format ?? "none")")
        }
        compareValues(old, new, here: here, there: there)
        compareBounds(old, new, here: here, there: there)
        compareFlags(old, new, here: here, there: there)
        compareProperties(old, new, oldSchema: oldSchema, newSchema: newSchema, place: place)
        compareAdditional(old, new, here: here, place: place)
        compareItems(old, new, here: here, place: place)
        compareComposition("allOf", old.allOf, new.allOf, here: here, place: place)
        compareComposition("oneOf", old.oneOf, new.oneOf, here: here, place: place)
        compareComposition("anyOf", old.anyOf, new.anyOf, here: here, place: place)
        switch (old.not, new.not) {
        case (nil, nil): break
        case (let before?, let after?): compare(before, after, at: place.suffixed("(not)"))
        default: sink.add(.breaking, here, "\(there): `not` \(new.not == nil ? "removed" : "added")")
        }
        compareDiscriminator(old.discriminator, new.discriminator, here: here, there: there)
    }

    // MARK: Values

    private mutating func compareValues(_ old: NormalSchema, _ new: NormalSchema, here: JSONPointer, there: String) {
        switch (old.enumValues, new.enumValues) {
        case (nil, nil): break
        case (nil, let values?):
            // A new restriction narrows what a client may send, and only narrows what it receives.
            sink.add(breakingIf: isRequest, here, "\(there): now restricted to \(list(values))")
        case (_?, nil):
            // The generated enum disappears; values a client matched on are no longer promised.
            sink.add(.breaking, here, "\(there): no longer restricted to an enumeration")
        case (let before?, let after?):
            let removed = before.subtracting(after)
            let added = after.subtracting(before)
            if !removed.isEmpty { sink.add(.breaking, here, "\(there): enum values removed: \(list(removed))") }
            // Generated enums are open (unknown values decode), so new response values are additive too.
            if !added.isEmpty { sink.add(.additive, here, "\(there): enum values added: \(list(added))") }
        }
        if old.const != new.const {
            sink.add(.breaking, here, "\(there): const changed from \(old.const ?? "none") to \(new.const ?? "none")")
        }
        if old.defaultValue != new.defaultValue {
            // A client that omits the value now gets different behaviour.
            sink.add(
                breakingIf: isRequest, here,
                "\(there): default changed from \(old.defaultValue ?? "none") to \(new.defaultValue ?? "none")")
        }
    }

    private func list(_ values: Set<String>) -> String {
        values.sorted().map { "`\($0)`" }.joined(separator: ", ")
    }

    private mutating func compareBounds(_ old: NormalSchema, _ new: NormalSchema, here: JSONPointer, there: String) {
        for (before, after) in zip(old.bounds, new.bounds) where before.value != after.value {
            let isLower = before.name.lowercased().contains("min")
            report(
                tighter: tighter(before.value, after.value, lower: isLower), here,
                "\(there): \(before.name) changed from \(describe(before.value)) to \(describe(after.value))")
        }
        for (before, after) in zip(old.lengths, new.lengths) where before.value != after.value {
            let isLower = before.name.hasPrefix("min")
            report(
                tighter: tighter(before.value.map(Double.init), after.value.map(Double.init), lower: isLower), here,
                "\(there): \(before.name) changed from \(describe(before.value.map(Double.init))) to "
                    + describe(after.value.map(Double.init)))
        }
        if old.pattern != new.pattern {
            report(
                tighter: new.pattern != nil, here,
                "\(there): pattern changed from \(old.pattern.map { "`\($0)`" } ?? "none") to "
                    + (new.pattern.map { "`\($0)`" } ?? "none"))
        }
        if old.uniqueItems != new.uniqueItems {
            report(tighter: new.uniqueItems, here, "\(there): uniqueItems \(new.uniqueItems ? "required" : "dropped")")
        }
    }

    private func tighter(_ before: Double?, _ after: Double?, lower: Bool) -> Bool {
        guard let after else { return false }
        guard let before else { return true }
        return lower ? after > before : after < before
    }

    private func describe(_ value: Double?) -> String {
        guard let value else { return "none" }
        return value.rounded() == value && abs(value) < 9e15 ? String(Int64(value)) : String(value)
    }

    /// Tighter rules break senders; looser ones break receivers that relied on them.
    private mutating func report(tighter: Bool, _ here: JSONPointer, _ message: String) {
        sink.add(breakingIf: tighter == isRequest, here, message)
    }

    private mutating func compareFlags(_ old: NormalSchema, _ new: NormalSchema, here: JSONPointer, there: String) {
        if old.readOnly != new.readOnly {
            sink.add(
                breakingIf: isRequest && new.readOnly, here, "\(there): \(new.readOnly ? "now" : "no longer") readOnly")
        }
        if old.writeOnly != new.writeOnly {
            sink.add(
                breakingIf: !isRequest && new.writeOnly, here,
                "\(there): \(new.writeOnly ? "now" : "no longer") writeOnly")
        }
    }

    // MARK: Objects

    /// Whether a client can count on (response) or must supply (request) the property.
    private func isRequired(_ name: String, in schema: NormalSchema, property: Schema?) -> Bool {
        guard schema.required.contains(name) else { return false }
        guard let property else { return true }
        return isRequest ? !property.readOnly : !property.writeOnly
    }

    private mutating func compareProperties(
        _ old: NormalSchema, _ new: NormalSchema, oldSchema: Schema, newSchema: Schema, place: Place
    ) {
        let oldProperties = Dictionary(
            old.properties.map { ($0.name, $0.schema) }, uniquingKeysWith: { first, _ in first })
        let newProperties = Dictionary(
            new.properties.map { ($0.name, $0.schema) }, uniquingKeysWith: { first, _ in first })
        for (name, schema) in new.properties where oldProperties[name] == nil {
            let required = isRequired(name, in: new, property: schema)
            let what = required ? "new required property" : "new optional property"
            // Receivers ignore what they do not know; senders must now supply a required member.
            sink.add(breakingIf: isRequest && required, schema.pointer, "\(place.child(name).description): \(what)")
        }
        for (name, schema) in old.properties where newProperties[name] == nil {
            sink.add(.breaking, schema.pointer, "\(place.child(name).description): property removed")
        }
        for (name, before) in old.properties {
            guard let after = newProperties[name] else { continue }
            let wasRequired = isRequired(name, in: old, property: before)
            let isNowRequired = isRequired(name, in: new, property: after)
            if wasRequired != isNowRequired {
                let message = "\(place.child(name).description): \(isNowRequired ? "now required" : "now optional")"
                sink.add(breakingIf: isRequest ? isNowRequired : !isNowRequired, after.pointer, message)
            }
            compare(before, after, at: place.child(name))
        }
        // `required` may name members defined elsewhere (for instance in an `allOf` sibling).
        let undeclared = old.required.union(new.required).filter {
            oldProperties[$0] == nil && newProperties[$0] == nil
        }
        for name in undeclared.sorted() where old.required.contains(name) != new.required.contains(name) {
            let nowRequired = new.required.contains(name)
            sink.add(
                breakingIf: isRequest ? nowRequired : !nowRequired, newSchema.pointer / "required",
                "\(place.child(name).description): \(nowRequired ? "now required" : "now optional")")
        }
    }

    private enum Extra {
        case any, none, schema(Schema)
        init(_ value: Schema.AdditionalProperties) {
            switch value {
            case .unspecified, .allowed(true): self = .any
            case .allowed(false): self = .none
            case .schema(let box): self = .schema(box.schema)
            }
        }
    }

    private mutating func compareAdditional(_ old: NormalSchema, _ new: NormalSchema, here: JSONPointer, place: Place) {
        let there = place.description
        switch (Extra(old.additionalProperties), Extra(new.additionalProperties)) {
        case (.any, .any), (.none, .none): break
        case (.schema(let before), .schema(let after)): compare(before, after, at: place.child("*"))
        case (.any, .none), (.any, .schema):
            report(tighter: true, here, "\(there): additional properties restricted")
        case (.none, .any), (.schema, .any):
            report(tighter: false, here, "\(there): additional properties allowed")
        case (.none, .schema), (.schema, .none):
            sink.add(.breaking, here, "\(there): additional properties changed")
        }
    }

    private mutating func compareItems(_ old: NormalSchema, _ new: NormalSchema, here: JSONPointer, place: Place) {
        switch (old.items, new.items) {
        case (nil, nil): break
        case (let before?, let after?): compare(before, after, at: place.suffixed("[]"))
        case (nil, _?): report(tighter: true, here, "\(place.description): items now constrained")
        case (_?, nil): report(tighter: false, here, "\(place.description): items no longer constrained")
        }
        if old.prefixItems.count != new.prefixItems.count {
            sink.add(.breaking, here, "\(place.description): prefixItems changed")
        } else {
            for (index, pair) in zip(old.prefixItems, new.prefixItems).enumerated() {
                compare(pair.0, pair.1, at: place.suffixed("[\(index)]"))
            }
        }
    }

    // MARK: Composition

    private mutating func compareComposition(
        _ keyword: String, _ old: [Schema], _ new: [Schema], here: JSONPointer, place: Place
    ) {
        // Members are matched by the component they name, inline ones by position.
        func key(_ schema: Schema, _ index: Int) -> String { schema.ref ?? "#\(index)" }
        let oldKeyed = old.enumerated().map { (key($0.element, $0.offset), $0.element) }
        let newKeyed = new.enumerated().map { (key($0.element, $0.offset), $0.element) }
        let newByKey = Dictionary(newKeyed, uniquingKeysWith: { first, _ in first })
        let oldByKey = Dictionary(oldKeyed, uniquingKeysWith: { first, _ in first })
        // allOf members add constraints; oneOf/anyOf members add alternatives.
        let addingTightens = keyword == "allOf"
        for (name, schema) in newKeyed where oldByKey[name] == nil {
            report(
                tighter: addingTightens, schema.pointer,
                "\(place.description): \(keyword) member \(schema.ref ?? "(inline)") added")
        }
        for (name, schema) in oldKeyed where newByKey[name] == nil {
            report(
                tighter: !addingTightens, schema.pointer,
                "\(place.description): \(keyword) member \(schema.ref ?? "(inline)") removed")
        }
        for (name, before) in oldKeyed where before.ref == nil {
            guard let after = newByKey[name] else { continue }
            compare(before, after, at: place.suffixed("(\(keyword) \(name))"))
        }
    }

    private mutating func compareDiscriminator(
        _ old: Schema.Discriminator?, _ new: Schema.Discriminator?, here: JSONPointer, there: String
    ) {
        guard old?.propertyName == new?.propertyName else {
            sink.add(
                .breaking, here,
                "\(there): discriminator changed from \(old?.propertyName ?? "none") to \(new?.propertyName ?? "none")")
            return
        }
        let before = Set((old?.mapping ?? []).map { "\($0.value)→\($0.schema)" })
        let after = Set((new?.mapping ?? []).map { "\($0.value)→\($0.schema)" })
        for entry in before.subtracting(after).sorted() {
            sink.add(.breaking, here, "\(there): discriminator mapping `\(entry)` removed")
        }
        for entry in after.subtracting(before).sorted() {
            sink.add(.additive, here, "\(there): discriminator mapping `\(entry)` added")
        }
    }
}
