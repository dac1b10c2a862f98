@testable import GeneratorCore

/// Writes a `Node` tree as block-style YAML, for round-trip tests. It picks a different scalar
/// style per string (plain, single, double, literal, folded-free) so reading it back exercises
/// most of the scanner.
struct ReaderYAMLEmitter {
    private var out = ""
    private var counter = 0

    static func emit(_ node: Node) -> String {
        var emitter = ReaderYAMLEmitter()
        emitter.emitTop(node)
        return emitter.out
    }

    private mutating func emitTop(_ node: Node) {
        switch node.value {
        case .mapping(let entries) where !entries.isEmpty: emitMapping(entries, indent: 0)
        case .sequence(let items) where !items.isEmpty: emitSequence(items, indent: 0)
        default: out += inlineScalar(node, indent: 0) + "\n"
        }
    }

    private mutating func emitMapping(_ entries: [Node.Entry], indent: Int) {
        for entry in entries {
            out += String(repeating: " ", count: indent) + key(entry.key) + ":"
            emitValue(entry.value, indent: indent, inSequence: false)
        }
    }

    private mutating func emitSequence(_ items: [Node], indent: Int) {
        for item in items {
            out += String(repeating: " ", count: indent) + "-"
            emitValue(item, indent: indent, inSequence: true)
        }
    }

    /// Called after `key:` or `-`; writes the rest of that line and any nested lines.
    private mutating func emitValue(_ node: Node, indent: Int, inSequence: Bool) {
        switch node.value {
        case .mapping(let entries) where !entries.isEmpty:
            if inSequence {
                // Compact form: `- key: value` with the remaining keys aligned under the first.
                out += " "
                var first = true
                for entry in entries {
                    if !first { out += String(repeating: " ", count: indent + 2) }
                    first = false
                    out += key(entry.key) + ":"
                    emitValue(entry.value, indent: indent + 2, inSequence: false)
                }
            } else {
                out += "\n"
                emitMapping(entries, indent: indent + 2)
            }
        case .sequence(let items) where !items.isEmpty:
            out += "\n"
            // Alternate indentless sequences (allowed under a mapping key) with indented ones.
            counter += 1
            emitSequence(items, indent: inSequence || counter % 2 == 0 ? indent + 2 : indent)
        default:
            out += " " + inlineScalar(node, indent: indent) + "\n"
        }
    }

    private mutating func inlineScalar(_ node: Node, indent: Int) -> String {
        switch node.value {
        case .null: return counter % 2 == 0 ? "null" : "~"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let int): return String(int)
        case .double(let double):
            if double.isNaN { return ".nan" }
            if double.isInfinite { return double < 0 ? "-.inf" : ".inf" }
            return double.description
        case .string(let text): return string(text, indent: indent)
        case .sequence: return "[]"
        case .mapping: return "{}"
        }
    }

    private func key(_ text: String) -> String {
        isPlainSafe(text) && text != "<<" ? text : doubleQuoted(text)
    }

    private mutating func string(_ text: String, indent: Int) -> String {
        counter += 1
        if text.contains("\n"), let block = literal(text, indent: indent) { return block }
        if isPlainSafe(text), case .string = YAMLCoreSchema.resolvePlain(text), counter % 3 != 0 { return text }
        if counter % 2 == 0, !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        }
        return doubleQuoted(text)
    }

    /// A literal block scalar, or nil when the text cannot be one (control characters, CR).
    private func literal(_ text: String, indent: Int) -> String? {
        guard
            !text.unicodeScalars.contains(where: { ($0.value < 0x20 && $0.value != 0x0A && $0.value != 0x09) || $0.value == 0x7F })
        else { return nil }
        var body = Substring(text)
        var trailing = 0
        while body.hasSuffix("\n") {
            body = body.dropLast()
            trailing += 1
        }
        // Only line breaks: a block scalar would read back as empty.
        guard !body.isEmpty else { return nil }
        let chomp = trailing == 0 ? "-" : trailing == 1 ? "" : "+"
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        let pad = String(repeating: " ", count: indent + 2)
        // A first line starting with a space would be taken as deeper indentation.
        let needsIndicator = lines.first.map { $0.hasPrefix(" ") || $0.hasPrefix("\t") } ?? false
        var out = "|" + (needsIndicator ? "2" : "") + chomp
        for line in lines { out += "\n" + (line.isEmpty ? "" : pad + line) }
        for _ in 0..<max(0, trailing - 1) { out += "\n" }
        return out
    }

    private func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if "-?:,[]{}#&*!|>'\"%@` \t".unicodeScalars.contains(first) || last == " " || last == "\t" { return false }
        if text.contains(": ") || text.contains(" #") || text.hasSuffix(":") { return false }
        return !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }
    }

    private func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\x" + (hex.count < 2 ? "0" : "") + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
