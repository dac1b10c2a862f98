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
}
