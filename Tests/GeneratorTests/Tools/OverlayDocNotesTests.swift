import AssinafyTestSupport
import Foundation
import Testing

@testable import GeneratorCore
@testable import GeneratorTools

/// The doc-comment convention the API reference reads (`- Throws:`, `- Note: Compatibility:`,
/// `@available(*, deprecated, …)`), and the reference's rendering of it.
@Suite(.offCooperativePool)
struct OverlayDocNotesTests {
    static let source = """
        struct R {
            /// Creates a thing.
            ///
            /// - Note: Compatibility: idempotent by name; a 409 is recovered
            ///   by reading the existing thing.
            /// - Parameter name: The name.
            /// - Throws: `ValidationError` (`errors["name"]`) before any request
            ///   when the name is blank.
            /// - Throws: `APIError` otherwise.
            @discardableResult
            public func create(name: String) async throws -> Thing { fatalError() }

            /// Old name.
            @available(*, deprecated, renamed: "create")
            public func make(name: String) async throws -> Thing { fatalError() }

            @available(*, deprecated, message: "Use create(name:) instead.")
            public func build() {}

            /// Nothing special.
            public func plain() {}
        }
        """

    static func notes(_ keyword: String) throws -> OverlayDocNotes {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("func \(keyword)(") }) + 1
        return OverlayDocNotes.read(lines, declarationLine: line)
    }

    @Test func readsThrowsCompatibilityAndContinuationLines() throws {
        let notes = try Self.notes("create")
        #expect(notes.compatibility == ["idempotent by name; a 409 is recovered by reading the existing thing."])
        #expect(
            notes.throwing == [
                "`ValidationError` (`errors[\"name\"]`) before any request when the name is blank.",
                "`APIError` otherwise.",
            ])
        #expect(notes.deprecations.isEmpty)
    }

    @Test func readsDeprecationsFromTheAttribute() throws {
        #expect(try Self.notes("make").deprecations == ["create"])
        #expect(try Self.notes("build").deprecations == ["Use create(name:) instead."])
        #expect(try Self.notes("plain").isEmpty)
    }

    @Test func referenceRendersTheNotesAndTheErrorModel() throws {
        var notes = try Self.notes("create")
        notes.merge(try Self.notes("make"))
        let lines = ReferenceDocs.behaviour(notes)
        #expect(lines.first == "- Deprecated: forwards to `create`.")
        #expect(
            lines.contains("- Compatibility: idempotent by name; a 409 is recovered by reading the existing thing."))
        #expect(lines.contains("- Throws: `APIError` otherwise."))
        let errorModel = try String(
            contentsOfFile: ToolsFixtures.path("Generator/assinafy-reference-errors.md"), encoding: .utf8)
        #expect(errorModel.components(separatedBy: "\n").contains { $0.hasPrefix("| `AssinafySDKError` |") })
    }

    /// A declaration line beyond the file's end reads nothing rather than trapping.
    @Test func aLinePastTheEndReadsNothing() {
        #expect(OverlayDocNotes.read([], declarationLine: 5).isEmpty)
        #expect(OverlayDocNotes.read(["/// - Throws: x", "func a()"], declarationLine: 9).isEmpty)
        #expect(OverlayDocNotes.read(["/// - Throws: x", "func a()"], declarationLine: 2).throwing == ["x"])
    }

    /// The committed reference carries the overlay's notes (the real doc comments are read).
    @Test func committedReferenceListsTheOverlaysBehaviour() throws {
        let text = try String(contentsOfFile: ToolsFixtures.path("docs/API_REFERENCE.md"), encoding: .utf8)
        #expect(text.contains("## Error model"))
        #expect(text.contains("- Deprecated: forwards to `inactivate`."))
        #expect(text.contains("- Compatibility: idempotent by e-mail."))
        #expect(text.contains("- Throws: `AssinafySDKError` (`context[\"documentId\"]`, `context[\"lastStatus\"]`)"))
    }
}
