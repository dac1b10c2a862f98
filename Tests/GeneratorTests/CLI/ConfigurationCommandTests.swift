import Foundation
import Testing

@testable import GeneratorCore
@testable import GeneratorTools

/// `generate --config`: the command line reads the file, the core parses it.
@Suite struct ConfigurationCommandTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")

    func write(_ text: String, to name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        var out = ""
        var err = ""
        let code = GeneratorCommand.run(arguments, out: { out += $0 + "\n" }, err: { err += $0 + "\n" })
        return (code, out, err)
    }

    static let pets = """
        openapi: 3.1.0
        info: {title: Pets, version: '1'}
        paths:
          /pets:
            get:
              operationId: listPets
              responses: {'204': {description: none}}
        """
    static let extra = """
        openapi: 3.1.0
        info: {title: More, version: '1'}
        paths:
          /toys:
            get:
              operationId: listToys
              responses: {'204': {description: none}}
        """

    @Test func documentsAreRelativeToTheConfigurationAndMerged() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try write(Self.pets, to: "api/pets.yaml")
        _ = try write(Self.extra, to: "api/toys.yaml")
        let config = try write(
            "module: PetsAPI\ndocuments: [pets.yaml, toys.yaml]\noperations:\n  listToys: allToys\n", to: "api/gen.yaml"
        )
        let output = directory.appendingPathComponent("out").path
        let result = run(["generate", "--config", config, "--output", output])
        #expect(result.code == 0, "\(result.err)")
        let files = try FileManager.default.contentsOfDirectory(atPath: output)
        #expect(files.contains("PetsAPI.swift"))
        let api = try String(contentsOfFile: output + "/DefaultAPI.swift", encoding: .utf8)
        #expect(api.contains("func listPets(") && api.contains("func allToys("))
    }

    @Test func argumentsWinOverTheConfiguration() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try write(Self.pets, to: "pets.yaml")
        let config = try write("module: PetsAPI\ndocuments: [missing.yaml]\n", to: "gen.yaml")
        let output = directory.appendingPathComponent("out").path
        let result = run(["generate", "--config", config, "--spec", spec, "--module", "Other", "--output", output])
        #expect(result.code == 0, "\(result.err)")
        #expect(FileManager.default.fileExists(atPath: output + "/Other.swift"))
    }

    @Test func withoutConfigurationTheModuleIsNamedAfterTheOutputDirectory() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try write(Self.pets, to: "pets.yaml")
        let output = directory.appendingPathComponent("Sources/PetsAPI").path
        #expect(run(["generate", "--spec", spec, "--output", output]).code == 0)
        #expect(FileManager.default.fileExists(atPath: output + "/PetsAPI.swift"))
        let odd = directory.appendingPathComponent("generated-code").path
        #expect(run(["generate", "--spec", spec, "--output", odd]).code == 0)
        #expect(FileManager.default.fileExists(atPath: odd + "/GeneratedAPI.swift"))
    }

    @Test func anUnknownKeyFailsWithItsPositionAndTheLine() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try write(Self.pets, to: "pets.yaml")
        let config = try write("module: PetsAPI\noperations:\n  listPets:\n    nmae: all\n", to: "gen.yaml")
        let output = directory.appendingPathComponent("out").path
        let result = run(["generate", "--config", config, "--spec", spec, "--output", output])
        #expect(result.code == 1)
        #expect(result.err.hasPrefix("\(config):4:5: unknown key 'nmae' in operation 'listPets'\n"))
        #expect(result.err.contains(" 4 |     nmae: all\n"))
        #expect(result.err.contains("hint: expected one of: name, retry"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func aMissingConfigurationOrDocumentIsAUsageError() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out").path
        let missing = run([
            "generate", "--config", directory.appendingPathComponent("none.yaml").path, "--output", output,
        ])
        #expect(missing.code == 64 && missing.err.contains("cannot read the configuration"))
        let config = try write("module: PetsAPI\n", to: "gen.yaml")
        let noDocument = run(["generate", "--config", config, "--output", output])
        #expect(noDocument.code == 64 && noDocument.err.contains("missing --spec (or `documents` in --config)"))
    }

    @Test func singleFileJoinsEveryFileForABuildToolPlugin() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try write(Self.pets, to: "pets.yaml")
        let output = directory.appendingPathComponent("plugin").path
        let result = run([
            "generate", "--spec", spec, "--module", "PetsAPI", "--single-file", "PetsAPI.swift", "--output", output,
        ])
        #expect(result.code == 0, "\(result.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output) == ["PetsAPI.swift"])
        let text = try String(contentsOfFile: output + "/PetsAPI.swift", encoding: .utf8)
        // The module file and the group file, each with its header.
        #expect(text.components(separatedBy: "// Generated by assinafy-generator from pets.yaml").count == 3)
        #expect(text.contains("@_exported import APIRuntime") && text.contains("public struct DefaultAPI"))
    }
}
