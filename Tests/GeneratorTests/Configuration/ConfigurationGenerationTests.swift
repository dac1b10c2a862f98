import Testing

@testable import GeneratorCore
@testable import GeneratorTools

/// What each configuration key does to the generated code.
@Suite struct ConfigurationGenerationTests {
    static let document = """
        openapi: 3.1.0
        info: {title: Pets, version: '1'}
        paths:
          /pets:
            get:
              operationId: listPets
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}
            post:
              operationId: 0123456789abcdef0123456789abcdef
              requestBody:
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/Pet'}
              responses:
                '204': {description: done}
        components:
          schemas:
            Pet:
              type: object
              properties:
                name: {type: string}
                toy: {type: object, properties: {kind: {type: string}}}
        """

    func generate(_ configuration: String) throws -> GeneratorPipeline.Output {
        try GeneratorPipeline.generate(
            text: Self.document, sourceName: "pets.yaml",
            configuration: GeneratorConfiguration.parse(Array(configuration.utf8), file: "gen.yaml"))
    }

    func text(_ output: GeneratorPipeline.Output) -> String {
        output.files.map(\.contents).joined(separator: "\n")
    }

    @Test func withoutConfigurationTheCodeIsStillSensible() throws {
        let output = try generate("")
        #expect(output.files.contains { $0.name == "GeneratedAPI.swift" })
        let all = text(output)
        #expect(all.contains("// Regenerate with `assinafy-generator generate`."))
        #expect(!all.contains("make generate"))
        #expect(all.contains("public func listPets("))
        // The opaque operationId falls back to method and path.
        #expect(all.contains("public func postPets("))
        #expect(all.contains("public struct Pet: "))
    }

    @Test func moduleAndRegenerateCommandComeFromTheConfiguration() throws {
        let output = try generate("module: PetsAPI\nregenerate: swift package generate-api\n")
        #expect(output.files.contains { $0.name == "PetsAPI.swift" })
        #expect(output.files.allSatisfy { $0.contents.contains("// Regenerate with `swift package generate-api`.") })
    }

    @Test func operationsAreNamedByIdOrByRoute() throws {
        let all = text(try generate("operations:\n  listPets: allPets\n  POST /pets: addPet\n"))
        #expect(all.contains("public func allPets("))
        #expect(all.contains("public func addPet("))
        #expect(!all.contains("func listPets(") && !all.contains("func postPets("))
    }

    @Test func requestOptionsAreWrittenIntoTheRequest() throws {
        let all = text(
            try generate(
                "operations:\n  listPets: {retry: never, exclusiveConnection: true, followsRedirects: false}\n"
                    + "  POST /pets: {retry: always, followsRedirects: true}\n"))
        let list = try #require(all.range(of: "func listPets(")).upperBound
        let post = try #require(all.range(of: "func postPets(")).upperBound
        let listBody = all[list..<(all[list...].range(of: "return try await")?.lowerBound ?? all.endIndex)]
        let postBody = all[post..<(all[post...].range(of: "return try await")?.lowerBound ?? all.endIndex)]
        #expect(listBody.contains("request.retryable = false"))
        #expect(listBody.contains("request.needsExclusiveConnection = true"))
        #expect(postBody.contains("request.retryable = true"))
        #expect(!postBody.contains("needsExclusiveConnection"))
        #expect(listBody.contains("request.followsRedirects = false"))
        #expect(!postBody.contains("followsRedirects"))
        #expect(!text(try generate("")).contains("request.retryable"))
    }

    @Test func typesAreRenamedWhereverTheyAreUsed() throws {
        let output = try generate("types:\n  Pet: Animal\n  PetToy: Plaything\n  Nope: Never2\n")
        let all = text(output)
        #expect(all.contains("public struct Animal: "))
        #expect(all.contains("public struct Plaything: "))
        #expect(all.contains("public var toy: Plaything? {"))
        #expect(all.contains("[Animal]"))
        #expect(all.contains("body: Animal"))
        let words = Set(all.split { !$0.isLetter && !$0.isNumber }.map(String.init))
        #expect(!words.contains("Pet") && !words.contains("PetToy"))
        #expect(output.diagnostics.contains { $0.message.contains("'Nope' names no generated type") })
    }

    @Test func aRenameOntoAnExistingTypeIsRefused() throws {
        let output = try generate("types:\n  PetToy: Pet\n")
        #expect(text(output).contains("public struct PetToy: "))
        #expect(output.diagnostics.contains { $0.message.contains("'Pet' is already a generated type") })
    }

    @Test func twoTypesMaySwapNames() throws {
        let all = text(try generate("types:\n  PetToy: Pet\n  Pet: PetToy\n"))
        #expect(all.contains("public struct PetToy: ") && all.contains("public var toy: Pet? {"))
    }

    @Test func accessLevelReachesEveryDeclaration() throws {
        for (level, keyword) in [("package", "package "), ("internal", "")] {
            let all = text(try generate("access: \(level)\n"))
            let declarations = all.split(separator: "\n").map { $0.drop { $0 == " " } }
            #expect(!declarations.contains { $0.hasPrefix("public ") || $0.contains(" public func ") }, "\(level)")
            #expect(declarations.contains { $0.hasPrefix("\(keyword)struct Pet: ") }, "\(level)")
            // `@discardableResult` shares the declaration's line.
            let function = declarations.map { $0.hasPrefix("@discardableResult ") ? $0.dropFirst(19) : $0 }
            #expect(function.contains { $0.hasPrefix("\(keyword)func listPets(") }, "\(level)")
            // Only a public declaration can be emitted into its client.
            #expect(!all.contains("@_alwaysEmitIntoClient"), "\(level)")
        }
        #expect(text(try generate("access: public\n")).contains("@_alwaysEmitIntoClient @discardableResult"))
    }

    /// The head of a declaration is printed from the model: the access level is a field, never
    /// text rewritten after printing.
    @Test func declarationHeadsPrintTheModelsAccessLevel() {
        func head(_ access: GeneratorConfiguration.AccessLevel) -> DeclarationHead {
            DeclarationHead(
                access: access, attributes: ["@discardableResult"], emittedIntoClient: true, modifiers: ["static"],
                keyword: "func", name: "f", genericClause: "<T>", conformances: [])
        }
        #expect(head(.public).text == "@_alwaysEmitIntoClient @discardableResult public static func f<T>")
        #expect(head(.package).text == "@discardableResult package static func f<T>")
        #expect(head(.internal).text == "@discardableResult static func f<T>")
        #expect(head(.internal).attributeText == "@discardableResult")
        #expect(head(.package).declarationText == "package static func f<T>")
        let structure = DeclarationHead(
            access: .internal, keyword: "struct", name: "Pet", conformances: ["Sendable", "Hashable"])
        #expect(structure.text == "struct Pet: Sendable, Hashable")
        #expect(DeclarationHead(access: .package, keyword: "init").text == "package init")
        #expect(SwiftWriter(access: .package).head("let", "a") == "package let a")
    }

    @Test func perCallCredentialsAndMediaTypesReachTheTranslatorOptions() throws {
        let configuration = try GeneratorConfiguration.parse(
            Array(
                "perCallCredentials: [code]\noperations:\n  POST /pets: {requestMediaType: application/x-www-form-urlencoded}\n  listPets: {requestMediaType: text/plain}\n"
                    .utf8),
            file: "gen.yaml")
        let document = try #require(DocumentLoader.load(try DocumentReader.read(Self.document, file: "pets.yaml")).0)
        let options = GeneratorPipeline.translatorOptions(configuration, document: document, sourceName: "pets.yaml")
        #expect(options.perCallCredentialSchemes == ["code"])
        #expect(
            options.preferredRequestMediaTypes == [
                "0123456789abcdef0123456789abcdef": "application/x-www-form-urlencoded", "listPets": "text/plain",
            ])
        #expect(options.moduleName == "GeneratedAPI")
    }
}
