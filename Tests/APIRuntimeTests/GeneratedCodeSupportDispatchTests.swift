import Foundation
import Testing

@testable import APIRuntime

/// The type-inferred `decode(_:)` / `decodeIfPresent(_:)` reach the container's overload for a
/// scalar's own type, as a call naming the type does: through the generic overload the SDK's
/// tree decoder takes the nested-value path, which made a typical page 1.6× slower to decode.
@Suite struct GeneratedCodeSupportDispatchTests {
    final class Log: @unchecked Sendable { var calls: [String] = [] }

    struct SpyDecoder: Decoder {
        let log: Log
        var codingPath: [any CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] = [:]
        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
            KeyedDecodingContainer(SpyContainer<Key>(log: log))
        }
        func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Unsupported() }
        func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Unsupported() }
    }

    struct Unsupported: Error {}

    /// Every scalar overload answers with a value of its type and logs the type's name.
    struct SpyContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let log: Log
        var codingPath: [any CodingKey] = []
        var allKeys: [Key] { [] }
        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) -> Bool { false }
        func note<T>(_ value: T) -> T {
            log.calls.append("\(T.self)")
            return value
        }
        func decode(_ type: Bool.Type, forKey key: Key) -> Bool { note(true) }
        func decode(_ type: String.Type, forKey key: Key) -> String { note("s") }
        func decode(_ type: Double.Type, forKey key: Key) -> Double { note(1) }
        func decode(_ type: Float.Type, forKey key: Key) -> Float { note(1) }
        func decode(_ type: Int.Type, forKey key: Key) -> Int { note(1) }
        func decode(_ type: Int8.Type, forKey key: Key) -> Int8 { note(1) }
        func decode(_ type: Int16.Type, forKey key: Key) -> Int16 { note(1) }
        func decode(_ type: Int32.Type, forKey key: Key) -> Int32 { note(1) }
        func decode(_ type: Int64.Type, forKey key: Key) -> Int64 { note(1) }
        func decode(_ type: UInt.Type, forKey key: Key) -> UInt { note(1) }
        func decode(_ type: UInt8.Type, forKey key: Key) -> UInt8 { note(1) }
        func decode(_ type: UInt16.Type, forKey key: Key) -> UInt16 { note(1) }
        func decode(_ type: UInt32.Type, forKey key: Key) -> UInt32 { note(1) }
        func decode(_ type: UInt64.Type, forKey key: Key) -> UInt64 { note(1) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            log.calls.append("generic")
            throw Unsupported()
        }
        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> { throw Unsupported() }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw Unsupported() }
        func superDecoder() throws -> any Decoder { throw Unsupported() }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw Unsupported() }
    }

    struct Scalars {
        let text: String
        let flag: Bool?
        let count: Int
        let small: Int32?
        let big: Int64
        let ratio: Double?
        let weight: Float

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: DynamicCodingKey.self)
            text = try container.decode("text")
            flag = try container.decodeIfPresent("flag")
            count = try container.decode("count")
            small = try container.decodeIfPresent("small")
            big = try container.decode("big")
            ratio = try container.decodeIfPresent("ratio")
            weight = try container.decode("weight")
        }
    }

    @Test func scalarsReachTheirOwnOverloads() throws {
        let log = Log()
        _ = try Scalars(from: SpyDecoder(log: log))
        #expect(log.calls == ["String", "Bool", "Int", "Int32", "Int64", "Double", "Float"])
    }

    @Test func anyOtherTypeTakesTheGenericOverload() throws {
        let log = Log()
        let container = SpyDecoder(log: log).container(keyedBy: DynamicCodingKey.self)
        #expect(throws: Unsupported.self) { let _: [String] = try container.decode("list") }
        #expect(throws: Unsupported.self) { let _: JSONValue? = try container.decodeIfPresent("free") }
        #expect(log.calls == ["generic", "generic"])
    }
}
