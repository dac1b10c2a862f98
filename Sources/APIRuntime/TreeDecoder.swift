import Foundation

/// Decodes `Decodable` values from a parsed `JSONValue` tree. `JSONCoding.decode` parses with
/// `JSONValue(parsing:)` and decodes with this: object member order survives into `JSONValue`
/// and `JSONObject` members (Foundation's decoder loses it on Linux), free-form members are the
/// parsed nodes themselves, and listing a container's keys costs no boxing. Defaults follow
/// `JSONDecoder`'s: `Date` as seconds since 2001, `Data` as base64, `URL` as a string.
struct TreeDecoder: Decoder {
    let value: JSONValue
    /// The path is built only when asked for (errors, custom `init(from:)`s): building it for
    /// every member was a large share of decoding time.
    let parent: TreePath
    let key: (any CodingKey)?
    var path: TreePath { key.map { parent.appending($0) } ?? parent }
    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(value: JSONValue, codingPath: [any CodingKey]) {
        self.value = value
        parent = TreePath(codingPath)
        key = nil
    }

    init(value: JSONValue, path: TreePath) {
        self.value = value
        parent = path
        key = nil
    }

    init(value: JSONValue, parent: TreePath, key: any CodingKey) {
        self.value = value
        self.parent = parent
        self.key = key
    }

    func object() throws -> JSONObject {
        guard case .object(let object) = value else {
            throw DecodingError.typeMismatch(
                [String: Any].self,
                .init(codingPath: codingPath, debugDescription: "Expected an object, found \(value.kind)"))
        }
        return object
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(TreeKeyedContainer<Key>(object: try object(), path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else {
            throw DecodingError.typeMismatch(
                [Any].self, .init(codingPath: codingPath, debugDescription: "Expected an array, found \(value.kind)"))
        }
        return TreeUnkeyedContainer(items: items, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TreeSingleValue(value: value, path: path)
    }

    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, parent: TreePath, key: any CodingKey)
        throws -> T
    {
        try decode(type, from: value, decoder: TreeDecoder(value: value, parent: parent, key: key))
    }

    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, codingPath: [any CodingKey]) throws -> T {
        try decode(type, from: value, decoder: TreeDecoder(value: value, codingPath: codingPath))
    }

    /// Decodes `type` from `value`, taking the tree's own node for free-form types.
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, decoder: TreeDecoder) throws -> T {
        if T.self == JSONValue.self, let node = value as? T { return node }
        if T.self == JSONObject.self, case .object(let object) = value, let node = object as? T { return node }
        if case .object(let object) = value, let map = T.self as? any TreeStringKeyedMap.Type,
            let decoded = try map.decodeMembers(of: object, path: decoder.path) as? T
        {
            return decoded
        }
        if T.self == Date.self {
            let seconds = try TreeScalars.double(value, decoder.codingPath)
            if let date = Date(timeIntervalSinceReferenceDate: seconds) as? T { return date }
        }
        if T.self == Decimal.self {
            // From the number's text, as JSONDecoder does: exact, also for `.bigInteger`
            // (Decimal's own Codable form is an object of mantissa and exponent).
            let text: String?
            switch value {
            case .integer(let number): text = String(number)
            case .bigInteger(let digits): text = digits
            case .double(let number): text = "\(number)"
            default: text = nil
            }
            guard let text, let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw TreeScalars.mismatch(Decimal.self, value, { decoder.codingPath })
            }
            if let number = decimal as? T { return number }
        }
        if T.self == Data.self {
            guard case .string(let text) = value, let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "Expected base64 text"))
            }
            if let bytes = data as? T { return bytes }
        }
        if T.self == URL.self {
            guard case .string(let text) = value, let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "Expected a URL"))
            }
            if let address = url as? T { return address }
        }
        return try T(from: decoder)
    }
}

/// A `[String: Value]` decoded straight from the object's members, in order, into a dictionary
/// sized once: the standard library's `init(from:)` looks every name up again (through the
/// object's index) and grows its dictionary as it goes, and for a map of hundreds of thousands
/// of names both tables outgrow the caches. The result and the errors are the same: names are
/// already distinct (a repeated name kept its last value), and a value's error names its key.
protocol TreeStringKeyedMap {
    static func decodeMembers(of object: JSONObject, path: TreePath) throws -> Self
}

extension Dictionary: TreeStringKeyedMap where Key == String, Value: Decodable {
    static func decodeMembers(of object: JSONObject, path: TreePath) throws -> Self {
        var map = Self(minimumCapacity: object.count)
        for member in object.members {
            map[member.key] = try TreeDecoder.decode(
                Value.self, from: member.value, parent: path, key: DynamicCodingKey(member.key))
        }
        return map
    }
}

extension JSONValue {
    var kind: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .bigInteger, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// Scalar conversions with `JSONDecoder`'s rules: numbers convert only when exact.
enum TreeScalars {
    static func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: () -> [any CodingKey]) -> DecodingError {
        DecodingError.typeMismatch(
            type, .init(codingPath: path(), debugDescription: "Expected \(type), found \(value.kind)"))
    }

    static func bool(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(Bool.self, value, path) }
        return flag
    }

    static func string(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> String {
        switch value {
        case .string(let text): return text
        // The one exact way to hold an integer beyond 64 bits in a typed model.
        case .bigInteger(let digits): return digits
        default: throw mismatch(String.self, value, path)
        }
    }

    static func double(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> Double {
        switch value {
        case .integer(let number): return Double(number)
        case .double(let number): return number
        case .bigInteger(let digits):
            if let number = Double(digits), number.isFinite { return number }
            throw DecodingError.dataCorrupted(
                .init(codingPath: path(), debugDescription: "\(digits) does not fit in a Double"))
        default: throw mismatch(Double.self, value, path)
        }
    }

    static func integer<T: FixedWidthInteger>(
        _ type: T.Type, _ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]
    )
        throws -> T
    {
        if case .integer(let number) = value, let exact = T(exactly: number) { return exact }
        // The only type it can return is `type`.
        return try unusualInteger(type, value, path()) as! T
    }

    /// Integers written as `2.0` or beyond 64 bits, and the error. Not generic: the ten integer
    /// types share this one body, and one copy of the standard library's digit parser reached
    /// through the type's witness table, instead of a specialised copy each (~40 KB of an app,
    /// issue 17); the common case above stays specialised.
    @inline(never)
    static func unusualInteger(
        _ type: any FixedWidthInteger.Type, _ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]
    ) throws -> any FixedWidthInteger {
        switch value {
        case .double(let number):
            if let exact = type.init(exactly: number) { return exact }
        case .bigInteger(let digits):
            // UInt64 above Int64.max (and any wider type) reads the exact text.
            if let exact = type.init(digits, radix: 10) { return exact }
        default: break
        }
        throw DecodingError.dataCorrupted(
            .init(codingPath: path(), debugDescription: "Expected \(type), found \(value.kind) that does not fit"))
    }
}

struct TreeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let path: TreePath
    var codingPath: [any CodingKey] { path.keys }

    var allKeys: [Key] { object.members.compactMap { Key(stringValue: $0.key) } }

    /// A wide object (a `[String: T]` map) looks names up through its index, so decoding it
    /// stays linear; a small one scans.
    private func member(_ key: Key) -> JSONValue? { object.value(forKey: key.stringValue) }

    private func required(_ key: Key) throws -> JSONValue {
        guard let value = member(key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value for \"\(key.stringValue)\""))
        }
        return value
    }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    func contains(_ key: Key) -> Bool { member(key) != nil }
    func decodeNil(forKey key: Key) throws -> Bool { try required(key) == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try TreeScalars.bool(required(key), path(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try TreeScalars.string(required(key), path(key))
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try TreeScalars.double(required(key), path(key))
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        Float(try TreeScalars.double(required(key), path(key)))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try TreeScalars.integer(Int.self, required(key), path(key))
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try TreeScalars.integer(Int8.self, required(key), path(key))
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try TreeScalars.integer(Int16.self, required(key), path(key))
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try TreeScalars.integer(Int32.self, required(key), path(key))
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try TreeScalars.integer(Int64.self, required(key), path(key))
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try TreeScalars.integer(UInt.self, required(key), path(key))
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try TreeScalars.integer(UInt8.self, required(key), path(key))
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try TreeScalars.integer(UInt16.self, required(key), path(key))
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try TreeScalars.integer(UInt32.self, required(key), path(key))
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try TreeScalars.integer(UInt64.self, required(key), path(key))
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try TreeDecoder.decode(type, from: required(key), parent: path, key: key)
    }

    // One lookup instead of the default's contains + decodeNil + decode.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try present(key).map { try TreeScalars.bool($0, path(key)) }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try present(key).map { try TreeScalars.string($0, path(key)) }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try present(key).map { try TreeScalars.double($0, path(key)) }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try present(key).map { try TreeScalars.integer(Int.self, $0, path(key)) }
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try present(key).map { try TreeScalars.integer(Int64.self, $0, path(key)) }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try present(key).map { try TreeDecoder.decode(type, from: $0, parent: path, key: key) }
    }

    private func present(_ key: Key) -> JSONValue? {
        guard let value = member(key), value != .null else { return nil }
        return value
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try TreeDecoder(value: required(key), parent: path, key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TreeDecoder(value: required(key), parent: path, key: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        guard let key = Key(stringValue: "super") else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "No `super` key"))
        }
        return TreeDecoder(value: member(key) ?? .null, parent: path, key: key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoder(value: member(key) ?? .null, parent: path, key: key)
    }
}

struct TreeUnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let treePath: TreePath
    var codingPath: [any CodingKey] { treePath.keys }
    private(set) var currentIndex = 0

    init(items: [JSONValue], path: TreePath) {
        self.items = items
        treePath = path
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    /// Built only on demand (errors): `String(index)` per element was measurable.
    private var path: [any CodingKey] { codingPath + [DynamicCodingKey(String(currentIndex))] }

    private mutating func next() throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                JSONValue.self, .init(codingPath: path, debugDescription: "Unkeyed container is at its end"))
        }
        defer { currentIndex += 1 }
        return items[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let index = currentIndex
        return try TreeScalars.bool(next(), path(at: index))
    }
    mutating func decode(_ type: String.Type) throws -> String {
        let index = currentIndex
        return try TreeScalars.string(next(), path(at: index))
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        let index = currentIndex
        return try TreeScalars.double(next(), path(at: index))
    }
    mutating func decode(_ type: Int.Type) throws -> Int {
        let index = currentIndex
        return try TreeScalars.integer(Int.self, next(), path(at: index))
    }
    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        let index = currentIndex
        return try TreeScalars.integer(Int64.self, next(), path(at: index))
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let index = currentIndex
        return try TreeDecoder.decode(type, from: next(), parent: treePath, key: IndexKey(index))
    }

    private func path(at index: Int) -> [any CodingKey] { codingPath + [IndexKey(index)] }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let key = DynamicCodingKey(String(currentIndex))
        return try TreeDecoder(value: next(), parent: treePath, key: key).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let key = DynamicCodingKey(String(currentIndex))
        return try TreeDecoder(value: next(), parent: treePath, key: key).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let key = DynamicCodingKey(String(currentIndex))
        return TreeDecoder(value: try next(), parent: treePath, key: key)
    }
}

struct TreeSingleValue: SingleValueDecodingContainer {
    let value: JSONValue
    let path: TreePath
    var codingPath: [any CodingKey] { path.keys }

    func decodeNil() -> Bool { value == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try TreeScalars.bool(value, codingPath) }
    func decode(_ type: String.Type) throws -> String { try TreeScalars.string(value, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try TreeScalars.double(value, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { Float(try TreeScalars.double(value, codingPath)) }
    func decode(_ type: Int.Type) throws -> Int { try TreeScalars.integer(Int.self, value, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try TreeScalars.integer(Int8.self, value, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try TreeScalars.integer(Int16.self, value, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try TreeScalars.integer(Int32.self, value, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try TreeScalars.integer(Int64.self, value, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try TreeScalars.integer(UInt.self, value, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try TreeScalars.integer(UInt8.self, value, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try TreeScalars.integer(UInt16.self, value, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try TreeScalars.integer(UInt32.self, value, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try TreeScalars.integer(UInt64.self, value, codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try TreeDecoder.decode(type, from: value, decoder: TreeDecoder(value: value, path: path))
    }
}

/// An array position as a coding key, its text made only when asked for.
struct IndexKey: CodingKey {
    let index: Int
    init(_ index: Int) { self.index = index }
    init?(stringValue: String) {
        guard let index = Int(stringValue) else { return nil }
        self.index = index
    }
    init?(intValue: Int) { index = intValue }
    var stringValue: String { String(index) }
    var intValue: Int? { index }
}

/// The path to the value being decoded, shared between levels: each level adds one node to its
/// parent's instead of copying the parent's array, so a value nested n deep costs n to reach,
/// not n² (a hostile answer nests as deep as the parser allows). The array `codingPath` is built
/// only when asked for: errors and custom `init(from:)`s.
struct TreePath {
    final class Node {
        let parent: Node?
        let key: any CodingKey
        init(parent: Node?, key: any CodingKey) {
            self.parent = parent
            self.key = key
        }
    }

    let last: Node?

    init(_ keys: [any CodingKey]) {
        var node: Node?
        for key in keys { node = Node(parent: node, key: key) }
        last = node
    }

    private init(last: Node?) { self.last = last }

    func appending(_ key: any CodingKey) -> TreePath { TreePath(last: Node(parent: last, key: key)) }

    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = last
        while let current = node {
            keys.append(current.key)
            node = current.parent
        }
        return keys.reversed()
    }
}
