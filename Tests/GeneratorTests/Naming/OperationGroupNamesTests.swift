import Foundation
import Testing

@testable import GeneratorCore

/// An operation group named like its module (tag `pets` in module `PetsAPI`) would shadow the
/// module inside itself, so it is generated as `<Tag>Operations`, with a warning at the tag.
@Suite struct OperationGroupNamesTests {
    static let document = """
        openapi: 3.0.3
        info: {title: Pets, version: "1"}
        tags:
          - name: owners
          - name: pets
            description: The animals.
        paths:
          /pets:
            get:
              operationId: listPets
              tags: [pets]
              responses:
                '200':
                  description: The pets.
                  content:
                    application/json:
                      schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}
          /owners:
            get:
              operationId: listOwners
              tags: [owners]
              responses: {'204': {description: None.}}
        components:
          schemas:
            Pet: {type: object, properties: {name: {type: string}}}
            PetsOperations: {type: object, properties: {count: {type: integer}}}
        """

    static func generate(_ yaml: String, module: String = "PetsAPI") throws -> GeneratorPipeline.Output {
        try GeneratorPipeline.generate(text: yaml, sourceName: "pets.yaml", moduleName: module)
    }

    @Test func aGroupNamedLikeItsModuleIsRenamedWithAWarningAtTheTag() throws {
        let output = try Self.generate(Self.document)
        let text = output.files.map(\.contents).joined()
        #expect(text.contains("public struct PetsOperations: Sendable {"))
        #expect(!text.contains("struct PetsAPI"))
        // Other groups keep their names; a schema may not take the renamed group's name either.
        #expect(text.contains("public struct OwnersAPI: Sendable {"))
        #expect(text.contains("public struct PetsOperationsModel: OpenAPIModel"))
        #expect(output.files.map(\.name).contains("PetsOperations.swift"))
        let warnings = output.diagnostics.filter { $0.message.contains("the operation group of") }
        #expect(
            warnings.map { "\($0.pointer) \($0.message)" } == [
                "#/tags/1 the operation group of tag 'pets' would be 'PetsAPI', which is the generated module's "
                    + "own name; it is generated as 'PetsOperations'"
            ])
        // In any other module the group keeps its usual name and nothing is said.
        let elsewhere = try Self.generate(Self.document, module: "Clinic")
        #expect(elsewhere.files.map(\.contents).joined().contains("public struct PetsAPI: Sendable {"))
        #expect(!elsewhere.diagnostics.contains { $0.message.contains("the operation group of") })
    }

    /// The name and the warning follow the tag, not where the document writes things.
    @Test func reorderingTheDocumentChangesNothing() throws {
        let reordered = """
            openapi: 3.0.3
            info: {title: Pets, version: "1"}
            tags:
              - name: owners
              - name: pets
                description: The animals.
            paths:
              /owners:
                get:
                  operationId: listOwners
                  tags: [owners]
                  responses: {'204': {description: None.}}
              /pets:
                get:
                  operationId: listPets
                  tags: [pets]
                  responses:
                    '200':
                      description: The pets.
                      content:
                        application/json:
                          schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}
            components:
              schemas:
                PetsOperations: {type: object, properties: {count: {type: integer}}}
                Pet: {type: object, properties: {name: {type: string}}}
            """
        let first = try Self.generate(Self.document)
        let second = try Self.generate(reordered)
        #expect(first.files.map(\.name) == second.files.map(\.name))
        for (left, right) in zip(first.files, second.files) where left.name.hasSuffix("Operations.swift") {
            #expect(left.contents == right.contents)
        }
        #expect(first.diagnostics.map(\.message) == second.diagnostics.map(\.message))
    }

    /// A tag the document never declares is reported where the first operation names it.
    @Test func anUndeclaredTagIsReportedAtTheOperation() throws {
        let yaml = """
            openapi: 3.0.3
            info: {title: Pets, version: "1"}
            paths:
              /pets/{id}:
                delete:
                  operationId: deletePet
                  tags: [pets]
                  parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                  responses: {'204': {description: Gone.}}
              /pets:
                get:
                  operationId: listPets
                  tags: [pets]
                  responses: {'204': {description: None.}}
            """
        let output = try Self.generate(yaml)
        let warnings = output.diagnostics.filter { $0.message.contains("the operation group of") }.map(\.pointer)
        #expect(warnings == ["#/paths/~1pets/get/tags/0"])
        let group = try #require(output.files.first { $0.name == "PetsOperations.swift" })
        #expect(group.contents.contains("/// The operations tagged `Pets`."))
    }
}
