import Foundation

/// Encodes `Encodable` values into a `JSONValue` tree with object members in the order
/// `encode(to:)` adds them: generated request bodies come out in schema order and free-form
/// `JSONValue` members in the caller's order, the same on every platform and every run, with no
/// sorting (Linux `JSONEncoder` orders keys differently from one call to the next, which is why
/// the SDK used to sort them). Conventions follow `JSONEncoder`'s defaults: `Date` as seconds since
/// 2001, `Data` as base64, `URL` as its absolute string, a repeated key keeps its last value, and
/// non-finite numbers are refused.
struct TreeEncoder: Encoder {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let slot = EncodingSlot()
        try slot.encode(value, codingPath: [])
        return slot.build()
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(TreeKeyedEncodingContainer<Key>(object: slot.object(), codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        TreeUnkeyedEncodingContainer(array: slot.array(), codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        TreeSingleValueEncodingContainer(slot: slot, codingPath: codingPath)
    }
}

/// One value under construction: empty, a finished scalar or free-form node, or an object or
/// array still being filled by its containers.
final class EncodingSlot {
    enum Content {
        case empty
        case value(JSONValue)
        case object(ObjectBuilder)
        case array(ArrayBuilder)
    }

    final class ObjectBuilder {
        var members: [(key: String, slot: EncodingSlot)] = []
        var positions: [String: Int] = [:]

        /// The slot for `key`: a repeated key is written again in its first position.
        func slot(for key: String) -> EncodingSlot {
            let slot = EncodingSlot()
            if let position = positions[key] {
                members[position].slot = slot
            } else {
                positions[key] = members.count
                members.append((key, slot))
            }
            return slot
        }
    }

    final class ArrayBuilder {
        var items: [EncodingSlot] = []

        func append() -> EncodingSlot {
            let slot = EncodingSlot()
            items.append(slot)
            return slot
        }
    }

    var content = Content.empty

    /// Asking twice for a keyed container of one value continues the same object, as with
    /// `JSONEncoder`.
    func object() -> ObjectBuilder {
        if case .object(let builder) = content { return builder }
        let builder = ObjectBuilder()
        content = .object(builder)
        return builder
    }

    func array() -> ArrayBuilder {
        if case .array(let builder) = content { return builder }
        let builder = ArrayBuilder()
        content = .array(builder)
        return builder
    }

    func set(_ value: JSONValue) { content = .value(value) }

    /// Types are matched exactly (`T.self ==`), never by casting: on Apple platforms a cast can
    /// bridge through `NSNumber` and turn an `Int` into a `Bool`.
    func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        if T.self == JSONValue.self, let node = value as? JSONValue {
            set(node)
        } else if T.self == JSONObject.self, let object = value as? JSONObject {
            set(.object(object))
        } else if T.self == String.self, let text = value as? String {
            set(.string(text))
        } else if T.self == Date.self, let date = value as? Date {
            set(try Self.finite(date.timeIntervalSinceReferenceDate, codingPath))
        } else if T.self == Data.self, let bytes = value as? Data {
            set(.string(bytes.base64EncodedString()))
        } else if T.self == URL.self, let url = value as? URL {
            set(.string(url.absoluteString))
        } else {
            try value.encode(to: TreeEncoder(slot: self, codingPath: codingPath))
        }
    }

    static func finite(_ number: Double, _ codingPath: [any CodingKey]) throws -> JSONValue {
        guard number.isFinite else {
            throw EncodingError.invalidValue(
                number, .init(codingPath: codingPath, debugDescription: "\(number) cannot be written as JSON"))
        }
        return .double(number)
    }

    static func integer<T: BinaryInteger>(_ number: T, _ codingPath: [any CodingKey]) throws -> JSONValue {
        guard let exact = Int64(exactly: number) else {
            throw EncodingError.invalidValue(
                number, .init(codingPath: codingPath, debugDescription: "\(number) is beyond 64-bit signed integers"))
        }
        return .integer(exact)
    }

    /// The finished node. A value that encoded nothing becomes `{}`, as with `JSONEncoder`.
    func build() -> JSONValue {
        switch content {
        case .empty: return .object(JSONObject())
        case .value(let value): return value
        case .object(let builder):
            return .object(JSONObject(uniqueMembers: builder.members.map { (key: $0.key, value: $0.slot.build()) }))
        case .array(let builder): return .array(builder.items.map { $0.build() })
        }
    }
}

struct TreeKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: EncodingSlot.ObjectBuilder
    let codingPath: [any CodingKey]

    private func slot(_ key: Key) -> EncodingSlot { object.slot(for: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { slot(key).set(.null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { slot(key).set(.bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { slot(key).set(.string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        slot(key).set(try EncodingSlot.finite(value, codingPath + [key]))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        slot(key).set(try EncodingSlot.finite(Double(value), codingPath + [key]))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

    private func integer<T: BinaryInteger>(_ value: T, _ key: Key) throws {
        slot(key).set(try EncodingSlot.integer(value, codingPath + [key]))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try slot(key).encode(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(
            TreeKeyedEncodingContainer<NestedKey>(object: slot(key).object(), codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        TreeUnkeyedEncodingContainer(array: slot(key).array(), codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(slot: object.slot(for: "super"), codingPath: codingPath + [DynamicCodingKey("super")])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(slot: slot(key), codingPath: codingPath + [key])
    }
}

struct TreeUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let array: EncodingSlot.ArrayBuilder
    let codingPath: [any CodingKey]
    var count: Int { array.items.count }

    private var nextPath: [any CodingKey] { codingPath + [DynamicCodingKey(String(count))] }

    mutating func encodeNil() throws { array.append().set(.null) }
    mutating func encode(_ value: Bool) throws { array.append().set(.bool(value)) }
    mutating func encode(_ value: String) throws { array.append().set(.string(value)) }
    mutating func encode(_ value: Double) throws { array.append().set(try EncodingSlot.finite(value, nextPath)) }
    mutating func encode(_ value: Float) throws {
        array.append().set(try EncodingSlot.finite(Double(value), nextPath))
    }
    mutating func encode(_ value: Int) throws { try integer(value) }
    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }

    private func integer<T: BinaryInteger>(_ value: T) throws {
        let node = try EncodingSlot.integer(value, nextPath)
        array.append().set(node)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = nextPath
        try array.append().encode(value, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let path = nextPath
        return KeyedEncodingContainer(
            TreeKeyedEncodingContainer<NestedKey>(object: array.append().object(), codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        return TreeUnkeyedEncodingContainer(array: array.append().array(), codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return TreeEncoder(slot: array.append(), codingPath: path)
    }
}

struct TreeSingleValueEncodingContainer: SingleValueEncodingContainer {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.set(.null) }
    mutating func encode(_ value: Bool) throws { slot.set(.bool(value)) }
    mutating func encode(_ value: String) throws { slot.set(.string(value)) }
    mutating func encode(_ value: Double) throws { slot.set(try EncodingSlot.finite(value, codingPath)) }
    mutating func encode(_ value: Float) throws { slot.set(try EncodingSlot.finite(Double(value), codingPath)) }
    mutating func encode(_ value: Int) throws { slot.set(try EncodingSlot.integer(value, codingPath)) }
    mutating func encode(_ value: Int8) throws { slot.set(try EncodingSlot.integer(value, codingPath)) }
    mutating func encode(_ value: Int16) throws { slot.set(try EncodingSlot.integer(value, codingPath)) }
    mutating func encode(_ value: Int32) throws { slot.set(try EncodingSlot.integer(value, codingPath)) }
    mutating func encode(_ value: Int64) throws { slot.set(try EncodingSlot.integer(value, codingPath)) }
    mutating func encode(_ value: UInt) throws { slot.set(try EncodingSlot.integer(value, codingPath)) }
    mutating func encode(_ value: UInt8) throws { slot.set(try EncodingSlot.integer(value, codingPath)) }
    mutating func encode(_ value: UInt16) throws { slot.set(try EncodingSlot.integer(value, codingPath)) }
    mutating func encode(_ value: UInt32) throws { slot.set(try EncodingSlot.integer(value, codingPath)) }
    mutating func encode(_ value: UInt64) throws { slot.set(try EncodingSlot.integer(value, codingPath)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try slot.encode(value, codingPath: codingPath) }
}
