import Foundation
import GeneratorCore
@testable import GeneratorTools

/// Files the tool tests read, located from this source file so the working directory does not matter.
enum ToolsFixtures {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/GeneratorTests/Tools
        .deletingLastPathComponent()  // Tests/GeneratorTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the package root

    static func path(_ relative: String) -> String { packageRoot.appendingPathComponent(relative).path }
    static func diff(_ name: String) -> String { path("Tests/GeneratorTests/Fixtures/Diff/\(name)") }
    static func coverage(_ name: String) -> String { path("Tests/GeneratorTests/Fixtures/Coverage/\(name)") }
    /// A fixture folder's `generator.yaml`: the operation names its generated code uses.
    static func configuration(_ path: String) throws -> GeneratorConfiguration {
        try GeneratorCommand.readConfiguration(path)
    }

    static func load(_ path: String) throws -> OpenAPIDocument {
        let (document, diagnostics) = DocumentLoader.load(try DocumentReader.read(contentsOf: path))
        guard let document else { throw FixtureError(message: "\(path): \(diagnostics)") }
        return document
    }

    static func load(text: String, name: String = "inline.yaml") throws -> OpenAPIDocument {
        let (document, diagnostics) = DocumentLoader.load(try DocumentReader.read(text, file: name))
        guard let document else { throw FixtureError(message: "\(name): \(diagnostics)") }
        return document
    }

    /// Runs the CLI in-process, returning exit code, standard output and standard error lines.
    static func run(_ arguments: [String]) -> (code: Int32, out: [String], err: [String]) {
        var out: [String] = []
        var err: [String] = []
        let code = ToolCommands.run(
            arguments, out: { out += $0.components(separatedBy: "\n") }, err: { err.append($0) })
        return (code, out, err)
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension DiffReport {
    /// Whether a change with this verdict exists whose subject and message contain the fragments.
    func has(_ severity: SpecChange.Severity, _ subject: String, _ fragment: String) -> Bool {
        changes.contains { $0.severity == severity && $0.subject.contains(subject) && $0.message.contains(fragment) }
    }

    var listing: String {
        changes.map { "\($0.severity.rawValue) \($0.subject): \($0.message)" }.joined(separator: "\n")
    }
}
