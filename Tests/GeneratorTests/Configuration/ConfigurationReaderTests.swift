import Testing

@testable import GeneratorCore

@Suite struct ConfigurationReaderTests {
    func parse(_ text: String, file: String = "gen.yaml") throws -> GeneratorConfiguration {
        try GeneratorConfiguration.parse(Array(text.utf8), file: file)
    }

    /// The error the reader raises for `text`, which must fail.
    func failure(_ text: String) throws -> ParseError {
        do {
            _ = try parse(text)
        } catch let error as ParseError {
            return error
        }
        Issue.record("expected an error for:\n\(text)")
        throw CancellationError()
    }

    @Test func readsEveryKey() throws {
        let configuration = try parse(
            """
            module: PetsAPI
            access: package
            regenerate: make pets
            documents: [pets.yaml, extra.yaml]
            perCallCredentials: signerCode
            operations:
              listPets: allPets
              post /pets:
                name: createPet
                retry: never
                exclusiveConnection: true
                requestMediaType: application/x-www-form-urlencoded
            types:
              Pet: Animal
            widening: error
            """)
        #expect(configuration.module == "PetsAPI")
        #expect(configuration.widening == .error)
        #expect(configuration.access == .package)
        #expect(configuration.regenerateCommand == "make pets")
        #expect(configuration.documents == ["pets.yaml", "extra.yaml"])
        #expect(configuration.perCallCredentials == ["signerCode"])
        #expect(configuration.operations["listPets"] == .init(name: "allPets"))
        #expect(
            configuration.operations["POST /pets"]
                == .init(
                    name: "createPet", retry: .never, exclusiveConnection: true,
                    requestMediaType: "application/x-www-form-urlencoded"))
        #expect(configuration.types == ["Pet": "Animal"])
        #expect(configuration.functionNames == ["listPets": "allPets", "POST /pets": "createPet"])
    }

    @Test func anEmptyFileIsTheDefaultConfiguration() throws {
        #expect(try parse("") == GeneratorConfiguration())
        #expect(try parse("# nothing yet\n") == GeneratorConfiguration())
        #expect(try parse("{}", file: "gen.json") == GeneratorConfiguration())
    }

    @Test func unknownKeysAreErrorsAtTheirLineAndColumn() throws {
        let top = try failure("module: A\nmodul: B\n")
        #expect(top.description == "gen.yaml:2:1: unknown key 'modul' in the configuration")
        #expect(top.hint?.contains("module, access, regenerate") == true)
        #expect(top.rendered.contains(" 2 | modul: B\n   | ^"))

        let nested = try failure("operations:\n  listPets:\n    name: allPets\n    retyr: never\n")
        #expect(nested.description == "gen.yaml:4:5: unknown key 'retyr' in operation 'listPets'")
        #expect(nested.hint == "expected one of: name, retry, exclusiveConnection, followsRedirects, requestMediaType")
    }

    @Test func wrongValuesAreErrorsAtTheValue() throws {
        #expect(
            try failure("access: private\n").description
                == "gen.yaml:1:9: access must be one of: public, package, internal")
        #expect(
            try failure("operations:\n  a: {retry: sometimes}\n").description
                == "gen.yaml:2:14: retry must be one of: never, always")
        #expect(try failure("widening: loud\n").description == "gen.yaml:1:11: widening must be one of: warning, error")
        #expect(
            try failure("operations:\n  a: {exclusiveConnection: yes please}\n").description
                == "gen.yaml:2:28: exclusiveConnection must be true or false")
        #expect(
            try failure("operations:\n  a: {followsRedirects: never}\n").description
                == "gen.yaml:2:25: followsRedirects must be true or false")
        #expect(try failure("module: 1API\n").description == "gen.yaml:1:9: module '1API' is not a Swift identifier")
        #expect(try failure("module: class\n").description == "gen.yaml:1:9: module 'class' is not a Swift identifier")
        #expect(try failure("operations: [a, b]\n").description == "gen.yaml:1:13: operations must be a mapping")
        #expect(
            try failure("documents: {a: b}\n").description
                == "gen.yaml:1:12: documents must be a string or a list of strings")
        #expect(
            try failure("operations:\n  a: get-pets\n").description
                == "gen.yaml:2:6: the name of 'a' 'get-pets' is not a Swift identifier")
        #expect(try failure("- a\n").description == "gen.yaml:1:1: the configuration must be a mapping")
    }

    @Test func testingNamesTheTestingModulesDirectory() throws {
        #expect(try parse("testing: {output: Sources/PetsAPITesting}\n").testing?.output == "Sources/PetsAPITesting")
        #expect(try parse("module: A\n").testing == nil)
        let unknown = try failure("testing:\n  output: T\n  example: true\n")
        #expect(unknown.description == "gen.yaml:3:3: unknown key 'example' in testing")
        #expect(try failure("testing: {}\n").description == "gen.yaml:1:10: testing needs an output directory")
        #expect(try failure("testing: T\n").description == "gen.yaml:1:10: testing must be a mapping")
    }

    @Test func anOperationConfiguredTwiceIsAnError() throws {
        let error = try failure("operations:\n  GET /pets: a\n  get /pets: b\n")
        #expect(error.description == "gen.yaml:3:3: operation 'get /pets' is configured twice")
    }

    @Test func twoTypesRenamedToOneNameIsAnError() throws {
        let error = try failure("types:\n  Pet: Animal\n  Dog: Animal\n")
        #expect(error.description == "gen.yaml:3:8: 'Dog' and 'Pet' are both renamed to 'Animal'")
    }

    @Test func routeKeysAreNormalisedAndOperationIdsKeptAsWritten() throws {
        let configuration = try parse("operations:\n  patch /pets/{id}: a\n  getpets now: b\n")
        #expect(Set(configuration.operations.keys) == ["PATCH /pets/{id}", "getpets now"])
    }

    @Test func anOperationIdEntryIsCompletedByItsRouteEntry() throws {
        let configuration = try parse(
            "operations:\n  showPet: {name: pet}\n  GET /pets/{id}: {name: ignored, retry: never}\n")
        let merged = configuration.settings(operationId: "showPet", method: "get", path: "/pets/{id}")
        #expect(merged == .init(name: "pet", retry: .never))
        #expect(configuration.settings(operationId: nil, method: "GET", path: "/pets/{id}")?.name == "ignored")
        #expect(configuration.settings(operationId: "other", method: "GET", path: "/other") == nil)
    }

    /// Every setting completes the `operationId` entry, `followsRedirects` too (it was left out).
    @Test func aRouteEntrysRedirectRuleCompletesAnOperationIdEntry() throws {
        let configuration = try parse(
            "operations:\n  showPet: {name: pet}\n  GET /pets/{id}: {followsRedirects: false, exclusiveConnection: true}\n")
        let merged = configuration.settings(operationId: "showPet", method: "GET", path: "/pets/{id}")
        #expect(merged == .init(name: "pet", exclusiveConnection: true, followsRedirects: false))
    }

    @Test func syntaxErrorsKeepTheReadersPosition() throws {
        let error = try failure("module: [A\n")
        #expect(error.file == "gen.yaml")
        #expect(error.location.line >= 1)
    }
}
