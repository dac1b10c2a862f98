import AssinafyTestSupport
import Testing
@testable import GeneratorCore

/// The strict JSON reader, and its agreement with the YAML reader on the same content.
@Suite(.offCooperativePool) struct DocumentReaderJSONTests {
    /// The same content written as JSON and as block YAML.
    static let pairs: [(json: String, yaml: String)] = [
        (#"{"a": 1, "b": [true, false, null], "c": {"d": "e"}}"#, "a: 1\nb:\n  - true\n  - false\n  - null\nc:\n  d: e\n"),
        (#"[1.5, -2, "x y", [], {}]"#, "- 1.5\n- -2\n- x y\n- []\n- {}\n"),
        (
            #"{"paths": {"/users/{id}": {"get": {"responses": {"200": {"description": "OK"}}}}}}"#,
            "paths:\n  /users/{id}:\n    get:\n      responses:\n        200:\n          description: OK\n"
        ),
        (#"{"text": "line1\nline2\n", "quote": "it's \"q\""}"#, "text: |\n  line1\n  line2\nquote: 'it''s \"q\"'\n"),
        (#"{"empty": "", "unicode": "\u00e9\ud83d\ude00", "slash": "a\/b"}"#, "empty: ''\nunicode: \"é😀\"\nslash: a/b\n"),
        (#"{"big": 12345678901234567890, "exp": 1e3, "neg": -0.5}"#, "big: 12345678901234567890\nexp: 1e3\nneg: -0.5\n"),
    ]

    @Test func jsonAndYAMLGiveEqualTrees() throws {
        for pair in Self.pairs {
            let fromJSON = try ReaderTestSupport.json(pair.json)
            #expect(fromJSON == (try ReaderTestSupport.yaml(pair.yaml)), "\(pair.json)")
            // YAML 1.2 is a JSON superset: the YAML reader must agree, positions included.
            #expect(
                (try ReaderTestSupport.json(pair.json, locations: true))
                    == (try ReaderTestSupport.yaml(pair.json, locations: true)), "\(pair.json)")
        }
    }

    @Test func numbers() throws {
        let text = "[0, -0, 1, -1, 9223372036854775807, -9223372036854775808, 9223372036854775808, -9223372036854775809, 1.5, 1e2, 1E-2, -0.0, 12345678901234567890123, 1e400]"
        #expect(
            try ReaderTestSupport.json(text)
                == "[0, 0, 1, -1, 9223372036854775807, -9223372036854775808, 9.223372036854776e+18, -9.223372036854776e+18, 1.5, 100.0, 0.01, -0.0, 1.2345678901234568e+22, inf]"
        )
    }

    @Test func locations() throws {
        let text = "{\n  \"é\": [1, \"x\"],\r\n  \"b\": {\"c\": null}\n}"
        #expect(
            try ReaderTestSupport.json(text, locations: true)
                == #"{é@2:3: [1@2:9, "x"@2:12]@2:8, b@3:3: {c@3:9: null@3:14}@3:8}@1:1"#)
    }

    @Test func minifiedSingleLineKeepsColumns() throws {
        let items = (0..<20_000).map { #"{"k":\#($0)}"# }
        let text = "[" + items.joined(separator: ",") + "]"
        let node = try JSONParser.parse(Array(text.utf8), file: "t")
        let last = node.elements?.last
        let lastOffset = text.utf8.count - 1 - (items.last?.utf8.count ?? 0)
        #expect(last?.location == SourceLocation(line: 1, column: lastOffset + 1))
        #expect(last?["k"]?.int == 19_999)
    }

    static let malformed: [ReaderCase] = [
        ReaderCase("empty", "", "1:1: expected a value, but found the end of input"),
        ReaderCase("trailing comma in array", "[1,]", "1:3: trailing comma before ']'"),
        ReaderCase("trailing comma in object", #"{"a":1,}"#, "1:7: trailing comma before '}'"),
        ReaderCase("unquoted key", "{a: 1}", "1:2: expected a string key, but found 'a'"),
        ReaderCase("leading zero", "[01]", "1:3: invalid number"),
        ReaderCase("bare dot", "[1.]", "1:4: invalid number: expected a digit after '.'"),
        ReaderCase("missing exponent digits", "[1e+]", "1:5: invalid number: expected a digit in the exponent"),
        ReaderCase("leading plus", "[+1]", "1:2: expected a value, but found '+'"),
        ReaderCase("single quotes", "['a']", "1:2: expected a value, but found '''"),
        ReaderCase("missing comma", "[1 2]", "1:4: expected ',' or ']', but found '2'"),
        ReaderCase("missing colon", #"{"a" 1}"#, "1:6: expected ':', but found '1'"),
        ReaderCase("raw tab in string", "[\"a\tb\"]", "1:4: unescaped control character tab in string"),
        ReaderCase("raw newline in string", "[\"a\nb\"]", "1:4: unescaped control character U+000A in string"),
        ReaderCase("bad escape", #"["\x41"]"#, "1:3: invalid escape sequence"),
        ReaderCase("lone surrogate", #"["\ud800"]"#, "1:3: invalid Unicode escape (unpaired surrogate)"),
        ReaderCase("reversed surrogates", #"["\udc00\ud800"]"#, "1:3: invalid Unicode escape (unpaired surrogate)"),
        ReaderCase("short unicode escape", #"["\u12"]"#, #"1:3: expected 4 hexadecimal digits after '\u'"#),
        ReaderCase("truncated literal", "[nul]", "1:2: invalid literal; expected 'null'"),
        ReaderCase("literal with suffix", "[truex]", "1:6: invalid literal"),
        ReaderCase("NaN", "[NaN]", "1:2: expected a value, but found 'N'"),
        ReaderCase("comment", "// c\n{}", "1:1: expected a value, but found '/'"),
        ReaderCase("trailing data", "[1] x", "1:5: expected the end of input after the JSON value, but found 'x'"),
        ReaderCase("two documents", "{} {}", "1:4: expected the end of input after the JSON value, but found '{'"),
        ReaderCase("unterminated string", "[\"abc", "1:2: unterminated string"),
        ReaderCase("unterminated array", "[1, 2", "1:6: expected ',' or ']', but found the end of input"),
        ReaderCase("duplicate key", "{\n  \"a\": 1,\n  \"a\": 2\n}", "3:3: duplicate key 'a'"),
        ReaderCase("duplicate among many keys", "{" + (0..<20).map { "\"k\($0)\": 1, " }.joined() + "\"k3\": 2}", "1:192: duplicate key 'k3'"),
        ReaderCase("depth limit", String(repeating: "[", count: 100_000), "1:513: nesting depth limit exceeded"),
    ]

    @Test(arguments: malformed)
    func rejects(_ testCase: ReaderCase) {
        #expect(ReaderTestSupport.failure(testCase.input, json: true) == testCase.expected)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try ReaderTestSupport.json("\u{FEFF}[1]", locations: true) == "[1@1:2]@1:1")
    }

    @Test func readerDetectsJSONButFallsBackToYAML() throws {
        // JSON-looking documents that are only valid as YAML flow style still read.
        #expect(try ReaderTestSupport.render(DocumentReader.read("{a: 1, b: [x, y,]} # note\n", file: "t")) == #"{a: 1, b: ["x", "y"]}"#)
        #expect(try ReaderTestSupport.render(DocumentReader.read("  \n [1, 2]", file: "t")) == "[1, 2]")
        #expect(DocumentReader.looksLikeJSON(Array("\u{FEFF} \n{".utf8)))
        #expect(!DocumentReader.looksLikeJSON(Array("a: {".utf8)))
    }
}
