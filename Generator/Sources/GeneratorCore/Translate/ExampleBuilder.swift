/// A response's example as JSON text: the document's own (`example`/`examples` of the media type,
/// then of the schema) where it has one, otherwise a value built from the schema that is valid
/// against it: `const` and `enum` first, formats, bounds, required members, a discriminator's
/// value for the member chosen. Deterministic: the same document gives the same text.
struct ExampleBuilder {
    let document: OpenAPIDocument
    /// References being expanded: a recursive schema stops at its second visit.
    private var visiting: [String] = []
    /// Built values that may not hold (a `pattern` the builder cannot satisfy), once per schema.
    private(set) var diagnostics: [Diagnostic] = []
    private var reported: Set<String> = []

    init(document: OpenAPIDocument) { self.document = document }

    /// The example of a media type, as compact JSON.
    mutating func json(for media: MediaType) -> String {
        if let example = media.example,
            usable(example, media.schema, at: media.pointer.description, media.schema?.location)
        {
            return Self.json(example)
        }
        guard let schema = media.schema else { return "{}" }
        return Self.json(value(schema))
    }

    /// A `Node` valid against `schema`.
    mutating func value(_ schema: Schema, discriminated: (name: String, value: String)? = nil) -> Node {
        if let example = schema.examples.first,
            usable(example, schema, at: schema.pointer.description, schema.location)
        {
            return example
        }
        if let ref = schema.ref {
            guard let target = document.schema(named: ref), visiting.filter({ $0 == ref }).count < 1 else {
                return Self.node(schema.isNullable ? .null : .mapping([]))
            }
            visiting.append(ref)
            defer { visiting.removeLast() }
            return value(target, discriminated: discriminated)
        }
        let schema = schema.withoutRequirementAlternatives
        if let const = schema.const { return const }
        if let first = schema.enumValues?.first(where: {
            if case .null = $0.value { return false } else { return true }
        }) {
            return first
        }
        // A default of the wrong kind (`default: "false"` on a boolean) is the document's slip,
        // not a value the type would read: a value is built instead.
        if let defaultValue = schema.defaultValue, ExampleFit(document: document).problem(defaultValue, schema) == nil {
            return defaultValue
        }
        if !schema.allOf.isEmpty { return merged(schema, discriminated: discriminated) }
        if let member = schema.oneOf.first ?? schema.anyOf.first { return union(schema, first: member) }
        let types = schema.nonNullTypes
        switch types.first ?? (schema.properties.isEmpty ? (schema.items != nil ? "array" : "") : "object") {
        case "object": return object(schema, discriminated: discriminated)
        case "array":
            let count = max(1, schema.minItems ?? 1)
            let item = schema.items.map { value($0) } ?? Self.node(.string("item"))
            return Self.node(.sequence(Array(repeating: item, count: schema.uniqueItems ? 1 : count)))
        case "string": return Self.node(.string(string(schema)))
        case "integer": return Self.node(.int(integer(schema)))
        case "number": return Self.node(.double(number(schema)))
        case "boolean": return Self.node(.bool(true))
        case "null": return Self.node(.null)
        default: return Self.node(.mapping([]))
        }
    }

    /// Whether the document's example can stand for the schema; one that cannot is reported and
    /// a value is built instead (an example the generated type would refuse helps no preview).
    private mutating func usable(_ example: Node, _ schema: Schema?, at pointer: String, _ location: SourceLocation?)
        -> Bool
    {
        guard let schema, let problem = ExampleFit(document: document).problem(example, schema) else { return true }
        if reported.insert(pointer + " example").inserted {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "the document's example does not fit its schema (\(problem)); the example answer is built "
                        + "from the schema instead", pointer: pointer, location: location))
        }
        return false
    }

    private mutating func object(_ schema: Schema, discriminated: (name: String, value: String)?) -> Node {
        var entries: [Node.Entry] = []
        // A writeOnly member stays out of an answer unless required: the generated type reads
        // `required` as present either way.
        for (name, property) in schema.properties where !property.writeOnly || schema.required.contains(name) {
            if let discriminated, discriminated.name == name {
                entries.append(Self.entry(name, Self.node(.string(discriminated.value))))
                continue
            }
            // Optional members that lead back into a schema being expanded are left out.
            if !schema.required.contains(name), let ref = property.ref ?? property.items?.ref, visiting.contains(ref) {
                continue
            }
            entries.append(Self.entry(name, value(property)))
        }
        if let discriminated, !entries.contains(where: { $0.key == discriminated.name }) {
            entries.append(Self.entry(discriminated.name, Self.node(.string(discriminated.value))))
        }
        return Self.node(.mapping(entries))
    }

    /// `allOf`: every member's object merged, later members adding their members; a member that
    /// is not an object (`allOf: [$ref: a string schema]`) is the value.
    private mutating func merged(_ schema: Schema, discriminated: (name: String, value: String)?) -> Node {
        var entries: [Node.Entry] = []
        var parts = schema.allOf
        if !schema.properties.isEmpty {
            var own = schema
            own.allOf = []
            parts.append(own)
        }
        for part in parts {
            let partValue = value(part, discriminated: discriminated)
            guard case .mapping(let members) = partValue.value else { return partValue }
            for member in members {
                if let index = entries.firstIndex(where: { $0.key == member.key }) {
                    entries[index] = member
                } else {
                    entries.append(member)
                }
            }
        }
        return Self.node(.mapping(entries))
    }

    /// `oneOf`/`anyOf`: the first member, carrying the discriminator value that selects it.
    private mutating func union(_ schema: Schema, first member: Schema) -> Node {
        guard let discriminator = schema.discriminator else { return value(member) }
        let tag = DiscriminatorValues.values(
            for: member, discriminator: discriminator, components: document.schema(named:)
        )
        .first
        return value(member, discriminated: (discriminator.propertyName, tag ?? ""))
    }

    private mutating func string(_ schema: Schema) -> String {
        if let pattern = schema.pattern, reported.insert(schema.pointer.description).inserted {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "the example answer built for this string ignores its pattern '\(pattern)'; "
                        + "an `example` in the document would be used instead",
                    pointer: schema.pointer.description, location: schema.location))
        }
        var text: String
        switch schema.format {
        case "date": text = "2024-01-31"
        case "date-time": text = "2024-01-31T12:00:00Z"
        case "time": text = "12:00:00"
        case "uuid": text = "00000000-0000-4000-8000-000000000000"
        case "email": text = "user@example.invalid"
        case "uri", "url", "uri-reference", "iri": text = "https://example.invalid/resource"
        case "hostname": text = "example.invalid"
        case "ipv4": text = "192.0.2.1"
        case "ipv6": text = "2001:db8::1"
        case "byte": text = "ZXhhbXBsZQ=="
        case "password": text = "secret"
        default: text = "example"
        }
        if let minimum = schema.minLength, text.count < minimum {
            text += String(repeating: "x", count: minimum - text.count)
        }
        if let maximum = schema.maxLength, text.count > maximum { text = String(text.prefix(maximum)) }
        return text
    }

    private func integer(_ schema: Schema) -> Int64 {
        if let minimum = schema.minimum { return Int64(minimum.rounded(.up)) }
        if let minimum = schema.exclusiveMinimum { return Int64(minimum.rounded(.down)) + 1 }
        if let maximum = schema.maximum, maximum < 1 { return Int64(maximum.rounded(.down)) }
        if let maximum = schema.exclusiveMaximum, maximum <= 1 { return Int64(maximum.rounded(.up)) - 1 }
        return 1
    }

    private func number(_ schema: Schema) -> Double {
        if let minimum = schema.minimum { return minimum }
        if let minimum = schema.exclusiveMinimum { return minimum + 0.5 }
        if let maximum = schema.maximum, maximum < 1.5 { return maximum }
        if let maximum = schema.exclusiveMaximum, maximum <= 1.5 { return maximum - 0.5 }
        return 1.5
    }

    private static let nowhere = SourceLocation(line: 0, column: 0)
    private static func node(_ value: Node.Value) -> Node { Node(value, at: nowhere) }
    private static func entry(_ key: String, _ value: Node) -> Node.Entry {
        Node.Entry(key: key, keyLocation: nowhere, value: value)
    }

    /// Compact JSON, members in document order.
    static func json(_ node: Node) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number):
            return number.isFinite
                ? (number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)) : "null"
        case .string(let text): return quoted(text)
        case .sequence(let items): return "[" + items.map(json).joined(separator: ",") + "]"
        case .mapping(let entries):
            return "{" + entries.map { quoted($0.key) + ":" + json($0.value) }.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// Each operation's example success body, by the operation's Swift name: JSON text for a JSON
/// answer, the example's text for a text one; absent for an operation without content.
enum ExampleAnswers {
    static func examples(
        _ document: OpenAPIDocument, _ module: ModuleDecl
    ) -> (examples: [String: String], diagnostics: [Diagnostic]) {
        var byRoute: [String: Operation] = [:]
        for operation in document.operations {
            let key = operation.method.wire + " " + operation.path
            if byRoute[key] == nil { byRoute[key] = operation }
        }
        var builder = ExampleBuilder(document: document)
        var result: [String: String] = [:]
        for declaration in module.operations where declaration.successType != nil {
            guard let operation = byRoute[declaration.method.wire + " " + declaration.path] else { continue }
            let successes = operation.responses.filter(\.isSuccess).sorted { $0.code < $1.code }
            guard let response = successes.first(where: { !$0.content.isEmpty }) else { continue }
            if declaration.successStream != nil {
                result[declaration.swiftName] = streamItem(response, document: document, builder: &builder)
            } else if let json = response.content.first(where: \.isJSON) {
                result[declaration.swiftName] = builder.json(for: json)
            } else if declaration.successIsText, let media = response.content.first {
                result[declaration.swiftName] =
                    media.example?.string ?? media.schema?.examples.first?.string ?? "example"
            }
        }
        return (result, builder.diagnostics)
    }

    /// One item of a streamed success, as the stubs send each item: JSON for a typed item, the
    /// `data` text for an event whose data has no type. Built from the item's schema (the
    /// media type's own example describes the whole stream, so it is not used).
    static func streamItem(_ response: Response, document: OpenAPIDocument, builder: inout ExampleBuilder) -> String {
        guard let media = response.content.first(where: { TypeTranslator.streamFraming($0.contentType) != nil }),
            var schema = media.itemSchema ?? media.schema
        else { return "example" }
        let framing = TypeTranslator.streamFraming(media.contentType)
        if framing == "serverSentEvents" {
            var target = schema
            for _ in 0..<32 {
                guard let ref = target.ref, let resolved = document.schema(named: ref) else { break }
                target = resolved
            }
            if let data = target.properties.first(where: { $0.name == "data" })?.schema {
                schema = data.contentSchema ?? data
            }
            if schema.isUnconstrained || schema.nonNullTypes == ["string"] {
                return schema.examples.first?.string ?? "example"
            }
        } else if media.itemSchema == nil, schema.nonNullTypes == ["array"], let items = schema.items {
            schema = items
        }
        return ExampleBuilder.json(builder.value(schema))
    }
}
