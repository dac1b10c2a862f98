import Foundation
import Testing

@testable import GeneratorCore
@testable import GeneratorTools

/// `generate --testing-output DIR` and the configuration's `testing: {output:}`: the testing
/// module is written beside the API module, the configuration's path read relative to it.
@Suite struct TestingOutputCommandTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("testing-\(UUID().uuidString)")

    func write(_ text: String, to name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        var out = ""
        var err = ""
        let code = GeneratorCommand.run(arguments, out: { out += $0 + "\n" }, err: { err += $0 + "\n" })
        return (code, out, err)
    }

    static let document = """
        openapi: 3.0.3
        info: { title: Things, version: '1' }
        paths:
          /things:
            get:
              operationId: listThings
              responses:
                '200':
                  description: Things.
                  content:
                    application/json:
                      schema: { type: array, items: { type: string } }
        """

    func files(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    @Test func theFlagWritesTheTestingModule() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try write(Self.document, to: "things.yaml")
        let output = directory.appendingPathComponent("ThingsAPI").path
        let testing = directory.appendingPathComponent("ThingsAPITesting").path
        let result = run(["generate", "--spec", spec, "--output", output, "--testing-output", testing])
        #expect(result.code == 0, "\(result.err)")
        #expect(files(testing) == ["DefaultCalls.swift", "ThingsAPIExamples.swift", "ThingsAPIStubs.swift"])
        let stubs = try String(contentsOfFile: testing + "/ThingsAPIStubs.swift", encoding: .utf8)
        #expect(stubs.contains("import ThingsAPI\n") && stubs.contains("public struct ThingsAPIStubs: Sendable"))
    }

    @Test func theConfigurationsDirectoryIsRelativeToItAndTheFlagWins() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try write(Self.document, to: "things.yaml")
        let config = try write("documents: [things.yaml]\ntesting: {output: Stubs}\n", to: "gen.yaml")
        let output = directory.appendingPathComponent("ThingsAPI").path
        #expect(run(["generate", "--config", config, "--output", output]).code == 0)
        #expect(files(directory.appendingPathComponent("Stubs").path).contains("ThingsAPIStubs.swift"))
        let elsewhere = directory.appendingPathComponent("Elsewhere").path
        #expect(run(["generate", "--config", config, "--output", output, "--testing-output", elsewhere]).code == 0)
        #expect(files(elsewhere).contains("ThingsAPIStubs.swift"))
    }

    /// The testing module is another module, which cannot see an internal module's types: the
    /// pair is refused by name, and nothing is written, whichever way the testing module is asked for.
    @Test func anInternalModuleWithATestingModuleIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try write(Self.document, to: "things.yaml")
        let output = directory.appendingPathComponent("ThingsAPI").path
        let configured = try write("documents: [things.yaml]\naccess: internal\ntesting: {output: Stubs}\n", to: "a.yaml")
        let flagged = try write("documents: [things.yaml]\naccess: internal\n", to: "b.yaml")
        let testing = directory.appendingPathComponent("Stubs").path
        for arguments in [["--config", configured], ["--config", flagged, "--testing-output", testing]] {
            let result = run(["generate"] + arguments + ["--output", output])
            #expect(result.code != 0)
            #expect(result.err.contains("access: internal cannot have a testing module"), "\(result.err)")
        }
        #expect(files(directory.path) == ["a.yaml", "b.yaml", "things.yaml"])
    }

    @Test func withoutEitherNoTestingModuleIsWritten() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try write(Self.document, to: "things.yaml")
        let output = directory.appendingPathComponent("ThingsAPI").path
        let result = run(["generate", "--spec", spec, "--output", output])
        #expect(result.code == 0 && !result.out.contains("testing module"))
        #expect(files(directory.path) == ["ThingsAPI", "things.yaml"])
    }
}
