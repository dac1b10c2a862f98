import Foundation

/// Base64 in both RFC 4648 alphabets with one decoding policy on every platform.
///
/// Foundation's decoder differs between Darwin and swift-corelibs-foundation in what it
/// tolerates, and signatures must verify identically everywhere, hence our own.
///
/// Decoding policy: padding is optional but, when present, must be exactly right; any character
/// outside the alphabet (whitespace, the other alphabet's `+/` or `-_`) is rejected; a final
/// group whose unused bits are not zero is rejected, so each byte string has one encoding.
enum Base64Codec {
    enum Alphabet {
        case standard
        case url

        fileprivate var symbols: [UInt8] {
            let common = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
            switch self {
            case .standard: return common + Array("+/".utf8)
            case .url: return common + Array("-_".utf8)
            }
        }
    }

    private static let standardSymbols = Alphabet.standard.symbols
    private static let urlSymbols = Alphabet.url.symbols
    private static let standardValues = decodingTable(standardSymbols)
    private static let urlValues = decodingTable(urlSymbols)
    private static let invalid: UInt8 = 0xff

    private static func decodingTable(_ symbols: [UInt8]) -> [UInt8] {
        var table = [UInt8](repeating: invalid, count: 256)
        for (value, symbol) in symbols.enumerated() { table[Int(symbol)] = UInt8(value) }
        return table
    }

    static func encode(_ data: some DataProtocol, alphabet: Alphabet, padded: Bool) -> String {
        let symbols = alphabet == .standard ? standardSymbols : urlSymbols
        let bytes = [UInt8](data)
        var output = [UInt8]()
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output.append(symbols[Int(group >> 18 & 0x3f)])
            output.append(symbols[Int(group >> 12 & 0x3f)])
            output.append(symbols[Int(group >> 6 & 0x3f)])
            output.append(symbols[Int(group & 0x3f)])
            index += 3
        }
        switch bytes.count - index {
        case 1:
            let group = UInt32(bytes[index]) << 16
            output.append(symbols[Int(group >> 18 & 0x3f)])
            output.append(symbols[Int(group >> 12 & 0x3f)])
            if padded { output.append(contentsOf: "==".utf8) }
        case 2:
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            output.append(symbols[Int(group >> 18 & 0x3f)])
            output.append(symbols[Int(group >> 12 & 0x3f)])
            output.append(symbols[Int(group >> 6 & 0x3f)])
            if padded { output.append(UInt8(ascii: "=")) }
        default:
            break
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func decode(_ text: some StringProtocol, alphabet: Alphabet) -> Data? {
        let table = alphabet == .standard ? standardValues : urlValues
        var symbols = Array(text.utf8)
        if symbols.count % 4 == 0, let first = symbols.firstIndex(of: UInt8(ascii: "=")) {
            // Padding may only fill the last group, and at most two of its places.
            guard symbols.count - first <= 2, symbols[first...].allSatisfy({ $0 == UInt8(ascii: "=") })
            else { return nil }
            symbols.removeSubrange(first...)
        }
        guard symbols.count % 4 != 1 else { return nil }
        var output = Data()
        output.reserveCapacity(symbols.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bitCount = 0
        for symbol in symbols {
            let value = table[Int(symbol)]
            guard value != invalid else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bitCount += 6
            if bitCount >= 8 {
                bitCount -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bitCount)))
                accumulator &= (1 << UInt32(bitCount)) - 1
            }
        }
        guard accumulator == 0 else { return nil }
        return output
    }
}
