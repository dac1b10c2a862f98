import Foundation
import Testing

@testable import GeneratorCore
@testable import GeneratorTools

/// `generate --widening error` and the configuration's `widening: error`: a widened schema
/// fails the command (exit 1), lists the widenings and writes nothing.
@Suite struct WideningCommandTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("widening-\(UUID().uuidString)")

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

    static let widened = WideningTests.document("{type: [string, integer]}")

    @Test func wideningErrorFailsAndWritesNothing() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try write(Self.widened, to: "things.yaml")
        let output = directory.appendingPathComponent("Out").path
        let result = run(["generate", "--spec", spec, "--output", output, "--widening", "error"])
        #expect(result.code == 1)
        #expect(result.err.contains("1 schema is generated wider than the document says"), "\(result.err)")
        #expect(result.err.contains("things.yaml:22:"), "\(result.err)")
        #expect(result.err.contains("error: widened to JSONValue: type list [string, integer]"))
        #expect(result.err.contains("(at \(WideningTests.site))"))
        #expect(result.out.contains("nothing written to \(output)"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func wideningIsAWarningByDefault() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try write(Self.widened, to: "things.yaml")
        let output = directory.appendingPathComponent("Out").path
        let result = run(["generate", "--spec", spec, "--output", output])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.err.contains("warning: widened to JSONValue: type list [string, integer]"))
    }

    /// The configuration's rule applies; the command line's wins over it.
    @Test func configurationRuleAndItsOverride() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try write(Self.widened, to: "things.yaml")
        let config = try write("documents: [things.yaml]\nwidening: error\n", to: "gen.yaml")
        let output = directory.appendingPathComponent("Out").path
        let strict = run(["generate", "--config", config, "--output", output])
        #expect(strict.code == 1 && strict.err.contains("`widening: error`"), "\(strict.err)")
        let overridden = run(["generate", "--config", config, "--output", output, "--widening", "warning"])
        #expect(overridden.code == 0, "\(overridden.err)")
        let wrong = run(["generate", "--config", config, "--output", output, "--widening", "loud"])
        #expect(wrong.code == 64 && wrong.err.contains("--widening must be warning or error"))
    }
}
