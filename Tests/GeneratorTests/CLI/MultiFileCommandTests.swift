import Foundation
import Testing

@testable import GeneratorCore
@testable import GeneratorTools

/// The commands on documents split over files, and the input format switch.
@Suite("Command line: multi-file documents", .serialized)
struct MultiFileCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let spec = fixtures.appendingPathComponent("MultiFile/openapi.yaml").path

    /// A scratch copy of the multi-file fixture, so a test can edit one of its files.
    static func copyOfFixture() throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("multifile-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("MultiFile"), to: copy)
        return copy
    }

    @Test func checkListsTheFilesRead() {
        let result = CommandLineTests.run(["check", "--spec", Self.spec])
        #expect(result.code == 0, "\(result.err)")
        let folder = (Self.spec as NSString).deletingLastPathComponent
        let listed = ["openapi.yaml", "paths/droplets.yaml", "resources/droplets/models.yaml", "shared/parameters.json",
            "shared/responses.yaml"].map { "  \(folder)/\($0)" }
        #expect(result.out == (["read 5 files:"] + listed + ["2 operations, 3 schemas, 0 warnings, 0 errors", ""]).joined(separator: "\n"))
    }

    @Test func diffComparesMultiFileDocuments() throws {
        let copy = try Self.copyOfFixture()
        defer { try? FileManager.default.removeItem(at: copy) }
        let models = copy.appendingPathComponent("resources/droplets/models.yaml")
        let text = try String(contentsOf: models, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "id: {type: integer}", with: "id: {type: string}").utf8).write(to: models)
        let same = CommandLineTests.run(["diff", Self.spec, Self.spec, "--format", "json"])
        #expect(same.code == 0 && same.err.contains("0 breaking"), "\(same.err)")
        let changed = CommandLineTests.run(["diff", Self.spec, copy.appendingPathComponent("openapi.yaml").path, "--fail-on", "breaking"])
        #expect(changed.code == 1, "\(changed.out)")
        #expect(changed.out.contains("integer") && changed.out.contains("string"), "\(changed.out)")
    }

    @Test func coverageReadsAMultiFileSpec() throws {
        let coverage = Self.fixtures.appendingPathComponent("Coverage")
        let analysis = try CoverageAnalysis.analyse(
            .init(
                specPath: coverage.appendingPathComponent("Split/spec.yaml").path,
                configuration: try GeneratorCommand.readConfiguration(coverage.appendingPathComponent("generator.yaml").path),
                extraPaths: [coverage.appendingPathComponent("unpublished.yaml").path],
                overlayPath: coverage.appendingPathComponent("Overlay").path, clientType: "AssinafyClient",
                moduleName: "AssinafyAPI", contextType: "ClientContext"))
        // The same figures as the single-file spec (CoverageTests).
        #expect(analysis.summaryLine == "coverage: 5/6 operations reachable from AssinafyClient")
        #expect(analysis.published.count == 6)
    }

    @Test func readerErrorsShowTheLineWithACaretAndAHint() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tab-\(UUID().uuidString).yaml")
        try Data("openapi: 3.1.0\ninfo:\n\ttitle: T\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = CommandLineTests.run(["check", "--spec", file.path])
        #expect(result.code == 1)
        #expect(
            result.err == """
                \(file.path):3:1: tab character used as indentation
                 3 | \ttitle: T
                   | ^
                hint: YAML indents with spaces only; replace the tab with spaces

                """)
    }

    @Test func formatJSONReadsStrictJSONWhateverTheExtension() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spec-\(UUID().uuidString).yaml")
        try Data(#"{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {}, "x": [1 true]}"#.utf8)
            .write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // As YAML 1.2 `[1 true]` is the one-element list ["1 true"]; as JSON it is a typo.
        #expect(CommandLineTests.run(["check", "--spec", file.path]).code == 0)
        let strict = CommandLineTests.run(["check", "--spec", file.path, "--format", "json"])
        #expect(strict.code == 1)
        #expect(strict.err.hasPrefix("\(file.path):1:83: expected ',' or ']', but found 't'"), "\(strict.err)")
        #expect(CommandLineTests.run(["check", "--spec", file.path, "--format", "toml"]).code == 64)
    }
}

extension MultiFileCommandTests {
    /// A symbolic link inside the folder does not open a way out of it.
    @Test func aSymbolicLinkOutOfTheFolderIsRefused() throws {
        let manager = FileManager.default
        let base = manager.temporaryDirectory.appendingPathComponent("symlink-\(UUID().uuidString)")
        let inside = base.appendingPathComponent("api")
        try manager.createDirectory(at: inside, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: base) }
        try Data("type: string\n".utf8).write(to: base.appendingPathComponent("secret.yaml"))
        try manager.createSymbolicLink(
            at: inside.appendingPathComponent("link.yaml"), withDestinationURL: base.appendingPathComponent("secret.yaml"))
        let spec = inside.appendingPathComponent("openapi.yaml")
        try Data("openapi: 3.1.0\ninfo: {title: T, version: '1'}\ncomponents:\n  schemas:\n    A: {$ref: link.yaml}\n".utf8)
            .write(to: spec)
        let result = CommandLineTests.run(["check", "--spec", spec.path])
        #expect(result.code == 1)
        #expect(result.err.contains("openapi.yaml:5:15: error: cannot read"), "\(result.err)")
        #expect(result.err.contains("outside the folder"), "\(result.err)")
    }
}

extension MultiFileCommandTests {
    /// `--extra` documents are read apart and merged; their files keep numbers of their own.
    @Test func extraDocumentsNumberTheirFilesApart() throws {
        let extra = Self.fixtures.appendingPathComponent("Coverage/Split/spec.yaml").path
        let loaded = try GeneratorPipeline.load(specPath: Self.spec, extraPaths: [extra])
        let document = loaded.document
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        #expect(loaded.supplementaryOperationIds.count == 6)
        let names = document.sourceFileNames.sorted { $0.key < $1.key }.map { ($0.key, URL(fileURLWithPath: $0.value).lastPathComponent) }
        #expect(names.map(\.0) == [1, 2, 3, 4, 5])
        #expect(names.map(\.1) == ["droplets.yaml", "models.yaml", "parameters.json", "responses.yaml", "paths.yaml"])
    }
}
