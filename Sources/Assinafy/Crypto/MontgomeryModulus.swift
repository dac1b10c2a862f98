/// Just enough unsigned big-integer arithmetic to compute `base^exponent mod modulus` for RSA
/// signature verification, where every input is public so constant time is not a concern.
///
/// Numbers are little-endian `UInt32` limbs: products fit a `UInt64` with room for a carry,
/// which keeps the code portable and free of multi-word intrinsics. Multiplication is Montgomery
/// (CIOS): no trial division, which is what makes a 2048-bit verification cheap even unoptimised.
struct MontgomeryModulus {
    private let modulus: [UInt32]
    /// `-modulus^-1 mod 2^32`, the per-limb reduction factor.
    private let inverse: UInt32
    /// `R^2 mod modulus` with `R = 2^(32 * limbCount)`, to move values into Montgomery form.
    private let rSquared: [UInt32]

    var limbCount: Int { modulus.count }

    /// Nil unless the modulus is odd and greater than one (Montgomery needs it coprime to `R`).
    init?(bigEndian bytes: some Collection<UInt8>) {
        let limbs = MontgomeryModulus.limbs(bigEndian: bytes)
        guard let low = limbs.first, low & 1 == 1, limbs.count > 1 || low > 1 else { return nil }
        modulus = limbs
        // Newton's iteration doubles the correct low bits each step; an odd x is its own inverse
        // mod 8, so four steps reach 48 >= 32 bits. A fifth costs nothing and removes all doubt.
        var x = low
        for _ in 0..<5 { x = x &* (2 &- low &* x) }
        inverse = 0 &- x
        rSquared = MontgomeryModulus.powerOfTwoModulo(bits: 64 * limbs.count, modulus: limbs)
    }

    /// `base^exponent mod modulus` as big-endian bytes padded to the modulus length, or nil when
    /// `base >= modulus` (RSAVP1 rejects such representatives instead of reducing them).
    func power(bigEndianBase base: some Collection<UInt8>, exponent: some Collection<UInt8>) -> [UInt8]? {
        var baseLimbs = MontgomeryModulus.limbs(bigEndian: base)
        guard baseLimbs.count <= limbCount else { return nil }
        baseLimbs.append(contentsOf: repeatElement(0, count: limbCount - baseLimbs.count))
        guard MontgomeryModulus.compare(baseLimbs, modulus) < 0 else { return nil }

        let exponentBits = MontgomeryModulus.bits(bigEndian: exponent)
        var one = [UInt32](repeating: 0, count: limbCount)
        one[0] = 1
        guard let top = exponentBits.firstIndex(of: true) else {
            return MontgomeryModulus.bytes(one, count: byteCount)
        }
        let montgomeryBase = multiply(baseLimbs, rSquared)
        var accumulator = montgomeryBase
        for bit in exponentBits[(top + 1)...] {
            accumulator = multiply(accumulator, accumulator)
            if bit { accumulator = multiply(accumulator, montgomeryBase) }
        }
        return MontgomeryModulus.bytes(multiply(accumulator, one), count: byteCount)
    }

    /// Length in bytes of the modulus without leading zeros (RSA's `k`).
    var byteCount: Int {
        let topLimb = modulus[modulus.count - 1]
        return (modulus.count - 1) * 4 + (32 - topLimb.leadingZeroBitCount + 7) / 8
    }

    /// Montgomery product `a * b * R^-1 mod modulus` for `a, b < modulus`.
    private func multiply(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        let n = limbCount
        var t = [UInt32](repeating: 0, count: n + 2)
        // Unsafe buffers: bounds-checked array access dominates unoptimised builds otherwise.
        t.withUnsafeMutableBufferPointer { t in
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    modulus.withUnsafeBufferPointer { m in
                        for i in 0..<n {
                            let ai = UInt64(a[i])
                            var carry: UInt64 = 0
                            for j in 0..<n {
                                // (2^32-1) + (2^32-1)^2 + (2^32-1) = 2^64-1: never overflows.
                                let sum = UInt64(t[j]) &+ ai &* UInt64(b[j]) &+ carry
                                t[j] = UInt32(truncatingIfNeeded: sum)
                                carry = sum >> 32
                            }
                            var sum = UInt64(t[n]) &+ carry
                            t[n] = UInt32(truncatingIfNeeded: sum)
                            t[n + 1] = UInt32(truncatingIfNeeded: sum >> 32)

                            let factor = UInt64(t[0] &* inverse)
                            sum = UInt64(t[0]) &+ factor &* UInt64(m[0])
                            carry = sum >> 32
                            for j in 1..<n {
                                sum = UInt64(t[j]) &+ factor &* UInt64(m[j]) &+ carry
                                t[j - 1] = UInt32(truncatingIfNeeded: sum)
                                carry = sum >> 32
                            }
                            sum = UInt64(t[n]) &+ carry
                            t[n - 1] = UInt32(truncatingIfNeeded: sum)
                            t[n] = t[n + 1] &+ UInt32(truncatingIfNeeded: sum >> 32)
                            t[n + 1] = 0
                        }
                    }
                }
            }
        }
        // The CIOS result is below 2 * modulus; one conditional subtraction brings it under.
        let overflow = t[n]
        var result = Array(t[0..<n])
        if overflow != 0 || MontgomeryModulus.compare(result, modulus) >= 0 {
            MontgomeryModulus.subtract(&result, modulus)
        }
        return result
    }

    /// `2^bits mod modulus` by doubling, done once per key so its slowness does not matter.
    private static func powerOfTwoModulo(bits: Int, modulus: [UInt32]) -> [UInt32] {
        var value = [UInt32](repeating: 0, count: modulus.count)
        value[0] = 1
        for _ in 0..<bits {
            var carry: UInt32 = 0
            for index in value.indices {
                let limb = value[index]
                value[index] = limb << 1 | carry
                carry = limb >> 31
            }
            if carry != 0 || compare(value, modulus) >= 0 { subtract(&value, modulus) }
        }
        return value
    }

    /// Three-way comparison of equal-length limb arrays.
    private static func compare(_ a: [UInt32], _ b: [UInt32]) -> Int {
        for index in stride(from: a.count - 1, through: 0, by: -1) where a[index] != b[index] {
            return a[index] < b[index] ? -1 : 1
        }
        return 0
    }

    /// `a -= b` modulo `2^(32 * count)`; callers only use it where the true result is in range.
    private static func subtract(_ a: inout [UInt32], _ b: [UInt32]) {
        var borrow: UInt32 = 0
        for index in a.indices {
            let (partial, overflowA) = a[index].subtractingReportingOverflow(b[index])
            let (difference, overflowB) = partial.subtractingReportingOverflow(borrow)
            a[index] = difference
            borrow = (overflowA || overflowB) ? 1 : 0
        }
    }

    private static func limbs(bigEndian bytes: some Collection<UInt8>) -> [UInt32] {
        let significant = Array(bytes.drop { $0 == 0 })
        var limbs = [UInt32](repeating: 0, count: max(1, (significant.count + 3) / 4))
        for (offset, byte) in significant.reversed().enumerated() {
            limbs[offset / 4] |= UInt32(byte) << UInt32(8 * (offset % 4))
        }
        return limbs
    }

    private static func bits(bigEndian bytes: some Collection<UInt8>) -> [Bool] {
        bytes.flatMap { byte in (0..<8).reversed().map { byte >> UInt8($0) & 1 == 1 } }
    }

    private static func bytes(_ limbs: [UInt32], count: Int) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: count)
        for index in 0..<count {
            let limb = limbs[index / 4]
            output[count - 1 - index] = UInt8(truncatingIfNeeded: limb >> UInt32(8 * (index % 4)))
        }
        return output
    }
}
