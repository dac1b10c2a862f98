import Foundation
import Testing

@testable import APIRuntime

/// Strictness tables in the spirit of the public JSONTestSuite (n_string_invalid_utf8,
/// n_string_overlong, i_number_huge…); the inputs are written here, byte by byte.
@Suite("JSON strictness")
struct JSONStrictnessTests {
    /// The byte offset is that of the first byte of the bad sequence.
    static let invalidUTF8: [(name: String, bytes: [UInt8], offset: Int)] = [
        ("lone continuation", [0x22, 0x80, 0x22], 1),
        ("lone lead byte", [0x22, 0x61, 0xC3, 0x22], 2),
        ("truncated at end", [0x22, 0xE2, 0x82], 1),
        ("overlong slash", [0x22, 0xC0, 0xAF, 0x22], 1),
        ("overlong 3-byte", [0x22, 0xE0, 0x80, 0xAF, 0x22], 1),
        ("overlong 4-byte", [0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22], 1),
        ("UTF-16 surrogate D800", [0x22, 0xED, 0xA0, 0x80, 0x22], 1),
        ("beyond U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),
        ("F5 lead", [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], 1),
        ("FF byte", [0x22, 0xFF, 0x22], 1),
        ("ISO-8859-1 e acute", [0x5B, 0x22, 0x63, 0x61, 0x66, 0xE9, 0x22, 0x5D], 5),
        ("in a member name", Array(#"{"a":1,""#.utf8) + [0xC3, 0x28] + Array(#"":2}"#.utf8), 8),
        ("after an escape", Array(#""\n"#.utf8) + [0xE9, 0x22], 3),
        ("continuation missing", [0x22, 0xE2, 0x28, 0xA1, 0x22], 1),
    ]

    @Test(arguments: invalidUTF8.indices)
    func invalidUTF8IsRefusedWithItsOffset(_ row: Int) throws {
        let (name, bytes, offset) = Self.invalidUTF8[row]
        do {
            let value = try JSONValue(parsing: Data(bytes))
            Issue.record("\(name): accepted as \(value)")
        } catch let DecodingError.dataCorrupted(context) {
            let error = try #require(context.underlyingError as? JSONParseError, "\(name)")
            #expect(error.kind == .invalidUTF8, "\(name)")
            #expect(error.byteOffset == offset, "\(name)")
            #expect(context.debugDescription.contains("byte \(offset)"), "\(name)")
        }
        // The envelope probe and the typed decoder refuse it too.
        let wrapped = Data(#"{"data":"#.utf8) + Data(bytes.count > 2 ? bytes : [0x22]) + Data("}".utf8)
        #expect(JSONMemberProbe(wrapped, capture: ["status"]) == nil)
        #expect(throws: (any Error).self) { try JSONCoding.decode(String.self, from: Data(bytes)) }
    }

    static let validUTF8: [(bytes: [UInt8], text: String)] = [
        ([0x22, 0xC3, 0xA9, 0x22], "é"),
        ([0x22, 0xE2, 0x82, 0xAC, 0x22], "€"),
        ([0x22, 0xF0, 0x9F, 0x9A, 0x80, 0x22], "🚀"),
        ([0x22, 0xF4, 0x8F, 0xBF, 0xBF, 0x22], "\u{10FFFF}"),
        ([0x22, 0xEE, 0x80, 0x80, 0x22], "\u{E000}"),
        ([0x22, 0xEF, 0xBF, 0xBD, 0x22], "\u{FFFD}"),
        (Array(#""a\tb"#.utf8) + [0xC3, 0xA9, 0x22], "a\tbé"),
    ]

    @Test(arguments: validUTF8.indices)
    func wellFormedUTF8IsKept(_ row: Int) throws {
        let (bytes, text) = Self.validUTF8[row]
        #expect(try JSONValue(parsing: Data(bytes)) == .string(text))
        #expect(JSONMemberProbe(Data(bytes), capture: ["status"]) != nil)
    }

    static let bigIntegers = [
        "9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
        "123456789012345678901234567890", "-100000000000000000000000000000000000000000000000001",
    ]

    /// Integers beyond 64 bits keep their exact digits, in the tree and when written again.
    @Test(arguments: bigIntegers)
    func integersBeyond64BitsStayExact(_ text: String) throws {
        let value = try JSONValue(parsing: Data("[\(text)]".utf8))
        #expect(String(decoding: value.jsonData(), as: UTF8.self) == "[\(text)]")
        #expect(value.arrayValue?.first?.integerText == text)
        #expect(String(decoding: try JSONCoding.encode(value), as: UTF8.self) == "[\(text)]")
        #expect(try JSONCoding.decode([String].self, from: Data("[\(text)]".utf8)) == [text])
        let double = try JSONCoding.decode([Double].self, from: Data("[\(text)]".utf8))
        #expect(double == [Double(text)])
    }

    @Test func int64EdgesStayIntegers() throws {
        #expect(try JSONValue(parsing: Data("9223372036854775807".utf8)) == .integer(.max))
        #expect(try JSONValue(parsing: Data("-9223372036854775808".utf8)) == .integer(.min))
        #expect(try JSONValue(parsing: Data("-0".utf8)) == .integer(0))
        #expect(try JSONValue(parsing: Data("1e40".utf8)) == .double(1e40))
        #expect(throws: DecodingError.self) { try JSONValue(parsing: Data("1e400".utf8)) }
    }

    struct Counter: Codable, Equatable {
        var big: UInt64
        var exact: Decimal
        var text: String
    }

    /// Typed models read big integers where they fit exactly, and write them back unchanged.
    @Test func typedDecodingOfBigIntegers() throws {
        let json = #"{"big":18446744073709551615,"exact":123456789012345678901234567890,"text":99999999999999999999}"#
        let counter = try JSONCoding.decode(Counter.self, from: Data(json.utf8))
        #expect(counter.big == .max)
        #expect(counter.exact == Decimal(string: "123456789012345678901234567890"))
        #expect(counter.text == "99999999999999999999")
        #expect(
            String(decoding: try JSONCoding.encode(counter), as: UTF8.self)
                == #"{"big":18446744073709551615,"exact":123456789012345678901234567890,"text":"99999999999999999999"}"#)
        #expect(throws: DecodingError.self) {
            try JSONCoding.decode([Int64].self, from: Data("[9223372036854775808]".utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONCoding.decode([UInt64].self, from: Data("[18446744073709551616]".utf8))
        }
        #expect(try JSONCoding.decode([Decimal].self, from: Data("[1.5, 2]".utf8)) == [1.5, 2])
        #expect(String(decoding: try JSONCoding.encode([Decimal(string: "2.5")]), as: UTF8.self) == "[2.5]")
    }

    /// Through Foundation's coders (apps may use them with `JSONValue`) the digits survive too,
    /// within Decimal's 38 digits.
    @Test func foundationCodersKeepBigIntegers() throws {
        let text = "[123456789012345678901234567890]"
        let viaFoundation = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(viaFoundation == [.bigInteger("123456789012345678901234567890")])
        let written = try JSONEncoder().encode(viaFoundation)
        #expect(String(decoding: written, as: UTF8.self) == text)
        #expect(throws: EncodingError.self) { try JSONEncoder().encode([JSONValue.bigInteger("12a")]) }
        #expect(String(decoding: JSONValue.array([.bigInteger("007")]).jsonData(), as: UTF8.self) == "[null]")
    }
}
