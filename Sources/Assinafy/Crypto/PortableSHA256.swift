import Foundation

/// SHA-256 (FIPS 180-4) in plain Swift, for platforms without CryptoKit.
///
/// Also compiled on Apple platforms so the same tests exercise it everywhere; production code
/// there goes through CryptoKit instead (see `PortableCrypto`).
struct PortableSHA256 {
    static let digestByteCount = 32
    static let blockByteCount = 64

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    private var pending: [UInt8] = []
    private var totalByteCount: UInt64 = 0
    private var schedule = [UInt32](repeating: 0, count: 64)

    init() { pending.reserveCapacity(PortableSHA256.blockByteCount) }

    static func hash(_ data: some DataProtocol) -> [UInt8] {
        var hasher = PortableSHA256()
        hasher.update(data)
        return hasher.finalize()
    }

    mutating func update(_ data: some DataProtocol) {
        data.forEachContiguousChunk { update(buffer: $0) }
    }

    mutating func update(buffer: UnsafeRawBufferPointer) {
        totalByteCount &+= UInt64(buffer.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(PortableSHA256.blockByteCount - pending.count, buffer.count)
            pending.append(contentsOf: buffer[0..<take])
            offset = take
            guard pending.count == PortableSHA256.blockByteCount else { return }
            let block = pending
            block.withUnsafeBytes { compress($0) }
            pending.removeAll(keepingCapacity: true)
        }
        // Whole blocks straight from the caller's memory: this is the hot path for large inputs.
        while buffer.count - offset >= PortableSHA256.blockByteCount {
            compress(UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + PortableSHA256.blockByteCount]))
            offset += PortableSHA256.blockByteCount
        }
        if offset < buffer.count { pending.append(contentsOf: buffer[offset...]) }
    }

    mutating func finalize() -> [UInt8] {
        let bitLength = totalByteCount &* 8
        var padding: [UInt8] = [0x80]
        let afterMarker = (pending.count + 1) % PortableSHA256.blockByteCount
        let zeroCount = afterMarker <= 56 ? 56 - afterMarker : 120 - afterMarker
        padding.append(contentsOf: repeatElement(0, count: zeroCount))
        for shift in stride(from: 56, through: 0, by: -8) {
            padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        // The length was already captured; restore the count so padding does not change it.
        let savedCount = totalByteCount
        padding.withUnsafeBytes { update(buffer: $0) }
        totalByteCount = savedCount
        var digest: [UInt8] = []
        digest.reserveCapacity(PortableSHA256.digestByteCount)
        for word in state {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    private mutating func compress(_ block: UnsafeRawBufferPointer) {
        // Unsafe buffers keep unoptimised (debug) builds usable on megabyte inputs.
        let k = PortableSHA256.roundConstants
        schedule.withUnsafeMutableBufferPointer { w in
            k.withUnsafeBufferPointer { k in
                state.withUnsafeMutableBufferPointer { h in
                    for t in 0..<16 {
                        let i = t &* 4
                        w[t] =
                            UInt32(block[i]) << 24 | UInt32(block[i &+ 1]) << 16
                            | UInt32(block[i &+ 2]) << 8 | UInt32(block[i &+ 3])
                    }
                    for t in 16..<64 {
                        let x = w[t &- 15], y = w[t &- 2]
                        let s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >> 3)
                        let s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >> 10)
                        w[t] = w[t &- 16] &+ s0 &+ w[t &- 7] &+ s1
                    }
                    var a = h[0], b = h[1], c = h[2], d = h[3]
                    var e = h[4], f = h[5], g = h[6], hh = h[7]
                    for t in 0..<64 {
                        let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                        let choice = (e & f) ^ (~e & g)
                        let t1 = hh &+ s1 &+ choice &+ k[t] &+ w[t]
                        let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = s0 &+ majority
                        hh = g
                        g = f
                        f = e
                        e = d &+ t1
                        d = c
                        c = b
                        b = a
                        a = t1 &+ t2
                    }
                    h[0] &+= a
                    h[1] &+= b
                    h[2] &+= c
                    h[3] &+= d
                    h[4] &+= e
                    h[5] &+= f
                    h[6] &+= g
                    h[7] &+= hh
                }
            }
        }
    }
}

@inline(__always)
private func rotr(_ value: UInt32, _ count: UInt32) -> UInt32 {
    (value >> count) | (value << (32 &- count))
}

/// HMAC (RFC 2104) over `PortableSHA256`.
enum PortableHMACSHA256 {
    static func authenticationCode(key: some DataProtocol, message: some DataProtocol) -> [UInt8] {
        var keyBlock = [UInt8]()
        key.forEachContiguousChunk { keyBlock.append(contentsOf: $0) }
        // RFC 2104 §2: keys longer than the block are hashed first, shorter ones zero-padded.
        if keyBlock.count > PortableSHA256.blockByteCount { keyBlock = PortableSHA256.hash(keyBlock) }
        keyBlock.append(contentsOf: repeatElement(0, count: PortableSHA256.blockByteCount - keyBlock.count))

        var inner = PortableSHA256()
        inner.update(keyBlock.map { $0 ^ 0x36 })
        inner.update(message)
        let innerDigest = inner.finalize()

        var outer = PortableSHA256()
        outer.update(keyBlock.map { $0 ^ 0x5c })
        outer.update(innerDigest)
        return outer.finalize()
    }
}

extension DataProtocol {
    /// Visits the bytes region by region, so discontiguous `DispatchData` is never copied whole.
    func forEachContiguousChunk(_ body: (UnsafeRawBufferPointer) -> Void) {
        for region in regions { region.withUnsafeBytes { body($0) } }
    }
}
