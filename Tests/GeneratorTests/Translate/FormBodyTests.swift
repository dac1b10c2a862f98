import Foundation
import Testing

@testable import GeneratorCore

/// Form bodies whose schema names no field (`Cases/emptyFormBodies` holds the generated code).
@Suite struct FormBodyTests {
    static func document(formSchema: String, required: Bool = false) -> String {
        """
        openapi: 3.0.3
        info: {title: T, version: "1"}
        paths:
          /tags:
            post:
              operationId: setTags
              requestBody:
                required: \(required)
                content:
                  application/x-www-form-urlencoded:
                    schema: \(formSchema)
              responses: {"204": {description: ok}}
        components:
          schemas:
            Nothing: {type: object, properties: {}}
            Labels: {type: object, additionalProperties: {type: string}}
        """
    }

    static func warnings(_ formSchema: String) throws -> [Diagnostic] {
        let output = try GeneratorPipeline.generate(text: document(formSchema: formSchema), sourceName: "t.yaml")
        return output.diagnostics.filter { $0.message.contains("no named properties") }
    }

    /// A map of any keys cannot become named arguments: dropping it is reported at the body's schema.
    @Test func freeFormBodyIsReportedAtItsSchema() throws {
        let open = try Self.warnings("{$ref: '#/components/schemas/Labels'}")
        let site = "#/paths/~1tags/post/requestBody/content/application~1x-www-form-urlencoded/schema"
        #expect(open.map(\.pointer) == [site])
        #expect(open.first?.location?.line == 11)
        #expect(open.first?.message.hasPrefix("application/x-www-form-urlencoded body") == true)
        #expect(try Self.warnings("{type: object, additionalProperties: true}").count == 1)
        #expect(try Self.warnings("{type: string}").count == 1)
    }

    /// A urlencoded form is text: a binary field is `Data` sent as base64, never a multipart
    /// file (which did not compile there). Raw `format: binary` is reported at the field, since
    /// base64 is this generator's reading; `format: byte` says base64 itself; multipart keeps files.
    @Test func binaryFieldsOfAUrlencodedFormAreBase64() throws {
        let form =
            "{type: object, properties: {raw: {type: string, format: binary}, encoded: {type: string, format: byte}}}"
        let output = try GeneratorPipeline.generate(text: Self.document(formSchema: form), sourceName: "t.yaml")
        let code = output.files.map(\.contents).joined()
        #expect(code.contains("raw: Data? = nil, encoded: Data? = nil"))
        #expect(code.contains("form.add(\"raw\", raw)"))
        #expect(!code.contains("MultipartFile"))
        let reported = output.diagnostics.filter { $0.message.contains("sent as base64") }
        let site = "#/paths/~1tags/post/requestBody/content/application~1x-www-form-urlencoded/schema/properties/raw"
        #expect(reported.map(\.pointer) == [site])
        #expect(reported.first?.severity == .warning)

        let multipart = Self.document(formSchema: form).replacingOccurrences(
            of: "application/x-www-form-urlencoded", with: "multipart/form-data")
        let parts = try GeneratorPipeline.generate(text: multipart, sourceName: "t.yaml")
        #expect(parts.files.map(\.contents).joined().contains("raw: MultipartFile? = nil"))
        #expect(!parts.diagnostics.contains { $0.message.contains("sent as base64") })
    }

    @Test func bodyDeclaringNothingIsNotReported() throws {
        #expect(try Self.warnings("{$ref: '#/components/schemas/Nothing'}").isEmpty)
        #expect(try Self.warnings("{type: object, properties: {}, additionalProperties: false}").isEmpty)
        #expect(try Self.warnings("{allOf: [{$ref: '#/components/schemas/Nothing'}, {type: object}]}").isEmpty)
    }

    /// Optional and empty: no body at all; required and empty: the empty form the document asks for.
    @Test func emptyFormIsSentOnlyWhenRequired() throws {
        func body(required: Bool) throws -> String {
            let text = Self.document(formSchema: "{type: object}", required: required)
            let output = try GeneratorPipeline.generate(text: text, sourceName: "t.yaml")
            return output.files.map(\.contents).joined()
        }
        #expect(!(try body(required: false)).contains(".form("))
        #expect(try body(required: true).contains("request.body = .form([])"))
        #expect(!(try body(required: true)).contains("var form"))
    }
}
