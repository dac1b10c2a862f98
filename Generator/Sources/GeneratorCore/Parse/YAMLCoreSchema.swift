/// YAML 1.2 core-schema resolution of plain scalars (null, bool, int, float, else string).
enum YAMLCoreSchema {
    static func resolvePlain(_ text: String) -> Node.Value {
        guard let first = text.utf8.first else { return .null }
        switch first {
        case 0x7E, 0x6E, 0x4E:  // ~ n N
            return isNull(text) ? .null : .string(text)
        case 0x74, 0x54, 0x66, 0x46:  // t T f F
            return bool(text).map(Node.Value.bool) ?? .string(text)
        case ReaderByte.zero...ReaderByte.nine, ReaderByte.plus, ReaderByte.minus, ReaderByte.dot:
            return integer(text) ?? float(text) ?? .string(text)
        default:
            return .string(text)
        }
    }

    static func isNull(_ text: String) -> Bool {
        text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`; values beyond Int64 become doubles.
    static func integer(_ text: String) -> Node.Value? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        if bytes.count > 2 && bytes[0] == ReaderByte.zero && (bytes[1] == 0x78 || bytes[1] == 0x6F) {
            let radix: UInt64 = bytes[1] == 0x78 ? 16 : 8
            var exact: UInt64? = 0
            var approximate = 0.0
            for byte in bytes[2...] {
                guard let digit = ReaderByte.hexValue(byte).map(UInt64.init), digit < radix else { return nil }
                approximate = approximate * Double(radix) + Double(digit)
                if let current = exact {
                    let (shifted, overflow) = current.multipliedReportingOverflow(by: radix)
                    let (sum, carry) = shifted.addingReportingOverflow(digit)
                    exact = overflow || carry ? nil : sum
                }
            }
            if let exact, exact <= UInt64(Int64.max) { return .int(Int64(exact)) }
            return .double(approximate)
        }
        let digitsStart = bytes[0] == ReaderByte.plus || bytes[0] == ReaderByte.minus ? 1 : 0
        guard digitsStart < bytes.count, bytes[digitsStart...].allSatisfy(ReaderByte.isDigit) else { return nil }
        if let int = Int64(text) { return .int(int) }
        return Double(text).map(Node.Value.double)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?\.inf` and `\.nan`.
    static func float(_ text: String) -> Node.Value? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
        case ".nan", ".NaN", ".NAN": return .double(.nan)
        default: break
        }
        let bytes = Array(text.utf8)
        var position = 0
        func digits() -> Int {
            let start = position
            while position < bytes.count && ReaderByte.isDigit(bytes[position]) { position += 1 }
            return position - start
        }
        if position < bytes.count && (bytes[position] == ReaderByte.plus || bytes[position] == ReaderByte.minus) {
            position += 1
        }
        var mantissaDigits = digits()
        if position < bytes.count && bytes[position] == ReaderByte.dot {
            position += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return nil }
        if position < bytes.count && (bytes[position] == 0x65 || bytes[position] == 0x45) {
            position += 1
            if position < bytes.count && (bytes[position] == ReaderByte.plus || bytes[position] == ReaderByte.minus) {
                position += 1
            }
            guard digits() > 0 else { return nil }
        }
        guard position == bytes.count else { return nil }
        return Double(text).map(Node.Value.double)
    }
}
