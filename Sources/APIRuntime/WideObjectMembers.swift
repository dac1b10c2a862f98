/// The members of a wide object as the parser reads them, its repeated names settled and its
/// index built once the object ends.
///
/// Checking each name against the index as it arrives reads and writes the table at random
/// places, and a hostile object's table outgrows the caches: each member of a large object then
/// cost more than one of a small object. Here a member is only appended, with its name's hash
/// bits, front to back. At the end those bits are sorted (a radix sort: a few passes front to
/// back, linear), so that equal names sit side by side, repeats are settled in reading order,
/// and the table, whose slots are chosen by the top bits, is written front to back.
///
/// Values are kept in fixed-size chunks and the members copied once into an array of the exact
/// size: doubling one array would leave a large object in a block twice its size, which the
/// allocator maps afresh (and the kernel zeroes) on every read.
struct WideObjectMembers {
    typealias Member = (key: String, value: JSONValue)
    /// Values per chunk: a chunk stays below glibc's default threshold for mapping a block.
    private static let chunkSize = 2_048
    /// The names apart from the values: comparing repeated names reads them out of order, and
    /// they take less than half the memory of whole members.
    private var keys: [String] = []
    private var values: [[JSONValue]] = []
    private var current: [JSONValue] = []
    /// Per member, in order: the high 32 bits of its name's hash << 32 | its position + 1.
    private var entries: [UInt64] = []
    var count: Int { keys.count }

    /// Starts with members already known to have distinct names.
    init(_ first: [Member]) {
        current.reserveCapacity(Self.chunkSize)
        for member in first { append(member.key, member.value) }
    }

    mutating func append(_ key: String, _ value: JSONValue) {
        append(key, value, hashBits: MemberIndex.fragment(key.hashValue))
    }

    /// `hashBits` is the high half of the name's hash; tests choose it to make names share it.
    mutating func append(_ key: String, _ value: JSONValue, hashBits: UInt64) {
        if current.count == Self.chunkSize {
            values.append(current)
            current = []
            current.reserveCapacity(Self.chunkSize)
        }
        entries.append(hashBits << 32 | UInt64(keys.count + 1))
        keys.append(key)
        current.append(value)
    }

    private func member(_ position: Int) -> Member {
        (key: keys[position], value: values[position / Self.chunkSize][position % Self.chunkSize])
    }

    /// The object: a repeated name keeps its first position and takes its last value, as
    /// setting the members one by one does. Leaves this empty; called on a copy, it would copy
    /// every chunk it changes.
    mutating func object() -> JSONObject {
        values.append(current)
        current = []
        let total = count
        // By all 32 hash bits: equal names side by side, and the table's slots (chosen by the
        // top bits) in order.
        Self.sort(&entries, bits: 32, from: 32)
        // One bit per position, set for a repeat: small enough to stay in the caches, unlike
        // anything per member.
        var repeated: [UInt64] = []
        let repeats = settleRepeats(repeated: &repeated)
        var members: [Member] = []
        members.reserveCapacity(total - repeats)
        if repeated.isEmpty {
            for position in 0..<total { members.append(member(position)) }
        } else {
            for position in 0..<total where repeated[position >> 6] & (1 << (position & 63)) == 0 {
                members.append(member(position))
            }
        }
        keys = []
        values = []
        var index = MemberIndex(capacity: members.count)
        if repeated.isEmpty {
            for entry in entries { index.place(entry) }
            return JSONObject(members: members, index: index)
        }
        // A kept member's new position: its old one less the repeats before it, counted per
        // word of `repeated`.
        var before: [Int32] = []
        before.reserveCapacity(repeated.count)
        var running = 0
        for word in repeated {
            before.append(Int32(running))
            running += word.nonzeroBitCount
        }
        for entry in entries {
            let position = Self.position(entry)
            let word = repeated[position >> 6]
            let bit = UInt64(1) << (position & 63)
            if word & bit != 0 { continue }
            let moved = position - Int(before[position >> 6]) - (word & (bit - 1)).nonzeroBitCount
            index.place(entry & ~0xFFFF_FFFF | UInt64(moved + 1))
        }
        return JSONObject(members: members, index: index)
    }

    /// Marks repeated names in `repeated` (created on the first one), their last value moved to
    /// the name's first member; returns how many there are.
    ///
    /// Equal names have equal hash bits, so they sit side by side in `entries`, in the order
    /// they were read (the sort is stable). Each entry after the first of its bits is paired
    /// with that first, without reading a name; the pairs are then sorted by position and
    /// settled in reading order, so the names and values they touch are read front to back
    /// (and the first members too, when repeats come in the order the names first came).
    /// Distinct names that share the bits (rare: the hash is seeded per process, so a sender
    /// cannot choose them) go through a dictionary of such names.
    private mutating func settleRepeats(repeated: inout [UInt64]) -> Int {
        var pairs: [UInt64] = []
        var start = 0
        while start < entries.count {
            let bits = entries[start] >> 32
            var end = start + 1
            while end < entries.count, entries[end] >> 32 == bits { end += 1 }
            let first = UInt64(Self.position(entries[start]))
            for entry in entries[(start + 1)..<end] { pairs.append(UInt64(Self.position(entry)) << 32 | first) }
            start = end
        }
        if pairs.isEmpty { return 0 }
        Self.sort(&pairs, bits: 64 - keys.count.leadingZeroBitCount, from: 32)
        repeated = Array(repeating: 0, count: (keys.count + 63) >> 6)
        // Names that share their hash bits with an earlier, different name: their first position.
        var sharing: [String: Int] = [:]
        for pair in pairs {
            let position = Int(truncatingIfNeeded: pair >> 32)
            var first = Int(truncatingIfNeeded: pair & 0xFFFF_FFFF)
            if keys[position] != keys[first] {
                guard let earlier = sharing[keys[position]] else {
                    sharing[keys[position]] = position
                    continue
                }
                first = earlier
            }
            repeated[position >> 6] |= 1 << (position & 63)
            values[first / Self.chunkSize][first % Self.chunkSize] =
                values[position / Self.chunkSize][position % Self.chunkSize]
        }
        return repeated.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    private static func position(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1 }

    /// A stable LSD radix sort on `bits` bits from bit `low` (the bits above them all equal),
    /// in as few passes of at most 11 bits as cover them: each pass reads the entries front to
    /// back and writes to at most a few thousand places at once, which the caches hold.
    static func sort(_ entries: inout [UInt64], bits: Int, from low: Int) {
        guard bits > 0 else { return }
        let passes = (bits + 10) / 11
        let digit = (bits + passes - 1) / passes
        var scratch = [UInt64](repeating: 0, count: entries.count)
        var counts = [Int](repeating: 0, count: (1 << digit) + 1)
        for pass in 0..<passes {
            let shift = UInt64(low + pass * digit)
            let mask = UInt64(1 << min(digit, bits - pass * digit)) - 1
            entries.withUnsafeBufferPointer { source in
                scratch.withUnsafeMutableBufferPointer { target in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for slot in counts.indices { counts[slot] = 0 }
                        for entry in source { counts[Int(truncatingIfNeeded: (entry >> shift) & mask) + 1] += 1 }
                        for slot in 1..<counts.count { counts[slot] += counts[slot - 1] }
                        for entry in source {
                            let bucket = Int(truncatingIfNeeded: (entry >> shift) & mask)
                            target[counts[bucket]] = entry
                            counts[bucket] += 1
                        }
                    }
                }
            }
            swap(&entries, &scratch)
        }
    }
}
