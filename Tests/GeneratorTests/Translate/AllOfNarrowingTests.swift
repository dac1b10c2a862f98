import Testing

@testable import GeneratorCore

/// A property several `allOf` members name: the narrower schema wins, and members no value can
/// satisfy together are reported with both places. The golden cases `allOfNarrow*`,
/// `allOfAddRequired` and `allOfConflict` show the emitted Swift.
@Suite("allOf narrowing")
struct AllOfNarrowingTests {
    static let conflicting = """
        openapi: 3.1.0
        info: {title: T, version: "1"}
        paths: {}
        components:
          schemas:
            Cat: {type: object, properties: {name: {type: string}}}
            Dog: {type: object, properties: {breed: {type: string}}}
            Base:
              type: object
              properties:
                id: {type: string}
                pet: {$ref: '#/components/schemas/Cat'}
                size: {type: string, enum: [small, large]}
            Clash:
              allOf:
                - $ref: '#/components/schemas/Base'
                - properties:
                    id: {type: integer}
                    pet: {$ref: '#/components/schemas/Dog'}
                    size: {type: string, enum: [medium]}
            Noted:
              allOf:
                - $ref: '#/components/schemas/Clash'
                - properties:
                    note: {type: string}
        """

    static func warnings(_ yaml: String) throws -> [Diagnostic] {
        let output = try GeneratorPipeline.generate(text: yaml, sourceName: "fragment.yaml", moduleName: "G")
        return output.diagnostics.filter { $0.message.hasPrefix("allOf members disagree") }
    }

    @Test func aConflictWarningNamesBothPointers() throws {
        let warnings = try Self.warnings(Self.conflicting)
        for property in ["id", "pet", "size"] {
            let found = warnings.filter { $0.message.contains("property '\(property)'") }
            // Once, though `Noted` merges `Clash` again.
            #expect(found.count == 1, "\(property): \(warnings)")
            #expect(found.first?.severity == .warning)
            #expect(found.first?.pointer == "#/components/schemas/Clash/allOf/1/properties/\(property)")
            #expect(found.first?.message.contains("#/components/schemas/Base/properties/\(property)") == true)
            #expect(found.first?.message.contains("#/components/schemas/Clash/allOf/1/properties/\(property)") == true)
        }
        #expect(warnings.count == 3, "\(warnings)")
    }

    @Test func narrowingsAreNotConflicts() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths: {}
            components:
              schemas:
                Item: {type: object, properties: {id: {type: string}}}
                Special: {allOf: [{$ref: '#/components/schemas/Item'}, {properties: {extra: {type: string}}}]}
                Page:
                  type: object
                  properties:
                    data: {type: array, items: {type: object}}
                    owner: {type: object}
                    item: {$ref: '#/components/schemas/Item'}
                    count: {type: number}
                    state: {type: string, enum: [a, b, c]}
                    when: {type: string}
                    meta: {type: object, properties: {total: {type: integer}}}
                Narrow:
                  allOf:
                    - $ref: '#/components/schemas/Page'
                    - required: [data]
                      properties:
                        data: {type: array, items: {$ref: '#/components/schemas/Item'}}
                        owner: {$ref: '#/components/schemas/Item'}
                        item: {$ref: '#/components/schemas/Special'}
                        count: {type: integer}
                        state: {enum: [b, c, d]}
                        when: {type: string, format: date-time}
                        meta: {properties: {pages: {type: integer}}}
            """
        #expect(try Self.warnings(yaml).isEmpty)
        let output = try GeneratorPipeline.generate(text: yaml, sourceName: "fragment.yaml", moduleName: "G")
        let text = output.files.map(\.contents).joined()
        #expect(text.contains("public var data: [Item] {"))
        #expect(text.contains("public var owner: Item? {"))
        #expect(text.contains("public var item: Special? {"))
        #expect(text.contains("public var count: Int? {"))
        #expect(text.contains("public var when: Date? {"))
        #expect(text.contains("public var meta: NarrowMeta? {"))
        #expect(text.contains("ModelStorage<(total: Int?, pages: Int?, additionalFields: JSONObject)>"))
        #expect(text.contains("public var state: NarrowState? {"))
        #expect(text.contains("public static let knownValues: [Self] = [.b, .c]"))
    }

    @Test func aFreeFormRefinementDoesNotWiden() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths: {}
            components:
              schemas:
                Item: {type: object, properties: {id: {type: string}}}
                Page:
                  type: object
                  properties:
                    data: {type: array, items: {$ref: '#/components/schemas/Item'}}
                    item: {$ref: '#/components/schemas/Item'}
                Loose:
                  allOf:
                    - $ref: '#/components/schemas/Page'
                    - properties:
                        data: {type: array, description: The entries.}
                        item: {type: object}
            """
        #expect(try Self.warnings(yaml).isEmpty)
        let text = try GeneratorPipeline.generate(text: yaml, sourceName: "fragment.yaml", moduleName: "G")
            .files.map(\.contents).joined()
        #expect(text.contains("ModelStorage<(data: [Item]?, item: Item?, additionalFields: JSONObject)>"))
        #expect(!text.contains("JSONValue"))
    }
}
