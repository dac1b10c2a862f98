import Foundation

extension JSONValue {
    /// Compact JSON text with object members in their stored order (`JSONEncoder` sorts them).
    public func jsonData() -> Data {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(into: &output)
        return Data(output)
    }

    private func write(into output: inout [UInt8]) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .integer(let value): output += String(value).utf8
        // Text that is not a JSON integer (only a hand-built value can hold one) is written as
        // `null`, as non-finite doubles are, so the output is always valid JSON.
        case .bigInteger(let text): output += (JSONValue.isIntegerLiteral(text) ? text : "null").utf8
        case .double(let value):
            let text =
                value.isFinite
                ? (value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) + ".0" : "\(value)") : "null"
            output += text.utf8
        case .string(let value): JSONValue.writeString(value, into: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                item.write(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (position, member) in object.members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// UTF-8 bytes pass through; only `"`, `\` and control characters are escaped. Text that
    /// needs no escape (nearly all) is copied in one piece.
    private static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        let copied =
            text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                guard !bytes.contains(where: needsEscape) else { return false }
                output.append(contentsOf: bytes)
                return true
            } ?? false
        if !copied {
            for byte in text.utf8 {
                guard needsEscape(byte) else {
                    output.append(byte)
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): output += #"\""#.utf8
                case UInt8(ascii: "\\"): output += #"\\"#.utf8
                case 0x0A: output += #"\n"#.utf8
                case 0x0D: output += #"\r"#.utf8
                case 0x09: output += #"\t"#.utf8
                default:
                    let hex = String(byte, radix: 16)
                    output += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
                }
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }
}

extension JSONValue {
    /// Whether `text` is a JSON integer: an optional `-`, then `0` or digits without a leading zero.
    static func isIntegerLiteral(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" { digits = digits.dropFirst() }
        guard let first = digits.first, digits.allSatisfy({ ("0"..."9").contains($0) }) else { return false }
        return first != "0" || digits.count == 1
    }
}
