import AssinafyTestSupport
import Foundation
import GeneratorCore
import Testing

@testable import GeneratorTools

/// `docs`: the generated API reference on the coverage fixture.
@Suite(.offCooperativePool)
struct ReferenceDocsTests {
    static func render() throws -> String {
        ReferenceDocs.render(
            try CoverageTests.analyse(), sources: "`spec.yaml`",
            options: ReferenceDocs.Options(
                title: "Things: API reference", moduleName: "ThingsAPI", errorModel: "## Error model\n"))
    }

    @Test func eachClientMemberListsCredentialRouteShapesAndErrors() throws {
        let text = try Self.render()
        let expected = """
            ### `things.create`

            - Errors: the [error model](#error-model), with the error responses listed per operation.

            - **`POST /things`** (`ThingsAPI.createThing`)
              - Credential: account
              - Request: body `ThingInput` as application/json
              - Response: `Thing`
              - Errors: 400 `Problem` (Invalid input.)
            """
        #expect(text.contains(expected), "\(text)")
        #expect(text.contains("  - Request: query `page: Int` (optional)"))
        #expect(text.contains("  - Errors: 404 (No such thing.)"))
        #expect(
            text.contains("### `admin.stats`\n\n- Errors: the [error model](#error-model)")
                && text.contains("\n\n- **`GET /admin/stats`** (`AdminAPI.getStats`)\n  - Credential: public")
        )
        #expect(text.contains("  - Response: no content"))
        // Members that reach nothing (a call to a missing function) are not listed.
        #expect(!text.contains("admin.frobnicate"))
        // The page uses the engine's generic words unless told otherwise, never a vendor's types.
        #expect(text.contains("**per-call** (a value each call passes)") && !text.contains("APIError"))
    }

    @Test func unreachableAndUnpublishedOperationsAreListedApart() throws {
        let text = try Self.render()
        #expect(text.contains("| `POST /admin/purge` | `AdminAPI.purge` | account |"))
        #expect(text.contains("- `POST /things/{id}/archive` → `ThingsAPI.archiveThing` (`things.archive`)"))
        #expect(text.contains("coverage: 5/6 operations reachable from AssinafyClient"))
    }

    /// The title, the module and the error model come from the options, not from the tool.
    @Test func pageTextComesFromTheOptions() throws {
        let text = try Self.render()
        #expect(text.hasPrefix("# Things: API reference\n"))
        #expect(text.contains("Types are those of the generated `ThingsAPI` module."))
        #expect(text.contains("Every public member of `AssinafyClient` that calls the API"))
        #expect(text.contains("\n## Error model\n") && text.contains("- [Error model](#error-model)"))
        let bare = ReferenceDocs.render(
            try CoverageTests.analyse(), sources: "`spec.yaml`",
            options: ReferenceDocs.Options(title: "T", moduleName: "M"))
        #expect(!bare.contains("Error model]") && !bare.contains("## Error model"))
    }

    /// The committed reference is what `make docs` writes from the package (the arguments of
    /// scripts/check-docs.sh); the overlay's generated twins are read past, not for their notes.
    @Test func committedReferenceIsWhatThePackageProduces() throws {
        let root = ToolsFixtures.path("")
        func path(_ relative: String) -> String { ToolsFixtures.path(relative) }
        let result = ToolsFixtures.run([
            "docs", "--config", path("assinafy-generator.yaml"), "--overlay", path("Sources/Assinafy"),
            "--generated", path("Sources/AssinafyAPI"), "--client", "AssinafyClient", "--module", "AssinafyAPI",
            "--context", "ClientContext", "--title", "Assinafy Swift SDK: API reference",
            "--error-model", path("Generator/assinafy-reference-errors.md"), "--credential-class", "per-call=signer",
            "--regenerate", "make docs",
        ])
        #expect(result.code == 0, "\(result.err)")
        let prefix = root.hasSuffix("/") ? root : root + "/"
        let fresh = result.out.joined(separator: "\n").replacingOccurrences(of: prefix, with: "") + "\n"
        let committed = try String(contentsOfFile: path("docs/API_REFERENCE.md"), encoding: .utf8)
        #expect(fresh == committed, "docs/API_REFERENCE.md is stale: make docs")
    }

    @Test func outputIsDeterministicAndEndsWithOneNewline() throws {
        let first = try Self.render()
        #expect(first == (try Self.render()))
        #expect(first.hasSuffix(")\n") || first.hasSuffix("|\n"))
        #expect(!first.hasSuffix("\n\n"))
    }

    @Test func commandWritesTheFileOnlyWhenItChanges() throws {
        let overlay = CoverageTests.overlay
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("ref-\(UUID().uuidString)/API.md")
            .path
        defer { try? FileManager.default.removeItem(atPath: (output as NSString).deletingLastPathComponent) }
        let arguments = [
            "docs", "--output", output, "--spec", ToolsFixtures.coverage("spec.yaml"),
            "--config", ToolsFixtures.coverage("generator.yaml"), "--overlay", overlay, "--client", "AssinafyClient",
            "--module", "AssinafyAPI", "--context", "ClientContext", "--title", "Things: API reference",
        ]
        let first = ToolsFixtures.run(arguments)
        #expect(first.code == 0)
        #expect(first.out.last?.hasSuffix("coverage: 5/6 operations reachable from AssinafyClient") == true)
        let written = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        #expect(ToolsFixtures.run(arguments).code == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date == written)
        #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("# Things: API reference\n"))
    }
}
