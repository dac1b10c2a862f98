import Foundation

/// Any JSON value, kept without loss: integers stay exact (64-bit, or their decimal text beyond
/// that), objects keep their key order.
///
/// `JSONValue(.integer(42))` and plain literals (`42`, `"text"`, `["a": 1]`) both build one.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    /// An integer outside `Int64`'s range, as its exact decimal text (`-`? digits, no leading
    /// zero). The parser produces it only for such integers; smaller ones are `.integer`.
    case bigInteger(String)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public init(_ value: JSONValue) { self = value }
}

/// A JSON object whose members keep the order they were read or inserted in.
///
/// Lookups scan the members of a small object; a wide one (a map, or a hostile answer with
/// many names) also keeps each name's position, so reading, decoding and building an object
/// stay linear in its size whatever names it holds.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var members: [(key: String, value: JSONValue)]
    /// Each name's position in `members`, kept only past `indexedWidth` members.
    private(set) var index: MemberIndex?
    /// Up to this many members a scan is cheaper than hashing every name.
    static let indexedWidth = 32

    public init() { members = [] }
    /// Members already known to have distinct names (the parser checks).
    init(uniqueMembers: [(key: String, value: JSONValue)]) {
        members = uniqueMembers
        if uniqueMembers.count > Self.indexedWidth { reindex() }
    }
    /// Members with distinct names and their index (`WideObjectMembers` builds both).
    init(members: [(key: String, value: JSONValue)], index: MemberIndex) {
        self.members = members
        self.index = index
    }
    public init(_ members: [(key: String, value: JSONValue)]) {
        self.members = []
        for member in members { self[member.key] = member.value }
    }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }

    public var keys: [String] { members.map(\.key) }
    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }

    /// Setting `nil` removes the member; setting an existing key keeps its position.
    public subscript(key: String) -> JSONValue? {
        get { value(forKey: key) }
        set {
            guard let newValue else {
                if let position = position(of: key) {
                    members.remove(at: position)
                    if index != nil { reindex() }
                }
                return
            }
            set(newValue, forKey: key)
        }
    }

    func value(forKey key: String) -> JSONValue? {
        position(of: key).map { members[$0].value }
    }

    /// A repeated name keeps its first position and takes the last value, as `JSONDecoder` does.
    mutating func set(_ value: JSONValue, forKey key: String) {
        guard index != nil else {
            if let position = members.firstIndex(where: { $0.key == key }) {
                members[position].value = value
                return
            }
            members.append((key: key, value: value))
            if members.count > Self.indexedWidth { reindex() }
            return
        }
        let hash = key.hashValue
        if let position = index?.position(of: key, hash: hash, in: members) {
            members[position].value = value
            return
        }
        members.append((key: key, value: value))
        index?.insert(position: members.count - 1, hash: hash, in: members)
    }

    func position(of key: String) -> Int? {
        if let index { return index.position(of: key, hash: key.hashValue, in: members) }
        return members.firstIndex { $0.key == key }
    }

    /// Members' names are distinct (the parser, `set` and every filter keep them so), so each
    /// goes straight into a free slot.
    private mutating func reindex() {
        index = MemberIndex(members)
    }

    /// The members whose names `keep` accepts, in order. A model keeps every member it does not
    /// declare, so its few declared names are all that go: the index is then carried over with
    /// positions shifted, instead of hashing every remaining name into a new table.
    func kept(where keep: (String) -> Bool) -> JSONObject {
        var result = JSONObject()
        var removed: [Int] = []
        result.members.reserveCapacity(members.count)
        for (position, member) in members.enumerated() {
            if keep(member.key) {
                result.members.append(member)
            } else {
                removed.append(position)
            }
        }
        if result.members.count > Self.indexedWidth {
            if let index, removed.count <= Self.indexedWidth {
                result.index = index.removing(removed)
            } else {
                result.reindex()
            }
        }
        return result
    }

    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        members.makeIterator()
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in members {
            hasher.combine(member.key)
            hasher.combine(member.value)
        }
    }
}

extension JSONValue {
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }
    public var intValue: Int64? {
        switch self {
        case .integer(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 9.2e18: return Int64(value)
        default: return nil
        }
    }
    /// The exact decimal text of an integer, whichever case holds it.
    public var integerText: String? {
        switch self {
        case .integer(let value): return String(value)
        case .bigInteger(let text): return text
        default: return nil
        }
    }
    /// The nearest `Double`; for `.bigInteger` that may round.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .bigInteger(let text): return Double(text)
        case .double(let value): return value
        default: return nil
        }
    }
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }
    public var isNull: Bool { self == .null }

    public subscript(key: String) -> JSONValue? { objectValue?[key] }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { (key: $0.0, value: $0.1) }))
    }
}

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        // Scalars first: asking for a keyed container before a string (the common case) makes
        // the decoder build and throw errors for every string member.
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() {
                self = .null
                return
            }
            if let value = try? single.decode(String.self) {
                self = .string(value)
                return
            }
            if let value = try? single.decode(Bool.self) {
                self = .bool(value)
                return
            }
            if let value = try? single.decode(Int64.self) {
                self = .integer(value)
                return
            }
            if let value = try? single.decode(Double.self) {
                // An integral number beyond Int64 from another decoder: its exact digits through
                // Decimal (JSONDecoder keeps them there) rather than a rounded Double.
                if value.rounded() == value, abs(value) >= 0x1p63, let exact = try? single.decode(Decimal.self),
                    let text = JSONValue.integerText(exact)
                {
                    self = .bigInteger(text)
                    return
                }
                self = .double(value)
                return
            }
        }
        if let keyed = try? decoder.container(keyedBy: DynamicCodingKey.self) {
            var object = JSONObject()
            // Member order is whatever the decoder reports: Foundation's JSONDecoder on Linux uses
            // hash order. `JSONValue(parsing:)` (and `JSONCoding.decode` of a whole body as
            // JSONValue) keeps source order.
            for key in keyed.allKeys {
                object[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key)
            }
            self = .object(object)
            return
        }
        var unkeyed = try decoder.unkeyedContainer()
        var items: [JSONValue] = []
        items.reserveCapacity(unkeyed.count ?? 0)
        while !unkeyed.isAtEnd { items.append(try unkeyed.decode(JSONValue.self)) }
        self = .array(items)
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .integer(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .bigInteger(let text):
            // Decimal is how Foundation's JSONEncoder writes a number's exact digits.
            guard JSONValue.isIntegerLiteral(text), let exact = Decimal(string: text) else {
                throw EncodingError.invalidValue(
                    text, .init(codingPath: encoder.codingPath, debugDescription: "\(text) is not a JSON integer"))
            }
            var single = encoder.singleValueContainer()
            try single.encode(exact)
        case .double(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .string(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .array(let items):
            var unkeyed = encoder.unkeyedContainer()
            for item in items { try unkeyed.encode(item) }
        case .object(let object):
            var keyed = encoder.container(keyedBy: DynamicCodingKey.self)
            for member in object { try keyed.encode(member.value, forKey: DynamicCodingKey(member.key)) }
        }
    }
}

extension JSONValue {
    /// The decimal text of an integral `Decimal`, or `nil` when it has a fraction.
    static func integerText(_ decimal: Decimal) -> String? {
        var value = decimal
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        guard rounded == decimal else { return nil }
        let text = "\(decimal)"
        return isIntegerLiteral(text) ? text : nil
    }
}

/// The positions of a wide object's members by name: open addressing over 8-byte slots, each a
/// position and the high 32 bits of the name's hash (0 is an empty slot). A third of a
/// `[String: Int]`'s memory per name, and a name is compared only when its hash bits match.
///
/// A name's first slot is taken from the top of those bits, so a table twice the size keeps the
/// slots' order: growing reads the old slots and writes the new ones front to back, from the
/// stored bits alone, without hashing a name again or reading a member. (A hostile object's
/// index outgrows the caches, and rehashing it in hash order made each member of a large object
/// cost more than one of a small object.)
///
/// One array holds everything (its first element the table's size and the count of names), so
/// that `JSONObject`, and with it every `JSONValue`, is two words rather than four: every array
/// item and object member of a parsed body is that much smaller.
struct MemberIndex: Sendable {
    /// `[log2 of the slot count | names << 8, slot 0, slot 1, …]`.
    private var storage: [UInt64]
    /// How many names are indexed.
    var count: Int { Int(truncatingIfNeeded: storage[0] >> 8) }
    private var shift: Int { Int(truncatingIfNeeded: storage[0] & 0xFF) }

    /// Room for `capacity` names below the load limit.
    init(capacity: Int) {
        self.init(bits: Self.bits(forCapacity: capacity))
    }

    /// log2 of the slot count that holds `capacity` names below the load limit.
    static func bits(forCapacity capacity: Int) -> Int {
        var bits = 6
        while (1 << bits) * 3 < capacity * 4 + 4 { bits += 1 }
        return bits
    }

    private init(bits: Int) {
        storage = Array(repeating: 0, count: (1 << bits) + 1)
        storage[0] = UInt64(bits)
    }

    /// The index of members whose names are distinct.
    init(_ members: [(key: String, value: JSONValue)]) {
        self.init(capacity: members.count)
        for (position, member) in members.enumerated() {
            place(Self.fragment(member.key.hashValue) << 32 | UInt64(position + 1))
        }
    }

    static func fragment(_ hash: Int) -> UInt64 { UInt64(UInt32(truncatingIfNeeded: hash >> 32)) }

    /// The first slot to try for an entry whose high half is `fragment`.
    private func home(_ fragment: UInt64) -> Int { Int(truncatingIfNeeded: fragment >> (32 - shift)) }

    func position(of key: String, hash: Int, in members: [(key: String, value: JSONValue)]) -> Int? {
        let mask = storage.count - 2
        let fragment = Self.fragment(hash)
        var slot = home(fragment)
        while true {
            let entry = storage[slot + 1]
            if entry == 0 { return nil }
            let position = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
            if entry >> 32 == fragment && members[position].key == key { return position }
            slot = (slot + 1) & mask
        }
    }

    /// Adds a name known to be absent; past three quarters full it doubles (linear probing stays
    /// short below that load).
    mutating func insert(position: Int, hash: Int, in members: [(key: String, value: JSONValue)]) {
        if (count + 1) * 4 > (storage.count - 1) * 3 { self = rebuilt(bits: shift + 1, without: []) }
        place(Self.fragment(hash) << 32 | UInt64(position + 1))
    }

    /// The same table without the entries at `removed` (ascending positions), the others'
    /// positions moved down past them.
    func removing(_ removed: [Int]) -> MemberIndex {
        removed.isEmpty ? self : rebuilt(bits: shift, without: removed)
    }

    /// Every entry but those at `removed`, in a table of `bits`, read and written front to back:
    /// starting after an empty slot, no run of entries is split by the wrap-around.
    private func rebuilt(bits: Int, without removed: [Int]) -> MemberIndex {
        var result = MemberIndex(bits: bits)
        let slots = storage.count - 1
        let start = storage[1...].firstIndex(of: 0).map { $0 - 1 } ?? 0
        var slot = (start + 1) & (slots - 1)
        while slot != start {
            let entry = storage[slot + 1]
            slot = (slot + 1) & (slots - 1)
            if entry == 0 { continue }
            if removed.isEmpty {
                result.place(entry)
                continue
            }
            let position = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
            // How many removed positions come before this one.
            var low = 0
            var high = removed.count
            while low < high {
                let middle = (low + high) / 2
                if removed[middle] < position { low = middle + 1 } else { high = middle }
            }
            if low < removed.count, removed[low] == position { continue }
            result.place(entry &- UInt64(low))
        }
        return result
    }

    /// Places an entry whose name is not in the table yet. Entries placed in the order of their
    /// hash bits fill the table front to back.
    mutating func place(_ entry: UInt64) {
        let mask = storage.count - 2
        var slot = home(entry >> 32)
        while storage[slot + 1] != 0 { slot = (slot + 1) & mask }
        storage[slot + 1] = entry
        storage[0] += 1 << 8
    }
}
