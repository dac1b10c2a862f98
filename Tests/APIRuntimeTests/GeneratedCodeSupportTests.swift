import Foundation
import Testing

@testable import APIRuntime

/// The helpers generated models and operations are written with: a model in the generated shape
/// (`init(from:)` handing every member to the memberwise initialiser, `encode(to:)` one
/// `MemberWriter` chain), through the SDK's tree coder and through Foundation's.
@Suite struct GeneratedCodeSupportTests {
    struct Model: Codable, Hashable {
        let id: String
        let note: String?
        let cleared: String?
        let colour: Nullable<String>?
        let at: Date
        let until: Date?
        let closedAt: Date?
        let additionalFields: JSONObject
        static let knownKeys: Set<String> = ["id", "note", "cleared", "colour", "at", "until", "closed_at"]

        init(
            id: String, note: String? = nil, cleared: String?, colour: Nullable<String>? = nil, at: Date,
            until: Date? = nil, closedAt: Date?, additionalFields: JSONObject = [:]
        ) {
            self.id = id
            self.note = note
            self.cleared = cleared
            self.colour = colour
            self.at = at
            self.until = until
            self.closedAt = closedAt
            self.additionalFields = additionalFields
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: DynamicCodingKey.self)
            try self.init(
                id: container.decode("id"), note: container.decodeIfPresent("note"),
                cleared: container.decodeIfPresent("cleared"), colour: container.decodeNullableIfPresent("colour"),
                at: container.decodeDateTime("at"), until: container.decodeDateTimeIfPresent("until"),
                closedAt: container.decodeDateTimeIfPresent("closed_at"),
                additionalFields: decoder.decodeAdditionalFields(excluding: Self.knownKeys))
        }

        // `cleared` and `closedAt` are required but nullable: always written, `null` when nil.
        func encode(to encoder: any Encoder) throws {
            try MemberWriter(encoder)
                .encode("id", id).encodeIfPresent("note", note).encode("cleared", cleared)
                .encodeIfPresent("colour", colour).encodeDateTime("at", at).encodeDateTimeIfPresent("until", until)
                .encodeDateTime("closed_at", closedAt).additionalFields(additionalFields)
        }
    }

    /// `additionalProperties: <schema>`: unknown members typed, written in key order.
    struct Counts: Codable, Hashable {
        let total: Int
        let additionalFields: [String: Int]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: DynamicCodingKey.self)
            total = try container.decode("total")
            additionalFields = try decoder.decodeAdditionalMembers(excluding: ["total"])
        }

        func encode(to encoder: any Encoder) throws {
            try MemberWriter(encoder).encode("total", total).additionalMembers(additionalFields)
        }
    }

    static let wire = Data(
        #"{"id":"a-1","note":null,"cleared":null,"colour":null,"at":"2024-05-01T12:00:00Z","closed_at":null,"x":[1,{"y":true}]}"#
            .utf8)

    static func decodeBothWays<T: Decodable & Equatable>(_ type: T.Type, _ data: Data) throws -> T {
        let tree = try JSONCoding.decode(T.self, from: data)
        #expect(try JSONDecoder().decode(T.self, from: data) == tree)
        return tree
    }

    @Test func decodingHandsEveryMemberToTheInitialiser() throws {
        let model = try Self.decodeBothWays(Model.self, Self.wire)
        #expect(model.id == "a-1")
        #expect(model.note == nil && model.cleared == nil && model.until == nil && model.closedAt == nil)
        #expect(model.colour == .null)
        #expect(model.at == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(model.additionalFields == ["x": [1, ["y": true]]])
    }

    @Test func aNullableMemberTellsAbsentFromNullFromAValue() throws {
        let absent = try Self.decodeBothWays(Model.self, Data(#"{"id":"a","at":"2024-05-01T12:00:00Z"}"#.utf8))
        let value = try Self.decodeBothWays(
            Model.self, Data(#"{"id":"a","at":"2024-05-01T12:00:00Z","colour":"red"}"#.utf8))
        #expect(absent.colour == nil)
        #expect(value.colour == .value("red"))
    }

    @Test func aMissingRequiredMemberOrABadDateIsAnError() {
        #expect(throws: DecodingError.self) {
            try JSONCoding.decode(Model.self, from: Data(#"{"at":"2024-05-01T12:00:00Z"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONCoding.decode(Model.self, from: Data(#"{"id":"a","at":"yesterday"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Model.self, from: Data(#"{"id":"a","at":"2024","until":"soon"}"#.utf8))
        }
    }

    @Test func encodingWritesMembersInOrderThenTheUnknownOnes() throws {
        let model = Model(
            id: "a-1", cleared: nil, colour: .null, at: Date(timeIntervalSince1970: 1_714_564_800.25),
            until: Date(timeIntervalSince1970: 0), closedAt: nil, additionalFields: ["x": 1])
        let text = String(decoding: try JSONCoding.encode(model), as: UTF8.self)
        #expect(
            text
                == #"{"id":"a-1","cleared":null,"colour":null,"at":"2024-05-01T12:00:00.25Z","until":"1970-01-01T00:00:00Z","closed_at":null,"x":1}"#
        )
        #expect(try JSONDecoder().decode(Model.self, from: JSONEncoder().encode(model)) == model)
    }

    @Test func typedUnknownMembersRoundTripInKeyOrder() throws {
        let counts = try Self.decodeBothWays(Counts.self, Data(#"{"total":3,"b":2,"a":1}"#.utf8))
        #expect(counts.total == 3 && counts.additionalFields == ["a": 1, "b": 2])
        #expect(String(decoding: try JSONCoding.encode(counts), as: UTF8.self) == #"{"total":3,"a":1,"b":2}"#)
    }

    /// A model's declared names as generated code passes them: `members(except:)` keeps the
    /// rest in wire order, through both decoders, for short name lists and for long ones.
    struct Declared: Decodable, Sendable, Equatable {
        static let few: MemberNames = ["id", "name", "created_at"]
        static let many = MemberNames(names: (0..<40).map { "member_\($0)" } + ["id"])
        let few: JSONObject
        let many: JSONObject

        init(from decoder: any Decoder) throws {
            few = try decoder.members(except: Self.few)
            many = try decoder.members(except: Self.many)
        }
    }

    @Test func membersExceptKeepsTheUndeclaredInWireOrder() throws {
        let data = Data(#"{"zeta":1,"id":"a","member_7":true,"name":"n","alpha":null,"member_39":2}"#.utf8)
        let declared = try JSONCoding.decode(Declared.self, from: data)
        #expect(declared.few.members.map(\.key) == ["zeta", "member_7", "alpha", "member_39"])
        #expect(declared.many.members.map(\.key) == ["zeta", "name", "alpha"])
        // Foundation's decoder does not keep member order on Linux: the same members, then.
        let foundation = try JSONDecoder().decode(Declared.self, from: data)
        #expect(Set(foundation.few.members.map(\.key)) == Set(declared.few.members.map(\.key)))
        #expect(Set(foundation.many.members.map(\.key)) == Set(declared.many.members.map(\.key)))
        #expect(Declared.few == ["created_at", "name", "id"])
        #expect(Declared.few.hashValue == MemberNames(arrayLiteral: "created_at", "id", "name").hashValue)
        #expect(Declared.few != ["id", "name"])
    }

    struct Problem: Decodable, Sendable, Equatable { let code: String }
    struct Fallback: Decodable, Sendable, Equatable { let message: String }

    @Test func anOperationsErrorTableDecodesByStatusThenRangeThenDefault() throws {
        let request = APIRequest(
            operationName: "op", method: .get, pathTemplate: "/p", path: "/p",
            errors: ["404": Problem.self, "5XX": Fallback.self])
        let decode = try #require(request.errorPayload)
        #expect(decode(404, Data(#"{"code":"gone"}"#.utf8)) as? Problem == Problem(code: "gone"))
        #expect(decode(503, Data(#"{"message":"down"}"#.utf8)) as? Fallback == Fallback(message: "down"))
        #expect(decode(400, Data(#"{"code":"bad"}"#.utf8)) == nil)
        #expect(decode(404, Data("not json".utf8)) == nil)
        #expect(request.security.isEmpty)
    }
}
