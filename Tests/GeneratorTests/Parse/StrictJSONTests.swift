import Testing

@testable import GeneratorCore

/// A `.json` document (or one read with `format: .json`) is RFC 8259 JSON only: what the YAML
/// reader would accept instead becomes an error at its line:column.
@Suite struct StrictJSONTests {
    static let rejected: [ReaderCase] = [
        ReaderCase("missing comma (YAML: one plain scalar)", "[1 true]", "1:4: expected ',' or ']', but found 't'"),
        ReaderCase("leading zero (YAML: an int)", "[-01]", "1:4: invalid number"),
        ReaderCase("unquoted key (YAML flow)", "{a: 1}", "1:2: expected a string key, but found 'a'"),
        ReaderCase("single quotes", "{'a': 1}", "1:2: expected a string key, but found '''"),
        ReaderCase("comment", "[1] # c", "1:5: expected the end of input after the JSON value, but found '#'"),
        ReaderCase("trailing comma", "[1,\n]", "1:3: trailing comma before ']'"),
        ReaderCase("bare word", "[True]", "1:2: expected a value, but found 'T'"),
        ReaderCase("not a number", "[NaN]", "1:2: expected a value, but found 'N'"),
        ReaderCase("hex", "[0x1]", "1:3: invalid number"),
        ReaderCase("raw tab in a string", "[\"a\tb\"]", "1:4: unescaped control character tab in string"),
        ReaderCase("second line", "{\n  \"a\": [1 2]\n}", "2:11: expected ',' or ']', but found '2'"),
        ReaderCase("YAML block syntax", "a: 1\n", "1:1: expected a value, but found 'a'"),
    ]

    @Test(arguments: rejected)
    func dotJSONIsStrict(_ testCase: ReaderCase) {
        let error = #expect(throws: ParseError.self) { try DocumentReader.read(testCase.input, file: "openapi.json") }
        #expect(error.map { "\($0.location): \($0.message)" } == testCase.expected)
        let forced = #expect(throws: ParseError.self) { try DocumentReader.read(testCase.input, file: "x.yaml", format: .json) }
        #expect(forced?.location == error?.location)
    }

    @Test func yamlFilesStayYAML() throws {
        // YAML 1.2 reads JSON-looking text as YAML flow style: not an error there.
        #expect(try ReaderTestSupport.render(DocumentReader.read("[1 true]", file: "t.yaml")) == #"["1 true"]"#)
        #expect(try ReaderTestSupport.render(DocumentReader.read("[-01]", file: "t.yml")) == "[-1]")
        #expect(try ReaderTestSupport.render(DocumentReader.read(#"{"a": [1, 2]}"#, file: "t.json")) == "{a: [1, 2]}")
    }

    @Test func formatIsInferredFromTheExtension() {
        #expect(DocumentFormat.inferred(from: "api/OpenAPI.JSON") == .json)
        #expect(DocumentFormat.inferred(from: "openapi.yaml") == .yaml)
        #expect(DocumentFormat.inferred(from: "openapi") == .yaml)
    }
}
