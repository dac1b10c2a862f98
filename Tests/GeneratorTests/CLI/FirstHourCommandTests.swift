import Foundation
import Testing

@testable import GeneratorCore
@testable import GeneratorTools

/// What a newcomer meets first (issue 34): the version, each command's help, a mistyped path and a
/// broken `$ref`, each answered in a sentence or a summary rather than a dump.
@Suite("Command line: the first hour", .serialized)
struct FirstHourCommandTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("first-hour-\(UUID().uuidString)")

    func write(_ text: String, to name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func versionIsOneLineNamingTheSDKRelease() throws {
        let versionFile = CommandLineTests.root.appendingPathComponent("Sources/Assinafy/Client/Version.swift")
        let source = try String(contentsOf: versionFile, encoding: .utf8)
        let declaration = try #require(source.split(separator: "\n").first { $0.hasPrefix("public let sdkVersion = ") })
        let sdkVersion = declaration.split(separator: "\"").dropFirst().first.map(String.init)
        let result = CommandLineTests.run(["--version"])
        #expect(result.code == 0 && result.err.isEmpty)
        #expect(result.out == "assinafy-generator \(sdkVersion ?? "?")\n")
    }

    /// Every command answers `--help` on standard output with exit 0, naming every option its
    /// line in the overall usage names, whatever else is on the line.
    @Test func everyCommandHasItsOwnHelp() {
        let usage = GeneratorCommand.usage + "\n" + ToolCommands.usage
        let commands = ["check", "generate"] + ToolCommands.commands.keys.sorted()
        for command in commands {
            let result = CommandLineTests.run([command, "--help"])
            #expect(result.code == 0 && result.err.isEmpty, "\(command): \(result.err)")
            #expect(result.out.hasPrefix("usage:"), "\(command)")
            #expect(result.out.contains("assinafy-generator \(command)"), "\(command)")
            #expect(!result.out.contains("commands:"), "\(command) printed the whole usage")
            for option in Self.options(of: command, in: usage) {
                #expect(result.out.contains(option), "\(command) --help does not mention \(option)")
            }
            #expect(CommandLineTests.run(["help", command]).out == result.out, "\(command)")
        }
        // Asking for help is not a run: a half-typed line still gets it.
        let halfTyped = CommandLineTests.run(["generate", "--spec", "x.yaml", "-h"])
        #expect(halfTyped.code == 0 && halfTyped.out.contains("--per-call-credential SCHEME"))
    }

    /// The `--name` tokens of a command's entries in the usage text.
    static func options(of command: String, in usage: String) -> Set<String> {
        var options: Set<String> = []
        var inEntry = false
        for line in usage.split(separator: "\n") {
            if line.hasPrefix("  \(command) ") {
                inEntry = true
            } else if !line.hasPrefix("   ") {
                inEntry = false
            }
            guard inEntry else { continue }
            for word in line.split(whereSeparator: { " []|.".contains($0) }) where word.hasPrefix("--") {
                options.insert(String(word))
            }
        }
        return options
    }

    @Test func aMissingInputIsOneSentence() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("openapi.yaml").path
        let output = directory.appendingPathComponent("out").path
        for arguments in [["check", "--spec", missing], ["generate", "--spec", missing, "--output", output]] {
            let result = CommandLineTests.run(arguments)
            #expect(result.code == 64, "\(arguments)")
            #expect(result.err == "error: cannot read \(missing): no such file\n", "\(arguments)")
        }
        let spec = try write("openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {}\n", to: "spec.yaml")
        let extra = CommandLineTests.run(["generate", "--spec", spec, "--extra", directory.path, "--output", output])
        #expect(extra.err == "error: cannot read \(directory.path): it is a directory\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func aMissingReferencedFileIsNamedPlainly() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try write(
            "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths:\n  /a: {$ref: paths/a.yaml}\n", to: "openapi.yaml")
        let result = CommandLineTests.run(["check", "--spec", spec])
        #expect(result.code == 1)
        let referenced = directory.appendingPathComponent("paths/a.yaml").path
        #expect(result.err == "\(spec):4:14: error: cannot read '\(referenced)': no such file (at #/paths/~1a/$ref)\n")
    }

    static let brokenReference = """
        openapi: 3.1.0
        info: {title: T, version: '1'}
        paths:
          /pets:
            get:
              responses: {'200': {description: OK}}
            post:
              responses: {'201': {description: Created}}
          /pets/{id}: {$ref: '#/components/pathItems/Pet'}
        components:
          pathItems:
            Pet:
              parameters: [{name: id, in: path, required: true, schema: {type: string}}]
              get:
                responses: {'200': {description: OK}}
          schemas:
            Pet: {type: object}
            Owner: {type: object}
            Broken: {$ref: '#/components/schemas/Nope'}

        """

    /// A failed `$ref` still reports how much the document held, not "0 operations, 0 schemas".
    @Test func theSummaryCountsWhatWasReadWhenAReferenceFails() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try write(Self.brokenReference, to: "openapi.yaml")
        let check = CommandLineTests.run(["check", "--spec", spec])
        #expect(check.code == 1)
        #expect(check.err.contains("unresolvable") || check.err.contains("Nope"), "\(check.err)")
        #expect(check.out == "not resolved: read 1 file, 3 operations, 3 schemas; 0 warnings, 1 errors\n")
        let output = directory.appendingPathComponent("out").path
        let generate = CommandLineTests.run(["generate", "--spec", spec, "--output", output])
        #expect(generate.code == 1)
        #expect(generate.err == check.err)
        #expect(
            generate.out
                == "not resolved: read 1 file, 3 operations, 3 schemas; 0 warnings, 1 errors; nothing written to \(output)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// A trailing comma is the most common hand-edited JSON mistake; its error points at the comma
    /// and says so.
    @Test func aTrailingCommaInJSONIsPointedOut() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let lastMember = #"  "info": {"title": "T", "version": "1"},"#
        let spec = try write("{\n  \"openapi\": \"3.1.0\",\n\(lastMember)\n}\n", to: "openapi.json")
        let result = CommandLineTests.run(["check", "--spec", spec])
        #expect(result.code == 1)
        #expect(result.err.hasPrefix("\(spec):3:\(lastMember.count): "), "\(result.err)")
        #expect(result.err.contains("hint:") && result.err.contains("comma"), "\(result.err)")
    }
}
