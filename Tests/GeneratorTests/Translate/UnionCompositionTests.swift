import Testing

@testable import GeneratorCore

/// `allOf` of a union and an object: a struct with the object's properties and the union as one
/// more member, both read from the same JSON object, instead of the union alone and a widening.
@Suite struct UnionCompositionTests {
    static let members = """
            Created:
              type: object
              required: [type]
              properties:
                type: {type: string, const: created}
                id: {type: string}
            Deleted:
              type: object
              required: [type]
              properties:
                type: {type: string, const: deleted}
                id: {type: integer}
            Change:
              oneOf: [{$ref: '#/components/schemas/Created'}, {$ref: '#/components/schemas/Deleted'}]
              discriminator: {propertyName: type}
        """

    /// A document whose response is `schema`, with `Created`, `Deleted`, `Change` and `extra`.
    static func document(response schema: String, extra: String = "") -> String {
        """
        openapi: 3.1.0
        info: {title: T, version: "1"}
        paths:
          /events:
            get:
              operationId: nextEvent
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: \(schema)
        components:
          schemas:
        \(members)
        \(extra)
        """
    }

    static func generate(_ yaml: String) throws -> (text: String, diagnostics: [Diagnostic]) {
        let output = try GeneratorPipeline.generate(text: yaml, sourceName: "t.yaml", moduleName: "G")
        return (output.files.map(\.contents).joined(separator: "\n"), output.diagnostics)
    }

    @Test func theUnionAndTheObjectAreBothKeptWithoutAWidening() throws {
        let output = try GoldenTests.output(case: "allOfUnionAndObject")
        let text = output.files.map(\.contents).joined(separator: "\n")
        #expect(output.diagnostics.filter { $0.category == .widening }.isEmpty, "\(output.diagnostics)")
        #expect(text.contains("public var variant: StreamEventVariant {"))
        #expect(text.contains("public var sequenceNumber: Int {"))
        #expect(text.contains("public var change: Change {") && text.contains("public var actor: String? {"))
        #expect(text.contains("try MemberWriter(encoder, startingWith: change, except: Self.knownKeys)"))
    }

    /// Written inline (a response's own schema), the composition is an inline struct.
    @Test func anInlineCompositionIsAStructToo() throws {
        let schema = """
            {allOf: [{$ref: '#/components/schemas/Change'}, {properties: {sequence: {type: integer}}, required: [sequence]}]}
            """
        let (text, diagnostics) = try Self.generate(Self.document(response: schema))
        #expect(diagnostics.filter { $0.category == .widening }.isEmpty, "\(diagnostics)")
        #expect(text.contains("public struct NextEventResponse: OpenAPIModel {"), "\(text)")
        #expect(text.contains("public init(change: Change, sequence: Int)"))
        #expect(text.contains("change: Change(from: decoder), sequence: container.decode(\"sequence\")"))
    }

    /// An own property a union member also names, with a schema no value satisfies together with
    /// it: a warning naming both places; the model's member is the one written.
    @Test func aPropertyBothNameWithSchemasThatDisagreeIsAWarningNamingBoth() throws {
        let extra = """
                Event:
                  allOf:
                    - {$ref: '#/components/schemas/Change'}
                    - {type: object, properties: {id: {type: string}}}
            """
        let (text, diagnostics) = try Self.generate(
            Self.document(response: "{$ref: '#/components/schemas/Event'}", extra: extra))
        #expect(text.contains("public var change: Change {") && text.contains("public var id: String? {"))
        let warnings = diagnostics.filter { $0.message.contains("disagree on property 'id'") }
        #expect(warnings.count == 1, "\(diagnostics)")
        #expect(warnings.first?.pointer == "#/components/schemas/Event/allOf/1/properties/id")
        #expect(
            warnings.first?.message.contains(
                "(#/components/schemas/Deleted/properties/id and #/components/schemas/Event/allOf/1/properties/id)")
                == true, "\(warnings)")
        // `Created.id` agrees with it, so it is not reported.
        #expect(!diagnostics.contains { $0.message.contains("Created/properties/id") })
    }

    /// What the struct cannot hold is generated as before, and still reported at its pointer.
    @Test func shapesStillNotKeptStillWiden() throws {
        let extra = """
                Other:
                  anyOf: [{type: object, properties: {a: {type: string}}}, {type: object, properties: {b: {type: string}}}]
                TwoUnions:
                  allOf:
                    - {$ref: '#/components/schemas/Change'}
                    - {$ref: '#/components/schemas/Other'}
                    - {type: object, properties: {seen: {type: boolean}}}
                Scalars:
                  allOf:
                    - oneOf: [{type: string}, {type: integer}]
                    - {type: object, properties: {seen: {type: boolean}}}
            """
        let (_, diagnostics) = try Self.generate(
            Self.document(response: "{$ref: '#/components/schemas/Change'}", extra: extra))
        let widened = diagnostics.filter { $0.category == .widening }.map(\.pointer)
        #expect(widened.contains("#/components/schemas/TwoUnions"), "\(diagnostics)")
        #expect(widened.contains("#/components/schemas/Scalars"), "\(diagnostics)")
    }

    /// Typed `additionalProperties` beside the union: the union keeps such members, as JSON.
    @Test func typedAdditionalPropertiesBesideTheUnionAreAWidening() throws {
        let extra = """
                Tally:
                  allOf:
                    - {$ref: '#/components/schemas/Change'}
                    - {type: object, properties: {n: {type: integer}}, additionalProperties: {type: integer}}
            """
        let (text, diagnostics) = try Self.generate(
            Self.document(response: "{$ref: '#/components/schemas/Tally'}", extra: extra))
        #expect(text.contains("public var change: Change {"))
        let widened = diagnostics.filter { $0.category == .widening }
        #expect(widened.map(\.pointer) == ["#/components/schemas/Tally"], "\(diagnostics)")
        #expect(widened.first?.message.contains("kept by the union as JSON") == true)
    }
}
