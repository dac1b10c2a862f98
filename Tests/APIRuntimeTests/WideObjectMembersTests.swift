@testable import APIRuntime
import Foundation
import Testing

/// A wide object's repeats are settled and its index built once the parser reaches its end
/// (`WideObjectMembers`): the result must be what setting the members one by one makes, and the
/// index must agree with the members.
@Suite("Wide object members")
struct WideObjectMembersTests {
    /// What setting each member in turn makes: a repeat keeps the first position, takes the last value.
    static func expected(_ pairs: [(key: String, value: JSONValue)]) -> JSONObject {
        var object = JSONObject()
        for pair in pairs { object[pair.key] = pair.value }
        return object
    }

    static func text(_ pairs: [(key: String, value: String)]) -> String {
        "{" + pairs.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
    }

    static func parse(_ pairs: [(key: String, value: String)]) throws -> JSONObject {
        try #require(try JSONValue(parsing: Data(text(pairs).utf8)).objectValue)
    }

    /// Several names repeated in several groups and orders, before and after the object gets
    /// wide, with values that are counted references (arrays, objects, long strings): each
    /// ends at its first position with its last value.
    @Test func repeatsInManyGroupsKeepFirstPositionAndLastValue() throws {
        var pairs: [(key: String, value: String)] = []
        for index in 0..<20 { pairs.append(("early\(index)", "\(index)")) }
        pairs.append(("early3", "[\"small-repeat\"]"))
        for index in 0..<500 { pairs.append(("m\(index)", "{\"v\":\(index)}")) }
        // Reverse order, every third name, then a long string value.
        for index in stride(from: 499, through: 0, by: -3) {
            pairs.append(("m\(index)", "\"a long string value that is not stored inline \(index)\""))
        }
        for index in stride(from: 0, to: 20, by: 2) { pairs.append(("early\(index)", "[\(index),\(index)]")) }
        pairs.append(("last", "null"))
        for index in stride(from: 0, to: 500, by: 7) { pairs.append(("m\(index)", "\(-index)")) }
        let parsed = try Self.parse(pairs)
        let reference = Self.expected(
            try pairs.map { (key: $0.key, value: try JSONValue(parsing: Data($0.value.utf8))) })
        #expect(parsed.keys == reference.keys)
        #expect(parsed == reference)
        #expect(JSONObjectTests.indexIsConsistent(parsed))
        #expect(parsed.count == 521)
        #expect(parsed["m0"] == .integer(0) && parsed["m2"] == .object(["v": 2]))
        #expect(parsed["m496"] == "a long string value that is not stored inline 496")
        #expect(parsed["early4"] == .array([4, 4]) && parsed["early3"] == .array(["small-repeat"]))
        #expect(parsed.keys.prefix(3) == ["early0", "early1", "early2"] && parsed.keys.last == "last")
    }

    /// One name many thousands of times among distinct ones: settled in linear time, one member.
    @Test func aNameRepeatedManyTimes() throws {
        var pairs: [(key: String, value: String)] = (0..<100).map { ("d\($0)", "\($0)") }
        for round in 0..<20_000 { pairs.append(("hot", "\(round)")) }
        pairs.append(("d50", "\"changed\""))
        let parsed = try Self.parse(pairs)
        #expect(parsed.count == 101)
        #expect(parsed["hot"] == .integer(19_999) && parsed.keys.last == "hot")
        #expect(parsed["d50"] == "changed" && parsed.keys[50] == "d50")
        #expect(JSONObjectTests.indexIsConsistent(parsed))
    }

    /// After parsing, the object is edited as any other: removal, insertion, replacement and
    /// `kept(where:)` keep the index in step.
    @Test func aParsedWideObjectWithRepeatsCanBeEdited() throws {
        var pairs: [(key: String, value: String)] = (0..<200).map { ("e\($0)", "\($0)") }
        pairs += (0..<200).filter { $0 % 5 == 0 }.map { ("e\($0)", "\"again\"") }
        var object = try Self.parse(pairs)
        #expect(object.count == 200 && object["e10"] == "again")
        object["e10"] = nil
        object["e11"] = "eleven"
        object["fresh"] = true
        #expect(object.count == 200 && object["e10"] == nil && object["e11"] == "eleven")
        #expect(object.keys.last == "fresh" && object.keys[10] == "e11")
        #expect(JSONObjectTests.indexIsConsistent(object))
        let kept = object.kept { $0 != "e0" && $0 != "e199" }
        #expect(kept.count == 198 && kept["e5"] == "again" && kept["e0"] == nil)
        #expect(JSONObjectTests.indexIsConsistent(kept))
        let half = object.kept { $0.hasSuffix("1") || $0.hasSuffix("2") || $0 == "fresh" }
        #expect(JSONObjectTests.indexIsConsistent(half) && half.keys.last == "fresh")
    }

    /// Distinct names that share their hash bits (which a sender cannot arrange: the hash is
    /// seeded per process) are told apart by their text, and their repeats still settle.
    @Test func namesSharingHashBitsAreToldApart() throws {
        var members = WideObjectMembers([])
        var pairs: [(key: String, value: JSONValue)] = []
        func add(_ key: String, _ value: JSONValue) {
            // Four names to a hash value, and few values for all.
            let bits = UInt64(key.utf8.reduce(0) { $0 + Int($1) } / 4 % 3)
            members.append(key, value, hashBits: bits)
            pairs.append((key: key, value: value))
        }
        for index in 0..<60 { add("s\(index)", .integer(Int64(index))) }
        for index in stride(from: 59, through: 0, by: -2) { add("s\(index)", .string("second \(index)")) }
        for index in stride(from: 0, to: 60, by: 3) { add("s\(index)", .array([.integer(Int64(index))])) }
        add("new", .null)
        let object = members.object()
        let expected = Self.expected(pairs)
        #expect(object.keys == expected.keys)
        #expect(object == expected)
        let index = try #require(object.index)
        #expect(index.count == object.count)
        for (position, member) in object.members.enumerated() {
            let bits = UInt64(member.key.utf8.reduce(0) { $0 + Int($1) } / 4 % 3)
            #expect(
                index.position(of: member.key, hash: Int(bitPattern: UInt(bits << 32)), in: object.members) == position)
        }
    }

    /// The radix sort orders by the chosen bits only and keeps equal ones in their order.
    @Test func theRadixSortIsStableOnItsBits() {
        var generator = SystemRandomNumberGenerator()
        for (bits, low, count) in [(32, 32, 5_000), (20, 32, 3_000), (5, 40, 1_000), (11, 0, 2_049), (1, 63, 10)] {
            let mask = (UInt64(1) << bits) - 1
            var entries = (0..<count).map {
                UInt64($0) | (UInt64.random(in: 0...UInt64.max, using: &generator) & (mask << low))
            }
            let expected = entries.enumerated().sorted {
                ($0.element >> low) & mask == ($1.element >> low) & mask
                    ? $0.offset < $1.offset : ($0.element >> low) & mask < ($1.element >> low) & mask
            }.map(\.element)
            WideObjectMembers.sort(&entries, bits: bits, from: low)
            #expect(entries == expected, "bits \(bits) from \(low)")
        }
    }
}
