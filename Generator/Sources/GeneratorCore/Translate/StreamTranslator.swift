/// Streamed success responses (`text/event-stream`, JSON Lines, JSON text sequences): the
/// operation returns `ResponseStream<Item>` and the engine hands the body over as it arrives.
extension TypeTranslator {
    /// How a streamed media type is framed, as `StreamFraming`'s case name; `nil` for any other.
    static func streamFraming(_ contentType: String) -> String? {
        let base = contentType.split(separator: ";").first.map(String.init)?.trimmed.lowercased() ?? ""
        switch base {
        case "text/event-stream": return "serverSentEvents"
        case "application/jsonl", "application/x-ndjson": return "jsonLines"
        case "application/json-seq": return "jsonSequence"
        default: return nil
        }
    }

    /// The streamed success of `response`, when it has one: the media type, its framing, and the
    /// item type (`ServerSentEvent` for events whose data has no documented type).
    ///
    /// A 3.2 `itemSchema` always streams. A 3.1 `schema` on a streamed media type (OpenAI's
    /// style) streams when the response offers no JSON alternative; beside one, the operation
    /// keeps its JSON answer and its streamed form (`besideJSON`, see `offersStreamBesideJSON`)
    /// is a method of its own. The schema is the item (an array's items for JSON Lines and
    /// sequences).
    mutating func streamedSuccess(_ response: Response, prefix: String, besideJSON: Bool = false)
        -> (contentType: String, framing: String, item: SwiftType)?
    {
        guard let media = response.content.first(where: { Self.streamFraming($0.contentType) != nil }),
            let framing = Self.streamFraming(media.contentType)
        else { return nil }
        if media.itemSchema == nil, response.content.contains(where: \.isJSON), !besideJSON { return nil }
        let item: SwiftType
        if framing == "serverSentEvents" {
            item = eventData(media, prefix: prefix)
        } else {
            var schema = media.itemSchema
            if schema == nil, let whole = media.schema {
                schema = whole.nonNullTypes == ["array"] ? whole.items ?? whole : whole
            }
            if let schema, !schema.isUnconstrained {
                item = type(for: schema, suggestedName: prefix + "Item", forRequest: false).type
            } else {
                item = .named("JSONValue")
            }
        }
        return (media.contentType, framing, item)
    }

    /// Whether `operation`'s success answer is JSON or a stream, as the request asks: its first
    /// success response with content lists a JSON media type and a streamed one (a 3.1 `schema`).
    func offersStreamBesideJSON(_ operation: Operation) -> Bool {
        guard
            let response = operation.responses.filter(\.isSuccess).sorted(by: { $0.code < $1.code })
                .first(where: { !$0.content.isEmpty }),
            let media = response.content.first(where: { Self.streamFraming($0.contentType) != nil })
        else { return false }
        return media.itemSchema == nil && response.content.contains(where: \.isJSON)
    }

    /// The type each event's `data` decodes to. A schema of the event (one with a `data`
    /// property) types it by that property's `contentSchema`, or by the property itself when it
    /// is not a string; any other schema is the data's own (OpenAI's style). A string or no
    /// schema leaves the events raw.
    private mutating func eventData(_ media: MediaType, prefix: String) -> SwiftType {
        guard var schema = media.itemSchema ?? media.schema else { return .named("ServerSentEvent") }
        var target = schema
        for _ in 0..<32 {
            guard let ref = target.ref, let resolved = componentSchemas[ref] else { break }
            target = resolved
        }
        if let data = target.properties.first(where: { $0.name == "data" })?.schema {
            if let content = data.contentSchema {
                let json =
                    data.contentMediaType.map {
                        MediaType(contentType: $0, schema: nil, encoding: [], pointer: JSONPointer()).isJSON
                    } ?? true
                guard json else { return .named("ServerSentEvent") }
                schema = content
            } else {
                schema = data
            }
        }
        if schema.isUnconstrained || schema.nonNullTypes == ["string"] { return .named("ServerSentEvent") }
        return type(for: schema, suggestedName: prefix + "Event", forRequest: false).type
    }
}
