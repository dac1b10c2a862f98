import Foundation
import SyntheticDocuments
import Testing

@testable import GeneratorCore
@testable import GeneratorTools

/// Documents split over several files: `$ref`s to relative paths are followed inside the root's
/// folder, and nothing else is read.
@Suite("Multi-file documents")
struct MultiFileDocumentTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/MultiFile/openapi.yaml").path

    static let header = "openapi: 3.1.0\ninfo: {title: T, version: '1'}\n"

    static func load(_ files: [String: String], root: String = "openapi.yaml") throws -> LoadedDocument {
        try DocumentLoader.load(root, from: InMemoryDocumentSource(files), format: nil)
    }

    static func errors(_ loaded: LoadedDocument) -> [String] {
        loaded.diagnostics.filter { $0.severity == .error }.map { $0.formatted(file: "openapi.yaml") }
    }

    @Test func fixtureOnDiskWithNestedFoldersJSONAndFragments() throws {
        let loaded = try DocumentLoader.load(contentsOf: Self.fixture)
        let document = try #require(loaded.document, "\(loaded.diagnostics)")
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.files.map { URL(fileURLWithPath: $0).lastPathComponent }
            == ["openapi.yaml", "droplets.yaml", "models.yaml", "parameters.json", "responses.yaml"])
        #expect(document.operations.map { $0.operationId ?? "" } == ["listDroplets", "getDroplet"])
        // The root's own name for a file's schema wins; the others are named after their pointer.
        #expect(document.schemas.map(\.name) == ["Region", "droplet", "Error"])
        #expect(document.recursiveSchemas == ["Region", "droplet"])
        #expect(document.operations[1].parameters.map(\.name) == ["id"])
        #expect(document.operations[1].responses.map(\.componentName) == [nil, "Error"])
    }

    @Test func wholeFileReferencesAndReferencesFromReferencedFiles() throws {
        let loaded = try Self.load([
            "openapi.yaml": Self.header + "paths: {}\ncomponents:\n  schemas:\n    Owner: {$ref: schemas/Owner.yaml}\n",
            "schemas/Owner.yaml": "type: object\nproperties:\n  pet: {$ref: ./pets/Pet.json}\n",
            "schemas/pets/Pet.json": #"{"type": "object", "properties": {"tag": {"$ref": "../Tag.yaml"}}}"#,
            "schemas/Tag.yaml": "type: string\n",
        ])
        let document = try #require(loaded.document, "\(loaded.diagnostics)")
        #expect(document.schemas.map(\.name) == ["Owner", "Pet", "Tag"])
        #expect(document.schema(named: "Owner")?.properties.first?.schema.ref == "Pet")
        #expect(document.schema(named: "Pet")?.properties.first?.schema.ref == "Tag")
    }

    /// A 3.2 `query` operation and an `additionalOperations` one are operations to the bundler
    /// too: a schema they take from another file becomes a component, as a `get`'s would.
    @Test func schemasOfQueryAndAdditionalOperationsAreHoisted() throws {
        let body = { (schema: String) in
            "requestBody: {content: {application/json: {schema: {$ref: \(schema)}}}}"
        }
        let loaded = try Self.load([
            "openapi.yaml": "openapi: 3.2.0\ninfo: {title: T, version: '1'}\npaths:\n  /kennels:\n"
                + "    query: {\(body("schemas/Find.yaml")), responses: {'204': {description: ok}}}\n"
                + "    additionalOperations:\n"
                + "      PURGE: {\(body("schemas/Purge.yaml")), responses: {'204': {description: ok}}}\n",
            "schemas/Find.yaml": "type: object\nproperties: {breed: {type: string}}\n",
            "schemas/Purge.yaml": "type: object\nproperties: {all: {type: boolean}}\n",
        ])
        let document = try #require(loaded.document, "\(loaded.diagnostics)")
        #expect(document.schemas.map(\.name) == ["Find", "Purge"])
        #expect(document.operations.map(\.method) == ["query", "PURGE"])
        // A fixed field is sent in capitals; an additionalOperations key exactly as written.
        #expect(document.operations.map(\.method.wire) == ["QUERY", "PURGE"])
        #expect(document.operations.map(\.method.isFixedField) == [true, false])
    }

    @Test func anEmptyReferencedFileIsAnErrorNotANullSchema() throws {
        let error = #expect(throws: ParseError.self) {
            try Self.load([
                "openapi.yaml": Self.header + "paths: {}\ncomponents:\n  schemas:\n    Owner: {$ref: schemas/Owner.yaml}\n",
                "schemas/Owner.yaml": "# nothing here yet\n",
            ])
        }
        #expect(error?.message.contains("no document") == true)
        #expect(error?.file == "schemas/Owner.yaml")
    }

    @Test func operationsAndPathLevelParametersByReference() throws {
        let loaded = try Self.load([
            "openapi.yaml": Self.header
                + "paths:\n  /pets/{id}:\n    parameters: [{$ref: 'ops/common.yaml#/id'}]\n"
                + "    get: {$ref: ops/get-pet.yaml}\n    delete: {$ref: 'ops/all.json#/delete'}\n",
            "ops/common.yaml": "id: {name: id, in: path, required: true, schema: {type: string}}\n",
            "ops/get-pet.yaml": "operationId: getPet\nresponses:\n  '200': {$ref: '../responses/pet.yaml'}\n",
            "ops/all.json": #"{"delete": {"operationId": "deletePet", "responses": {"204": {"description": "Gone."}}}}"#,
            "responses/pet.yaml": "description: A pet.\ncontent:\n  application/json:\n    schema: {$ref: ../models/Pet.yaml}\n",
            "models/Pet.yaml": "type: object\nproperties:\n  name: {type: string}\n",
        ])
        let document = try #require(loaded.document, "\(loaded.diagnostics)")
        #expect(document.operations.map { $0.operationId ?? "" } == ["getPet", "deletePet"])
        #expect(document.operations.allSatisfy { $0.parameters.map(\.name) == ["id"] })
        #expect(document.operations.first?.responses.first?.componentName == "pet")
        #expect(document.schemas.map(\.name) == ["Pet"])
    }

    @Test func referencesInsideExamplesDefaultsAndExtensionsAreData() throws {
        let loaded = try Self.load([
            "openapi.yaml": Self.header
                + "x-docs: {$ref: 'https://example.invalid/x.yaml'}\ncomponents:\n  schemas:\n    A: {$ref: a.yaml}\n"
                + "  responses:\n    R:\n      description: R\n      content:\n        application/json:\n"
                + "          examples: {one: {value: {$ref: 'https://example.invalid'}}}\n",
            "a.yaml": "type: object\nexample: {$ref: '/etc/passwd'}\ndefault: {$ref: '../x'}\n"
                + "properties:\n  example: {$ref: b.yaml}\n  x-y: {$ref: b.yaml}\n",
            "b.yaml": "type: string\n",
        ])
        let document = try #require(loaded.document, "\(loaded.diagnostics)")
        #expect(document.schemas.map(\.name) == ["A", "b"])
        #expect(document.schema(named: "A")?.defaultValue?["$ref"]?.string == "../x")
    }

    @Test func cyclesAcrossFilesBecomeRecursiveSchemas() throws {
        let loaded = try Self.load([
            "openapi.yaml": Self.header + "components:\n  schemas:\n    A: {$ref: 'a.yaml#/A'}\n",
            "a.yaml": "A:\n  type: object\n  properties:\n    b: {$ref: 'b.yaml#/B'}\n",
            "b.yaml": "B:\n  type: object\n  properties:\n    a: {$ref: 'a.yaml#/A'}\n",
        ])
        let document = try #require(loaded.document, "\(loaded.diagnostics)")
        #expect(document.schemas.map(\.name) == ["A", "B"])
        #expect(document.recursiveSchemas == ["A", "B"])
    }

    @Test func theSameFileReachedByTwoPathsIsReadOnce() throws {
        let source = InMemoryDocumentSource([
            "openapi.yaml": Self.header
                + "components:\n  schemas:\n    A: {$ref: 'x/m.yaml#/A'}\n    B: {$ref: './y/../x/./m.yaml#/B'}\n",
            "x/m.yaml": "A: {type: string}\nB: {$ref: '../x/m.yaml#/A'}\n",
        ])
        let loaded = try DocumentLoader.load("openapi.yaml", from: source)
        #expect(loaded.document?.schemas.map(\.name) == ["A", "B"])
        #expect(loaded.document?.schema(named: "B")?.ref == "A")
        #expect(source.readCount(of: "x/m.yaml") == 1)
        #expect(loaded.files == ["openapi.yaml", "x/m.yaml"])
    }

    @Test(arguments: [
        ("../../outside.yaml", "leaves the folder of the root document"),
        ("./x/../../../outside.yaml#/A", "leaves the folder of the root document"),
        ("/etc/schemas.yaml#/A", "is an absolute path"),
        ("C:/schemas.yaml", "is an absolute path"),
        ("https://example.invalid/schemas.yaml#/A", "is a https: URL"),
        ("file:///schemas.yaml", "is a file: URL"),
    ])
    func referencesOutsideTheTreeAreRefusedWhereTheyAreWritten(reference: String, message: String) throws {
        let source = InMemoryDocumentSource([
            "openapi.yaml": Self.header + "components:\n  schemas:\n    A: {$ref: 'sub/a.yaml'}\n",
            "sub/a.yaml": "type: object\nproperties:\n  x:\n    $ref: '\(reference)'\n",
        ])
        let loaded = try DocumentLoader.load("openapi.yaml", from: source)
        #expect(loaded.document == nil)
        let errors = Self.errors(loaded)
        #expect(errors.count == 1)
        // The file that holds the reference, at the reference's line and column.
        #expect(errors.first?.hasPrefix("sub/a.yaml:4:11: error: '\(reference)' \(message)") == true, "\(errors)")
        #expect(source.readCount(of: "outside.yaml") == 0)
    }

    @Test func missingFilesAndTargetsAreErrorsAtTheReference() throws {
        let loaded = try Self.load([
            "openapi.yaml": Self.header
                + "components:\n  schemas:\n    A: {$ref: 'missing.yaml#/A'}\n    B: {$ref: 'b.yaml#/nope'}\n"
                + "    C: {$ref: 'b.yaml#nope'}\n",
            "b.yaml": "B: {type: string}\n",
        ])
        #expect(
            Self.errors(loaded) == [
                "openapi.yaml:5:15: error: cannot read 'missing.yaml': no such file 'missing.yaml' (at #/components/schemas/A/$ref)",
                "openapi.yaml:6:15: error: 'b.yaml#/nope' points at nothing: b.yaml has no '#/nope' (at #/components/schemas/B/$ref)",
                "openapi.yaml:7:15: error: in 'b.yaml#nope', the part after '#' must be a JSON pointer such as '#/a/b' "
                    + "(at #/components/schemas/C/$ref)",
            ])
    }

    @Test func aSyntaxErrorInAReferencedFileNamesThatFile() throws {
        let error = #expect(throws: ParseError.self) {
            try Self.load([
                "openapi.yaml": Self.header + "components:\n  schemas:\n    A: {$ref: 'lib/a.yaml'}\n",
                "lib/a.yaml": "type: object\n\tproperties: {}\n",
            ])
        }
        #expect(error?.description == "lib/a.yaml:2:1: tab character used as indentation")
        #expect(error?.sourceLine == "\tproperties: {}")
    }

    @Test func aReferencedJSONFileIsStrictJSON() throws {
        let error = #expect(throws: ParseError.self) {
            try Self.load([
                "openapi.yaml": Self.header + "components:\n  schemas:\n    A: {$ref: 'a.json'}\n",
                "a.json": "{\"type\": \"array\", \"enum\": [1 true]}",
            ])
        }
        #expect(error?.description == "a.json:1:30: expected ',' or ']', but found 't'")
    }

    @Test func pathItemCyclesAreReported() throws {
        let loaded = try Self.load([
            "openapi.yaml": Self.header + "paths:\n  /a: {$ref: 'p.yaml#/a'}\n",
            "p.yaml": "a: {$ref: '#/b'}\nb: {$ref: '#/a'}\n",
        ])
        #expect(Self.errors(loaded).first?.contains("reference cycle across files: p.yaml#/a → p.yaml#/b → p.yaml#/a") == true)
    }

    @Test func loaderDiagnosticsPointIntoTheFileThatHoldsTheText() throws {
        let loaded = try Self.load([
            "openapi.yaml": Self.header + "paths:\n  /a: {$ref: 'p.yaml'}\n",
            "p.yaml": "get:\n  responses:\n    '200':\n      description: OK\n      content:\n        text/plain:\n"
                + "          schema: {type: string, format: colour}\n",
        ])
        #expect(loaded.document != nil)
        #expect(
            loaded.diagnostics.map { $0.formatted(file: "openapi.yaml") } == [
                "p.yaml:7:42: warning: unknown format 'colour'; treating it as its base type "
                    + "(at #/paths/~1a/get/responses/200/content/text~1plain/schema/format)"
            ])
    }

    @Test func namesFromDifferentFilesDoNotCollide() throws {
        let loaded = try Self.load([
            "openapi.yaml": Self.header
                + "paths:\n  /a:\n    get:\n      responses:\n        '200': {description: A, content: {application/json: "
                + "{schema: {$ref: 'a.yaml#/Error'}}}}\n        '400': {description: B, content: {application/json: "
                + "{schema: {$ref: 'b.yaml#/error'}}}}\n"
                + "components:\n  schemas:\n    Error: {type: string}\n",
            "a.yaml": "Error: {type: integer}\n",
            "b.yaml": "error: {type: boolean}\n",
        ])
        #expect(loaded.document?.schemas.map(\.name) == ["Error", "Error2", "error3"])
    }

    @Test func aDocumentWithoutExternalReferencesIsReturnedAsRead() throws {
        let text = Self.header + "components:\n  schemas:\n    A: {$ref: '#/components/schemas/B'}\n    B: {type: string}\n"
        let bundle = try DocumentBundler.bundle("openapi.yaml", from: InMemoryDocumentSource(["openapi.yaml": text]), format: nil)
        #expect(ReaderTestSupport.render(bundle.root, locations: true)
            == ReaderTestSupport.render(try DocumentReader.read(text, file: "openapi.yaml"), locations: true))
        #expect(bundle.files == ["openapi.yaml"])
    }
}

extension MultiFileDocumentTests {
    /// The benchmark's document, small: every kind of reference it uses resolves.
    @Test func syntheticMultiFileDocumentLoads() throws {
        for count in [40, 43, 1_500] {
            let files = SyntheticMultiFileDocument.files(count: count)
            #expect(files.count == count)
            let loaded = try DocumentLoader.load("openapi.yaml", from: InMemoryDocumentSource(files))
            let document = try #require(loaded.document, "\(loaded.diagnostics.prefix(3))")
            #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.prefix(3))")
            #expect(loaded.files.count == count)
            let resources = (count - 4) / 6
            #expect(document.operations.count == 2 * resources)
            // Problem, the extras, and two models per resource.
            #expect(document.schemas.count == 1 + (count - 4 - 6 * resources) + 2 * resources)
        }
    }
}
