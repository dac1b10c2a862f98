/// An Example Object's value as the stubs answer with it.
///
/// `value` (every version) and OpenAPI 3.2's `dataValue` hold the data itself. 3.2's
/// `serializedValue` holds the bytes as sent: for a JSON media type they are read as JSON (a
/// text that is not JSON is reported and skipped), for `text/*` they are the answer's text, and
/// for any other media type they are skipped, since the stubs build such bodies from data.
/// `externalValue` is never fetched.
extension DocumentLoader {
    mutating func exampleValue(_ object: Node, for media: MediaType, at pointer: JSONPointer) -> Node? {
        if let value = object["value"] ?? object["dataValue"] { return value }
        guard let serialized = object["serializedValue"], let text = serialized.string else { return nil }
        if media.isJSON {
            do {
                return try JSONParser.parse(Array(text.utf8), file: "serializedValue").relocated(
                    to: serialized.location)
            } catch {
                diagnostics.warn(
                    "example '\(pointer.last ?? "")' has a serializedValue that is not JSON (\(error)); it is "
                        + "not used", at: pointer / "serializedValue", serialized)
                return nil
            }
        }
        let base = media.contentType.split(separator: ";").first.map(String.init)?.trimmed.lowercased() ?? ""
        return base.hasPrefix("text/") ? serialized : nil
    }
}

extension Node {
    /// The same tree with every position moved to `location`: a tree read from a string inside
    /// the document is reported where that string is.
    func relocated(to location: SourceLocation) -> Node {
        switch value {
        case .sequence(let items):
            return Node(.sequence(items.map { $0.relocated(to: location) }), at: location)
        case .mapping(let entries):
            return Node(
                .mapping(
                    entries.map {
                        Node.Entry(key: $0.key, keyLocation: location, value: $0.value.relocated(to: location))
                    }),
                at: location)
        default:
            return Node(value, at: location)
        }
    }
}
