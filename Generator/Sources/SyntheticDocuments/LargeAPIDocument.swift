/// A seeded, deterministic OpenAPI 3.0 document shaped like the largest public payment APIs:
/// every request body `application/x-www-form-urlencoded`, "expandable" members
/// (`anyOf: [string, $ref]`), nullable unions and nullable inline objects everywhere, deep `allOf`
/// chains, shared parameters under `components/parameters`, inline list envelopes, the same small
/// enums written inline again and again, and about one component schema per 5 KB (819 schemas in
/// 4 MB, like the 4.1 MB document of issue 17). For the scaling benchmark and tests; never
/// committed as data.
public enum LargeAPIDocument {
    /// At least `targetBytes` of YAML, the same text for the same seed.
    public static func yaml(targetBytes: Int, seed: UInt64 = 17) -> String {
        var builder = Builder(seed: seed)
        var index = 0
        // Resource `i` with `i % 10 == 0` expands the next one (a forward edge, so there are
        // cycles): stop only where no forward edge dangles.
        while builder.bytes < targetBytes || (index - 1) % 10 == 0 {
            builder.resource(index)
            index += 1
        }
        return builder.document()
    }

    /// Enum value sets written inline in many schemas, as real documents repeat them.
    static let enumSets: [[String]] = [
        ["active", "inactive", "pending"],
        ["requires_action", "processing", "succeeded", "canceled"],
        ["automatic", "manual"],
        ["day", "week", "month", "year"],
        ["none", "not_supported", "pending", "unavailable", "verified"],
        ["fixed", "percentage", "tiered"],
    ]

    static let words = [
        "account", "balance", "charge", "dispute", "event", "file", "invoice", "mandate", "payout", "price",
        "quote", "refund", "review", "session", "source", "tax_rate", "topup", "transfer", "usage_record", "webhook",
    ]

    struct Builder {
        var random: SyntheticDocument.SplitMix64
        var paths = ""
        var schemas = ""
        var bytes: Int { paths.utf8.count + schemas.utf8.count }

        init(seed: UInt64) { random = SyntheticDocument.SplitMix64(state: seed) }

        mutating func roll(_ range: Range<Int>) -> Int { Int.random(in: range, using: &random) }

        func names(_ index: Int) -> (word: String, type: String, path: String) {
            let word = LargeAPIDocument.words[index % LargeAPIDocument.words.count]
            let type = word.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            return (word, type + String(index), "/v1/\(word)s_\(index)")
        }

        func typeName(_ index: Int) -> String { names(index).type }

        /// A component another member may expand: an earlier resource, or the next one.
        mutating func expandable(from index: Int) -> String? {
            guard index > 0 else { return nil }
            return typeName(roll(max(0, index - 40)..<index))
        }

        mutating func resource(_ index: Int) {
            let (word, type, path) = names(index)
            let enumValues = LargeAPIDocument.enumSets[index % LargeAPIDocument.enumSets.count]
            // The details object: a plain component the resource and its form body point to.
            schemas += "    \(type)Details:\n      type: object\n"
            schemas += "      description: Details of the \(word) \(index), written once and referenced.\n"
            schemas += "      properties:\n"
            schemas +=
                "        reference: {type: string, maxLength: 5000, nullable: true, description: 'A reference.'}\n"
            schemas += "        amount: {type: integer, description: 'Amount in the smallest currency unit.'}\n"
            schemas += "        interval: {type: string, enum: [day, week, month, year]}\n"
            schemas += "        address:\n          type: object\n          nullable: true\n          properties:\n"
            for line in ["city", "country", "line1", "line2", "postal_code", "state"] {
                schemas += "            \(line): {type: string, maxLength: 5000, nullable: true}\n"
            }
            // The resource: every fourth one is a deep allOf chain over the shared bases.
            schemas += "    \(type):\n"
            let indent: String
            if index % 4 == 0 {
                schemas +=
                    "      allOf:\n        - $ref: '#/components/schemas/DescribedObject'\n        - type: object\n"
                indent = "          "
            } else {
                indent = "      "
                schemas += "\(indent)type: object\n"
            }
            schemas += "\(indent)description: |\n"
            schemas += "\(indent)  The \(word) object number \(index). A description long enough to wrap across more\n"
            schemas += "\(indent)  than one line of documentation, as the large public documents have.\n"
            schemas += "\(indent)required: [id, object, status]\n\(indent)properties:\n"
            let property = indent + "  "
            schemas += "\(property)id: {type: string, maxLength: 5000, description: 'Unique identifier.'}\n"
            schemas += "\(property)object: {type: string, enum: [\(word)], description: 'The object type.'}\n"
            schemas += "\(property)created: {type: integer, format: unix-time, description: 'Creation time.'}\n"
            schemas += "\(property)status: {type: string, enum: [\(enumValues.joined(separator: ", "))]}\n"
            schemas += "\(property)details: {$ref: '#/components/schemas/\(type)Details'}\n"
            schemas += "\(property)metadata: {type: object, additionalProperties: {type: string}, nullable: true}\n"
            for member in 0..<roll(3..<7) {
                guard let target = expandable(from: index) else { break }
                schemas += "\(property)linked_\(member):\n"
                schemas += "\(property)  anyOf:\n\(property)    - {type: string, maxLength: 5000}\n"
                schemas += "\(property)    - $ref: '#/components/schemas/\(target)'\n"
                schemas += "\(property)  description: 'ID of the linked object, or the object when expanded.'\n"
                schemas +=
                    "\(property)  nullable: true\n\(property)  x-expansionResources: {oneOf: [{$ref: '#/components/schemas/\(target)'}]}\n"
            }
            if index % 10 == 0 {
                schemas += "\(property)next:\n\(property)  anyOf:\n\(property)    - {type: string, maxLength: 5000}\n"
                schemas += "\(property)    - $ref: '#/components/schemas/\(typeName(index + 1))'\n"
            }
            if let target = expandable(from: index) {
                schemas += "\(property)source:\n\(property)  nullable: true\n\(property)  anyOf:\n"
                schemas += "\(property)    - $ref: '#/components/schemas/\(target)'\n"
                schemas += "\(property)    - $ref: '#/components/schemas/\(type)Details'\n"
                schemas += "\(property)  description: 'One of two shapes, or null.'\n"
                schemas +=
                    "\(property)items:\n\(property)  type: object\n\(property)  required: [object, data, has_more, url]\n"
                schemas += "\(property)  properties:\n"
                schemas += "\(property)    object: {type: string, enum: [list]}\n"
                schemas += "\(property)    data: {type: array, items: {$ref: '#/components/schemas/\(target)'}}\n"
                schemas += "\(property)    has_more: {type: boolean}\n"
                schemas += "\(property)    url: {type: string, maxLength: 5000}\n"
            }
            schemas += "\(property)settings:\n\(property)  type: object\n\(property)  nullable: true\n"
            schemas += "\(property)  properties:\n"
            schemas +=
                "\(property)    mode: {type: string, enum: [\(LargeAPIDocument.enumSets[2].joined(separator: ", "))]}\n"
            schemas +=
                "\(property)    verification: {type: string, enum: [\(LargeAPIDocument.enumSets[4].joined(separator: ", "))]}\n"
            schemas += "\(property)    threshold: {type: integer, nullable: true}\n"
            for extra in 0..<roll(4..<12) {
                switch roll(0..<5) {
                case 0: schemas += "\(property)\(word)_flag_\(extra): {type: boolean}\n"
                case 1: schemas += "\(property)\(word)_count_\(extra): {type: integer, nullable: true}\n"
                case 2: schemas += "\(property)\(word)_note_\(extra): {type: string, maxLength: 5000, nullable: true}\n"
                case 3:
                    schemas +=
                        "\(property)\(word)_tags_\(extra): {type: array, items: {type: string, maxLength: 5000}}\n"
                default: schemas += "\(property)\(word)_rate_\(extra): {type: number, nullable: true}\n"
                }
            }
            if index % 2 == 0 { operations(index, word: word, type: type, path: path, enumValues: enumValues) }
        }

        mutating func operations(_ index: Int, word: String, type: String, path: String, enumValues: [String]) {
            let ref = "'#/components/schemas/\(type)'"
            paths += "  \(path):\n    get:\n      operationId: Get\(type)s\n      tags: [\(type)]\n"
            paths += "      summary: List all \(word) objects\n"
            paths += "      description: Returns a list of \(word) objects, most recent first.\n"
            paths += "      parameters:\n"
            for shared in ["Limit", "StartingAfter", "EndingBefore", "Expand", "Created"] {
                paths += "        - $ref: '#/components/parameters/\(shared)'\n"
            }
            paths += "      responses:\n        '200':\n          description: Successful response.\n"
            paths += "          content:\n            application/json:\n              schema:\n"
            paths += "                type: object\n                required: [object, data, has_more, url]\n"
            paths += "                properties:\n"
            paths += "                  object: {type: string, enum: [list]}\n"
            paths += "                  data: {type: array, items: {$ref: \(ref)}}\n"
            paths += "                  has_more: {type: boolean}\n"
            paths += "                  url: {type: string, maxLength: 5000}\n"
            paths += errorResponse()
            paths += "    post:\n      operationId: Post\(type)s\n      tags: [\(type)]\n"
            paths += "      summary: Create a \(word)\n"
            paths += formBody(index, type: type, enumValues: enumValues)
            paths += "      responses:\n        '200':\n          description: Successful response.\n"
            paths += "          content:\n            application/json:\n              schema: {$ref: \(ref)}\n"
            paths += errorResponse()
            paths += "  \(path)/{id}:\n    get:\n      operationId: Get\(type)sId\n      tags: [\(type)]\n"
            paths += "      summary: Retrieve a \(word)\n      parameters:\n"
            paths += "        - {name: id, in: path, required: true, schema: {type: string, maxLength: 5000}}\n"
            paths += "        - $ref: '#/components/parameters/Expand'\n"
            paths += "      responses:\n        '200':\n          description: Successful response.\n"
            paths += "          content:\n            application/json:\n              schema: {$ref: \(ref)}\n"
            paths += errorResponse()
            if index % 4 == 0 {
                paths += "    post:\n      operationId: Post\(type)sId\n      tags: [\(type)]\n"
                paths += "      summary: Update a \(word)\n      parameters:\n"
                paths += "        - {name: id, in: path, required: true, schema: {type: string, maxLength: 5000}}\n"
                paths += formBody(index, type: type, enumValues: enumValues)
                paths += "      responses:\n        '200':\n          description: Successful response.\n"
                paths += "          content:\n            application/json:\n              schema: {$ref: \(ref)}\n"
                paths += errorResponse()
            }
        }

        func errorResponse() -> String {
            "        default:\n          description: Error response.\n          content:\n"
                + "            application/json:\n              schema: {$ref: '#/components/schemas/Error'}\n"
        }

        /// A form body: scalars, the repeated enums, nested objects, "emptyable" unions
        /// (`anyOf: [object, enum: ['']]`), metadata, `expand[]`, and references to components.
        mutating func formBody(_ index: Int, type: String, enumValues: [String]) -> String {
            var body = "      requestBody:\n        required: false\n        content:\n"
            body += "          application/x-www-form-urlencoded:\n            encoding:\n"
            body += "              expand: {explode: true, style: deepObject}\n"
            body += "              metadata: {explode: true, style: deepObject}\n"
            body += "            schema:\n              type: object\n              additionalProperties: false\n"
            body += "              properties:\n"
            let field = "                "
            body += "\(field)description: {type: string, maxLength: 5000, description: 'An arbitrary string.'}\n"
            body += "\(field)amount: {type: integer, description: 'A positive integer.'}\n"
            body += "\(field)status: {type: string, enum: [\(enumValues.joined(separator: ", "))]}\n"
            body +=
                "\(field)expand: {type: array, items: {type: string, maxLength: 5000}, description: 'Fields to expand.'}\n"
            body += "\(field)metadata:\n\(field)  anyOf:\n"
            body += "\(field)    - {type: object, additionalProperties: {type: string}}\n"
            body += "\(field)    - {type: string, enum: ['']}\n"
            body += "\(field)details: {$ref: '#/components/schemas/\(type)Details'}\n"
            body += "\(field)interval: {$ref: '#/components/schemas/Interval'}\n"
            body += "\(field)address:\n\(field)  anyOf:\n\(field)    - type: object\n\(field)      properties:\n"
            for line in ["city", "country", "line1", "line2", "postal_code", "state"] {
                body += "\(field)        \(line): {type: string, maxLength: 5000}\n"
            }
            body += "\(field)    - {type: string, enum: ['']}\n"
            body += "\(field)settings:\n\(field)  type: object\n\(field)  properties:\n"
            body +=
                "\(field)    mode: {type: string, enum: [\(LargeAPIDocument.enumSets[2].joined(separator: ", "))]}\n"
            body +=
                "\(field)    verification: {type: string, enum: [\(LargeAPIDocument.enumSets[4].joined(separator: ", "))]}\n"
            for extra in 0..<roll(4..<10) {
                switch roll(0..<4) {
                case 0: body += "\(field)flag_\(extra): {type: boolean}\n"
                case 1: body += "\(field)tags_\(extra): {type: array, items: {type: string, maxLength: 5000}}\n"
                case 2: body += "\(field)when_\(extra): {type: integer, format: unix-time}\n"
                default: body += "\(field)note_\(extra): {type: string, maxLength: 5000}\n"
                }
            }
            _ = index
            return body
        }

        func document() -> String {
            var text = "openapi: 3.0.0\ninfo: {title: Large synthetic API, version: '2024-01-01'}\n"
            text += "servers:\n  - url: https://api.example.com/\n"
            text += "security:\n  - basicAuth: []\n  - bearerAuth: []\n"
            text += "paths:\n" + paths + "components:\n"
            text += "  securitySchemes:\n    basicAuth: {type: http, scheme: basic}\n"
            text += "    bearerAuth: {type: http, scheme: bearer}\n"
            text += "  parameters:\n"
            text +=
                "    Limit: {name: limit, in: query, schema: {type: integer}, description: 'Page size, 1 to 100.'}\n"
            text += "    StartingAfter: {name: starting_after, in: query, schema: {type: string, maxLength: 5000}}\n"
            text += "    EndingBefore: {name: ending_before, in: query, schema: {type: string, maxLength: 5000}}\n"
            text += "    Expand:\n      name: expand\n      in: query\n      style: deepObject\n      explode: true\n"
            text += "      schema: {type: array, items: {type: string, maxLength: 5000}}\n"
            text += "    Created:\n      name: created\n      in: query\n      style: deepObject\n      explode: true\n"
            text += "      schema:\n        anyOf:\n"
            text +=
                "          - {type: object, properties: {gt: {type: integer}, gte: {type: integer}, lt: {type: integer}}}\n"
            text += "          - {type: integer}\n"
            text += "  schemas:\n"
            text += "    Error:\n      type: object\n      required: [error]\n      properties:\n"
            text += "        error:\n          type: object\n          properties:\n"
            text +=
                "            code: {type: string, maxLength: 5000}\n            message: {type: string, maxLength: 40000}\n"
            text +=
                "            type: {type: string, enum: [api_error, card_error, idempotency_error, invalid_request_error]}\n"
            text += "    Interval: {type: string, enum: [day, week, month, year]}\n"
            text += "    BaseObject:\n      type: object\n      properties:\n"
            text += "        livemode: {type: boolean, description: 'Whether the object exists in live mode.'}\n"
            text += "    TimestampedObject:\n      allOf:\n        - $ref: '#/components/schemas/BaseObject'\n"
            text +=
                "        - type: object\n          properties:\n            updated: {type: integer, format: unix-time}\n"
            text += "    DescribedObject:\n      allOf:\n        - $ref: '#/components/schemas/TimestampedObject'\n"
            text += "        - type: object\n          properties:\n"
            text += "            description: {type: string, maxLength: 5000, nullable: true}\n"
            return text + schemas
        }
    }
}
