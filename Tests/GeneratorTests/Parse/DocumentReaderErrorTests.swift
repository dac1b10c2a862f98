import AssinafyTestSupport
import Testing
@testable import GeneratorCore
@testable import GeneratorTools

/// Malformed documents must fail with an exact `line:column: message`, and hostile ones must
/// hit a limit instead of exhausting memory, time or stack.
@Suite(.offCooperativePool) struct DocumentReaderErrorTests {
    static let malformed: [ReaderCase] = [
        ReaderCase("duplicate key", "a: 1\na: 2", "2:1: duplicate key 'a'"),
        ReaderCase("nested duplicate key", "a:\n  b: 1\n  b: 2", "3:3: duplicate key 'b'"),
        ReaderCase("duplicate in flow mapping", "x: {a: 1, a: 2}", "1:11: duplicate key 'a'"),
        ReaderCase("duplicate after source-text normalisation", "200: a\n\"200\": b", "2:1: duplicate key '200'"),
        ReaderCase("duplicate among many keys", (0..<20).map { "k\($0): 1\n" }.joined() + "k7: 2", "21:1: duplicate key 'k7'"),
        ReaderCase("tab indentation", "a: 1\n\tb: 2", "2:1: tab character used as indentation"),
        ReaderCase("tab before sequence entry", "a:\n\t- x", "2:1: tab character used as indentation"),
        ReaderCase("tab after spaces", "a:\n  \tb: 1", "2:3: tab character used as indentation"),
        ReaderCase("tab in plain continuation", "a: x\n\ty", "2:1: tab character used as indentation"),
        ReaderCase("unterminated single quote", "a: 'unterminated", "1:4: unterminated single-quoted string"),
        ReaderCase("unterminated double quote", "a: 1\nb: \"abc\n", "2:4: unterminated double-quoted string"),
        ReaderCase("unknown escape", #"a: "x\qy""#, #"1:6: unknown escape sequence '\q'"#),
        ReaderCase("short unicode escape", #"a: "\u12""#, "1:5: expected 4 hexadecimal digits in escape sequence"),
        ReaderCase("lone surrogate escape", #"a: "\uD800x""#, "1:5: invalid Unicode escape (unpaired surrogate)"),
        ReaderCase("mapping value on same line", "a: b: c", "1:5: mapping values are not allowed here"),
        ReaderCase("continuation looks like a key", "a: x\n  y: 2", "2:4: mapping values are not allowed here"),
        ReaderCase("missing colon", "a: 1\nb\nc: 2", "2:1: could not find expected ':'"),
        ReaderCase("bad indentation", "a:\n  b: 1\n c: 2", "3:2: bad indentation of a mapping entry"),
        ReaderCase("key after sequence", "- a\nb: 1", "2:1: expected a sequence entry ('-'), but found a mapping key"),
        ReaderCase("sequence after mapping", "a: 1\n- b", "2:1: expected a mapping key, but found '-'"),
        ReaderCase("junk after quoted scalar", "a: 'x'y", "1:7: expected a mapping key, but found a scalar"),
        ReaderCase("sequence on key line", "key: - a", "1:6: sequence entries are not allowed here"),
        ReaderCase("unclosed flow sequence", "a: [1, 2", "1:9: expected ',' or ']', but found end of input"),
        ReaderCase("mismatched flow bracket", "key: [a, b}", "1:11: expected ',' or ']', but found '}'"),
        ReaderCase("unclosed flow mapping", "a: {b: 1", "1:9: expected ',' or '}', but found end of input"),
        ReaderCase("extra closing bracket", "a: [1, 2]]", "1:10: expected a mapping key, but found ']'"),
        ReaderCase("block entry in flow", "a: [a, - b]", "1:8: expected a value, but found '-'"),
        ReaderCase("reserved indicator", "a: @x", "1:4: found character '@' that cannot start any token"),
        ReaderCase("undefined alias", "a: *nope", "1:4: undefined alias '*nope'"),
        ReaderCase("recursive alias", "a: &x [*x]", "1:8: recursive alias '*x'"),
        ReaderCase("collection as key", "? [a]\n: 1", "1:3: mapping keys must be scalars: a sequence as a key is not supported"),
        ReaderCase("invalid !!int", "a: !!int abc", "1:10: invalid !!int value 'abc'"),
        ReaderCase("invalid !!bool", "a: !!bool 'yes'", "1:11: invalid !!bool value 'yes'"),
        ReaderCase("invalid !!float", "a: !!float x1", "1:12: invalid !!float value 'x1'"),
        ReaderCase("merge of a scalar", "a:\n  <<: 1", "2:7: a merge key ('<<') needs a mapping or a sequence of mappings"),
        ReaderCase("merge of a scalar list", "a:\n  <<: [1]", "2:8: a merge key ('<<') sequence must contain only mappings"),
        ReaderCase("zero indentation indicator", "a: |0\n x", "1:5: indentation indicator must be between 1 and 9"),
        ReaderCase("junk after block scalar header", "a: |x\n  y", "1:5: expected a comment or a line break after the block scalar header"),
        ReaderCase("less indented block scalar line", "a: |\n  x\n y", "3:2: expected a mapping key, but found a scalar"),
        ReaderCase("document marker in quotes", "a: \"x\n---\n\"", "2:1: document marker inside a quoted string"),
        ReaderCase("unclosed verbatim tag", "a: !<foo", "1:9: expected '>' to close a verbatim tag"),
        ReaderCase("control character", "a: \u{7}", "1:4: invalid character U+0007"),
        ReaderCase("control character on a later line", "a: 1\nb: é\u{1}", "2:5: invalid character U+0001"),
        ReaderCase("columns count characters", "é: ü: x", "1:5: mapping values are not allowed here"),
        // One document per file: a second one is an error, not silently ignored.
        ReaderCase("second document", "--- a\n--- b", "2:1: multiple documents are not supported; found a second document"),
        ReaderCase("second document after end marker", "a: 1\n...\n---\nb: 2", "3:1: multiple documents are not supported; found a second document"),
        // [211] l-yaml-stream: after `...` a bare document may start, so this is a second document.
        ReaderCase("content after end marker", "a: 1\n...\nb: 2", "3:1: multiple documents are not supported; found a second document"),
        ReaderCase("content after flow document", "{a: 1}}", "1:7: expected the end of the document, but found '}'"),
        ReaderCase("directive without document", "%YAML 1.2\na: 1", "2:1: expected '---' after directives, but found a mapping"),
        // JSON-looking input: the reader that got further reports (here the YAML one).
        ReaderCase("JSON-looking YAML duplicate", "{a: 1, a: 2}", "1:8: duplicate key 'a'"),
        ReaderCase("JSON duplicate", #"{"a": 1, "a": 2}"#, "1:10: duplicate key 'a'"),
        ReaderCase("JSON error reported over YAML", "{\"a\": [1, 2}\n", "1:12: expected ',' or ']', but found '}'"),
    ]

    @Test(arguments: malformed)
    func reportsPosition(_ testCase: ReaderCase) {
        #expect(ReaderTestSupport.failure(testCase.input) == testCase.expected)
    }

    @Test func errorFormatting() throws {
        let error = #expect(throws: ParseError.self) { try DocumentReader.read("a: 1\na: 2\n", file: "spec/openapi.yaml") }
        #expect(error?.description == "spec/openapi.yaml:2:1: duplicate key 'a'")
        #expect(error?.file == "spec/openapi.yaml")
    }

    @Test func missingFileIsAParseError() {
        let error = #expect(throws: ParseError.self) { try DocumentReader.read(contentsOf: "/nonexistent/dir/x.yaml") }
        #expect(error?.file == "/nonexistent/dir/x.yaml")
        #expect(error?.message.hasPrefix("cannot read file") == true)
    }

    @Test func invalidUTF8IsReportedWithItsPosition() {
        #expect(throws: ParseError(file: "f", location: SourceLocation(line: 2, column: 4), message: "invalid UTF-8 at byte offset 8")) {
            try DocumentReader.validateUTF8(Array("a: 1\nb: ".utf8) + [0xFF, 0x41], file: "f")
        }
    }

    // MARK: Limits

    @Test func billionLaughsHitsTheAliasLimit() {
        var text = "a: &a [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]\n"
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        let error = #expect(throws: ParseError.self) { try DocumentReader.read(text, file: "t") }
        #expect(error?.message == "alias expansion limit exceeded")
    }

    @Test func blockStyleLaughsHitTheAliasLimit() {
        var text = "l0: &l0\n" + (0..<10).map { _ in "  - lol\n" }.joined()
        for level in 1..<12 {
            text += "l\(level): &l\(level)\n" + (0..<10).map { _ in "  - *l\(level - 1)\n" }.joined()
        }
        let error = #expect(throws: ParseError.self) { try DocumentReader.read(text, file: "t") }
        #expect(error?.message == "alias expansion limit exceeded")
    }

    @Test func moderateAliasUseIsFine() throws {
        var text = "a: &a [1, 2, 3]\n"
        for index in 0..<1000 { text += "k\(index): *a\n" }
        #expect(try DocumentReader.read(text, file: "t").entries?.count == 1001)
    }

    @Test func deepFlowNestingHitsTheDepthLimit() {
        let text = String(repeating: "[", count: 100_000)
        #expect(ReaderTestSupport.failure(text) == "1:513: nesting depth limit exceeded")
        // The enclosing block mapping counts as one level, so the 512th brace is one too many.
        #expect(ReaderTestSupport.failure("a: " + String(repeating: "{a: ", count: 100_000)) == "1:2048: nesting depth limit exceeded")
    }

    @Test func deepBlockNestingHitsTheDepthLimit() {
        let mappings = (0..<2000).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n")
        #expect(ReaderTestSupport.failure(mappings) == "513:513: nesting depth limit exceeded")
        let sequences = String(repeating: "- ", count: 10_000) + "x"
        #expect(ReaderTestSupport.failure(sequences) == "1:1025: nesting depth limit exceeded")
    }

    @Test func aliasesCannotBuildTreesDeeperThanTheLimit() throws {
        func document(_ depth: Int) -> String {
            let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            return "a: &a \(deep)\nb: " + String(repeating: "[", count: depth) + "*a" + String(repeating: "]", count: depth)
        }
        #expect(ReaderTestSupport.failure(document(300)) == "2:304: nesting depth limit exceeded")
        #expect(throws: Never.self) { try DocumentReader.read(document(200), file: "t") }
    }

    @Test func nestingBelowTheLimitIsFine() throws {
        let flow = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        var node = try DocumentReader.read(flow, file: "t")
        var depth = 1
        while let inner = node.elements?.first {
            node = inner
            depth += 1
        }
        #expect(depth == 500)
        let block = (0..<500).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n") + " x"
        #expect(throws: Never.self) { try DocumentReader.read(block, file: "t") }
    }

    @Test func longSimpleKeysAreRejected() {
        let key = String(repeating: "k", count: 1100)
        #expect(ReaderTestSupport.failure("\(key): 1") == "1:1: implicit mapping key longer than 1024 bytes; use '? ' for long keys")
        #expect(ReaderTestSupport.failure("a: 1\n\(key): 1") == "2:1: implicit mapping key longer than 1024 bytes; use '? ' for long keys")
        #expect(throws: Never.self) { try DocumentReader.read("? \(key)\n: 1", file: "t") }
    }
}
