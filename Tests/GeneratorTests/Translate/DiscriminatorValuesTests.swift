import Testing

@testable import GeneratorCore

/// Which discriminator values select a union member when the document gives no mapping: the
/// member's own constants for the property, else its name (`DiscriminatorValues`).
@Suite struct DiscriminatorValuesTests {
    static func generate(_ schemas: String) throws -> GeneratorPipeline.Output {
        try GeneratorPipeline.generate(
            text: """
                openapi: 3.1.0
                info: {title: T, version: "1"}
                paths: {}
                components:
                  schemas:
                \(schemas)
                """, sourceName: "d.yaml", moduleName: "D")
    }

    static func text(_ output: GeneratorPipeline.Output) -> String {
        output.files.map(\.contents).joined(separator: "\n")
    }

    /// Both members allow `message`: the first keeps it, the second is selected by its name
    /// and a warning names it.
    @Test func aValueTwoMembersAllowSelectsTheFirstWithAWarning() throws {
        let output = try Self.generate(
            """
                Easy:
                  type: object
                  properties: {type: {type: string, enum: [message]}}
                Full:
                  type: object
                  properties: {type: {type: string, enum: [message, item]}}
                Input:
                  oneOf: [{$ref: '#/components/schemas/Easy'}, {$ref: '#/components/schemas/Full'}]
                  discriminator: {propertyName: type}
            """)
        let text = Self.text(output)
        #expect(text.contains(#"case "message": self = .easy("#))
        #expect(text.contains(#"case "item": self = .full("#))
        #expect(!text.contains(#"case "message", "item""#))
        let warning = output.diagnostics.first { $0.message.contains("'message'") }
        #expect(warning?.pointer == "#/components/schemas/Input/oneOf/1")
    }

    /// A mapping still wins over the member's constant, and a nullable tag's `null` selects
    /// nothing.
    @Test func aMappingWinsAndNullIsNoTag() throws {
        let text = Self.text(
            try Self.generate(
                """
                    A:
                      type: object
                      properties: {kind: {type: [string, "null"], enum: [alpha, null]}}
                    B:
                      type: object
                      properties: {kind: {type: string, const: beta}}
                    AB:
                      oneOf: [{$ref: '#/components/schemas/A'}, {$ref: '#/components/schemas/B'}]
                      discriminator: {propertyName: kind, mapping: {bee: '#/components/schemas/B'}}
                """))
        #expect(text.contains(#"case "alpha": self = .a("#))
        #expect(text.contains(#"case "bee": self = .bee(try B("#))
        #expect(!text.contains(#"case "beta""#))
    }
}
