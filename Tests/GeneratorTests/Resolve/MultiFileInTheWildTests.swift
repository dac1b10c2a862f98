import Foundation
import Testing

@testable import GeneratorCore
@testable import GeneratorTools

/// Multi-file documents as vendors write them: references resolved by what they point at, in
/// any position (a description from a Markdown file, a map of properties by reference, a header
/// named `x-request-id`, a discriminator mapping that names a file).
@Suite("Multi-file documents in the wild")
struct MultiFileInTheWildTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/MultiFileInTheWild/openapi.yaml").path

    static func load(_ files: [String: String]) throws -> LoadedDocument {
        try DocumentLoader.load("openapi.yaml", from: InMemoryDocumentSource(files), format: nil)
    }

    static func messages(_ loaded: LoadedDocument) -> [String] {
        loaded.diagnostics.map { $0.formatted(file: "openapi.yaml") }
    }

    @Test func fixtureLoadsWithoutDiagnostics() throws {
        let loaded = try DocumentLoader.load(contentsOf: Self.fixture)
        let document = try #require(loaded.document, "\(Self.messages(loaded))")
        #expect(Self.messages(loaded) == [])
        #expect(document.info.description == "# Fleet\n\nManages droplets and serves drinks.\n")
        #expect(document.tags.map(\.description) == ["Virtual machines, billed by the hour.", "Drinks, served by **kind**.\n"])
        #expect(document.operations.map { $0.operationId ?? "" } == ["listDroplets", "getDrink"])
        let list = document.operations[0]
        #expect(list.description == "Lists the droplets of the account, a page at a time.\n")
        #expect(list.parameters.map(\.description) == ["How many items a page holds.\n"])
        let headers = list.responses.first?.headers ?? []
        #expect(headers.map(\.0) == ["x-request-id", "ratelimit-limit"])
        #expect(headers.map(\.1.description) == ["Identifies the request, for support.", "Requests allowed in the current window.\n"])
        #expect(headers.first?.1.schema?.format == "uuid")
        #expect(list.responses.map(\.componentName) == ["all_droplets", "unexpected_error"])
        #expect(list.responses.last?.headers.map(\.0) == ["x-request-id"])
    }

    @Test func fixtureSchemasComeFromTheFilesTheyNameAndMapsByReference() throws {
        let document = try #require(try DocumentLoader.load(contentsOf: Self.fixture).document)
        #expect(document.schemas.map(\.name) == ["droplet_list", "droplet", "trace_tag", "error", "Drink", "Beverage", "Cocktail"])
        let droplet = try #require(document.schema(named: "droplet"))
        #expect(droplet.description == "A virtual machine.\n")
        #expect(droplet.properties.map(\.0) == ["id", "name", "x-trace-tag"])
        #expect(droplet.properties.last?.1.ref == "trace_tag")
        let drink = try #require(document.schema(named: "Drink"))
        #expect(drink.oneOf.map(\.ref) == ["Beverage", "Cocktail"])
        #expect(drink.discriminator?.mapping.map(\.0) == ["beverage", "cocktail"])
        #expect(drink.discriminator?.mapping.map(\.1) == ["Beverage", "Cocktail"])
    }

    /// The only diagnostic is the rename of the `error` schema, whose name Swift's `Error` holds.
    @Test func fixtureGeneratesDocumentedTypesWithoutDiagnostics() throws {
        let output = try GeneratorPipeline.generate(specPath: Self.fixture, moduleName: "Fleet", names: [:])
        #expect(
            output.diagnostics.map { "\($0.severity) \($0.pointer) \($0.message)" } == [
                "warning #/components/schemas/error schema 'error' is generated as 'ErrorModel': 'Error' is a type "
                    + "the generated code uses, which a type of that name would shadow"
            ])
        let swift = GeneratorPipeline.joined(output.files)
        #expect(swift.contains("/// A virtual machine."))
        #expect(swift.contains("/// Lists the droplets of the account, a page at a time."))
        #expect(swift.contains("/// The tag the tracing system attaches."))
        #expect(swift.contains("enum Drink"))
        #expect(swift.contains("case beverage(Beverage)"))
        #expect(swift.contains("case cocktail(Cocktail)"))
    }
}

extension MultiFileInTheWildTests {
    static let header = "openapi: 3.1.0\ninfo: {title: T, version: '1'}\n"

    @Test func aDescriptionByReferenceInAPlaceWithoutASchemaIsInlinedNotHoisted() throws {
        let loaded = try Self.load([
            "openapi.yaml": Self.header + "tags:\n  - name: A\n    description: {$ref: 'description.yml#/introduction'}\n"
                + "paths: {}\ncomponents:\n  schemas:\n    S: {$ref: s.yaml}\n",
            "description.yml": "introduction: |\n  Read me first.\n",
            "s.yaml": "type: string\n",
        ])
        let document = try #require(loaded.document, "\(Self.messages(loaded))")
        #expect(Self.messages(loaded) == [])
        #expect(document.tags.first?.description == "Read me first.\n")
        #expect(document.schemas.map(\.name) == ["S"])
    }

    /// The only reference to another file is under a header named `x-…`: the quick scan that
    /// decides whether a document needs bundling must not take it for an extension either.
    @Test func headersNamedLikeExtensionsAreFollowed() throws {
        let loaded = try Self.load([
            "openapi.yaml": Self.header
                + "paths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: OK\n"
                + "          headers:\n            x-request-id: {$ref: 'shared/headers.yaml#/x-request-id'}\n"
                + "x-docs: {$ref: 'https://example.invalid/docs.yaml'}\n",
            "shared/headers.yaml": "x-request-id: {description: Request id., schema: {type: string}}\n",
        ])
        let document = try #require(loaded.document, "\(Self.messages(loaded))")
        #expect(Self.messages(loaded) == [])
        #expect(document.operations.first?.responses.first?.headers.map(\.0) == ["x-request-id"])
        #expect(document.operations.first?.responses.first?.headers.first?.1.description == "Request id.")
    }

    @Test func extensionsInPathsAndResponsesStayData() throws {
        let loaded = try Self.load([
            "openapi.yaml": Self.header
                + "paths:\n  x-internal: {$ref: 'https://example.invalid/p.yaml'}\n  /a:\n    get:\n      responses:\n"
                + "        x-note: {$ref: '/etc/passwd'}\n        '200': {$ref: 'r.yaml'}\n",
            "r.yaml": "description: OK\n",
        ])
        #expect(loaded.document != nil)
        #expect(Self.messages(loaded) == [])
    }

    @Test func aMapOfHeadersAndAListOfParametersByReference() throws {
        let loaded = try Self.load([
            "openapi.yaml": Self.header
                + "paths:\n  /a:\n    get:\n      parameters: {$ref: 'common.yaml#/parameters'}\n      responses:\n"
                + "        '200':\n          description: OK\n          headers: {$ref: 'common.yaml#/headers'}\n",
            "common.yaml": "parameters:\n  - {name: q, in: query, schema: {type: string}}\n"
                + "headers:\n  x-rate: {schema: {type: integer}}\n  etag: {$ref: '#/etag'}\netag: {schema: {type: string}}\n",
        ])
        let document = try #require(loaded.document, "\(Self.messages(loaded))")
        #expect(Self.messages(loaded) == [])
        #expect(document.operations.first?.parameters.map(\.name) == ["q"])
        #expect(document.operations.first?.responses.first?.headers.map(\.0) == ["x-rate", "etag"])
    }

    @Test func markdownDescriptionsInEveryPlaceADescriptionCanBe() throws {
        let loaded = try Self.load([
            "openapi.yaml": "openapi: 3.1.0\ninfo: {title: T, version: '1', description: {$ref: d/info.md}}\n"
                + "paths:\n  /a:\n    get:\n      description: {$ref: d/op.md}\n      parameters:\n"
                + "        - {name: q, in: query, schema: {type: string}, description: {$ref: d/q.md}}\n"
                + "      responses:\n        '200': {description: {$ref: d/ok.md}}\n"
                + "components:\n  schemas:\n    S: {type: string, description: {$ref: 'd/s.md'}}\n",
            "d/info.md": "\u{FEFF}Info — ünïcode.\n", "d/op.md": "Op.", "d/q.md": "Q.", "d/ok.md": "OK.", "d/s.md": "S.",
        ])
        let document = try #require(loaded.document, "\(Self.messages(loaded))")
        #expect(Self.messages(loaded) == [])
        #expect(document.info.description == "Info — ünïcode.\n")
        #expect(document.operations.first?.description == "Op.")
        #expect(document.operations.first?.parameters.first?.description == "Q.")
        #expect(document.operations.first?.responses.first?.description == "OK.")
        #expect(document.schema(named: "S")?.description == "S.")
        #expect(loaded.files == ["openapi.yaml", "d/info.md", "d/op.md", "d/q.md", "d/ok.md", "d/s.md"])
    }

    @Test(arguments: [
        ("schema: {$ref: 'd.md'}", "'d.md' is a text file; a text file can only give a description, not an object"),
        ("description: {$ref: 'd.md#/a'}", "in 'd.md#/a', a text file has no parts to point at"),
        ("description: {$ref: '../d.md'}", "'../d.md' leaves the folder of the root document"),
        ("description: {$ref: '/d.md'}", "'/d.md' is an absolute path"),
        ("description: {$ref: 'https://example.invalid/d.md'}", "is a https: URL"),
        ("description: {$ref: 'bad.md'}", "'bad.md' is not UTF-8 text"),
    ])
    func textFilesAreRefusedWhereTheyCannotStandOrCannotBeRead(entry: String, message: String) throws {
        let loaded = try DocumentLoader.load(
            "openapi.yaml",
            from: BytesSource([
                "openapi.yaml": Array((Self.header + "paths:\n  /a:\n    get:\n      responses:\n        '200':\n"
                    + "          description: OK\n          content: {text/plain: {\(entry)}}\n"
                    + "components:\n  schemas: {S: {$ref: s.yaml}}\n").utf8),
                "s.yaml": Array("type: string\n".utf8), "d.md": Array("D.".utf8), "bad.md": [0x44, 0xFF, 0x0A],
            ]))
        #expect(loaded.document == nil)
        #expect(Self.messages(loaded).count == 1)
        #expect(Self.messages(loaded).first?.contains(message) == true, "\(Self.messages(loaded))")
    }

    @Test func discriminatorMappingsNamingFilesAreTheirHoistedSchemas() throws {
        let loaded = try Self.load([
            "openapi.yaml": Self.header + "components:\n  schemas:\n    Pet: {$ref: 'pets/Pet.yaml'}\n",
            "pets/Pet.yaml": "oneOf: [{$ref: Cat.yaml}]\n"
                + "discriminator:\n  propertyName: kind\n  mapping:\n    cat: ./Cat.yaml\n    dog: 'more.json#/Dog'\n"
                + "    pet: '#/components/schemas/Pet'\n",
            "pets/Cat.yaml": "type: object\nproperties: {kind: {type: string}}\n",
            "pets/more.json": #"{"Dog": {"type": "object", "properties": {"kind": {"type": "string"}}}}"#,
        ])
        let document = try #require(loaded.document, "\(Self.messages(loaded))")
        #expect(Self.messages(loaded) == [])
        #expect(document.schemas.map(\.name) == ["Pet", "Cat", "Dog"])
        let mapping = document.schema(named: "Pet")?.discriminator?.mapping ?? []
        #expect(mapping.map { "\($0.0)=\($0.1)" } == ["cat=Cat", "dog=Dog", "pet=Pet"])
    }

    /// A pointer in a mapping written outside the root means the file it is written in, as a
    /// `$ref` there would (the style of a large public multi-file document).
    @Test func discriminatorMappingsPointingIntoTheirOwnFileAreHoisted() throws {
        let loaded = try Self.load([
            "openapi.yaml": Self.header + "components:\n  schemas:\n    Action: {$ref: 'actions.yaml#/action'}\n",
            "actions.yaml": "action:\n  type: object\n  properties: {type: {type: string}}\n"
                + "  discriminator:\n    propertyName: type\n"
                + "    mapping: {assign: '#/assign_action', other: '#/components/schemas/Action'}\n"
                + "assign_action:\n  allOf: [{$ref: '#/action'}, {properties: {target: {type: integer}}}]\n",
        ])
        let document = try #require(loaded.document, "\(Self.messages(loaded))")
        #expect(Self.messages(loaded) == [])
        #expect(document.schemas.map(\.name) == ["Action", "assign_action"])
        let mapping = document.schema(named: "Action")?.discriminator?.mapping ?? []
        #expect(mapping.map { "\($0.0)=\($0.1)" } == ["assign=assign_action", "other=Action"])
    }

    @Test(arguments: [
        ("https://example.invalid/Cat.yaml", "is a https: URL"),
        ("../../Cat.yaml", "leaves the folder of the root document"),
        ("/srv/Cat.yaml", "is an absolute path"),
    ])
    func discriminatorMappingsOutsideTheTreeAreRefused(value: String, message: String) throws {
        let loaded = try Self.load([
            "openapi.yaml": Self.header + "components:\n  schemas:\n    Pet: {$ref: 'pets/Pet.yaml'}\n",
            "pets/Pet.yaml": "type: object\ndiscriminator:\n  propertyName: kind\n  mapping:\n    cat: '\(value)'\n",
        ])
        #expect(loaded.document == nil)
        #expect(Self.messages(loaded).count == 1)
        #expect(Self.messages(loaded).first?.hasPrefix("pets/Pet.yaml:5:10: error: '\(value)' \(message)") == true,
            "\(Self.messages(loaded))")
    }
}

/// Files given as bytes, to hold one that is not UTF-8.
struct BytesSource: DocumentSource {
    var files: [String: [UInt8]]
    init(_ files: [String: [UInt8]]) { self.files = files }
    func bytes(at path: String) throws -> [UInt8] {
        guard let bytes = files[path] else { throw InMemoryDocumentSource.Missing(path: path) }
        return bytes
    }
    func displayName(of path: String) -> String { path }
}
