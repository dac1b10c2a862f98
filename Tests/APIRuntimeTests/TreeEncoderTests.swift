import Foundation
import Testing

@testable import APIRuntime

/// `JSONCoding.encode`: members in `encode(to:)` order, and otherwise what `JSONEncoder` writes.
@Suite struct TreeEncoderTests {
    struct Inner: Codable, Equatable {
        var id: String
        var weight: Float
    }

    /// Synthesized `Codable`, as an app or the generator's simpler models would write it.
    struct Payload: Codable, Equatable {
        var name: String
        var email: String?
        var count: Int
        var small: UInt8
        var big: Int64
        var ratio: Double
        var flag: Bool
        var when: Date
        var bytes: Data
        var link: URL
        var items: [Inner]
        var table: [String: Int]
        var free: JSONValue
    }

    static let payload = Payload(
        name: "Contrato \"A\" / 2026\n", email: nil, count: -3, small: 255, big: Int64.max, ratio: 0.1, flag: true,
        when: Date(timeIntervalSinceReferenceDate: 1.5), bytes: Data([0, 1, 2, 250]),
        link: URL(string: "https://example.invalid/a?b=c")!, items: [Inner(id: "i-1", weight: 2.5)], table: ["k": 1],
        free: ["z": [true, nil]])

    @Test func membersComeOutInDeclarationOrder() throws {
        let text = String(decoding: try JSONCoding.encode(Self.payload), as: UTF8.self)
        #expect(
            text
                == #"{"name":"Contrato \"A\" / 2026\n","count":-3,"small":255,"big":9223372036854775807,"ratio":0.1,"#
                + #""flag":true,"when":1.5,"bytes":"AAEC+g==","link":"https://example.invalid/a?b=c","#
                + #""items":[{"id":"i-1","weight":2.5}],"table":{"k":1},"free":{"z":[true,null]}}"#)
    }

    /// Apart from member order, the same JSON as Foundation's encoder: both decode to the same value.
    /// (`free` has one member: Foundation's order would differ, which is the point of the encoder.)
    @Test func agreesWithJSONEncoder() throws {
        let ours = try JSONDecoder().decode(Payload.self, from: JSONCoding.encode(Self.payload))
        let foundation = try JSONDecoder().decode(Payload.self, from: JSONEncoder().encode(Self.payload))
        #expect(ours == Self.payload)
        #expect(foundation == Self.payload)
    }

    struct Custom: Encodable {
        enum Key: String, CodingKey { case a, b, nested, list }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: .b)
            try container.encode("x", forKey: .a)
            try container.encode(2, forKey: .b)  // a repeated key keeps its first position, last value
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: .nested)
            try nested.encodeNil(forKey: .a)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            var inner = list.nestedUnkeyedContainer()
            try inner.encode("deep")
            try Inner(id: "s", weight: 1).encode(to: container.superEncoder())
            // A second request for a keyed container continues the same object.
            var again = encoder.container(keyedBy: DynamicCodingKey.self)
            try again.encode(true, forKey: "last")
        }
    }

    @Test func containersNestAndRepeatedKeysKeepTheirPlace() throws {
        let text = String(decoding: try JSONCoding.encode(Custom()), as: UTF8.self)
        #expect(
            text
                == #"{"b":2,"a":"x","nested":{"a":null},"list":[1,["deep"]],"super":{"id":"s","weight":1.0},"last":true}"#
        )
    }

    /// Past 16 members repeated keys are found through an index instead of a scan.
    struct Wide: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicCodingKey.self)
            for index in 0..<20 { try container.encode(index, forKey: DynamicCodingKey("k\(index)")) }
            try container.encode("again", forKey: "k3")
            try container.encode("again", forKey: "k18")
            try container.encode(true, forKey: "k20")
        }
    }

    @Test func wideObjectsKeepOrderAndReplaceRepeatedKeys() throws {
        let value = try JSONCoding.decode(JSONValue.self, from: JSONCoding.encode(Wide()))
        let object = try #require(value.objectValue)
        #expect(object.keys == (0...20).map { "k\($0)" })
        #expect(object["k3"] == "again" && object["k18"] == "again" && object["k17"] == 17 && object["k20"] == true)
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    struct Broken: Encodable {
        var value: Double
        var unsigned: UInt64 = 0
    }

    @Test func edgeValues() throws {
        #expect(String(decoding: try JSONCoding.encode(Nothing()), as: UTF8.self) == "{}")
        #expect(String(decoding: try JSONCoding.encode([Optional<Int>.none, 1]), as: UTF8.self) == "[null,1]")
        #expect(String(decoding: try JSONCoding.encode("é\u{01}"), as: UTF8.self) == #""é\u0001""#)
        // Beyond Int64 is written exactly, as JSONEncoder does, not refused.
        #expect(
            String(decoding: try JSONCoding.encode(Broken(value: 1, unsigned: UInt64.max)), as: UTF8.self)
                == #"{"value":1.0,"unsigned":18446744073709551615}"#)
        for bad in [Broken(value: .nan), Broken(value: .infinity)] {
            do {
                _ = try JSONCoding.encode(bad)
                Issue.record("\(bad) must not encode")
            } catch let EncodingError.invalidValue(_, context) {
                #expect(context.codingPath.count == 1)
            }
        }
    }
}
