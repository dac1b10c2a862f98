import Foundation
@testable import GeneratorCore

/// Helpers shared by the reader tests. Namespaced so they cannot clash with other suites'
/// helpers in the same test module.
enum ReaderTestSupport {
    /// A compact canonical rendering: `{a: [1, 2.5, "x", null, true]}`. Strings are quoted, ints
    /// and doubles differ by spelling (doubles always show `.`, `e`, `inf` or `nan`), and keys
    /// are bare unless they need quotes. With `locations`, each node and key gets `@line:column`.
    static func render(_ node: Node, locations: Bool = false) -> String {
        var out = ""
        render(node, locations: locations, into: &out)
        return out
    }

    private static func render(_ node: Node, locations: Bool, into out: inout String) {
        switch node.value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .int(let int): out += String(int)
        case .double(let double): out += double.description
        case .string(let text): out += quote(text)
        case .sequence(let items):
            out += "["
            for (offset, item) in items.enumerated() {
                if offset > 0 { out += ", " }
                render(item, locations: locations, into: &out)
            }
            out += "]"
        case .mapping(let entries):
            out += "{"
            for (offset, entry) in entries.enumerated() {
                if offset > 0 { out += ", " }
                out += renderKey(entry.key)
                if locations { out += "@\(entry.keyLocation)" }
                out += ": "
                render(entry.value, locations: locations, into: &out)
            }
            out += "}"
        }
        if locations { out += "@\(node.location)" }
    }

    private static func renderKey(_ key: String) -> String {
        let special = Set(" :,{}[]\"@\\\n\t")
        if key.isEmpty || key.contains(where: { special.contains($0) }) { return quote(key) }
        return key
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Reads YAML (through the YAML parser only) and renders it.
    static func yaml(_ text: String, locations: Bool = false) throws -> String {
        render(try YAMLParser.parse(Array(text.utf8), file: "test.yaml"), locations: locations)
    }

    /// Reads JSON (through the JSON parser only) and renders it.
    static func json(_ text: String, locations: Bool = false) throws -> String {
        render(try JSONParser.parse(Array(text.utf8), file: "test.json"), locations: locations)
    }

    /// The `line:column: message` part of the error reading `text` produces, or "no error".
    static func failure(_ text: String, json: Bool = false) -> String {
        do {
            if json {
                _ = try JSONParser.parse(Array(text.utf8), file: "t")
            } else {
                _ = try DocumentReader.read(text, file: "t")
            }
            return "no error"
        } catch let error as ParseError {
            return "\(error.location): \(error.message)"
        } catch {
            return "unexpected error type: \(error)"
        }
    }
}

/// SplitMix64: tiny, seedable, and identical on every platform, so fuzz failures reproduce.
struct ReaderSplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// Uniform enough for fuzzing in `0..<bound` (bound > 0).
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(max(bound, 1)))
    }
}
