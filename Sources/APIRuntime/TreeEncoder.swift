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

    /// Scalars are stored as finished nodes; only nested values get a slot of their own.
    enum Member {
        case value(JSONValue)
        case slot(EncodingSlot)

        func build() -> JSONValue {
            switch self {
            case .value(let value): return value
            case .slot(let slot): return slot.build()
            }
        }
    }

    final class ObjectBuilder {
        var members: [(key: String, member: Member)] = []
        /// Built only for large objects (dictionaries): small ones look a repeated key up by scanning.
        private var positions: [String: Int]?

        /// A repeated key is written again in its first position, with its last value.
        func set(_ member: Member, for key: String) {
            if let position = position(of: key) {
                members[position].member = member
                return
            }
            positions?[key] = members.count
            members.append((key, member))
            if positions == nil, members.count > 16 {
                positions = Dictionary(
                    members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
            }
        }

        func slot(for key: String) -> EncodingSlot {
            let slot = EncodingSlot()
            set(.slot(slot), for: key)
            return slot
        }

        private func position(of key: String) -> Int? {
            if let positions { return positions[key] }
            return members.firstIndex { $0.key == key }
        }

        func build() -> JSONObject {
            JSONObject(uniqueMembers: members.map { (key: $0.key, value: $0.member.build()) })
        }
    }

    final class ArrayBuilder {
        var items: [Member] = []

        func append(_ value: JSONValue) { items.append(.value(value)) }

        func append() -> EncodingSlot {
            let slot = EncodingSlot()
            items.append(.slot(slot))
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

    func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        if let node = try Self.node(value, codingPath) {
            set(node)
        } else {
            try value.encode(to: TreeEncoder(slot: self, codingPath: codingPath))
        }
    }

    /// The finished node for types written without an encoder of their own, else `nil`. Types
    /// are matched exactly (`T.self ==`), never by casting: on Apple platforms a cast can bridge
    /// through `NSNumber` and turn an `Int` into a `Bool`.
    static func node<T: Encodable>(_ value: T, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONValue? {
        if T.self == String.self, let text = value as? String { return .string(text) }
        if T.self == JSONValue.self, let node = value as? JSONValue { return node }
        if T.self == JSONObject.self, let object = value as? JSONObject { return .object(object) }
        if T.self == Date.self, let date = value as? Date {
            return try finite(date.timeIntervalSinceReferenceDate, codingPath())
        }
        if T.self == Data.self, let bytes = value as? Data { return .string(bytes.base64EncodedString()) }
        if T.self == URL.self, let url = value as? URL { return .string(url.absoluteString) }
        if T.self == Decimal.self, let decimal = value as? Decimal { return try number(decimal, codingPath()) }
        return nil
    }

    /// A number, as JSONEncoder writes a Decimal (not Decimal's own mantissa/exponent object):
    /// integral values exactly, others as the nearest Double.
    static func number(_ decimal: Decimal, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        guard !decimal.isNaN else {
            throw EncodingError.invalidValue(
                decimal, .init(codingPath: codingPath(), debugDescription: "NaN cannot be written as JSON"))
        }
        if let text = JSONValue.integerText(decimal) {
            if let small = Int64(text) { return .integer(small) }
            return .bigInteger(text)
        }
        return try finite(NSDecimalNumber(decimal: decimal).doubleValue, codingPath())
    }

    /// The coding path is built only for the error.
    static func finite(_ number: Double, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        guard number.isFinite else {
            throw EncodingError.invalidValue(
                number, .init(codingPath: codingPath(), debugDescription: "\(number) cannot be written as JSON"))
        }
        return .double(number)
    }

    static func integer<T: BinaryInteger>(_ number: T, _ codingPath: @autoclosure () -> [any CodingKey]) throws
        -> JSONValue
    {
        // Beyond Int64 (a large UInt64): the exact decimal text, as JSONEncoder writes it.
        guard let exact = Int64(exactly: number) else { return .bigInteger(String(number)) }
        return .integer(exact)
    }

    /// The finished node. A value that encoded nothing becomes `{}`, as with `JSONEncoder`.
    func build() -> JSONValue {
        switch content {
        case .empty: return .object(JSONObject())
        case .value(let value): return value
        case .object(let builder): return .object(builder.build())
        case .array(let builder): return .array(builder.items.map { $0.build() })
        }
    }
}

struct TreeKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: EncodingSlot.ObjectBuilder
    let codingPath: [any CodingKey]

    private func slot(_ key: Key) -> EncodingSlot { object.slot(for: key.stringValue) }
    private func set(_ value: JSONValue, _ key: Key) { object.set(.value(value), for: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try EncodingSlot.finite(value, codingPath + [key]), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try EncodingSlot.finite(Double(value), codingPath + [key]), key)
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
        set(try EncodingSlot.integer(value, codingPath + [key]), key)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let node = try EncodingSlot.node(value, codingPath + [key]) {
            set(node, key)
        } else {
            try slot(key).encode(value, codingPath: codingPath + [key])
        }
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

    mutating func encodeNil() throws { array.append(.null) }
    mutating func encode(_ value: Bool) throws { array.append(.bool(value)) }
    mutating func encode(_ value: String) throws { array.append(.string(value)) }
    mutating func encode(_ value: Double) throws { array.append(try EncodingSlot.finite(value, nextPath)) }
    mutating func encode(_ value: Float) throws { array.append(try EncodingSlot.finite(Double(value), nextPath)) }
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
        array.append(try EncodingSlot.integer(value, nextPath))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let node = try EncodingSlot.node(value, nextPath) {
            array.append(node)
        } else {
            let path = nextPath
            try array.append().encode(value, codingPath: path)
        }
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
