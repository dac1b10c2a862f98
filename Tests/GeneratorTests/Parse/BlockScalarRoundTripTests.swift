import Testing

@testable import GeneratorCore

/// Literal block scalars written with every chomping indicator ([164] c-chomping-indicator) and
/// indentation indicator ([163] c-indentation-indicator), with empty lines written bare or as
/// indentation-only lines, with and without a line break at the end of the input: the content
/// read back must be the content written ([170] c-l+literal, [165] b-chomped-last).
@Suite struct BlockScalarRoundTripTests {
    static let contents = [
        "x", "x\n", "x\n\n", "x\n \n", "x \n", "x\n ", " x\n", "x\n\ny\n", "x\n  \n", "\nx\n", "x\n\n\n",
        "  x\n y\n", "x\n \n\n", "x\n\n \n", "\n\nx", "x\n\t\n", "x\t\n",
    ]

    struct Variant: CustomStringConvertible {
        var content: String
        var chomping: String
        var indicator: Int?
        var spacesOnEmptyLines: Bool
        var finalBreak: Bool
        var description: String {
            "content \(content.debugDescription) |\(indicator.map(String.init) ?? "")\(chomping)"
                + "\(spacesOnEmptyLines ? " spaces-on-empty" : "")\(finalBreak ? "" : " no-final-break")"
        }

        var width: Int { indicator ?? 2 }

        var document: String {
            var lines = content.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if content.hasSuffix("\n") { lines.removeLast() }
            let indentation = String(repeating: " ", count: width)
            let body = lines.map { $0.isEmpty ? (spacesOnEmptyLines ? indentation : "") : indentation + $0 }
            return "a: |\(indicator.map(String.init) ?? "")\(chomping)\n" + body.joined(separator: "\n")
                + (finalBreak ? "\n" : "")
        }

        /// Without a break at the end of the input, the last line has none to keep or clip,
        /// unless it holds only white space: such a line still ends as a line.
        var expected: String {
            if finalBreak || chomping == "-" || !content.hasSuffix("\n") { return content }
            let last = document.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
            return !last.isEmpty && last.allSatisfy({ $0 == " " || $0 == "\t" }) ? content : String(content.dropLast())
        }
    }

    static var variants: [Variant] {
        var result: [Variant] = []
        for content in contents {
            let choppings = !content.hasSuffix("\n") ? ["-"] : content.hasSuffix("\n\n") ? ["+"] : ["", "+"]
            // Auto-detection cannot see an indentation that content lines begin with.
            let autoDetectable = content.split(separator: "\n").first { !$0.allSatisfy { $0 == " " } }
                .map { $0.first != " " && $0.first != "\t" } ?? true
            let leadingEmpty = content.split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.isEmpty }
            for chomping in choppings {
                for indicator in (autoDetectable && leadingEmpty.isEmpty ? [nil] : []) + [1, 2, 4] {
                    for spaces in [false, true] {
                        for finalBreak in [true, false] {
                            result.append(Variant(
                                content: content, chomping: chomping, indicator: indicator,
                                spacesOnEmptyLines: spaces, finalBreak: finalBreak))
                        }
                    }
                }
            }
        }
        return result
    }

    /// Folded block scalars ([174] c-l+folded): a single line break between two text lines folds
    /// into a space, so a content break is written as an empty line ([176] b-l-trimmed); trailing
    /// breaks are chomped as in literal scalars. Contents without leading white space on a line
    /// (more-indented lines, [178], keep their breaks and are covered by the literal table).
    static let foldedContents = ["x", "x\n", "x y\n", "x\ny\n", "x\n\ny\n", "x\n\n", "x\n\n\n", "a b\nc d", "x\ny\n\n"]

    static func foldedDocument(_ content: String, chomping: String, indicator: Int?, finalBreak: Bool) -> String {
        let width = indicator ?? 2
        let indentation = String(repeating: " ", count: width)
        var text = Substring(content)
        var trailing = 0
        while text.hasSuffix("\n") {
            text = text.dropLast()
            trailing += 1
        }
        // Between text lines: one more break than the content has (the first one folds).
        var body = ""
        for (index, piece) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if piece.isEmpty {
                body += "\n"
                continue
            }
            if index > 0 { body += "\n\n" }
            body += indentation + piece
        }
        let tail = trailing == 0 ? "" : String(repeating: "\n", count: trailing - 1)
        return "a: >\(indicator.map(String.init) ?? "")\(chomping)\n" + body + tail + (finalBreak ? "\n" : "")
    }

    @Test func foldedScalarsReadBackTheirContent() throws {
        var failures: [String] = []
        var count = 0
        for content in Self.foldedContents {
            let choppings = !content.hasSuffix("\n") ? ["-"] : content.hasSuffix("\n\n") ? ["+"] : ["", "+"]
            for chomping in choppings {
                for indicator in [nil, 1, 2, 4] as [Int?] {
                    for finalBreak in [true, false] {
                        count += 1
                        let document = Self.foldedDocument(
                            content, chomping: chomping, indicator: indicator, finalBreak: finalBreak)
                        // Without a break at the end of the input the last line (empty ones are
                        // written bare here) has none to keep.
                        let expected = finalBreak || chomping == "-" ? content : String(content.dropLast())
                        do {
                            let read = try DocumentReader.read(document, file: "t.yaml")["a"]?.string
                            if read != expected {
                                failures.append("\(document.debugDescription): read \(read.debugDescription), expected \(expected.debugDescription)")
                            }
                        } catch {
                            failures.append("\(document.debugDescription): \(error)")
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(count):\n\(failures.joined(separator: "\n"))")
        #expect(count > 50)
    }

    @Test func everyVariantReadsBackItsContent() throws {
        var failures: [String] = []
        for variant in Self.variants {
            do {
                let node = try DocumentReader.read(variant.document, file: "t.yaml")
                let read = node["a"]?.string
                if read != variant.expected {
                    failures.append("\(variant): read \(read.debugDescription), expected \(variant.expected.debugDescription)")
                }
            } catch {
                failures.append("\(variant): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(Self.variants.count):\n\(failures.joined(separator: "\n"))")
        #expect(Self.variants.count > 200)
    }
}
