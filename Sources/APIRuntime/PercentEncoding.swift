/// RFC 3986 percent-encoding, the one strict rule the SDK uses for path segments, queries, form
/// bodies and OAuth parameters: everything but the unreserved characters is encoded.
@usableFromInline package enum PercentEncoding {
    /// `A–Z a–z 0–9 - . _ ~`.
    @usableFromInline package static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Each UTF-8 byte outside the unreserved set as `%XX` (upper-case hex). Text made only of
    /// unreserved characters, such as identifiers, is returned as it is.
    @usableFromInline package static func encode(_ text: String) -> String {
        guard !text.utf8.allSatisfy(isUnreserved) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "%"), hexDigit(byte >> 4), hexDigit(byte & 0x0F)]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
