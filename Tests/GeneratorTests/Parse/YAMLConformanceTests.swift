import Testing

@testable import GeneratorCore

/// YAML 1.2.2 behaviour the reader once got wrong, one table per family. Each case names the
/// production of https://yaml.org/spec/1.2.2/ that decides it, as `[n] name`.
/// `expected` is the rendered tree, or `error L:C: message-prefix` for input YAML forbids.
@Suite struct YAMLConformanceTests {
    static func outcome(_ text: String) -> String {
        do {
            return ReaderTestSupport.render(try DocumentReader.read(text, file: "t.yaml"))
        } catch let error as ParseError {
            return "error \(error.location): \(error.message)"
        } catch {
            return "unexpected \(error)"
        }
    }

    static func check(_ testCase: ReaderCase) {
        let actual = outcome(testCase.input)
        if testCase.expected.hasPrefix("error") {
            #expect(actual.hasPrefix(testCase.expected), "\(testCase.name): \(actual)")
        } else {
            #expect(actual == testCase.expected, "\(testCase.name)")
        }
    }

    static let comments: [ReaderCase] = [
        ReaderCase("[130] ns-plain-char: '#' after a non-space is text", "a: b#c\n", #"{a: "b#c"}"#),
        ReaderCase("[77] s-b-comment: a comment needs white space before it", "a: b #c\n", #"{a: "b"}"#),
        ReaderCase(
            "[77] s-b-comment after a flow mapping", #"{"a":"b"}#x"#,
            "error 1:10: a comment must be separated from content by white space"),
        ReaderCase("[77] s-b-comment after a quoted scalar", "a: 'b'#c\n", "error 1:7: a comment must be separated"),
        ReaderCase("[77] s-b-comment after a flow sequence", "a: [b]#c\n", "error 1:7: a comment must be separated"),
        ReaderCase("[162] c-b-block-header ends in s-b-comment", "a: |#c\n  x\n", "error 1:5: a comment must be separated"),
        ReaderCase("[162] c-b-block-header with a separated comment", "a: |- #c\n  x\n", #"{a: "x"}"#),
    ]

    static let directives: [ReaderCase] = [
        ReaderCase("[86] ns-yaml-directive with a comment", "%YAML 1.2 # comment\n---\na: 1\n", "{a: 1}"),
        ReaderCase("[86] ns-yaml-directive takes one version", "%YAML 1.2 foo\n---\na: 1\n", "error 1:11: unexpected 'foo'"),
        ReaderCase("[87] ns-yaml-version is digits.digits", "%YAML 1.2.3\n---\na: 1\n", "error 1:7: invalid %YAML version"),
        ReaderCase("[86] ns-yaml-directive needs a version", "%YAML\n---\na: 1\n", "error 1:6: invalid %YAML version"),
        ReaderCase(
            "[77] s-b-comment after a directive needs white space", "%YAML 1.2#c\n---\na: 1\n",
            "error 1:7: invalid %YAML version"),
        ReaderCase("[82] l-directive: one %YAML per document", "%YAML 1.2\n%YAML 1.2\n---\na: 1\n", "error 2:1: duplicate %YAML"),
        ReaderCase("[91] c-secondary-tag-handle may be redefined", "%TAG !! tag:example.com,2000:app/\n---\na: 1\n", "{a: 1}"),
        ReaderCase("[88] ns-tag-directive: one per handle", "%TAG ! a:\n%TAG ! b:\n---\na: 1\n", "error 2:1: duplicate %TAG"),
    ]

    static let documents: [ReaderCase] = [
        ReaderCase("[211] l-yaml-stream: nothing at all", "", "error 1:1: the file holds no document"),
        ReaderCase("[211] l-yaml-stream: a note and no document", "# to be written\n\n", "error 1:1: the file holds no document"),
        ReaderCase("[211] l-yaml-stream: only a document suffix", "...\n", "error 1:1: the file holds no document"),
        ReaderCase("[211] l-yaml-stream: suffixes and comments", "# c\n...\n...\n", "error 1:1: the file holds no document"),
        ReaderCase("[211] an explicit empty document is null, not nothing", "--- # empty\n", "null"),
        ReaderCase("[211] a suffix before the only document", "... # nothing before\nname: v\n", #"{name: "v"}"#),
        ReaderCase("[205] l-document-suffix with a comment", "name: v\n... # end\n", #"{name: "v"}"#),
        ReaderCase("[205] l-document-suffix: nothing but a comment after '...'", "name: v\n... more\n", "error 2:5: only a comment may follow '...'"),
        ReaderCase("[211] a bare document after '...' is a second document", "a: 1\n...\nb: 2\n", "error 3:1: multiple documents are not supported"),
        ReaderCase(
            "[82] l-directive: the next document's %YAML is its own, so the stream is refused as two documents",
            "%YAML 1.2\n---\na: 1\n...\n%YAML 1.2\n---\nb: 2\n", "error 5:1: multiple documents are not supported"),
        ReaderCase(
            "[88] ns-tag-directive: the next document's %TAG is its own too",
            "%TAG !e! tag:example.invalid,2024:\n--- !e!x\na: 1\n...\n%TAG !e! tag:example.invalid,2024:\n--- !e!y\nb: 2\n",
            "error 5:1: multiple documents are not supported"),
        ReaderCase(
            "[210] l-any-document: a directive after a document needs '...' first", "a: 1\n%YAML 1.2\n---\nb: 2\n",
            "error 2:1: a directive after a document must follow '...'"),
    ]

    static let properties: [ReaderCase] = [
        ReaderCase("[103] ns-anchor-name may contain ':'", "&a: key: &a value\nfoo: *a:\n", #"{key: "value", foo: "key"}"#),
        ReaderCase(
            "[102] ns-anchor-char: anything but flow indicators", "a: &:@*!$\"<foo>: x\nb: *:@*!$\"<foo>:\n",
            #"{a: "x", b: "x"}"#),
        ReaderCase("[104] c-ns-alias-node as a key still needs ' :'", "x: &k name\n*k : 2\n", #"{x: "name", name: 2}"#),
        ReaderCase("[40] ns-tag-char excludes flow indicators", "!invalid{}tag scalar\n", "error 1:9: invalid character"),
        ReaderCase("[40] ns-tag-char excludes ','", "- !!str, x\n", "error 1:8: invalid character"),
        ReaderCase("[39] ns-uri-char: '%' starts an escape", "a: !foo%zz x\n", "error 1:8: invalid character"),
        ReaderCase("[99] c-ns-shorthand-tag with an escape (an unknown tag)", "a: !!str%21 x\n", #"{a: "x"}"#),
        ReaderCase("[92] c-named-tag-handle must be declared", "a: !e!x y\n", "error 1:4: undefined tag handle '!e!'"),
        ReaderCase("[92] c-named-tag-handle declared", "%TAG !e! tag:example.com,2000:\n---\na: !e!x y\n", #"{a: "y"}"#),
        ReaderCase(
            "[91] c-secondary-tag-handle redefined: !!int is no longer the core int",
            "%TAG !! tag:example.com,2000:\n---\na: !!int abc\n", #"{a: "abc"}"#),
        ReaderCase("[98] c-verbatim-tag", "a: !<tag:yaml.org,2002:str> 1\n", #"{a: "1"}"#),
        ReaderCase("[96] c-ns-properties: one anchor per node", "first: &one\n  &two value\n", "error 2:3: a node may have only one anchor"),
        ReaderCase("[96] c-ns-properties: one tag per node", "first: !!str\n  !!str value\n", "error 2:3: a node may have only one tag"),
        ReaderCase("[104] c-ns-alias-node has no properties", "first: &one v\nsecond: &two *one\n", "error 2:14: an alias cannot have an anchor or a tag"),
        ReaderCase("[96] an empty value's anchor, then a key with its own", "a: &x\n&k b: c\n", #"{a: null, b: "c"}"#),
    ]

    static let flow: [ReaderCase] = [
        ReaderCase("[145] ns-flow-map-yaml-key-entry: ':' on a later line", "{a\n: b}\n", #"{a: "b"}"#),
        ReaderCase("[148] c-ns-flow-map-json-key-entry: ':' on a later line", "{\"a\"\n  : b}\n", #"{a: "b"}"#),
        ReaderCase("[154] ns-s-implicit-yaml-key in a sequence stays on one line", "[ a\n  : b ]\n", "error"),
        ReaderCase("[146] c-ns-flow-map-empty-key-entry", "{ : v }\n", #"{"": "v"}"#),
        ReaderCase("[150] ns-flow-pair with an empty key", "[ : v ]\n", #"[{"": "v"}]"#),
        ReaderCase(
            "[69] s-flow-line-prefix: continuation indented less than its parent", "flow: [a,\nb]\n",
            "error 2:1: this line continues a flow collection"),
        ReaderCase("[69] s-flow-line-prefix: closing bracket too", "k: {\na: b\n }\n", "error 2:1: this line continues"),
        ReaderCase("[69] s-flow-line-prefix: indented enough", "k: {\n a: b\n }\n", #"{k: {a: "b"}}"#),
        ReaderCase("[69] s-flow-line-prefix: top level needs none", "[a,\nb]\n", #"["a", "b"]"#),
        ReaderCase("[69] s-flow-line-prefix in a quoted scalar", "q: \"a\nb\"\n", "error 2:1: this line continues"),
    ]

    static let tabs: [ReaderCase] = [
        ReaderCase("[63] s-indent is spaces only", "a:\n\tb: 1\n", "error 2:1: tab character used as indentation"),
        ReaderCase("[69] s-flow-line-prefix: a tab after the indentation", "a: x\n \ty\n", #"{a: "x y"}"#),
        ReaderCase("[80] s-separate: a tab before a scalar on its own line", "a:\n  \tb\n", #"{a: "b"}"#),
        ReaderCase("[66] s-separate-in-line at the start of a top-level line", "\t{a: 1}\n", "{a: 1}"),
        ReaderCase("[185] s-l+block-indented: compact sequence after a tab", "-\t- x\n", "error 1:2: tab character"),
        ReaderCase("[185] s-l+block-indented: tab after spaces", "- \t- x\n", "error 1:3: tab character"),
        ReaderCase("[185] s-l+block-indented: compact mapping after a tab", "-\ta: b\n", "error 1:2: tab character"),
        ReaderCase("[190] explicit key then tab and block entry", "?\t- x\n", "error 1:2: tab character"),
        ReaderCase("[185] a tab before a scalar that only looks like an entry", "-\t-1\n", "[-1]"),
        ReaderCase(
            "[69] s-flow-line-prefix: a quoted continuation indented by a tab alone", "key: \"one\n\ttwo\"\n",
            "error 2:1: tab character used as indentation"),
        ReaderCase("[69] s-flow-line-prefix: a tab after a quoted continuation's spaces", "key: 'one\n \ttwo'\n", #"{key: "one two"}"#),
        ReaderCase("[69] s-flow-line-prefix: a top-level quoted continuation needs no indent", "\"one\n\ttwo\"\n", #""one two""#),
        ReaderCase("[69] s-flow-line-prefix: a flow line indented by a tab only", "- [\n\tfoo,\n foo\n ]\n", "error 2:2: this line continues"),
        ReaderCase("[170] l-empty: a tab on an empty line of a block scalar", "foo: |\n\t\nbar: 1\n", "error 2:1: tab character"),
        ReaderCase("[170] a tab after the indentation is content", "foo: |\n \t\nbar: 1\n", #"{foo: "\t\n", bar: 1}"#),
        ReaderCase("[170] l-empty: a tab between content lines", "a: |\n  x\n\t\n  y\n", "error 3:1: tab character"),
        ReaderCase("[63] implicit key after spaces and a tab", "a:\n  \tb: 1\n", "error 2:3: tab character used as indentation"),
    ]

    static let blockScalars: [ReaderCase] = [
        ReaderCase(
            "[170] l-literal-content: leading empty line wider than the first line", "a: |\n    \n  x\n",
            "error 2:5: a leading empty line of a block scalar has more spaces than its first line"),
        ReaderCase("[170] l-literal-content: leading empty lines as wide", "a: |\n  \n  x\n", #"{a: "\nx\n"}"#),
        ReaderCase("[168] l-keep-empty: a last line of spaces without a break", "a: |+\n  x\n  ", #"{a: "x\n\n"}"#),
        ReaderCase("[165] b-chomped-last: a last line of spaces ends a line", "a: |+\n  x\n   ", #"{a: "x\n \n"}"#),
        ReaderCase("[165] b-chomped-last: a last content line ends at the end of input", "a: |+\n  x", #"{a: "x"}"#),
        ReaderCase("[172] content line of spaces at end with a break", "a: |+\n  x\n   \n", #"{a: "x\n \n"}"#),
    ]

    static let refused: [ReaderCase] = [
        ReaderCase(
            "[211] a second document is refused with a message that says so", "a: 1\n---\nb: 2\n",
            "error 2:1: multiple documents are not supported"),
        ReaderCase("(3.2.1.1) mapping keys are unique: two omitted keys read as the same", ": one\n: two\n", "error 2:1: duplicate key: a second entry with an empty key"),
        ReaderCase("[154] a sequence as a key is refused as one", "? [a]\n: 1\n", "error 1:3: mapping keys must be scalars: a sequence as a key is not supported"),
        ReaderCase("[154] a mapping as a key is refused as one", "? {a: b}\n: 1\n", "error 1:3: mapping keys must be scalars: a mapping as a key is not supported"),
        ReaderCase("[187] an implicit flow mapping as a key", "{a: b}: 1\n", "error 1:1: mapping keys must be scalars: a mapping as a key is not supported"),
        ReaderCase(
            "[104] an alias of a sequence as a key names the alias", "x: &s [a]\n*s : 1\n",
            "error 2:1: mapping keys must be scalars: the alias '*s' names a sequence, and a sequence as a key is not supported"),
        // Refusing a collection key is this reader's choice; text that is not YAML further on is the error to fix first.
        ReaderCase("[63] a tab indenting after a collection key", "? [a]\n: 1\n\tb: 2\n", "error 3:1: tab character used as indentation"),
        ReaderCase("[175] an unclosed quote after a collection key", "[a]: 1\nb: 'x\n", "error 2:4: unterminated single-quoted string"),
        ReaderCase("a collection key's value is not read as a key", "? [a]\n: b\nb: c\n", "error 1:3: mapping keys must be scalars: a sequence"),
        ReaderCase("an alias key's value is not read as a key", "x: &s [a]\n*s : b\nb: c\n", "error 2:1: mapping keys must be scalars: the alias"),
        ReaderCase(
            "[211] a collection key is reported before a second document", "? [a]\n: 1\n---\nb: 2\n",
            "error 1:3: mapping keys must be scalars: a sequence"),
        ReaderCase("the first of two collection keys is reported", "x:\n  [a]: 1\n  {b: c}: 2\n", "error 2:3: mapping keys must be scalars: a sequence"),
        // Explicit (`?`) keys written as scalars of any style are scalar keys.
        ReaderCase("[190] explicit block scalar keys", "? |\n  a\n: 1\n? >\n  b\n:\n", #"{"a\n": 1, "b\n": null}"#),
        ReaderCase("[190] explicit quoted and tagged keys", "? 'a'\n: 1\n? !!str b\n: 2\n? &k c\n: *k\n", #"{a: 1, b: 2, c: "c"}"#),
        ReaderCase("[143] explicit flow keys", "{ ? a : 1, ? \"b\" }\n", #"{a: 1, b: null}"#),
        // (3.2.1.1) Empty keys of different mappings are not duplicates.
        ReaderCase("empty keys in nested mappings", ": a\nb:\n  : c\nd: { : e }\n", #"{"": "a", b: {"": "c"}, d: {"": "e"}}"#),
    ]

    @Test(arguments: comments) func commentsFamily(_ testCase: ReaderCase) { Self.check(testCase) }
    @Test(arguments: directives) func directivesFamily(_ testCase: ReaderCase) { Self.check(testCase) }
    @Test(arguments: documents) func documentsFamily(_ testCase: ReaderCase) { Self.check(testCase) }
    @Test(arguments: properties) func propertiesFamily(_ testCase: ReaderCase) { Self.check(testCase) }
    @Test(arguments: flow) func flowFamily(_ testCase: ReaderCase) { Self.check(testCase) }
    @Test(arguments: tabs) func tabsFamily(_ testCase: ReaderCase) { Self.check(testCase) }
    @Test(arguments: blockScalars) func blockScalarsFamily(_ testCase: ReaderCase) { Self.check(testCase) }
    @Test(arguments: refused) func refusedFamily(_ testCase: ReaderCase) { Self.check(testCase) }

    /// A stream with no document is the description's error; the configuration file's reading
    /// (an empty one holds the defaults) asks for null instead.
    @Test func aStreamWithNoDocumentIsAnErrorUnlessNullIsAskedFor() throws {
        let bytes = Array("# nothing here yet\n".utf8)
        let refused = #expect(throws: ParseError.self) {
            try DocumentReader.readNotingReferences(validating: bytes, file: "t.yaml", format: .yaml)
        }
        #expect(refused?.message == DocumentReader.noDocument)
        #expect(refused?.hint?.contains("only comments") == true)
        #expect(throws: ParseError.self) { try DocumentReader.read("", file: "t.yaml") }
        let null = try DocumentReader.read(validating: bytes, file: "t.yaml", format: .yaml, emptyStream: .null)
        #expect(null.isNull)
        // Empty JSON is the JSON reader's own error.
        let json = #expect(throws: ParseError.self) { try DocumentReader.read("", file: "t.json") }
        #expect(json?.message == "expected a value, but found the end of input")
    }

    /// What the command line prints for a reader error: the line, a caret under the column
    /// (tabs copied so it lines up), and the fix when it is obvious.
    @Test func errorsShowTheLineWithACaretAndTheFix() throws {
        func rendered(_ text: String) -> String {
            do {
                _ = try DocumentReader.read(validating: Array(text.utf8), file: "t.yaml", format: .yaml)
                return "no error"
            } catch let error as ParseError {
                return error.rendered
            } catch {
                return "\(error)"
            }
        }
        #expect(
            rendered("a: 1\nb: 'x'#c\n") == """
                t.yaml:2:7: a comment must be separated from content by white space
                 2 | b: 'x'#c
                   |       ^
                hint: put a space before '#', or quote the value if '#' belongs to it
                """)
        #expect(
            rendered("a:\n  \tb: 1\n") == """
                t.yaml:2:3: tab character used as indentation
                 2 |   \tb: 1
                   |   ^
                hint: YAML indents with spaces only; replace the tab with spaces
                """)
        #expect(
            rendered("{\"a\": [1, 2}") == """
                t.yaml:1:12: expected ',' or ']', but found '}'
                 1 | {"a": [1, 2}
                   |            ^
                """)
        // A JSON file: the same error from the strict reader, with its line.
        let json = #expect(throws: ParseError.self) {
            try DocumentReader.read(validating: Array("{\n\"a\": tru\n}".utf8), file: "t.json", format: .json)
        }
        #expect(json?.sourceLine == "\"a\": tru")
        // Text read from memory carries its line too.
        let text = #expect(throws: ParseError.self) { try DocumentReader.read("a: 1\n\tb: 2\n", file: "t.yaml") }
        #expect(text?.sourceLine == "\tb: 2")
        #expect(text?.hint?.contains("spaces") == true)
    }
}
