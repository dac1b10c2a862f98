import AssinafyTestSupport
import Foundation
import GeneratorCore
import Testing

/// `docs`: the generated API reference on the coverage fixture.
@Suite(.offCooperativePool)
struct ReferenceDocsTests {
    static func render() throws -> String {
        ReferenceDocs.render(try CoverageTests.analyse(), sources: "`spec.yaml`")
    }

    @Test func eachClientMemberListsCredentialRouteShapesAndErrors() throws {
        let text = try Self.render()
        let expected = """
            ### `things.create`

            - Errors: the [error model](#error-model): `APIError` as listed per operation, `NetworkError`, `ValidationError` for the configuration.

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
    }

    @Test func unreachableAndUnpublishedOperationsAreListedApart() throws {
        let text = try Self.render()
        #expect(text.contains("| `POST /admin/purge` | `AdminAPI.purge` | account |"))
        #expect(text.contains("- `POST /things/{id}/archive` → `ThingsAPI.archiveThing` (`things.archive`)"))
        #expect(text.contains("coverage: 5/6 operations reachable from AssinafyClient"))
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
            "--names", ToolsFixtures.coverage("names.yaml"), "--overlay", overlay,
        ]
        let first = ToolsFixtures.run(arguments)
        #expect(first.code == 0)
        #expect(first.out.last?.hasSuffix("coverage: 5/6 operations reachable from AssinafyClient") == true)
        let written = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        #expect(ToolsFixtures.run(arguments).code == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date == written)
        #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("# Assinafy Swift SDK: API reference\n"))
    }
}
