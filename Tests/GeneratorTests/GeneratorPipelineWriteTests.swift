import Foundation
import Testing

@testable import GeneratorCore
@testable import GeneratorTools

/// `GeneratorPipeline.write` writes without Foundation's per-file fsync (issue 17); what lands on
/// disk must still be exactly what was generated.
@Suite("Writing generated files")
struct GeneratorPipelineWriteTests {
    static func scratch() throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("pipeline-write-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A shorter file replacing a longer one leaves no tail of the old contents behind.
    @Test func rewriteReplacesTheWholeFile() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let long = FileLayout.headerMarker + "\n" + String(repeating: "let x = 1\n", count: 5_000)
        try GeneratorPipeline.write([GeneratedFile(name: "A.swift", contents: long)], to: directory)
        let short = FileLayout.headerMarker + "\nlet é = \"ü\"\n"
        try GeneratorPipeline.write([GeneratedFile(name: "A.swift", contents: short)], to: directory)
        let path = directory + "/A.swift"
        #expect(try String(contentsOfFile: path, encoding: .utf8) == short)
    }

    /// Files no longer produced go, files this generator did not write stay.
    @Test func staleGeneratedFilesAreRemovedOthersKept() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try GeneratorPipeline.write(
            [GeneratedFile(name: "A.swift", contents: FileLayout.headerMarker + "\n"), GeneratedFile(name: "B.swift", contents: FileLayout.headerMarker + "\n")], to: directory)
        try "// mine\n".write(toFile: directory + "/Mine.swift", atomically: false, encoding: .utf8)
        try GeneratorPipeline.write([GeneratedFile(name: "A.swift", contents: FileLayout.headerMarker + "\n")], to: directory)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names == ["A.swift", "Mine.swift"])
    }

    /// A directory that cannot be written to is an error, not a silent skip.
    @Test func unwritablePathThrows() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(
            atPath: directory + "/A.swift", withIntermediateDirectories: true)
        #expect(throws: (any Error).self) {
            try GeneratorPipeline.write([GeneratedFile(name: "A.swift", contents: FileLayout.headerMarker + "\n")], to: directory)
        }
    }
}
