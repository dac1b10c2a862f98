import Foundation

/// The input shapes an attacker (a hostile server, a crafted API description) can choose to make
/// a reader or decoder do more than linear work (issue 33). Each is rendered at a requested size
/// out of many small pieces, so that the count of members, items or escapes grows with the size:
/// that count is what a quadratic path multiplies.
enum AdversarialShape: String, CaseIterable, Sendable {
    case repeatedKeys = "repeated keys"
    case wideObject = "wide object"
    case largeMap = "large map"
    case longStrings = "long strings"
    case smallObjects = "long array of small objects"
    case deepNesting = "deep nesting"
    case escapes = "many escapes"

    /// Containers inside the top-level one in a deep-nesting item: one container with a scalar
    /// inside is as deep as both the runtime parser and the generator's readers allow (512).
    static let nestingDepth = 510

    /// The member name `prefix` + index on seven digits: every member the same size, and no
    /// name a prefix of another.
    static func name(_ prefix: String, _ index: Int) -> String {
        let digits = String(index)
        return prefix + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
    }

    /// JSON text of about `target` bytes.
    func json(bytes target: Int) -> [UInt8] {
        var out = ByteText(capacity: target)
        switch self {
        case .repeatedKeys:
            // Every name twice: all distinct first, then all again in the same order, so each
            // repeat names a member seen long before.
            out.add("{")
            var distinct = 0
            while out.count < target / 2 {
                out.add((distinct == 0 ? "\"" : ",\"") + Self.name("key-", distinct) + "\":1")
                distinct += 1
            }
            for index in 0..<distinct { out.add(",\"" + Self.name("key-", index) + "\":2") }
            out.add("}")
        case .wideObject:
            // A document (generated `Document`) with a great many members it does not name.
            out.add(#"{"resource":"document","id":"doc-1","name":"Contract.pdf","status":"pending_signature""#)
            let values = [#""text""#, "42", "true", "null", "[1,2]", #"{"a":1}"#, "-3.5"]
            var index = 0
            while out.count < target {
                out.add(",\"" + Self.name("x-", index) + "\":" + values[index % values.count])
                index += 1
            }
            out.add("}")
        case .largeMap:
            out.add("{")
            var index = 0
            while out.count < target {
                out.add((index == 0 ? "\"" : ",\"") + Self.name("key-", index) + "\":" + String(index))
                index += 1
            }
            out.add("}")
        case .longStrings:
            // One string the size of the body: ASCII and two-byte UTF-8.
            out.add(#"{"id":"tag-1","name":""#)
            while out.count < target { out.add("Contrato válido, assinatura concluída. ") }
            out.add(#""}"#)
        case .smallObjects:
            out.add("[")
            var index = 0
            while out.count < target {
                out.add((index == 0 ? "" : ",") + #"{"id":"t-"# + String(index) + #"","name":"urgent"}"#)
                index += 1
            }
            out.add("]")
        case .deepNesting:
            let depth = Self.nestingDepth
            let item = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
            out.addItems(of: item, separator: ",", open: "[", close: "]", until: target)
        case .escapes:
            let piece = #"\n\t\"\\\/\b\f\r\u00e9\ud83d\ude00\u0041"#
            out.addItems(
                of: "\"" + String(repeating: piece, count: 24) + "\"", separator: ",", open: "[", close: "]",
                until: target)
        }
        return out.bytes
    }

    /// The same attack in YAML block syntax (which the generator reads through its YAML parser,
    /// not its JSON shortcut). A repeated key is an error there: what counts is the time to it.
    func yaml(bytes target: Int) -> [UInt8] {
        var out = ByteText(capacity: target)
        switch self {
        case .repeatedKeys:
            var distinct = 0
            while out.count < target / 2 {
                out.add(Self.name("key-", distinct) + ": 1\n")
                distinct += 1
            }
            for index in 0..<distinct { out.add(Self.name("key-", index) + ": 2\n") }
        case .wideObject:
            out.add("resource: document\nid: doc-1\n")
            let values = ["text", "42", "true", "null", "[1, 2]", "{a: 1}", "\"quoted\"", "-3.5"]
            var index = 0
            while out.count < target {
                out.add(Self.name("x-", index) + ": " + values[index % values.count] + "\n")
                index += 1
            }
        case .largeMap:
            var index = 0
            while out.count < target {
                out.add(Self.name("key-", index) + ": " + String(index) + "\n")
                index += 1
            }
        case .longStrings:
            // One long scalar of each style the scanner reads differently, a quarter each.
            let words = "Contrato válido, assinatura concluída. "
            let quarter = target / 4
            func fill(_ opening: String, _ closing: String, _ piece: String) {
                out.add(opening)
                let end = out.count + quarter
                while out.count < end { out.add(piece) }
                out.add(closing)
            }
            fill("double: \"", "\"\n", words)
            fill("single: '", "'\n", words)
            fill("plain: ", "end\n", words)
            fill("literal: |\n", "", "  " + words + "\n")
        case .smallObjects:
            var index = 0
            while out.count < target {
                out.add("- id: t-" + String(index) + "\n  name: urgent\n")
                index += 1
            }
        case .deepNesting:
            // Items alternate between block nesting (`- - - 1`) and flow nesting (`- [[[1]]]`).
            let depth = Self.nestingDepth
            let block = String(repeating: "- ", count: depth + 1) + "1\n"
            let flow = "- " + String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth) + "\n"
            var index = 0
            while out.count < target {
                out.add(index % 2 == 0 ? block : flow)
                index += 1
            }
        case .escapes:
            let piece = #"\n\t\"\\\/\x41\u00e9\U0001F600\0\a\b\e\N\_\L\P"#
            let item = "- \"" + String(repeating: piece, count: 20) + "\"\n"
            while out.count < target { out.add(item) }
        }
        return out.bytes
    }
}

/// Bytes appended to a buffer sized once.
struct ByteText {
    private(set) var bytes: [UInt8] = []
    var count: Int { bytes.count }

    init(capacity: Int) { bytes.reserveCapacity(capacity + 4096) }

    mutating func add(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// `open`, then `item` repeated with `separator` until `target` bytes, then `close`.
    mutating func addItems(of item: String, separator: String, open: String, close: String, until target: Int) {
        add(open)
        add(item)
        while count < target {
            add(separator)
            add(item)
        }
        add(close)
    }
}
