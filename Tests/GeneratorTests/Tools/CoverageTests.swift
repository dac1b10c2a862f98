import AssinafyTestSupport
import Foundation
import GeneratorCore
import Testing

@testable import GeneratorTools

/// `coverage` on the fixture package in Fixtures/Coverage: one operation is deliberately
/// unreachable and hidden behind comment, string, visibility and private-property traps.
@Suite(.offCooperativePool)
struct CoverageTests {
    /// The fake overlay sources; `Package.swift` excludes Fixtures from the test target, so they
    /// are scanned, never compiled.
    static let overlay = ToolsFixtures.coverage("Overlay")

    static func analyse(extra: Bool = true) throws -> CoverageAnalysis {
        try CoverageAnalysis.analyse(
            .init(
                specPath: ToolsFixtures.coverage("spec.yaml"),
                configuration: try ToolsFixtures.configuration(ToolsFixtures.coverage("generator.yaml")),
                extraPaths: extra ? [ToolsFixtures.coverage("unpublished.yaml")] : [], overlayPath: Self.overlay,
                clientType: "AssinafyClient", moduleName: "AssinafyAPI", contextType: "ClientContext"))
    }

    @Test func reachabilityComesFromCodeNotFromTextThatLooksLikeIt() throws {
        let analysis = try Self.analyse()
        let reached = Dictionary(uniqueKeysWithValues: analysis.entries.map { ($0.function, $0.reachedBy) })
        // A chain split across lines; the resource's own accessor.
        #expect(reached["ThingsAPI.listThings"] == ["things.count", "things.list"])
        // Through `self.context`, and from the client's own orchestration.
        #expect(reached["ThingsAPI.getThing"] == ["createAndFetch", "things.get"])
        #expect(reached["ThingsAPI.createThing"] == ["createAndFetch", "things.create"])  // a private sibling
        #expect(reached["ThingsAPI.deleteThing"] == ["things.remove"])  // a backticked name
        #expect(reached["AdminAPI.getStats"] == ["admin.report", "admin.stats"])  // internal sibling, helper type
        // Only in comments, strings, an internal method and a privately held resource.
        #expect(reached["AdminAPI.purge"] == [])
        #expect(analysis.summaryLine == "coverage: 5/6 operations reachable from AssinafyClient")
    }

    @Test func unpublishedOperationsAreReportedApart() throws {
        let analysis = try Self.analyse()
        #expect(analysis.published.count == 6)
        let unpublished = analysis.entries.filter(\.unpublished)
        #expect(unpublished.map(\.function) == ["ThingsAPI.archiveThing"])
        #expect(unpublished.first?.reachedBy == ["things.archive"])

        // Without the extra document the call names nothing generated, and says so.
        let bare = try Self.analyse(extra: false)
        #expect(bare.entries.count == 6)
        #expect(bare.warnings.contains { $0.contains("ThingsAPI.archiveThing is not a generated function") })
    }

    @Test func callsToFunctionsThatDoNotExistAreWarnings() throws {
        let analysis = try Self.analyse()
        #expect(analysis.warnings.count == 1)
        #expect(analysis.warnings.first?.hasSuffix("ThingsAPI.frobnicate is not a generated function") == true)
        #expect(analysis.warnings.first?.hasPrefix("Resources/AdminResource.swift:22:") == true)
    }

    @Test func publicMembersAreListedWithWhatTheyReach() throws {
        let analysis = try Self.analyse()
        #expect(
            analysis.methods.map(\.path) == [
                "admin.frobnicate", "admin.report", "admin.stats", "createAndFetch", "things.archive", "things.count",
                "things.create",
                "things.get",
                "things.list", "things.remove",
            ])
        let create = try #require(analysis.methods.first { $0.path == "things.create" })
        #expect(create.reaches.map { analysis.entries[$0].function } == ["ThingsAPI.createThing"])
    }

    @Test func commandLineEndsWithTheCoverageLineAndFailsWhenIncomplete() throws {
        let overlay = Self.overlay
        let result = ToolsFixtures.run([
            "coverage", "--spec", ToolsFixtures.coverage("spec.yaml"), "--config", ToolsFixtures.coverage("generator.yaml"),
            "--extra", ToolsFixtures.coverage("unpublished.yaml"), "--overlay", overlay,
            "--client", "AssinafyClient", "--module", "AssinafyAPI", "--context", "ClientContext",
        ])
        #expect(result.code == 1)
        #expect(result.out.last == "coverage: 5/6 operations reachable from AssinafyClient")
        #expect(result.out.contains("- `POST /admin/purge` → `AdminAPI.purge`"))
        #expect(result.out.contains("| `POST /things/{id}/archive` | `ThingsAPI.archiveThing` | `things.archive` |"))
        #expect(result.err.contains { $0.contains("frobnicate") })
    }

    @Test func staleGeneratedSourcesAreReported() throws {
        let overlay = Self.overlay
        // The overlay directory declares no generated groups at all: every function is "missing".
        let analysis = try CoverageAnalysis.analyse(
            .init(
                specPath: ToolsFixtures.coverage("spec.yaml"),
                configuration: try ToolsFixtures.configuration(ToolsFixtures.coverage("generator.yaml")),
                overlayPath: overlay, generatedPath: overlay, clientType: "AssinafyClient", moduleName: "AssinafyAPI",
                contextType: "ClientContext"))
        #expect(analysis.warnings.filter { $0.contains("regenerate") }.count == 6)
    }

    /// The client and context types are arguments, not built-in names: other types reach nothing here.
    @Test func theClientAndContextTypesComeFromTheArguments() throws {
        let base = [
            "coverage", "--spec", ToolsFixtures.coverage("spec.yaml"), "--config", ToolsFixtures.coverage("generator.yaml"),
            "--overlay", Self.overlay, "--module", "AssinafyAPI", "--context", "ClientContext",
        ]
        let other = ToolsFixtures.run(base + ["--client", "OtherClient"])
        #expect(other.code == 1)
        #expect(other.out.last == "coverage: 0/6 operations reachable from OtherClient")
        let noContext = ToolsFixtures.run(base.dropLast(2) + ["--context", "Nowhere", "--client", "AssinafyClient"])
        #expect(noContext.err.contains { $0.contains("no generated-group accessors found in Nowhere") })
        let missing = ToolsFixtures.run(base)
        #expect(missing.code == 64)
        #expect(missing.err.joined().contains("missing --client"))
    }
}
