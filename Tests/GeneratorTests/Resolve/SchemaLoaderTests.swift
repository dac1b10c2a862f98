import AssinafyTestSupport
import Testing

@testable import GeneratorCore

@Suite("Schema loader", .offCooperativePool)
struct SchemaLoaderTests {
    static func schemas(_ body: String, version: String = "3.1.0") throws -> (OpenAPIDocument?, [Diagnostic]) {
        try DocumentLoaderTests.load("openapi: \(version)\ninfo: {title: T, version: '1'}\ncomponents:\n  schemas:\n" + body)
    }

    static func schema(_ body: String, named name: String, version: String = "3.1.0") throws -> Schema {
        let (document, diagnostics) = try schemas(body, version: version)
        return try #require(document?.schema(named: name), "\(diagnostics)")
    }

    @Test func everyKeyword() throws {
        let schema = try Self.schema(
            """
                S:
                  title: An S
                  description: Described.
                  type: object
                  required: [a]
                  additionalProperties: {type: integer}
                  discriminator: {propertyName: kind, mapping: {x: '#/components/schemas/X', y: Y}}
                  deprecated: true
                  x-extra: true
                  properties:
                    a: {type: string, format: email, minLength: 1, maxLength: 9, pattern: '^a', default: aa}
                    b: {type: [integer, 'null'], minimum: 1, maximum: 9, exclusiveMaximum: 10}
                    c: {type: array, items: {type: string}, minItems: 1, maxItems: 3, uniqueItems: true}
                    d: {type: array, prefixItems: [{type: string}, {type: number}]}
                    e: {const: fixed}
                    f: {enum: [one, 2, null]}
                    g: {readOnly: true, type: string}
                    h: {writeOnly: true, type: string}
                    i: {not: {type: string}}
                    j: {allOf: [{$ref: '#/components/schemas/X'}], oneOf: [{type: string}], anyOf: [{type: integer}]}
                    k: {$ref: '#/components/schemas/X', description: beside the ref}
                X: {type: object}
                Y: {type: object}
            """, named: "S")
        #expect(schema.title == "An S" && schema.description == "Described." && schema.deprecated)
        #expect(schema.required == ["a"] && schema.types == ["object"])
        guard case .schema(let additional) = schema.additionalProperties else {
            Issue.record("additionalProperties")
            return
        }
        #expect(additional.schema.types == ["integer"])
        #expect(schema.discriminator?.propertyName == "kind")
        #expect(schema.discriminator?.mapping.map(\.schema) == ["X", "Y"])
        #expect(schema.extensions.map(\.name) == ["x-extra"])
        let properties = Dictionary(uniqueKeysWithValues: schema.properties.map { ($0.name, $0.schema) })
        #expect(properties["a"]?.format == "email" && properties["a"]?.minLength == 1 && properties["a"]?.maxLength == 9)
        #expect(properties["a"]?.pattern == "^a" && properties["a"]?.defaultValue?.string == "aa")
        #expect(properties["b"]?.isNullable == true && properties["b"]?.minimum == 1 && properties["b"]?.exclusiveMaximum == 10)
        #expect(properties["c"]?.items?.types == ["string"] && properties["c"]?.uniqueItems == true && properties["c"]?.maxItems == 3)
        #expect(properties["d"]?.prefixItems.count == 2)
        #expect(properties["e"]?.const?.string == "fixed")
        #expect(properties["f"]?.enumValues?.count == 3)
        #expect(properties["g"]?.readOnly == true && properties["h"]?.writeOnly == true)
        #expect(properties["i"]?.not?.types == ["string"])
        #expect(properties["j"]?.allOf.first?.ref == "X" && properties["j"]?.oneOf.count == 1 && properties["j"]?.anyOf.count == 1)
        #expect(properties["k"]?.ref == "X" && properties["k"]?.description == "beside the ref")
    }

    /// The same schema in 3.0 and 3.1 spelling resolves to the same model.
    @Test func spellingsOf30And31AreEquivalent() throws {
        let old = try Self.schema(
            """
                N:
                  type: number
                  nullable: true
                  minimum: 0
                  exclusiveMinimum: true
                  maximum: 5
                  exclusiveMaximum: false
            """, named: "N", version: "3.0.3")
        let new = try Self.schema(
            """
                N:
                  type: [number, 'null']
                  exclusiveMinimum: 0
                  maximum: 5
            """, named: "N")
        #expect(old.types == new.types)
        #expect(old.minimum == new.minimum && old.exclusiveMinimum == new.exclusiveMinimum)
        #expect(old.maximum == new.maximum && old.exclusiveMaximum == new.exclusiveMaximum)
        #expect(old.isNullable && new.isNullable)
    }

    @Test func escapedPointersAndRecursion() throws {
        let (document, diagnostics) = try DocumentLoaderTests.load(
            """
            openapi: 3.1.0
            info: {title: T, version: '1'}
            paths:
              /a/{b}:
                get:
                  parameters: [{name: b, in: path, required: true, schema: {type: string}}]
                  responses:
                    '200':
                      description: ok
                      content: {application/json: {schema: {type: object, properties: {n: {type: integer}}}}}
            components:
              schemas:
                Copy: {$ref: '#/paths/~1a~1{b}/get/responses/200/content/application~1json/schema'}
                Tree:
                  type: object
                  properties: {kids: {type: array, items: {$ref: '#/components/schemas/Tree'}}}
                A: {type: object, properties: {b: {$ref: '#/components/schemas/B'}}}
                B: {type: object, properties: {a: {$ref: '#/components/schemas/A'}}}
                Leaf: {type: string}
            """)
        let loaded = try #require(document, "\(diagnostics)")
        #expect(loaded.schema(named: "Copy")?.properties.first?.name == "n")
        #expect(loaded.recursiveSchemas == ["Tree", "A", "B"])
    }

    @Test func diagnosticsCarryPointersAndSeverities() throws {
        let (document, diagnostics) = try Self.schemas(
            """
                Bad: {$ref: '#/components/schemas/Missing'}
                Odd: {type: string, format: made-up}
                Empty: {type: array, items: []}
            """)
        #expect(document == nil, "an unresolvable reference is an error")
        let error = try #require(diagnostics.first { $0.severity == .error })
        #expect(error.pointer == "#/components/schemas/Bad/$ref" && error.message.contains("Missing"))
        #expect(error.location?.line == 5)
        #expect(diagnostics.contains { $0.severity == .warning && $0.pointer == "#/components/schemas/Odd/format" })
        #expect(diagnostics.contains { $0.severity == .warning && $0.pointer == "#/components/schemas/Empty/items" })
    }

    @Test func malformedDocumentsAreErrorsNotCrashes() throws {
        let inputs = [
            "[]", "openapi: 2.0", "swagger: '2.0'\ninfo: {title: T, version: '1'}",
            "openapi: 3.1.0\npaths: {/a: {get: {parameters: 3}}}",
            "openapi: 3.1.0\ncomponents: {schemas: {A: {allOf: 5, type: 7, properties: {x: 1}}}}",
            "openapi: 3.1.0\npaths: {/a: {$ref: '#/paths/~1a'}}",
            "openapi: 3.1.0\ncomponents: {parameters: {P: {$ref: '#/components/parameters/P'}}}\npaths: {/a: {get: {parameters: [{$ref: '#/components/parameters/P'}]}}}",
        ]
        for input in inputs {
            let (_, diagnostics) = try DocumentLoaderTests.load(input)
            #expect(diagnostics.contains { $0.severity == .error }, "\(input)")
        }
    }
}
