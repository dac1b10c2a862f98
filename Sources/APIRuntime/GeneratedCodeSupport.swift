import Foundation

/// Out-of-line storage for a member whose type leads back to its own container (recursive schemas).
public final class Indirect<Value: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
    public required init(from decoder: any Decoder) throws { value = try Value(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    public static func == (lhs: Indirect, rhs: Indirect) -> Bool { lhs.value == rhs.value }
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension JSONObject: Codable {
    public init(from decoder: any Decoder) throws {
        guard case .object(let object) = try JSONValue(from: decoder) else {
            throw DecodingError.typeMismatch(
                JSONObject.self, .init(codingPath: decoder.codingPath, debugDescription: "Expected a JSON object"))
        }
        self = object
    }
    public func encode(to encoder: any Encoder) throws { try JSONValue.object(self).encode(to: encoder) }
}

extension DateTime: ParameterValue {
    public var parameterText: String { RFC3339.format(date) }
}

/// Decodes documented error bodies into their generated payload types, by status code
/// (`"404"`), range (`"4XX"`) or `"default"`.
public enum ErrorPayloads {
    public struct Decoder: Sendable {
        let decode: @Sendable (Data) -> (any Sendable)?

        public static func decoding<T: Decodable & Sendable>(_ type: T.Type) -> Decoder {
            Decoder { data in try? JSONCoding.decode(T.self, from: data) }
        }
    }

    /// The payload type for each documented status, as generated operations list them
    /// (`["404": NotFoundResponse.self]`).
    public static func decoder(
        _ types: [String: any (Decodable & Sendable).Type]
    ) -> @Sendable (Int, Data) -> (any Sendable)? {
        decoder(types.mapValues { Decoder.decoding($0) })
    }

    public static func decoder(_ table: [String: Decoder]) -> @Sendable (Int, Data) -> (any Sendable)? {
        { status, data in
            let exact = String(status)
            let range = String(exact.prefix(1)) + "XX"
            guard let entry = table[exact] ?? table[range] ?? table["default"] else { return nil }
            return entry.decode(data)
        }
    }
}

/// A file for a `multipart/form-data` part: bytes in memory or a file streamed from disk.
public struct MultipartFile: Sendable, Hashable {
    public var content: MultipartPart.Content
    public var filename: String?
    public var contentType: String?

    @_alwaysEmitIntoClient public init(data: Data, filename: String? = nil, contentType: String? = nil) {
        content = .data(data)
        self.filename = filename
        self.contentType = contentType
    }

    /// The file is read in chunks while the request body is sent, never loaded whole.
    @_alwaysEmitIntoClient public init(fileURL: URL, filename: String? = nil, contentType: String? = nil) {
        content = .file(fileURL)
        self.filename = filename ?? fileURL.lastPathComponent
        self.contentType = contentType
    }

    public func part(named name: String, defaultContentType: String = "application/octet-stream") -> MultipartPart {
        MultipartPart(
            name: name, filename: filename ?? name, contentType: contentType ?? defaultContentType, content: content)
    }
}

extension MultipartPart {
    /// A part holding `value` as JSON.
    @_alwaysEmitIntoClient public static func json<T: Encodable>(_ name: String, _ value: T) throws -> MultipartPart {
        MultipartPart(name: name, contentType: "application/json", content: .data(try JSONCoding.encode(value)))
    }
}

extension APIRequest {
    /// A generated operation's request in one expression: `errors` gives the payload type of each
    /// documented error status, decoded into `APIError.payload`.
    public init(
        operationName: String, method: RequestMethod, pathTemplate: String, path: RequestPath,
        security: [SecurityRequirement] = [], errors: [String: any (Decodable & Sendable).Type]
    ) {
        self.init(
            operationName: operationName, method: method, pathTemplate: pathTemplate, path: path, security: security)
        errorPayload = ErrorPayloads.decoder(errors)
    }
}

/// The forms a generated `init(from:)` uses to hand each member straight to the memberwise
/// initialiser: the type comes from the parameter, so a member costs one argument, not a line.
///
/// A scalar goes to the container's own overload for its type, as a call naming the type would:
/// decoders make those fast, while the generic overload decodes a nested value (through the
/// SDK's tree decoder, 1.6× the time of a typical page). Specialised at the call site, all but
/// one of the type tests fold away.
extension KeyedDecodingContainer where K == DynamicCodingKey {
    @inlinable
    public func decode<T: Decodable>(_ key: K) throws -> T {
        // `unsafeBitCast` after the type test, not `as? T`: the test proves the types equal, and a
        // cast the optimiser cannot fold is a runtime call at every member of every model.
        if T.self == String.self { return unsafeBitCast(try decode(String.self, forKey: key), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try decode(Bool.self, forKey: key), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try decode(Int.self, forKey: key), to: T.self) }
        if T.self == Int32.self { return unsafeBitCast(try decode(Int32.self, forKey: key), to: T.self) }
        if T.self == Int64.self { return unsafeBitCast(try decode(Int64.self, forKey: key), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try decode(Double.self, forKey: key), to: T.self) }
        if T.self == Float.self { return unsafeBitCast(try decode(Float.self, forKey: key), to: T.self) }
        return try decode(T.self, forKey: key)
    }

    @inlinable
    public func decodeIfPresent<T: Decodable>(_ key: K) throws -> T? {
        if T.self == String.self { return unsafeBitCast(try decodeIfPresent(String.self, forKey: key), to: T?.self) }
        if T.self == Bool.self { return unsafeBitCast(try decodeIfPresent(Bool.self, forKey: key), to: T?.self) }
        if T.self == Int.self { return unsafeBitCast(try decodeIfPresent(Int.self, forKey: key), to: T?.self) }
        if T.self == Int32.self { return unsafeBitCast(try decodeIfPresent(Int32.self, forKey: key), to: T?.self) }
        if T.self == Int64.self { return unsafeBitCast(try decodeIfPresent(Int64.self, forKey: key), to: T?.self) }
        if T.self == Double.self { return unsafeBitCast(try decodeIfPresent(Double.self, forKey: key), to: T?.self) }
        if T.self == Float.self { return unsafeBitCast(try decodeIfPresent(Float.self, forKey: key), to: T?.self) }
        return try decodeIfPresent(T.self, forKey: key)
    }

    @inlinable
    public func decodeNullableIfPresent<T: Decodable>(_ key: K) throws -> Nullable<T>? {
        try decodeNullableIfPresent(T.self, forKey: key)
    }

    @inlinable
    public func decodeDateTime(_ key: K) throws -> Date { try decodeDateTime(forKey: key) }

    @inlinable
    @_alwaysEmitIntoClient public func decodeDateTimeIfPresent(_ key: K) throws -> Date? {
        try decodeDateTimeIfPresent(forKey: key)
    }
}

extension KeyedDecodingContainer where K == DynamicCodingKey {
    /// Absent → nil, `null` → `.null`, anything else → `.value`.
    public func decodeNullableIfPresent<T: Decodable>(_ type: T.Type, forKey key: K) throws -> Nullable<T>? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decode(T.self, forKey: key))
    }

    /// A `const` member: it must hold exactly `expected`.
    @_alwaysEmitIntoClient public func decodeConstant(_ expected: String, forKey key: K) throws -> String {
        let value = try decode(String.self, forKey: key)
        guard value == expected else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "Expected \"\(expected)\", found \"\(value)\"")
        }
        return value
    }

    @_alwaysEmitIntoClient public func decodeConstantIfPresent(_ expected: String, forKey key: K) throws -> String? {
        guard contains(key), !(try decodeNil(forKey: key)) else { return nil }
        return try decodeConstant(expected, forKey: key)
    }

    /// Every member not in `known`, in the order the decoder reports them.
    public func decodeAdditionalFields(excluding known: Set<String>) throws -> JSONObject {
        var extras = JSONObject()
        for key in allKeys where !known.contains(key.stringValue) {
            extras[key.stringValue] = try decode(JSONValue.self, forKey: key)
        }
        return extras
    }

    /// Every member not in `known`, typed (`additionalProperties: <schema>`).
    @_alwaysEmitIntoClient public func decodeAdditionalMembers<T: Decodable>(excluding known: Set<String>) throws
        -> [String: T]
    {
        var extras: [String: T] = [:]
        for key in allKeys where !known.contains(key.stringValue) {
            extras[key.stringValue] = try decode(T.self, forKey: key)
        }
        return extras
    }
}

/// The member names a generated model declares, which `members(except:)` leaves out of its
/// additional fields. Built out of line, once per model: a `Set` literal would inline its
/// hashing into every model's one-time initialiser.
public struct MemberNames: ExpressibleByArrayLiteral, Sendable, Hashable {
    public let names: Set<String>
    /// The same names in a list: a model declares a few dozen at most, and comparing a short
    /// member name with each (mostly a 16-byte compare) costs less than hashing it.
    let list: [String]

    @inline(never)
    public init(arrayLiteral names: String...) { self.init(names: names) }

    init(names: [String]) {
        self.names = Set(names)
        list = Array(self.names)
    }

    func contains(_ name: String) -> Bool {
        guard list.count <= 32 else { return names.contains(name) }
        for known in list where known == name { return true }
        return false
    }

    public static func == (lhs: MemberNames, rhs: MemberNames) -> Bool { lhs.names == rhs.names }
    public func hash(into hasher: inout Hasher) { hasher.combine(names) }
}

extension Decoder {
    /// `members(except:)` with the model's declared names.
    public func members(except known: MemberNames) throws -> JSONObject {
        // The same filter as `decodeAdditionalFields(excluding:)` below, written out: shared
        // through a closure it decoded a page about a tenth slower.
        guard let tree = self as? TreeDecoder else {
            return try container(keyedBy: DynamicCodingKey.self).decodeAdditionalFields(excluding: known.names)
        }
        let object = try tree.object()
        return object.kept { !known.contains($0) }
    }

    /// Typed members not declared by the model (`additionalProperties: <schema>`).
    @inlinable
    public func members<T: Decodable>(except known: MemberNames) throws -> [String: T] {
        try decodeAdditionalMembers(excluding: known.names)
    }
}

extension Decoder {
    /// Every member not in `known`, as the generated `init(from:)` keeps them. From the SDK's own
    /// tree decoder the members are taken straight from the parsed object, in wire order: going
    /// through a keyed container's `allKeys` boxes every key and was a third of a typical
    /// response's decoding time. Any other decoder (`JSONDecoder`, say) takes the container path.
    public func decodeAdditionalFields(excluding known: Set<String>) throws -> JSONObject {
        guard let tree = self as? TreeDecoder else {
            return try container(keyedBy: DynamicCodingKey.self).decodeAdditionalFields(excluding: known)
        }
        let object = try tree.object()
        return object.kept { !known.contains($0) }
    }

    /// `decodeAdditionalFields(excluding:)` as a generated `init(from:)` spells it: short enough
    /// to share a line with the other arguments of the memberwise initialiser.
    @inlinable
    public func members(except known: Set<String>) throws -> JSONObject {
        try decodeAdditionalFields(excluding: known)
    }

    /// `decodeAdditionalMembers(excluding:)` as a generated `init(from:)` spells it.
    @inlinable
    public func members<T: Decodable>(except known: Set<String>) throws -> [String: T] {
        try decodeAdditionalMembers(excluding: known)
    }

    /// Every member not in `known`, typed (`additionalProperties: <schema>`).
    public func decodeAdditionalMembers<T: Decodable>(excluding known: Set<String>) throws -> [String: T] {
        guard let tree = self as? TreeDecoder else {
            return try container(keyedBy: DynamicCodingKey.self).decodeAdditionalMembers(excluding: known)
        }
        var extras: [String: T] = [:]
        for member in try tree.object().members where !known.contains(member.key) {
            extras[member.key] = try TreeDecoder.decode(
                T.self, from: member.value, parent: tree.path, key: DynamicCodingKey(member.key))
        }
        return extras
    }
}

extension KeyedEncodingContainer where K == DynamicCodingKey {
    public mutating func encodeAdditionalFields(_ fields: JSONObject) throws {
        for member in fields { try encode(member.value, forKey: DynamicCodingKey(member.key)) }
    }

    @_alwaysEmitIntoClient public mutating func encodeAdditionalMembers<T: Encodable>(_ members: [String: T]) throws {
        for key in members.keys.sorted() {
            if let value = members[key] { try encode(value, forKey: DynamicCodingKey(key)) }
        }
    }
}

/// A generated `encode(to:)`'s members, written in one chained expression in wire order: each
/// step encodes one member and hands the writer on, so a member costs a call, not a line.
///
/// The container lives in one object the steps share. `KeyedEncodingContainer` is resilient, so
/// a writer holding it by value was copied and destroyed through value witnesses at every step,
/// in every model; and the steps are one unspecialised body each, so a member costs a call at
/// the use site instead of a copy of the step.
public struct MemberWriter {
    @usableFromInline let sink: MemberSink

    public init(_ encoder: any Encoder) { sink = MemberSink(encoder.container(keyedBy: DynamicCodingKey.self)) }

    /// Always written; an optional value (a required but nullable member) as `null` when nil.
    @inlinable @discardableResult
    public func encode<T: Encodable>(_ key: DynamicCodingKey, _ value: T) throws -> Self {
        try sink.write(value, key)
        return self
    }

    /// Left out when nil.
    @inlinable @discardableResult
    public func encodeIfPresent<T: Encodable>(_ key: DynamicCodingKey, _ value: T?) throws -> Self {
        if let value { try sink.write(value, key) }
        return self
    }

    @inlinable @discardableResult
    @_alwaysEmitIntoClient public func encodeDateTime(_ key: DynamicCodingKey, _ date: Date) throws -> Self {
        try sink.writeDateTime(date, key)
        return self
    }

    /// A required but nullable timestamp: `nil` is written as `null`.
    @inlinable @discardableResult
    @_alwaysEmitIntoClient public func encodeDateTime(_ key: DynamicCodingKey, _ date: Date?) throws -> Self {
        try sink.writeNullableDateTime(date, key)
        return self
    }

    @inlinable @discardableResult
    @_alwaysEmitIntoClient public func encodeDateTimeIfPresent(_ key: DynamicCodingKey, _ date: Date?) throws -> Self {
        if let date { try sink.writeDateTime(date, key) }
        return self
    }

    /// The members the model keeps but does not name, after the named ones.
    @inlinable
    public func additionalFields(_ fields: JSONObject) throws {
        try sink.writeAdditionalFields(fields)
    }

    /// Typed members kept but not named (`additionalProperties: <schema>`), in key order.
    @inlinable
    public func additionalMembers<T: Encodable>(_ members: [String: T]) throws {
        try sink.writeAdditionalMembers(members)
    }
}

/// The keyed container a `MemberWriter` chain writes into.
@usableFromInline
final class MemberSink {
    var container: KeyedEncodingContainer<DynamicCodingKey>

    init(_ container: KeyedEncodingContainer<DynamicCodingKey>) { self.container = container }

    /// A scalar goes to the container's overload for its type, as a call naming the type would
    /// (as in `KeyedDecodingContainer.decode(_:)`); the type tests compare metadata, and
    /// `unsafeBitCast` after a passing test costs nothing where `as?` would be a runtime cast.
    ///
    /// One body for every type: the callers are generated models in other modules, and this
    /// body, which reads the internal `container`, can never be copied into them to be
    /// specialised.
    @usableFromInline @inline(never)
    func write<T: Encodable>(_ value: T, _ key: DynamicCodingKey) throws {
        if T.self == String.self {
            try container.encode(unsafeBitCast(value, to: String.self), forKey: key)
        } else if T.self == Bool.self {
            try container.encode(unsafeBitCast(value, to: Bool.self), forKey: key)
        } else if T.self == Int.self {
            try container.encode(unsafeBitCast(value, to: Int.self), forKey: key)
        } else if T.self == Int32.self {
            try container.encode(unsafeBitCast(value, to: Int32.self), forKey: key)
        } else if T.self == Int64.self {
            try container.encode(unsafeBitCast(value, to: Int64.self), forKey: key)
        } else if T.self == Double.self {
            try container.encode(unsafeBitCast(value, to: Double.self), forKey: key)
        } else if T.self == Float.self {
            try container.encode(unsafeBitCast(value, to: Float.self), forKey: key)
        } else {
            try container.encode(value, forKey: key)
        }
    }

    @usableFromInline
    func writeDateTime(_ date: Date, _ key: DynamicCodingKey) throws { try container.encodeDateTime(date, forKey: key) }

    @usableFromInline
    func writeNullableDateTime(_ date: Date?, _ key: DynamicCodingKey) throws {
        try container.encodeDateTime(date, forKey: key)
    }

    @usableFromInline
    func writeAdditionalFields(_ fields: JSONObject) throws { try container.encodeAdditionalFields(fields) }

    @usableFromInline @inline(never)
    func writeAdditionalMembers<T: Encodable>(_ members: [String: T]) throws {
        try container.encodeAdditionalMembers(members)
    }
}
