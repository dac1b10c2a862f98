import Foundation
import GeneratorCore
import Testing

@testable import GeneratorTools

/// The corpus driver (`assinafy-generator smoke`): every argument comes from the mock's samples,
/// keyed as tools/mockserver keys them, optional parameters are left out, bodies are sent.
struct SmokeDriverTests {
    static let document = """
        openapi: 3.0.3
        info: {title: Smoke, version: '1'}
        components:
          securitySchemes:
            token: {type: http, scheme: bearer}
            key: {type: apiKey, in: header, name: X-Key}
          schemas:
            Item:
              type: object
              required: [name]
              properties: {name: {type: string}}
        security: [{token: []}, {key: []}]
        paths:
          /items/{itemId}:
            put:
              operationId: putItem
              tags: [items]
              parameters:
                - {name: itemId, in: path, required: true, schema: {type: integer}}
                - {name: mode, in: query, required: true, schema: {type: string, enum: [fast, slow]}}
                - {name: trace, in: header, schema: {type: string}}
              requestBody:
                required: true
                content: {application/json: {schema: {$ref: '#/components/schemas/Item'}}}
              responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Item'}}}}}
          /uploads:
            post:
              tags: [items]
              requestBody:
                required: true
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      required: [file, title]
                      properties:
                        file: {type: string, format: binary}
                        title: {type: string}
              responses: {'204': {description: done}}
          /raw:
            put:
              operationId: putRaw
              tags: [items]
              requestBody:
                required: true
                content: {application/octet-stream: {schema: {type: string, format: binary}}}
              responses: {'204': {description: done}}
        """

    static func module() throws -> ModuleDecl {
        let document = try #require(DocumentLoader.load(try DocumentReader.read(document, file: "smoke.yaml")).document)
        return Translator.translate(document, options: .init(moduleName: "SmokeAPI", sourceName: "smoke.yaml")).module
    }

    @Test func argumentsAreDecodedFromTheSamplesTheMockKeys() throws {
        let plans = Dictionary(uniqueKeysWithValues: SmokeDriver.plans(try Self.module()).map { ($0.key, $0) })
        #expect(plans.count == 3)
        let put = try #require(plans["putItem"]?.call)
        #expect(put.hasPrefix("try await ItemsAPI(client: engine).putItem("))
        #expect(put.contains(#"itemId: try s.decode(Int.self, parameter: "path:itemId")"#))
        #expect(put.contains(#"try s.decode(PutItemMode.self, parameter: "query:mode")"#) || put.contains("query:mode"))
        #expect(put.contains(#"body: try s.decode(Item.self, body: "application/json")"#))
        #expect(!put.contains("trace"), "optional parameters are left out")

        // No operationId: the mock's key is `METHOD /path`; the file part is the driver's own.
        let upload = try #require(plans["POST /uploads"]?.call)
        #expect(upload.contains("file: s.file"))
        #expect(upload.contains(#"try s.decode(String.self, field: "title", body: "multipart/form-data")"#))
        #expect(try #require(plans["putRaw"]?.call).contains(#"body: s.bytes(body: "application/octet-stream")"#))
    }

    @Test func theDriverGivesEverySchemeACredentialAndReportsEachOperation() throws {
        let source = SmokeDriver.render(try Self.module())
        #expect(source.contains("import SmokeAPI"))
        #expect(
            source.contains(#"["token": .token("smoke-token"), "key": .apiKey("smoke-key")]"#)
                || source.contains(#"["key": .apiKey("smoke-key"), "token": .token("smoke-token")]"#))
        #expect(source.components(separatedBy: "await s.run(").count - 1 == 3)
        #expect(SmokeDriver.render(try Self.module(), limit: 1).components(separatedBy: "await s.run(").count - 1 == 1)
    }

    @Test func anArgumentWithoutASampleIsNamedNotGuessed() throws {
        var module = try Self.module()
        let index = try #require(module.operations.firstIndex { $0.operationId == "putRaw" })
        module.operations[index].body = .raw(contentType: "application/octet-stream", required: true)
        module.operations[index].arguments[0].type = .named("InputStream")
        let plan = try #require(SmokeDriver.plans(module).first { $0.key == "putRaw" })
        #expect(plan.call == nil)
        #expect(plan.skipReason == "no sample for argument `body`")
        #expect(SmokeDriver.render(module).contains(#"s.skip("putRaw", "no sample for argument `body`")"#))
    }

    /// A call labels a keyword argument without backticks (the compiler warns about them), but
    /// keeps them for the three keywords an argument list still reads as such.
    @Test func keywordLabelsAreWrittenAsACallWritesThem() throws {
        #expect(SwiftNames.callLabel("`default`") == "default")
        #expect(SwiftNames.callLabel("`inout`") == "`inout`")
        #expect(SwiftNames.callLabel("name") == "name")
        var module = try Self.module()
        let index = try #require(module.operations.firstIndex { $0.operationId == "putItem" })
        let argument = try #require(module.operations[index].arguments.firstIndex { $0.label == "itemId" })
        module.operations[index].arguments[argument].label = "`default`"
        let put = try #require(SmokeDriver.plans(module).first { $0.key == "putItem" }?.call)
        #expect(put.contains("(default: try s.decode(Int.self"), "\(put)")
    }

    @Test func literalsEscapeQuotesBackslashesAndNewlines() {
        #expect(SmokeDriver.literal("a\"b\\c\nd") == #""a\"b\\c\nd""#)
    }
}
