/// Whether a document's example fits its schema, as far as a generated type would read it:
/// kinds, required members, items, `allOf`/`oneOf`/`anyOf`. Not a JSON Schema validator (formats,
/// bounds and patterns are the validator's business), only what would make decoding fail.
struct ExampleFit {
    let document: OpenAPIDocument

    /// The formats generated types read strictly: `date` (`CalendarDate`) and `date-time` (RFC 3339,
    /// a zone required).
    static func fitsFormat(_ text: String, _ format: String?) -> Bool {
        let bytes = Array(text.utf8)
        func isDate(_ part: ArraySlice<UInt8>) -> Bool {
            part.count == 10
                && part.enumerated().allSatisfy { index, byte in
                    index == 4 || index == 7 ? byte == UInt8(ascii: "-") : (48...57).contains(byte)
                }
        }
        switch format {
        case "date": return isDate(bytes[...])
        case "date-time":
            guard bytes.count >= 20, isDate(bytes[0..<10]),
                bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t")
            else { return false }
            let last = bytes[bytes.count - 1]
            if last == UInt8(ascii: "Z") || last == UInt8(ascii: "z") { return true }
            let sign = bytes[bytes.count - 6]
            return (sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"))
                && bytes[bytes.count - 3] == UInt8(ascii: ":")
        default: return true
        }
    }

    /// Why `node` does not fit `schema`; nil when it does.
    func problem(_ node: Node, _ schema: Schema, path: String = "", depth: Int = 0) -> String? {
        guard depth < 32 else { return nil }
        let at = path.isEmpty ? "" : " at \(path)"
        if let entries = node.entries, entries.count == 1, entries[0].key == "$ref" {
            return "a $ref where the value belongs\(at)"
        }
        if let ref = schema.ref {
            guard let target = document.schema(named: ref) else { return nil }
            if case .null = node.value, schema.isNullable { return nil }
            return problem(node, target, path: path, depth: depth + 1)
        }
        for part in schema.allOf {
            if let found = problem(node, part, path: path, depth: depth + 1) { return found }
        }
        let alternatives = schema.oneOf + schema.anyOf
        if !alternatives.isEmpty,
            alternatives.allSatisfy({ problem(node, $0, path: path, depth: depth + 1) != nil })
        {
            return "no alternative fits\(at)"
        }
        let types = schema.nonNullTypes.isEmpty && !schema.properties.isEmpty ? ["object"] : schema.nonNullTypes
        switch node.value {
        case .null:
            return schema.isNullable || types.isEmpty ? nil : "null\(at)"
        case .mapping(let entries):
            guard types.isEmpty || types.contains("object") else { return "an object\(at)" }
            let keys = Set(entries.map(\.key))
            if let missing = schema.required.first(where: { !keys.contains($0) }) {
                return "no '\(missing)'\(at)"
            }
            for entry in entries {
                guard let property = schema.properties.first(where: { $0.name == entry.key })?.schema else { continue }
                // An optional member's null reads as absent.
                if case .null = entry.value.value, !schema.required.contains(entry.key) { continue }
                if let found = problem(entry.value, property, path: path + "/" + entry.key, depth: depth + 1) {
                    return found
                }
            }
            return nil
        case .sequence(let items):
            guard types.isEmpty || types.contains("array") else { return "an array\(at)" }
            guard let itemSchema = schema.items else { return nil }
            for (index, item) in items.enumerated() {
                if let found = problem(item, itemSchema, path: path + "/\(index)", depth: depth + 1) { return found }
            }
            return nil
        case .string(let text):
            guard types.isEmpty || types.contains("string") else { return "a string\(at)" }
            return Self.fitsFormat(text, schema.format) ? nil : "'\(text)' is not a \(schema.format ?? "")\(at)"
        case .bool:
            return types.isEmpty || types.contains("boolean") ? nil : "a boolean\(at)"
        case .int:
            return types.isEmpty || types.contains("integer") || types.contains("number") ? nil : "a number\(at)"
        case .double:
            return types.isEmpty || types.contains("number") ? nil : "a number\(at)"
        }
    }
}
