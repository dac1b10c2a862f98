import Testing

@testable import GeneratorCore

/// The byte-scanning helpers read eight bytes at a time and the rest one by one: every check here
/// runs over lengths that put the byte it looks for in each lane of a word and in the tail.
@Suite("Text scans")
struct TextScanTests {
    static func placements(of needle: String, filler: Character = "a") -> [String] {
        (0..<20).flatMap { length in
            (0..<length).map { position in
                String(repeating: filler, count: position) + needle
                    + String(repeating: filler, count: length - position - 1)
            }
        }
    }

    @Test func lineBreaksAreCountedInEveryPosition() {
        for text in Self.placements(of: "\n") { #expect(lineBreakCount(text) == 1, "\(Array(text.utf8))") }
        // Bytes one bit away from a line feed (0x8A, 0x0B, 0x0E, 0x2A) and multi-byte text are not.
        let near = "\u{8A}\u{0B}\u{0E}*é€😀\u{0}"
        #expect(lineBreakCount(near + near + near) == 0)
        #expect(lineBreakCount("") == 0)
        #expect(lineBreakCount("\r\n\r\n") == 2)
    }

    /// Long runs fill the per-lane counters past the point where they are folded.
    @Test func longRunsOfLineBreaksAreCountedExactly() {
        for count in [7, 8, 9, 247, 248, 249, 255, 256, 257, 10_000] {
            #expect(lineBreakCount(String(repeating: "\n", count: count)) == count)
            #expect(lineBreakCount(String(repeating: "ab\n", count: count)) == count)
        }
        var mixed = ""
        var expected = 0
        for index in 0..<5_000 {
            mixed += index % 3 == 0 ? "\n" : index % 7 == 0 ? "é" : "x"
            if index % 3 == 0 { expected += 1 }
        }
        #expect(lineBreakCount(mixed) == expected)
    }

    @Test func bytesAreCharactersOnlyForASCIIWithoutCarriageReturns() {
        #expect(bytesAreCharacters(""))
        #expect(bytesAreCharacters(String(repeating: "plain ascii ~\t\n", count: 5)))
        for text in Self.placements(of: "é") { #expect(!bytesAreCharacters(text)) }
        for text in Self.placements(of: "\r") { #expect(!bytesAreCharacters(text)) }
        // Neighbours of a carriage return (0x0C, 0x0E, 0x1D) are single-byte Characters.
        for text in Self.placements(of: "\u{0C}\u{0E}\u{1D}") { #expect(bytesAreCharacters(text)) }
    }

    @Test func characterCountMatchesCount() {
        for text in ["", "abc", "ação", "\r\n", "a\r\nb", "😀x", String(repeating: "é", count: 17)] {
            #expect(characterCount(text) == text.count)
        }
    }
}
