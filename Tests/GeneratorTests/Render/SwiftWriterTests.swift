import Foundation
import Testing

@testable import GeneratorCore

/// Parameter lists are packed: one line when the whole declaration fits, otherwise as few
/// wrapped lines as fit, never one line past the limit while an item could move down.
@Suite("SwiftWriter lists")
struct SwiftWriterTests {
    /// One width for every wrap decision, indentation included.
    @Test func fitsCountsIndentationAgainstTheOneLineLength() {
        var writer = SwiftWriter()
        let text = String(repeating: "x", count: SwiftWriter.lineLength - 4)
        #expect(writer.fits(text, levels: 1))
        #expect(!writer.fits(text + "x", levels: 1))
        writer.indent { w in
            #expect(w.fits(text))
            #expect(!w.fits(text, levels: 1))
        }
    }

    /// Width is in Characters: text whose bytes exceed the room may still fit.
    @Test func fitsMeasuresCharactersNotBytes() {
        let writer = SwiftWriter()
        let accented = String(repeating: "é", count: SwiftWriter.lineLength)
        #expect(accented.utf8.count > SwiftWriter.lineLength)
        #expect(writer.fits(accented))
        #expect(!writer.fits(accented + "é"))
        let crlf = String(repeating: "\r\n", count: SwiftWriter.lineLength)
        #expect(writer.fits(crlf))
        #expect(!writer.fits(String(repeating: "x", count: SwiftWriter.lineLength + 1)))
    }

    /// Packed lines are measured in Characters too, as they grow.
    @Test func packMeasuresCharacters() {
        var writer = SwiftWriter()
        writer.pack(["ação", "ímã", "pé"], lineLength: 15)
        #expect(writer.text == "ação, ímã, pé\n")
        var tight = SwiftWriter()
        tight.pack(["ação", "ímã", "pé"], lineLength: 12)
        #expect(tight.text == "ação, ímã,\npé\n")
    }

    @Test func shortListStaysOnOneLine() {
        var writer = SwiftWriter()
        writer.list("init(", ["a: Int", "b: String? = nil"], ") {", lineLength: 40)
        #expect(writer.text == "init(a: Int, b: String? = nil) {\n")
    }

    @Test func longListPacksItemsIntoWrappedLines() {
        var writer = SwiftWriter()
        writer.list("init(", ["alpha: Int", "beta: Int", "gamma: Int", "delta: Int"], ") {", lineLength: 30)
        #expect(writer.text == "init(\n    alpha: Int, beta: Int,\n    gamma: Int, delta: Int\n) {\n")
    }

    @Test func indentationCountsTowardsTheLimit() {
        var flat = SwiftWriter()
        flat.list("f(", ["abcdef", "ghijkl"], ")", lineLength: 18)
        #expect(flat.text == "f(abcdef, ghijkl)\n")
        var nested = SwiftWriter()
        nested.indent { $0.list("f(", ["abcdef", "ghijkl"], ")", lineLength: 18) }
        #expect(nested.text == "    f(\n        abcdef,\n        ghijkl\n    )\n")
    }

    @Test func anItemLongerThanTheLimitGetsItsOwnLine() {
        var writer = SwiftWriter()
        writer.list("f(", ["a", String(repeating: "x", count: 30), "b"], ")", lineLength: 20)
        #expect(writer.text == "f(\n    a,\n    \(String(repeating: "x", count: 30)),\n    b\n)\n")
    }

    /// A call's `)` ends its last line, and counts towards that line's width.
    @Test func aCallClosesOnItsLastLine() {
        var writer = SwiftWriter()
        writer.list("f(", ["alpha: 1", "beta: 2", "gamma: 3"], ")", closesLastLine: true, lineLength: 20)
        #expect(writer.text == "f(\n    alpha: 1,\n    beta: 2,\n    gamma: 3)\n")
        var short = SwiftWriter()
        short.list("f(", ["a: 1", "b: 2"], ")", closesLastLine: true, lineLength: 20)
        #expect(short.text == "f(a: 1, b: 2)\n")
        var tight = SwiftWriter()
        // `ab, cdefghijklmn` would fit in 20 columns; with the `)` it does not.
        tight.list("f(", ["abcdefghijklmnop", "ab", "cdefghijklmn"], ")", closesLastLine: true, lineLength: 20)
        #expect(tight.text == "f(\n    abcdefghijklmnop,\n    ab,\n    cdefghijklmn)\n")
    }

    /// Indentation deeper than the writer's ready-made prefixes still counts four spaces a level.
    @Test func deepIndentationKeepsFourSpacesALevel() {
        var writer = SwiftWriter()
        func nest(_ levels: Int, _ w: inout SwiftWriter) {
            if levels == 0 {
                w.line("x")
                w.list("f(", ["a", "b"], ")")
            } else {
                w.indent { nest(levels - 1, &$0) }
            }
        }
        nest(14, &writer)
        let prefix = String(repeating: " ", count: 56)
        #expect(writer.text == "\(prefix)x\n\(prefix)f(a, b)\n")
    }

    /// A list that is empty all through is an empty line, without indentation.
    @Test func anEmptyListIsABlankLine() {
        var writer = SwiftWriter()
        writer.indent { $0.list("", [""], "") }
        writer.indent { $0.list("", ["", ""], "") }
        #expect(writer.text == "\n    , \n")
    }

    @Test func literalsEscapeWhatSwiftRequires() {
        #expect(swiftLiteral("") == "\"\"")
        #expect(swiftLiteral("created_at") == "\"created_at\"")
        #expect(swiftLiteral("ação 😀") == "\"ação 😀\"")
        #expect(swiftLiteral("a\"b\\c") == #""a\"b\\c""#)
        #expect(swiftLiteral("\n\r\t") == #""\n\r\t""#)
        #expect(swiftLiteral("\u{0}\u{1F}\u{7F}") == #""\u{0}\u{1f}\u{7f}""#)
        // Bytes beside the escaped ones (0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7E) are kept.
        #expect(swiftLiteral(" !#[]~") == "\" !#[]~\"")
        for (needle, escaped) in [("\"", #"\""#), ("\\", #"\\"#), ("\u{7F}", #"\u{7f}"#), ("\u{1}", #"\u{1}"#)] {
            for text in TextScanTests.placements(of: needle, filler: "x") {
                #expect(swiftLiteral(text) == "\"" + text.replacingOccurrences(of: needle, with: escaped) + "\"")
            }
        }
    }
}
