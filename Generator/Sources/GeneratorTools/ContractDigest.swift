import Foundation
import GeneratorCore

/// The facts of an OpenAPI document without its prose, as canonical JSON.
///
/// The published Assinafy documents are Assinafy's text and are not kept in the repository; their
/// contract (paths, parameters, schemas, keywords, values) is fact, and the tests need it on a
/// plain clone. A digest keeps every node of the document except:
/// - `description` and `summary` strings (outside `properties`, `patternProperties` and `$defs`,
///   whose keys are names chosen by the API, so a property called `description` stays);
/// - `example` values, and the values of `components/examples` members (the names stay, because
///   operations `$ref` them);
/// - OAuth scope descriptions (the scope names stay, with an empty string);
/// - root `x-` extensions (the mirror's provenance notes, not the contract).
///
/// Published defects stay as published (the nine `items: []`), so the tools see what they see on
/// the real document. Mapping order is the document's; the output is deterministic for a given
/// input, so a committed digest can be compared byte for byte with a fresh one.
public enum ContractDigest {
    static let proseKeywords: Set<String> = ["description", "summary"]
    static let nameMaps: Set<String> = ["properties", "patternProperties", "$defs"]

    /// The document with its prose removed.
    public static func digest(_ root: Node) -> Node {
        strip(root, path: [])
    }

    /// `digest(root)` as pretty-printed JSON (two-space indentation, a final newline).
    public static func json(_ root: Node) -> String {
        var output = ""
        write(digest(root), indent: 0, into: &output)
        output += "\n"
        return output
    }

    private static func strip(_ node: Node, path: [String]) -> Node {
        switch node.value {
        case .sequence(let items):
            let kept = items.enumerated().map { strip($1, path: path + [String($0)]) }
            return Node(.sequence(kept), at: node.location)
        case .mapping(let entries):
            let keysAreNames = path.last.map { nameMaps.contains($0) } ?? false
            let isScopeMap = path.count >= 3 && path[path.count - 3] == "flows" && path.last == "scopes"
            var kept: [Node.Entry] = []
            for entry in entries {
                let key = entry.key
                if path.isEmpty && key.hasPrefix("x-") { continue }
                if !keysAreNames && proseKeywords.contains(key) && entry.value.string != nil { continue }
                if !keysAreNames && key == "example" { continue }
                var value: Node
                if path == ["components", "examples"] {
                    value = Node(.mapping([]), at: entry.value.location)
                } else if isScopeMap {
                    value = Node(.string(""), at: entry.value.location)
                } else {
                    value = strip(entry.value, path: path + [key])
                }
                value.location = entry.value.location
                kept.append(Node.Entry(key: key, keyLocation: entry.keyLocation, value: value))
            }
            return Node(.mapping(kept), at: node.location)
        default:
            return node
        }
    }

    private static func write(_ node: Node, indent: Int, into output: inout String) {
        let inner = String(repeating: " ", count: indent + 2)
        switch node.value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let int): output += String(int)
        case .double(let double): output += number(double)
        case .string(let text): output += CanonicalJSON.quoted(text)
        case .sequence(let items):
            guard !items.isEmpty else {
                output += "[]"
                return
            }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += inner
                write(item, indent: indent + 2, into: &output)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "]"
        case .mapping(let entries):
            guard !entries.isEmpty else {
                output += "{}"
                return
            }
            output += "{\n"
            for (index, entry) in entries.enumerated() {
                output += inner + CanonicalJSON.quoted(entry.key) + ": "
                write(entry.value, indent: indent + 2, into: &output)
                output += index == entries.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        }
    }

    /// Integral doubles keep a `.0` so they read back as doubles (the readers tell `1` from `1.0`).
    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return "\(value)"
    }
}

/// `assinafy-generator digest --spec FILE [--output FILE]`: the prose-free digest of a document
/// (to standard output without `--output`). Unchanged files are not rewritten.
enum ContractDigestCommand {
    static func run(_ options: inout Options, out: (String) -> Void, err: (String) -> Void) throws -> Int32 {
        let spec = try options.required("--spec")
        let output = options.value("--output")
        try options.finish()
        guard options.positional.isEmpty else { throw UsageError(message: "digest takes no positional arguments") }
        let text = ContractDigest.json(try DocumentReader.read(contentsOf: spec))
        guard let output else {
            out(String(text.dropLast()))
            return 0
        }
        if (try? String(contentsOfFile: output, encoding: .utf8)) != text {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        }
        out("wrote \(output): \(text.utf8.count) bytes")
        return 0
    }
}
