/// Scans over the UTF-8 of generated text, eight bytes at a time: the renderer measures, escapes
/// and counts the lines of almost every string it prints, and going through `utf8` a byte at a
/// time (or `count`'s grapheme walk) was a tenth of generating a large document (issue 17).

/// Whether every byte of `text` is one Character (ASCII without a carriage return, which pairs
/// with a following line feed): then byte counts are Character counts, without walking grapheme
/// clusters.
func bytesAreCharacters(_ text: String) -> Bool {
    !containsByte(
        text,
        ofWord: { word in
            // A high bit, or a carriage return (a zero byte once xor-ed).
            word & 0x8080_8080_8080_8080 != 0 || hasZeroByte(word ^ 0x0D0D_0D0D_0D0D_0D0D)
        }, orByte: { $0 >= 0x80 || $0 == 0x0D })
}

/// Whether some byte of `text` is one `byte` accepts, tested eight at a time with `word` (which
/// must accept a word exactly when `byte` accepts one of its bytes) and the rest one by one.
@inline(__always)
func containsByte(_ text: String, ofWord word: (UInt64) -> Bool, orByte byte: (UInt8) -> Bool) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset &+ 8 <= bytes.count {
            if word(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
            offset &+= 8
        }
        while offset < bytes.count {
            if byte(bytes[offset]) { return true }
            offset &+= 1
        }
        return false
    }
}

/// `text.count`, without the grapheme walk when every byte is one Character.
func characterCount(_ text: String) -> Int {
    bytesAreCharacters(text) ? text.utf8.count : text.count
}

/// Line breaks in `text`: the generator counts every file it writes, and a byte-by-byte loop
/// was a fiftieth of the run.
package func lineBreakCount(_ text: String) -> Int {
    var text = text
    return text.withUTF8 { bytes in
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var count = 0
        // One counter per byte lane, folded into `count` before any lane can pass 255.
        var lanes: UInt64 = 0
        var wordsInLanes = 0
        var offset = 0
        while offset &+ 8 <= bytes.count {
            // Zero bytes of `word` are the line feeds. Per byte, `(b & 0x7F) + 0x7F` carries into
            // the high bit unless the low seven bits are clear, and cannot carry further; or-ing
            // `b` catches the high bit itself. Inverted, that leaves the high bit of each zero
            // byte alone, which the shift turns into a 1 in its lane.
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
            lanes &+= ~(((word & low) &+ low) | word | low) >> 7
            wordsInLanes &+= 1
            if wordsInLanes == 31 {
                count &+= sumOfLanes(lanes)
                lanes = 0
                wordsInLanes = 0
            }
            offset &+= 8
        }
        count &+= sumOfLanes(lanes)
        while offset < bytes.count {
            if bytes[offset] == 0x0A { count &+= 1 }
            offset &+= 1
        }
        return count
    }
}

/// The sum of a word's eight byte lanes, when it is below 256 (the top byte of the product).
@inline(__always)
private func sumOfLanes(_ lanes: UInt64) -> Int {
    Int(truncatingIfNeeded: (lanes &* 0x0101_0101_0101_0101) >> 56)
}

/// Whether some byte of `word` is zero: the classic test, exact about whether there is one
/// (borrows only blur which), which is all its callers ask.
@inline(__always)
func hasZeroByte(_ word: UInt64) -> Bool {
    (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
}
