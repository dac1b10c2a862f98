import Testing

@testable import GeneratorCore

/// The example answers of the testing module: the document's own first, otherwise built from
/// the schema; what the builder cannot make hold is reported at the schema, never silently.
@Suite struct ExampleBuilderTests {
    static func generate(_ schema: String, mediaExtras: String = "") throws -> GeneratorPipeline.Output {
        let yaml = """
            openapi: 3.1.0
            info: { title: E, version: '1' }
            paths:
              /things:
                get:
                  operationId: getThing
                  responses:
                    '200':
                      description: A thing.
                      content:
                        application/json:
                          schema: \(schema)
            \(mediaExtras)
            """
        var configuration = GeneratorConfiguration()
        configuration.testing = .init(output: "T")
        return try GeneratorPipeline.generate(
            text: yaml, sourceName: "e.yaml", moduleName: "E", configuration: configuration)
    }

    static func exampleBody(_ output: GeneratorPipeline.Output) -> String? {
        let file = output.testingFiles.first { $0.name == "EExamples.swift" }?.contents ?? ""
        return file.split(separator: "\n").first { $0.contains("public static let getThing = ") }
            .map { String($0.split(separator: "=", maxSplits: 1)[1].dropFirst()) }
    }

    @Test func aPatternTheBuilderCannotSatisfyIsReportedAtTheSchema() throws {
        let output = try Self.generate("{type: string, pattern: '^[A-Z]{3}$'}")
        let warning = try #require(output.diagnostics.first { $0.message.contains("ignores its pattern") })
        #expect(warning.severity == .warning)
        #expect(warning.pointer == "#/paths/~1things/get/responses/200/content/application~1json/schema")
    }

    @Test func theSchemasOwnExampleIsUsedAndNothingIsReported() throws {
        let output = try Self.generate("{type: string, pattern: '^[A-Z]{3}$', examples: [ABC]}")
        #expect(Self.exampleBody(output) == #""\"ABC\"""#)
        #expect(!output.diagnostics.contains { $0.message.contains("ignores its pattern") })
    }

    @Test func boundsAndFormatsHold() throws {
        let output = try Self.generate(
            "{type: object, required: [n], properties: {n: {type: integer, exclusiveMinimum: 5}, "
                + "d: {type: string, format: date}, s: {type: string, maxLength: 3}}}")
        #expect(Self.exampleBody(output) == #""{\"n\":6,\"d\":\"2024-01-31\",\"s\":\"exa\"}""#)
    }

    static let itemSchema =
        "{type: object, required: [id], properties: {id: {type: integer}, on: {type: string, format: date}}}"

    @Test func aDocumentExampleThatDoesNotFitIsReportedAndABuiltValueAnswers() throws {
        for (example, reason) in [
            ("{on: '2024-02-03'}", "no 'id'"), ("{id: one}", "a string at /id"),
            ("{id: 1, on: '2024-02-03T00:00:00'}", "'2024-02-03T00:00:00' is not a date at /on"),
            ("{$ref: 'examples/item.json'}", "a $ref where the value belongs"),
        ] {
            let output = try Self.generate(
                Self.itemSchema, mediaExtras: "              example: \(example)")
            let warning = output.diagnostics.first { $0.message.contains("does not fit its schema") }
            #expect(warning?.message.contains("(\(reason))") == true, "\(example): \(output.diagnostics)")
            #expect(Self.exampleBody(output) == #""{\"id\":1,\"on\":\"2024-01-31\"}""#)
        }
    }

    @Test func aDocumentExampleThatFitsIsTheAnswer() throws {
        let output = try Self.generate(Self.itemSchema, mediaExtras: "              example: {id: 7, on: null}")
        #expect(Self.exampleBody(output) == #""{\"id\":7,\"on\":null}""#)
        #expect(!output.diagnostics.contains { $0.message.contains("does not fit") })
    }

    @Test func aDefaultOfTheWrongKindIsNotTheExample() throws {
        let output = try Self.generate("{type: object, properties: {a: {type: boolean, default: 'false'}}}")
        #expect(Self.exampleBody(output) == #""{\"a\":true}""#)
        let fitting = try Self.generate("{type: object, properties: {a: {type: boolean, default: false}}}")
        #expect(Self.exampleBody(fitting) == #""{\"a\":false}""#)
    }

    @Test func withoutATestingOutputNoExampleIsBuilt() throws {
        let output = try GeneratorPipeline.generate(
            text: "openapi: 3.1.0\ninfo: {title: E, version: '1'}\npaths: {}\n", sourceName: "e.yaml", moduleName: "E")
        #expect(output.testingFiles.isEmpty)
    }
}
