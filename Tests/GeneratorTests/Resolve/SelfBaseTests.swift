import Testing

@testable import GeneratorCore
@testable import GeneratorTools

/// OpenAPI 3.2 `$self`: the root document's URI, against which its references resolve. URL
/// references under `$self`'s folder are read from the same place beside the root document (the
/// generator never fetches); a URL anywhere else is refused with the folder it had to be under.
@Suite("$self as the base of references")
struct SelfBaseTests {
    static let header = "openapi: 3.2.0\n$self: 'https://api.example.invalid/specs/openapi.yaml'\n"
        + "info: {title: T, version: '1'}\npaths: {}\n"

    static func load(_ files: [String: String]) throws -> LoadedDocument {
        try DocumentLoader.load("openapi.yaml", from: InMemoryDocumentSource(files), format: nil)
    }

    @Test func urlsUnderSelfAreTheFilesBesideTheRoot() throws {
        let loaded = try Self.load([
            "openapi.yaml": Self.header + "components:\n  schemas:\n"
                + "    Owner: {$ref: 'https://api.example.invalid/specs/schemas/owner.yaml'}\n"
                + "    Alias: {$ref: 'https://api.example.invalid/specs/openapi.yaml#/components/schemas/Owner'}\n",
            "schemas/owner.yaml": "type: object\nproperties:\n  pet: {$ref: 'pet.yaml'}\n",
            "schemas/pet.yaml": "type: string\n",
        ])
        let document = try #require(loaded.document, "\(loaded.diagnostics)")
        #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(document.schemas.map(\.name) == ["Owner", "Alias", "pet"])
        #expect(document.schema(named: "Alias")?.ref == "Owner")
        #expect(document.schema(named: "Owner")?.properties.first?.schema.ref == "pet")
    }

    @Test func aURLOutsideSelfsFolderIsRefusedNamingTheFolder() throws {
        let loaded = try Self.load([
            "openapi.yaml": Self.header + "components:\n  schemas:\n"
                + "    Other: {$ref: 'https://elsewhere.example.invalid/owner.yaml'}\n"
        ])
        let errors = loaded.diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(errors.count == 1)
        #expect(errors.first?.contains("outside the folder of the document's $self") == true)
        #expect(errors.first?.contains("'https://api.example.invalid/specs/'") == true)
    }

    @Test func withoutSelfAURLIsRefusedAsBefore() throws {
        let loaded = try Self.load([
            "openapi.yaml": "openapi: 3.2.0\ninfo: {title: T, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n"
                + "    Owner: {$ref: 'https://api.example.invalid/specs/schemas/owner.yaml'}\n",
            "schemas/owner.yaml": "type: object\n",
        ])
        let errors = loaded.diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(errors.first?.contains("the generator does not use the network") == true)
    }

    @Test func selfIsReadOnlyWhenItIsAnAbsoluteURI() {
        #expect(SelfBase("https://a.example.invalid/x/openapi.yaml#frag")?.document == "https://a.example.invalid/x/openapi.yaml")
        #expect(SelfBase("https://a.example.invalid/x/openapi.yaml")?.folder == "https://a.example.invalid/x/")
        #expect(SelfBase("openapi.yaml") == nil)
        #expect(SelfBase(nil) == nil)
    }
}
