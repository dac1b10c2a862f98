@testable import APIRuntime
import Foundation
import Testing

@Suite("JSONValue parsing")
struct JSONValueParserTests {
    @Test func keepsMemberOrderAndLargeIntegers() throws {
        let text = #"{"zeta": 1, "alpha": {"m": 9223372036854775807, "b": -9223372036854775808}, "mid": [1.5, "x", null, true]}"#
        let value = try JSONValue(parsing: Data(text.utf8))
        #expect(value.objectValue?.keys == ["zeta", "alpha", "mid"])
        #expect(value["alpha"]?.objectValue?.keys == ["m", "b"])
        #expect(value["alpha"]?["m"] == .integer(Int64.max) && value["alpha"]?["b"] == .integer(Int64.min))
        #expect(value["mid"] == [1.5, "x", nil, true])
        let viaCoding = try JSONCoding.decode(JSONValue.self, from: Data(text.utf8))
        #expect(viaCoding == value)
        #expect(try JSONValue(parsing: value.jsonData()) == value, "writing keeps order too")
        #expect(String(decoding: value.jsonData(), as: UTF8.self).hasPrefix(#"{"zeta":1,"alpha""#))
    }

    @Test func stringsEscapesAndSurrogates() throws {
        let value = try JSONValue(parsing: Data(#"["a\"b\\c\/d\n\t", "\u00e9\ud83d\ude80", "plain ü"]"#.utf8))
        #expect(value == ["a\"b\\c/d\n\t", "é🚀", "plain ü"])
        #expect(try JSONValue(parsing: value.jsonData()) == value)
    }

    @Test func literalsAndEveryKindOfWhitespace() throws {
        let value = try JSONValue(parsing: Data(" \r\n\t[true ,\tfalse\r\n, null ] \n".utf8))
        #expect(value == [true, false, nil])
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":}", "01", "1.", "\"\\x\"", "\"\u{01}\"", "tru", "[1] 2", "\"\\ud800\"", "{\"a\" 1}",
        "nulL", "[true,falsE]", "\u{0B}1", "[1,\u{0C}2]",
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ])
    func rejectsMalformedInput(_ text: String) {
        #expect(throws: DecodingError.self) { try JSONValue(parsing: Data(text.utf8)) }
    }
}

@Suite("Response decoding")
struct ResponseDecodingTests {
    struct Shape: Decodable, Sendable {
        let id: Int
    }

    /// The SDK throws only its four error types: an undecodable body is a contract violation.
    @Test func undecodableBodyIsAnSDKError() {
        let response = RawResponse(statusCode: 200, body: Data(#"{"id": "not a number"}"#.utf8))
        do {
            _ = try response.decode(Shape.self)
            Issue.record("decoding should fail")
        } catch let error as EngineError {
            #expect(error.context["status"] == "200")
            #expect(error.context["detail"]?.contains(".id") == true)
            #expect(error.underlyingError is DecodingError)
        } catch {
            Issue.record("unexpected \(type(of: error))")
        }
    }
}

/// Unknown members: the tree decoder's direct path and the keyed-container path every other
/// decoder takes must keep the same members with the same values.
@Suite("Additional members")
struct AdditionalMembersTests {
    struct Open: Decodable, Sendable {
        let id: String?
        let additionalFields: JSONObject
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: DynamicCodingKey.self)
            id = try container.decodeIfPresent(String.self, forKey: "id")
            additionalFields = try decoder.decodeAdditionalFields(excluding: ["id"])
        }
    }

    struct Typed: Decodable, Sendable {
        let additionalFields: [String: Int]
        init(from decoder: any Decoder) throws {
            additionalFields = try decoder.decodeAdditionalMembers(excluding: ["kind"])
        }
    }

    static let body = Data(#"{"zeta": [1, {"b": null}], "id": "d-1", "alpha": {"y": 2, "x": 1.5}, "mid": "é"}"#.utf8)

    @Test func treeAndFoundationPathsAgree() throws {
        let tree = try JSONCoding.decode(Open.self, from: Self.body)
        let foundation = try JSONDecoder().decode(Open.self, from: Self.body)
        #expect(tree.id == "d-1" && foundation.id == "d-1")
        // The tree path keeps wire order; Foundation's order is its own, so compare by name.
        #expect(tree.additionalFields.keys == ["zeta", "alpha", "mid"])
        #expect(Set(foundation.additionalFields.keys) == Set(tree.additionalFields.keys))
        for (key, value) in tree.additionalFields {
            // Foundation's member order is its own: compare with sorted keys.
            let sorted = JSONEncoder()
            sorted.outputFormatting = .sortedKeys
            let other = try #require(foundation.additionalFields[key])
            #expect(try sorted.encode(other) == sorted.encode(value))
        }
        #expect(tree.additionalFields["alpha"]?.objectValue?.keys == ["y", "x"])
    }

    @Test func typedMembersDecodeThroughEitherPathAndFailWithTheirPath() throws {
        let body = Data(#"{"kind": "k", "a": 1, "b": 2}"#.utf8)
        #expect(try JSONCoding.decode(Typed.self, from: body).additionalFields == ["a": 1, "b": 2])
        #expect(try JSONDecoder().decode(Typed.self, from: body).additionalFields == ["a": 1, "b": 2])
        do {
            _ = try JSONCoding.decode(Typed.self, from: Data(#"{"a": 1, "b": "two"}"#.utf8))
            Issue.record("a mistyped member must fail")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["b"])
        }
    }

    @Test func aNonObjectIsATypeMismatch() {
        #expect(throws: DecodingError.self) { try JSONCoding.decode(Open.self, from: Data("[1]".utf8)) }
    }
}

@Suite("RFC 3339 timestamps")
struct DateTimeCodingTests {
    @Test(arguments: [
        ("2026-11-29T20:38:00Z", "2026-11-29T20:38:00Z"),
        ("2026-11-29T20:38:00.25Z", "2026-11-29T20:38:00.25Z"),
        ("2026-11-29T17:38:00.123456-03:00", "2026-11-29T20:38:00.123456Z"),
        ("2026-11-29t20:38:00+00:00", "2026-11-29T20:38:00Z"),
        ("1969-12-31T23:59:59.5Z", "1969-12-31T23:59:59.5Z"),
        ("2024-02-29T00:00:00Z", "2024-02-29T00:00:00Z"),
    ])
    func parsesAnyOffsetAndWritesCanonicalUTC(_ input: String, _ canonical: String) throws {
        let date = try #require(DateTimeCoding.parse(input))
        #expect(DateTimeCoding.format(date) == canonical)
        #expect(DateTimeCoding.parse(canonical) == date)
    }

    @Test(arguments: ["2026-02-30T00:00:00Z", "2026-11-29 20:38", "2026-11-29T20:38:00", "2026-11-29T24:00:00Z", "x"])
    func rejectsMalformed(_ input: String) {
        #expect(DateTimeCoding.parse(input) == nil)
    }
}

@Suite("Envelope probe")
struct EnvelopeProbeTests {
    @Test(arguments: [
        (#"{"status": 200, "message": "", "data": {"status": "pending", "items": [1, {"a": "\"x\""}]}}"#, 200 as Int?),
        (#"{"data": [], "status": 422}"#, 422),
        (#"{"status": "400", "message": "bad"}"#, 400),
        (#"{"status": "pending", "id": "x"}"#, nil),
        (#"{"access_token": "t", "status": 1}"#, nil),
        ("[1, 2, 3]", nil),
        (#""plain""#, nil),
    ])
    func readsTheTopLevelStatusOnly(_ body: String, _ expected: Int?) throws {
        let probe = try #require(JSONMemberProbe(Data(body.utf8), capture: ["status"], notice: ["message", "data"]))
        let status: Int?
        switch probe.captured["status"] {
        case .integer(let value)? where !probe.noticed.isEmpty: status = Int(value)
        case .string(let text)? where !probe.noticed.isEmpty: status = Int(text)
        default: status = nil
        }
        #expect(status == expected)
    }

    @Test(arguments: ["", "{", #"{"status": 200,}"#, #"{"a": [1 2]}"#, "nul", #"{"a": "x"} extra"#, "<html>"])
    func rejectsWhatIsNotJSON(_ body: String) {
        #expect(JSONMemberProbe(Data(body.utf8), capture: ["status"]) == nil)
    }
}
