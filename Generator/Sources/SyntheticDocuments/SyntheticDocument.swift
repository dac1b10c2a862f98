import Foundation

/// A seeded, deterministic OpenAPI document of any size, in the shapes real APIs use (nested
/// objects, enums, arrays, references, allOf, oneOf, list and CRUD operations). For size and
/// generality tests; never committed as data.
public enum SyntheticDocument {
    public struct SplitMix64: RandomNumberGenerator {
        public var state: UInt64
        public init(state: UInt64) { self.state = state }
        public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// At least `targetBytes` of YAML, the same text for the same seed.
    public static func yaml(targetBytes: Int, seed: UInt64 = 42) -> String {
        var random = SplitMix64(state: seed)
        var schemas = ""
        var paths = ""
        var index = 0
        let words = [
            "account", "batch", "channel", "device", "event", "folder", "grant", "item", "job", "key",
            "ledger", "member", "note", "order", "policy", "quota", "report", "share", "ticket", "usage",
        ]
        while schemas.utf8.count + paths.utf8.count < targetBytes {
            let word = words[index % words.count]
            let name = word.prefix(1).uppercased() + word.dropFirst() + String(index)
            let propertyCount = Int.random(in: 4...14, using: &random)
            schemas += "    \(name):\n      type: object\n      description: |\n"
            schemas += "        The \(word) resource number \(index), with a description long enough to wrap across\n"
            schemas +=
                "        more than one line of documentation, as real documents have.\n\n        A second paragraph.\n"
            schemas += "      required: [id]\n      properties:\n        id: {type: string}\n"
            for property in 0..<propertyCount {
                schemas += "        \(word)_field_\(property): "
                switch Int.random(in: 0..<9, using: &random) {
                case 0: schemas += "{type: string, format: date-time}\n"
                case 1: schemas += "{type: integer, format: int64}\n"
                case 2: schemas += "{type: string, enum: [alpha, beta-two, gamma.three, '4th']}\n"
                case 3: schemas += "{type: array, items: {type: string}}\n"
                case 4 where index > 0:
                    schemas +=
                        "{$ref: '#/components/schemas/\(words[(index - 1) % words.count].capitalized)\(index - 1)'}\n"
                case 5: schemas += "{type: [string, 'null'], description: nullable text}\n"
                case 6:
                    schemas +=
                        "\n          type: object\n          properties:\n            inner_a: {type: number}\n            inner_b: {type: boolean}\n"
                case 7: schemas += "{oneOf: [{type: string}, {type: integer}]}\n"
                default: schemas += "{type: boolean, default: false}\n"
                }
            }
            let path = "/\(word)s\(index)"
            paths += "  \(path):\n    get:\n      operationId: list\(name)\n      tags: [\(word.capitalized)]\n"
            paths += "      parameters:\n        - {name: page, in: query, schema: {type: integer}}\n"
            paths += "        - {name: filter, in: query, schema: {type: array, items: {type: string}}}\n"
            paths += "      responses:\n        '200':\n          description: A page\n          content:\n"
            paths += "            application/json:\n              schema:\n                type: array\n"
            paths += "                items: {$ref: '#/components/schemas/\(name)'}\n"
            paths += "    post:\n      operationId: create\(name)\n      tags: [\(word.capitalized)]\n"
            paths += "      requestBody:\n        required: true\n        content:\n          application/json:\n"
            paths += "            schema: {$ref: '#/components/schemas/\(name)'}\n"
            paths += "      responses:\n        '201':\n          description: Created\n          content:\n"
            paths += "            application/json:\n              schema: {$ref: '#/components/schemas/\(name)'}\n"
            paths +=
                "  \(path)/{id}:\n    delete:\n      operationId: delete\(name)\n      tags: [\(word.capitalized)]\n"
            paths += "      parameters:\n        - {name: id, in: path, required: true, schema: {type: string}}\n"
            paths += "      responses:\n        '204': {description: Deleted}\n"
            index += 1
        }
        return "openapi: 3.1.0\ninfo: {title: Synthetic, version: '1'}\npaths:\n" + paths + "components:\n  schemas:\n"
            + schemas
    }
}
