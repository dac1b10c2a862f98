@testable import APIRuntime
import Foundation
import Testing

/// `JSONObject` past `indexedWidth` members keeps each name's position, so a hostile answer
/// (many repeats of one name, a huge map) costs linear time to parse, decode and build. The
/// timing side is the adversarial row of `make bench`; here, that the index exists and agrees
/// with the members after every kind of change.
@Suite("JSONObject index")
struct JSONObjectTests {
    /// Every member's name maps to its own position, and nothing else is indexed.
    static func indexIsConsistent(_ object: JSONObject) -> Bool {
        guard let index = object.index else { return object.count <= JSONObject.indexedWidth }
        return index.count == object.count
            && object.members.enumerated().allSatisfy { object.position(of: $0.element.key) == $0.offset }
            && object.position(of: "not a member") == nil
    }

    static func wideText(distinct: Int, repeats: Int) -> String {
        var parts = (0..<distinct).map { "\"k\($0)\":\($0)" }
        parts += (0..<repeats).map { "\"k\(distinct - 1)\":\($0)" }
        return "{" + parts.joined(separator: ",") + "}"
    }

    @Test func parsedWideObjectWithRepeatsIsIndexedAndKeepsTheLastValue() throws {
        let value = try JSONValue(parsing: Data(Self.wideText(distinct: 40, repeats: 200).utf8))
        let object = try #require(value.objectValue)
        #expect(object.index != nil)
        #expect(Self.indexIsConsistent(object))
        #expect(object.count == 40)
        #expect(object["k39"] == .integer(199))
        #expect(object.keys.last == "k39")
    }

    /// A wide object's repeats are settled once it is read: the result must be what setting its
    /// members one by one makes, whether a name repeats among the first members, later, or
    /// many times over.
    @Test func parsedRepeatsReadAsSettingMemberByMember() throws {
        var pairs: [(key: String, value: Int)] = [("a", 0), ("b", 1), ("a", 2)]
        pairs += (0..<3_000).map { (key: "r\($0 % 1_000)", value: $0) }
        pairs += [("b", -1), ("z", 9), ("a", -2)]
        let text = "{" + pairs.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
        let parsed = try #require(try JSONValue(parsing: Data(text.utf8)).objectValue)
        var expected = JSONObject()
        for pair in pairs { expected[pair.key] = .integer(Int64(pair.value)) }
        #expect(parsed.keys == expected.keys)
        #expect(parsed == expected)
        #expect(Self.indexIsConsistent(parsed))
        #expect(parsed["r0"] == .integer(2_000) && parsed["a"] == .integer(-2) && parsed.keys.first == "a")
    }

    @Test func smallObjectsStayUnindexed() throws {
        let object = try #require(try JSONValue(parsing: Data(#"{"a":1,"b":2,"a":3}"#.utf8)).objectValue)
        #expect(object.index == nil)
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == .integer(3))
    }

    @Test func editsKeepTheIndexInStep() {
        var object = JSONObject((0..<40).map { (key: "m\($0)", value: JSONValue.integer(Int64($0))) })
        #expect(object.index != nil)
        object["m3"] = nil
        object["m29"] = nil
        object["m5"] = "five"
        object["new"] = true
        #expect(Self.indexIsConsistent(object))
        #expect(object.count == 39)
        #expect(object["m4"] == .integer(4) && object["m5"] == "five" && object["new"] == true)
        #expect(object["m3"] == nil && object["m29"] == nil)
        #expect(object.keys.last == "new")
    }

    @Test func growingPastTheWidthIndexes() {
        var object = JSONObject()
        for index in 0...JSONObject.indexedWidth { object["g\(index)"] = .integer(Int64(index)) }
        #expect(object.index != nil)
        #expect(Self.indexIsConsistent(object))
    }

    @Test func theIndexGrowsThroughManyInsertionsAndRepeats() throws {
        var object = JSONObject()
        for round in 0..<2 {
            for index in 0..<5_000 { object["n\(index)"] = .integer(Int64(index * 10 + round)) }
        }
        #expect(object.count == 5_000)
        #expect(Self.indexIsConsistent(object))
        #expect(object["n4999"] == .integer(49_991) && object["n0"] == .integer(1))
        let parsed = try #require(
            try JSONValue(parsing: Data(Self.wideText(distinct: 5_000, repeats: 5_000).utf8)).objectValue)
        #expect(Self.indexIsConsistent(parsed) && parsed.count == 5_000 && parsed["k4999"] == .integer(4_999))
    }

    @Test func equalityAndHashingIgnoreTheIndex() throws {
        let members = (0..<40).map { (key: "e\($0)", value: JSONValue.integer(Int64($0))) }
        let indexed = JSONObject(members)
        var grown = JSONObject()
        for member in members { grown[member.key] = member.value }
        let text = "{" + (0..<40).map { "\"e\($0)\":\($0)" }.joined(separator: ",") + "}"
        let parsed = try #require(try JSONValue(parsing: Data(text.utf8)).objectValue)
        let small = JSONObject(Array(members.prefix(3)))
        var shrunk = indexed
        for index in 3..<40 { shrunk["e\(index)"] = nil }
        #expect(shrunk.index != nil && small.index == nil)
        #expect(shrunk == small && shrunk.hashValue == small.hashValue)
        #expect(indexed == grown && grown == parsed)
        #expect(Set([indexed, grown, parsed]).count == 1)
    }

    @Test func wideMapDecodesEveryKeyThroughTheTree() throws {
        let count = 500
        let text = "{" + (0..<count).map { "\"key\($0)\":\($0)" }.joined(separator: ",") + "}"
        let map = try TreeDecoder.decode(
            [String: Int].self, from: JSONValue(parsing: Data(text.utf8)), codingPath: [])
        #expect(map.count == count)
        #expect((0..<count).allSatisfy { map["key\($0)"] == $0 })
    }

    /// A model's unknown members: its few declared names go and the index is carried over with
    /// shifted positions; leaving out many rebuilds it.
    @Test func keepingMembersCarriesTheIndexOver() throws {
        let text = "{" + (0..<300).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        let object = try #require(try JSONValue(parsing: Data(text.utf8)).objectValue)
        let declared: Set = ["k0", "k7", "k150", "k299"]
        let few = object.kept { !declared.contains($0) }
        #expect(few.count == 296 && Self.indexIsConsistent(few))
        #expect(few.keys == object.keys.filter { !declared.contains($0) })
        #expect(few["k8"] == .integer(8) && few["k298"] == .integer(298) && few["k150"] == nil)
        let many = object.kept { !$0.hasSuffix("5") }
        #expect(many.count == 270 && Self.indexIsConsistent(many))
        let most = object.kept { !$0.hasSuffix("5") && !$0.hasSuffix("6") }
        #expect(most.count == 240 && Self.indexIsConsistent(most))
        let small = object.kept { $0.count == 2 }
        #expect(small.count == 10 && small.index == nil && small["k9"] == .integer(9))
        let all = object.kept { _ in true }
        #expect(all == object && Self.indexIsConsistent(all))
    }

    /// `[String: T]` is read straight from the members; the result and the errors are the
    /// standard library's (checked against Foundation's decoder).
    @Test func mapsDecodeAsJSONDecoderDoes() throws {
        let text = #"{"a":{"x":1,"y":2},"b":{},"c":{"z":3}}"#
        let tree = try JSONValue(parsing: Data(text.utf8))
        let expected = try JSONDecoder().decode([String: [String: Int]].self, from: Data(text.utf8))
        #expect(try TreeDecoder.decode([String: [String: Int]].self, from: tree, codingPath: []) == expected)
        let bad = try JSONValue(parsing: Data(#"{"a":{"x":1},"b":{"y":"two"}}"#.utf8))
        do {
            _ = try TreeDecoder.decode([String: [String: Int]].self, from: bad, codingPath: [])
            Issue.record("a string decoded as Int")
        } catch DecodingError.dataCorrupted(let context) {
            // TreeScalars reports a string read as Int this way; the path is what matters here.
            #expect(context.codingPath.map(\.stringValue) == ["b", "y"])
        }
        do {
            _ = try TreeDecoder.decode([String: Int].self, from: .array([1]), codingPath: [])
            Issue.record("an array decoded as a map")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.isEmpty)
        }
        let wide = "{" + (0..<100).map { "\"m\($0)\":\($0)" }.joined(separator: ",") + ",\"m5\":-5}"
        let map = try TreeDecoder.decode(
            [String: Int].self, from: JSONValue(parsing: Data(wide.utf8)), codingPath: [])
        var wideExpected = Dictionary(uniqueKeysWithValues: (0..<100).map { ("m\($0)", $0) })
        wideExpected["m5"] = -5
        #expect(map == wideExpected)
    }
}
