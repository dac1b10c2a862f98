import Foundation
import Testing

@testable import APIRuntime

/// A model in the generated shape of an `allOf` of a union and an object: the union decodes the
/// whole object, the model's own members their keys, and `MemberWriter(_:startingWith:except:)`
/// writes both into one object, the model's own members carrying a key both name.
@Suite struct ComposedModelTests {
    /// Stands in for a generated union: a discriminated member, or anything else kept as sent.
    enum Change: Codable, Hashable {
        case created(JSONObject)
        case unknown(JSONValue)

        init(from decoder: any Decoder) throws {
            let value = try JSONValue(from: decoder)
            if case .object(let object) = value, object["type"] == "created" {
                self = .created(object)
            } else {
                self = .unknown(value)
            }
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .created(let object): try object.encode(to: encoder)
            case .unknown(let value): try value.encode(to: encoder)
            }
        }
    }

    struct Event: Codable, Hashable {
        let change: Change
        let sequenceNumber: Int
        static let knownKeys: MemberNames = ["sequence_number"]

        init(change: Change, sequenceNumber: Int) {
            self.change = change
            self.sequenceNumber = sequenceNumber
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: DynamicCodingKey.self)
            try self.init(change: Change(from: decoder), sequenceNumber: container.decode("sequence_number"))
        }

        func encode(to encoder: any Encoder) throws {
            try MemberWriter(encoder, startingWith: change, except: Self.knownKeys)
                .encode("sequence_number", sequenceNumber)
        }
    }

    static let wire = #"{"type":"created","id":"c1","sequence_number":4,"extra":true}"#

    @Test func bothPartsDecodeFromOneObjectAndEncodeBackIntoIt() throws {
        let event = try JSONCoding.decode(Event.self, from: Data(Self.wire.utf8))
        #expect(event.sequenceNumber == 4)
        guard case .created(let object) = event.change else {
            Issue.record("the union did not decode its member: \(event.change)")
            return
        }
        #expect(object["id"] == "c1" && object["extra"] == true)
        // The union's members first, then the model's own.
        #expect(
            String(decoding: try JSONCoding.encode(event), as: UTF8.self)
                == #"{"type":"created","id":"c1","extra":true,"sequence_number":4}"#)
    }

    /// A key both name carries the model's own value, written once, through either encoder.
    @Test func theModelsOwnMemberWinsAKeyBothName() throws {
        let event = Event(
            change: .created(["type": "created", "id": "c1", "sequence_number": 1]), sequenceNumber: 9)
        #expect(
            String(decoding: try JSONCoding.encode(event), as: UTF8.self)
                == #"{"type":"created","id":"c1","sequence_number":9}"#)
        // Foundation's encoder orders keys its own way.
        let foundation = try #require(try JSONValue(parsing: JSONEncoder().encode(event)).objectValue)
        #expect(foundation.keys.sorted() == ["id", "sequence_number", "type"])
        #expect(foundation["sequence_number"] == 9 && foundation["id"] == "c1")
    }

    /// A union value that is not an object cannot share one: an error, from either encoder,
    /// rather than a member silently replaced.
    @Test func aUnionValueThatIsNotAnObjectIsRefused() throws {
        let event = Event(change: .unknown("text"), sequenceNumber: 1)
        #expect(throws: EncodingError.self) { try JSONCoding.encode(event) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(event) }
    }
}
