import AssinafyTestSupport
import Testing
@testable import GeneratorCore

struct ReaderCase: Sendable, CustomTestStringConvertible {
    let name: String
    let input: String
    let expected: String
    init(_ name: String, _ input: String, _ expected: String) {
        self.name = name
        self.input = input
        self.expected = expected
    }
    var testDescription: String { name }
}

/// One small document per YAML feature, with the tree it must produce.
@Suite(.offCooperativePool) struct DocumentReaderYAMLTests {
    static let structure: [ReaderCase] = [
        ReaderCase("block mapping", "a: 1\nb: two\n", #"{a: 1, b: "two"}"#),
        ReaderCase(
            "nested block mappings", "a:\n  b:\n    c: 1\n  d: [1, 2]\ne: x\n", #"{a: {b: {c: 1}, d: [1, 2]}, e: "x"}"#),
        ReaderCase("block sequence", "- a\n- b\n-\n  - c\n- \n", #"["a", "b", ["c"], null]"#),
        ReaderCase("indentless sequence", "a:\n- 1\n- 2\nb: 3\n", "{a: [1, 2], b: 3}"),
        ReaderCase("sequence of mappings", "- a: 1\n  b: 2\n- c: 3\n", "[{a: 1, b: 2}, {c: 3}]"),
        ReaderCase("compact nested sequences", "- - a\n  - b\n- - c\n", #"[["a", "b"], ["c"]]"#),
        ReaderCase("mapping in sequence with nested list", "- a:\n    - 1\n  b: 2\n", "[{a: [1], b: 2}]"),
        ReaderCase("flow collections", "{a: [1, {b: c}], d: {}, e: []}", #"{a: [1, {b: "c"}], d: {}, e: []}"#),
        ReaderCase(
            "flow spanning lines", "a: [1,\n  2,\n    3]\nb: {x: 1,\n  y: 2\n  }\n", "{a: [1, 2, 3], b: {x: 1, y: 2}}"),
        ReaderCase("flow inside block inside flow", "- {a: [x, y]}\n- [ {b: 1}, [] ]\n", #"[{a: ["x", "y"]}, [{b: 1}, []]]"#),
        ReaderCase("single-pair mapping in flow sequence", "[a: 1, b]", #"[{a: 1}, "b"]"#),
        ReaderCase("flow trailing commas", "a: [1, 2, ]\nb: {x: 1, }\n", "{a: [1, 2], b: {x: 1}}"),
        ReaderCase("flow keys without values", "{a, b: 1, c: }", "{a: null, b: 1, c: null}"),
        ReaderCase("JSON-like adjacent values", #"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#, #"{a: 1, b: [true, false, null], c: {d: "e"}}"#),
        ReaderCase(
            "pretty-printed JSON", "{\n  \"a\": [\n    1,\n    2\n  ],\n\t\"b\": {}\n}\n", "{a: [1, 2], b: {}}"),
        ReaderCase("flow with comments", "[1, # one\n 2 # two\n]", "[1, 2]"),
        ReaderCase(
            "comments everywhere", "# c\na: 1 # c\n# c\nb: # c\n  - x # c\n  # c\n  - y\n# end",
            #"{a: 1, b: ["x", "y"]}"#),
        ReaderCase("value on the next line", "key:    # comment\n  value\n", #"{key: "value"}"#),
        ReaderCase("CRLF line endings", "a: 1\r\nb:\r\n  - x\r\n  - |\r\n    t\r\n", #"{a: 1, b: ["x", "t\n"]}"#),
        ReaderCase("byte order mark", "\u{FEFF}a: 1\n", "{a: 1}"),
        ReaderCase("tabs as separators", "a:\t1\nb: [1,\t2]\nc: 3\t# tab before comment\n", "{a: 1, b: [1, 2], c: 3}"),
        ReaderCase("trailing spaces", "a: 1   \nb: x  \n", #"{a: 1, b: "x"}"#),
        ReaderCase("unicode", "ключ: значение\n名前: 'テスト'\n", #"{ключ: "значение", 名前: "テスト"}"#),
        ReaderCase("explicit keys", "? a\n: 1\n? b\n? c\n: 3\n", "{a: 1, b: null, c: 3}"),
        ReaderCase("explicit block scalar key", "? |\n  k\n: v\n", #"{"k\n": "v"}"#),
        ReaderCase("explicit key in flow", "{? a : 1, ? b}", "{a: 1, b: null}"),
    ]

    static let scalars: [ReaderCase] = [
        ReaderCase(
            "plain scalars with indicators inside",
            "a: http://example.com:8080/x\nb: 12:30\nc: b#c\nd: e # comment\ne: -1x\nf: ?x\ng: :x\nh: [a:b, c]\n",
            #"{a: "http://example.com:8080/x", b: "12:30", c: "b#c", d: "e", e: "-1x", f: "?x", g: ":x", h: ["a:b", "c"]}"#),
        ReaderCase("multi-line plain", "a: one\n  two\n\n  three\nb: x\n", #"{a: "one two\nthree", b: "x"}"#),
        ReaderCase("multi-line plain at top level", "one\ntwo\n  three", #""one two three""#),
        ReaderCase("multi-line plain in flow", "[one\n two, three\n\n four]", #"["one two", "three\nfour"]"#),
        ReaderCase("single-quoted", "a: 'it''s'\nb: 'x\n  y'\nc: ''\nd: 'a\\n'\n", #"{a: "it's", b: "x y", c: "", d: "a\\n"}"#),
        ReaderCase(
            "double-quoted folding", "a: \"one\n  two\n\n  three \\\n  four\"\nb: \"a  \n  b\"\n",
            #"{a: "one two\nthree four", b: "a b"}"#),
        ReaderCase("double-quoted empty and quotes", #"[ "", "'", "\"" ]"#, #"["", "'", "\""]"#),
        ReaderCase(
            "literal block scalar", "a: |\n  line1\n   line2\n\n  line3\nb: 1\n", #"{a: "line1\n line2\n\nline3\n", b: 1}"#),
        ReaderCase("literal strip", "a: |-\n  x\n\nb: 1", #"{a: "x", b: 1}"#),
        ReaderCase("literal keep", "a: |+\n  x\n\nb: 1", #"{a: "x\n\n", b: 1}"#),
        ReaderCase("literal clip", "a: |\n  x\n\n\nb: 1", #"{a: "x\n", b: 1}"#),
        ReaderCase("literal at end of input without newline", "a: |\n  x", #"{a: "x"}"#),
        ReaderCase(
            "folded block scalar", "a: >\n  one\n  two\n\n  three\n    indented\n  four\n",
            #"{a: "one two\nthree\n  indented\nfour\n"}"#),
        ReaderCase("folded keep", "a: >+\n  a\n  b\n\n", #"{a: "a b\n\n"}"#),
        ReaderCase("folded strip", "- >-\n  a\n  b\n- x", #"["a b", "x"]"#),
        ReaderCase("explicit indentation indicator", "a: |2\n   x\n  y\n", #"{a: " x\ny\n"}"#),
        ReaderCase("indicator with chomping", "a: >1-\n  x\n", #"{a: " x"}"#),
        ReaderCase("block scalar header comment", "a: | # note\n  x\n", #"{a: "x\n"}"#),
        ReaderCase("block scalar leading blank lines", "a: |\n\n  x\n", #"{a: "\nx\n"}"#),
        ReaderCase("comment-like lines in block scalar", "a: |\n  # not a comment\nb: 1\n", ##"{a: "# not a comment\n", b: 1}"##),
        ReaderCase("top-level literal", "--- |\n  foo\n", #""foo\n""#),
        ReaderCase("empty block scalar", "a: |\nb: 1\n", #"{a: "", b: 1}"#),
    ]

    static let schema: [ReaderCase] = [
        ReaderCase("nulls", "- ~\n- null\n- Null\n- NULL\n-\n- nulL\n", #"[null, null, null, null, null, "nulL"]"#),
        ReaderCase(
            "bools", "[true, True, TRUE, false, False, FALSE, tRue, yes, on]",
            #"[true, true, true, false, false, false, "tRue", "yes", "on"]"#),
        ReaderCase(
            "ints",
            "[0, -12, +7, 007, 0o17, 0x1F, 0xff, 9223372036854775807, 9223372036854775808, -9223372036854775808, 0x8000000000000000, 0o]",
            #"[0, -12, 7, 7, 15, 31, 255, 9223372036854775807, 9.223372036854776e+18, -9223372036854775808, 9.223372036854776e+18, "0o"]"#
        ),
        ReaderCase(
            "floats", "[1.5, -0.5, .5, 1., 1e3, 1E-2, +1.5e+2, .inf, -.inf, +.INF, .NaN, 1_000, 1.2.3, 0x, 0o8, e3, ., 1e]",
            #"[1.5, -0.5, 0.5, 1.0, 1000.0, 0.01, 150.0, inf, -inf, inf, nan, "1_000", "1.2.3", "0x", "0o8", "e3", ".", "1e"]"#
        ),
        ReaderCase("quoted scalars stay strings", #"['1', "true", 'null', "", '~', "0x1F"]"#, #"["1", "true", "null", "", "~", "0x1F"]"#),
        ReaderCase("block scalars stay strings", "a: |-\n  12\nb: >-\n  true\n", #"{a: "12", b: "true"}"#),
        ReaderCase(
            "keys keep their source text", "200: ok\ntrue: yes\n~: n\n0x10: h\n1.50: f\n\"q\": 1\n'': e\n",
            #"{200: "ok", true: "yes", ~: "n", 0x10: "h", 1.50: "f", q: 1, "": "e"}"#),
        ReaderCase(
            "tags", "a: !!str 123\nb: !!int \"42\"\nc: !!float 1\nd: !custom x\ne: !!bool \"true\"\nf: !!null ''\ng: ! 12\nh: !<tag:yaml.org,2002:str> 5\ni: !!binary aGk=\n",
            #"{a: "123", b: 42, c: 1.0, d: "x", e: true, f: null, g: "12", h: "5", i: "aGk="}"#),
        ReaderCase("tags on collections are ignored", "a: !!map\n  b: 1\nc: !foo [1]\n", "{a: {b: 1}, c: [1]}"),
        ReaderCase("tag on empty value", "a: !!str\nb: !!null\n", #"{a: "", b: null}"#),
    ]

    static let references: [ReaderCase] = [
        ReaderCase(
            "anchors and aliases", "a: &x 1\nb: *x\nc: &m {k: v}\nd: *m\ne: &s\n  - 1\nf: *s\n",
            #"{a: 1, b: 1, c: {k: "v"}, d: {k: "v"}, e: [1], f: [1]}"#),
        ReaderCase("anchor then tag", "a: &x !!str 1\nb: *x\nc: !!int &y '2'\nd: *y\n", #"{a: "1", b: "1", c: 2, d: 2}"#),
        ReaderCase("anchor on a key", "&k a: 1\nb: *k\n", #"{a: 1, b: "a"}"#),
        ReaderCase("alias as a key", "x: &k name\n*k : 2\n", #"{x: "name", name: 2}"#),
        ReaderCase("anchors can be redefined", "a: &x 1\nb: *x\nc: &x 2\nd: *x\n", "{a: 1, b: 1, c: 2, d: 2}"),
        ReaderCase(
            "merge key with one alias", "base: &b {x: 1, y: 2}\nd:\n  <<: *b\n  y: 3\n",
            "{base: {x: 1, y: 2}, d: {x: 1, y: 3}}"),
        ReaderCase(
            "merge key with a sequence of aliases", "a: &a {x: 1, y: 1}\nb: &b {y: 2, z: 2}\nc:\n  z: 3\n  <<: [*a, *b]\n  w: 4\n",
            "{a: {x: 1, y: 1}, b: {y: 2, z: 2}, c: {z: 3, x: 1, y: 1, w: 4}}"),
        ReaderCase("explicit keys after merge win", "a: &a {x: 1}\nb:\n  <<: *a\n  x: 2\n", "{a: {x: 1}, b: {x: 2}}"),
        ReaderCase("merge of an inline mapping", "a:\n  <<: {x: 1}\n  y: 2\n", "{a: {x: 1, y: 2}}"),
        ReaderCase("quoted << is an ordinary key", "a:\n  '<<': 1\n", "{a: {<<: 1}}"),
        ReaderCase("merge in flow mapping", "- &a {x: 1}\n- {<<: *a, y: 2}\n", "[{x: 1}, {x: 1, y: 2}]"),
    ]

    static let documents: [ReaderCase] = [
        ReaderCase("directive and markers", "%YAML 1.2\n---\na: 1\n...\n", "{a: 1}"),
        ReaderCase("unknown directive tolerated", "%FOO bar\n%TAG ! tag:example.com,2000:\n--- [1]\n", "[1]"),
        ReaderCase("document start with content", "--- \n- 1\n", "[1]"),
        ReaderCase("document start with comment", "--- # comment\na: 1\n", "{a: 1}"),
        ReaderCase("end marker then comments", "a: 1\n...\n# trailing\n", "{a: 1}"),
        ReaderCase("empty explicit document", "---\n", "null"),
        ReaderCase("top-level scalar", "hello", #""hello""#),
        ReaderCase("--- inside a scalar is text", "a: x---y\n", #"{a: "x---y"}"#),
        ReaderCase("--- not followed by a space is text", "---b: 1\n", "{---b: 1}"),
    ]

    @Test(arguments: structure + scalars + schema + references + documents)
    func reads(_ testCase: ReaderCase) throws {
        #expect(try ReaderTestSupport.yaml(testCase.input) == testCase.expected)
        // The public entry point (which may try JSON first) must agree with the YAML parser.
        #expect(try ReaderTestSupport.render(DocumentReader.read(testCase.input, file: "t")) == testCase.expected)
    }

    @Test func doubleQuotedEscapes() throws {
        let node = try DocumentReader.read(
            #"a: "\t\n\\\"\x41\u00e9\U0001F600\0\/\ \_\N\L\P\e\a\b\v\f\r\"# + "\t" + #"\uD83D\uDE00""#, file: "t")
        let expected =
            "\t\n\\\"A\u{E9}\u{1F600}\u{0}/ \u{A0}\u{85}\u{2028}\u{2029}\u{1B}\u{7}\u{8}\u{B}\u{C}\r\t\u{1F600}"
        #expect(node["a"]?.string == expected)
    }

    @Test func locations() throws {
        let text = "a: 1\nb:\n  - x\n  - {c: 'é', d: [2]}\ne: |\n  t\nf: &x\n  g: h\né: z\n"
        let rendered = try ReaderTestSupport.yaml(text, locations: true)
        #expect(
            rendered
                == #"{a@1:1: 1@1:4, b@2:1: ["x"@3:5, {c@4:6: "é"@4:9, d@4:14: [2@4:18]@4:17}@4:5]@3:3, e@5:1: "t\n"@5:4, f@7:1: {g@8:3: "h"@8:6}@8:3, é@9:1: "z"@9:4}@1:1"#
        )
    }

    @Test func emptyValuesPointAtTheirIndicator() throws {
        let rendered = try ReaderTestSupport.yaml("a:\nb:\n- \n", locations: true)
        #expect(rendered == "{a@1:1: null@1:2, b@2:1: [null@3:1]@3:1}@1:1")
    }
}
