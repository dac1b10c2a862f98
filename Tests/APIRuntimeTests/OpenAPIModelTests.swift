import Foundation
import Testing

@testable import APIRuntime

/// `OpenAPIModel`'s shared equality and hashing: a model is equal to another when both would be
/// sent alike, and hashing agrees with that.
@Suite struct OpenAPIModelTests {
    /// The generated shape: named members, then the typed members the schema does not name.
    struct Account: OpenAPIModel {
        let name: String
        let limit: Double?
        let tags: [String: Int]
        let extra: JSONObject

        init(name: String, limit: Double? = nil, tags: [String: Int] = [:], extra: JSONObject = [:]) {
            self.name = name
            self.limit = limit
            self.tags = tags
            self.extra = extra
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: DynamicCodingKey.self)
            try self.init(
                name: container.decode("name"), limit: container.decodeIfPresent("limit"),
                tags: container.decode("tags"), extra: container.decode("extra"))
        }

        func encode(to encoder: any Encoder) throws {
            try MemberWriter(encoder).encode("name", name).encodeIfPresent("limit", limit).encode("tags", tags)
                .encode("extra", extra)
        }
    }

    enum Choice: OpenAPIModel {
        case text(String)
        case number(Int)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .number(let number): try container.encode(number)
            }
        }
    }

    private func hashOf<T: Hashable>(_ value: T) -> Int {
        var hasher = Hasher()
        value.hash(into: &hasher)
        return hasher.finalize()
    }

    @Test func equalMembersAreEqualAndHashAlike() {
        let one = Account(name: "a", limit: 2.5, tags: ["x": 1], extra: ["note": "n"])
        let two = Account(name: "a", limit: 2.5, tags: ["x": 1], extra: ["note": "n"])
        #expect(one == two)
        #expect(hashOf(one) == hashOf(two))
        #expect(Set([one, two]).count == 1)
    }

    @Test func anyDifferingMemberMakesThemDifferent() {
        let base = Account(name: "a", limit: 2.5, tags: ["x": 1], extra: ["note": "n"])
        #expect(base != Account(name: "b", limit: 2.5, tags: ["x": 1], extra: ["note": "n"]))
        #expect(base != Account(name: "a", limit: nil, tags: ["x": 1], extra: ["note": "n"]))
        #expect(base != Account(name: "a", limit: 2.5, tags: ["x": 2], extra: ["note": "n"]))
        #expect(base != Account(name: "a", limit: 2.5, tags: ["x": 1, "y": 1], extra: ["note": "n"]))
        #expect(base != Account(name: "a", limit: 2.5, tags: ["x": 1], extra: ["note": "m"]))
        #expect(base != Account(name: "a", limit: 2.5, tags: ["x": 1], extra: [:]))
        #expect(Set([base, Account(name: "b")]).count == 2)
    }

    @Test func memberOrderDoesNotMatter() {
        let one = Account(name: "a", extra: ["p": 1, "q": ["r": true, "s": [1, 2]]])
        let two = Account(name: "a", extra: ["q": ["s": [1, 2], "r": true], "p": 1])
        #expect(one == two)
        #expect(hashOf(one) == hashOf(two))
        // Arrays keep their order.
        #expect(one != Account(name: "a", extra: ["p": 1, "q": ["r": true, "s": [2, 1]]]))
        // A member of the same name under another key is no match.
        #expect(Account(name: "a", extra: ["p": 1, "q": 2]) != Account(name: "a", extra: ["p": 1, "r": 2]))
    }

    @Test func aValueThatCannotBeEncodedEqualsNothing() {
        let infinite = Account(name: "a", limit: .infinity)
        #expect(infinite != infinite)
        #expect(Account(name: "a", limit: 1) != infinite)
    }

    @Test func unionsCompareByTheirEncoding() {
        #expect(Choice.text("1") == Choice.text("1"))
        #expect(Choice.text("1") != Choice.number(1))
        #expect(hashOf(Choice.number(3)) == hashOf(Choice.number(3)))
    }

    @Test func decodedAndBuiltValuesAgree() throws {
        let decoded = try JSONCoding.decode(
            Account.self, from: Data(#"{"name":"a","tags":{"y":2,"x":1},"extra":{"k":[1]}}"#.utf8))
        #expect(decoded == Account(name: "a", tags: ["x": 1, "y": 2], extra: ["k": [1]]))
    }
}
