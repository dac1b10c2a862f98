import Foundation
import Testing

/// The resources' public methods and their completion twins are `@_alwaysEmitIntoClient`, so an
/// app carries only the calls it makes (issue 17; the `appsize` bench row measures the effect).
/// A method added without the attribute would be kept in every app: on ELF the compiler marks
/// public symbols retained, and the rest of an object file's code stays linked with them.
@Suite struct EmittedIntoClientTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Assinafy")

    /// `File.swift: name(` of every public method in `folder` whose attributes lack the one asked for.
    static func methodsWithout(_ attribute: String, in folder: String) throws -> [String] {
        let directory = sources.appendingPathComponent(folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
        var missing: [String] = []
        for file in files.sorted() {
            let lines = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                .components(separatedBy: "\n")
            for (index, line) in lines.enumerated() where line.hasPrefix("    ") && !line.hasPrefix("     ") {
                // Attributes may also lead the declaration's own line: `@inlinable public func`.
                let words = line.split(separator: " ").map(String.init)
                var attributes = Array(words.prefix { $0.hasPrefix("@") })
                let declaration = words.dropFirst(attributes.count)
                guard declaration.starts(with: ["public", "func"]), let named = declaration.dropFirst(2).first
                else { continue }
                var above = index - 1
                while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") {
                    attributes.append(lines[above].trimmingCharacters(in: .whitespaces))
                    above -= 1
                }
                if !attributes.contains(attribute) {
                    let name = named.prefix { $0 != "(" && $0 != "<" }
                    missing.append("\(file): \(name)(")
                }
            }
        }
        return missing
    }

    @Test func everyResourceMethodIsEmittedIntoTheCallingModule() throws {
        let missing = try Self.methodsWithout("@_alwaysEmitIntoClient", in: "Resources")
        #expect(missing == [])
    }

    @Test func everyCompletionTwinIsEmittedIntoTheCallingModule() throws {
        #expect(try Self.methodsWithout("@_alwaysEmitIntoClient", in: "Compatibility") == [])
    }
}
