import AssinafyTestSupport
import Foundation
import GeneratorCore
@testable import GeneratorTools
import Testing

/// `diff --swift`: the translator runs on both documents and the declaration models are compared
/// for source compatibility, giving the semver step a release needs.
@Suite(.offCooperativePool)
struct SwiftAPIDiffTests {
    static func names() throws -> [String: String] {
        try ToolsFixtures.configuration(ToolsFixtures.diff("generator.yaml")).functionNames
    }

    static func report(_ old: OpenAPIDocument, _ new: OpenAPIDocument) throws -> DiffReport {
        SwiftAPIDiff.compare(old: old, new: new, names: try names())
    }

    static func base() throws -> OpenAPIDocument { try ToolsFixtures.load(ToolsFixtures.diff("base.yaml")) }

    static func baseText() throws -> String {
        try String(contentsOfFile: ToolsFixtures.diff("base.yaml"), encoding: .utf8)
    }

    @Test func everyKindOfChangeToTheGeneratedAPI() throws {
        let report = try Self.report(try Self.base(), try ToolsFixtures.load(ToolsFixtures.diff("changed.yaml")))
        let expected: [(SpecChange.Severity, String, String)] = [
            (.breaking, "ItemsAPI.deleteItem", "removed"),
            (.additive, "ItemsAPI.replaceItem", "added"),
            (.breaking, "ItemsAPI.listItems", "argument `legacy` removed"),
            (.breaking, "ItemsAPI.listItems", "new required argument `xTenant: String`"),
            (.additive, "ItemsAPI.listItems", "new defaulted argument `sort: String? = nil`"),
            (.additive, "ItemsAPI.createItem", "argument `body` changed from `ItemInput` to `ItemInput? = nil`"),
            (.breaking, "Item", "property `legacyCode` removed"),
            (.breaking, "Item", "property `name` changed from `String` to `String?`"),
            (.breaking, "Item", "new required property `createdAt: Date`"),
            (.additive, "ItemInput", "new optional property `due"),
            (.breaking, "ItemInput", "new required property `category: Category`"),
            (.breaking, "ListItemsStatus", "value `.closed` removed"),
            (.additive, "ListItemsStatus", "new value `.pending`"),
            (.additive, "Category", "added (open enum)"),
            (.additive, "item_created", "added as `ItemCreatedWebhook`"),
        ]
        for (severity, subject, fragment) in expected {
            #expect(
                report.has(severity, subject, fragment),
                "missing \(severity) \(subject): \(fragment)\n\(report.listing)")
        }
        #expect(report.semver == "major")
        #expect(report.markdown().hasSuffix("semver: major\n\n\(report.summaryLine)"))
    }

    @Test func proseOnlyChangesAreAPatch() throws {
        let text = try Self.baseText()
            .replacingOccurrences(of: "description: The items.", with: "description: Every item, newest first.")
            .replacingOccurrences(of: "summary: List items", with: "summary: List all the items")
        let report = try Self.report(try Self.base(), try ToolsFixtures.load(text: text))
        #expect(report.changes.isEmpty, "\(report.listing)")
        #expect(report.semver == "patch")
    }

    @Test func anOptionalPropertyIsAMinorRelease() throws {
        let text = try Self.baseText().replacingOccurrences(
            of: "        legacy_code:\n", with: "        colour:\n          type: string\n        legacy_code:\n")
        let report = try Self.report(try Self.base(), try ToolsFixtures.load(text: text))
        #expect(report.has(.additive, "Item", "new optional property `colour: String?`"), "\(report.listing)")
        #expect(report.changes.count == 1)
        #expect(report.semver == "minor")
    }

    /// The contract ignores parameter order; Swift argument lists do not.
    @Test func parameterOrderIsContractNeutralButSwiftBreaking() throws {
        let base = try Self.base()
        let reordered = try ToolsFixtures.load(ToolsFixtures.diff("reordered.yaml"))
        #expect(SpecDiff.compare(old: base, new: reordered).changes.isEmpty)
        let report = try Self.report(base, reordered)
        #expect(report.has(.breaking, "ItemsAPI.listItems", "argument order changed"), "\(report.listing)")
    }

    @Test func renamedFunctionsAreFoundByRoute() throws {
        var names = try Self.names()
        names["getItem"] = "fetchItem"
        let base = try Self.base()
        let oldModule = Translator.translate(
            base, options: .init(moduleName: "M", sourceName: "s", names: try Self.names())
        ).module
        let newModule = Translator.translate(base, options: .init(moduleName: "M", sourceName: "s", names: names)).module
        let renamed = SwiftAPIDiff.compare(old: oldModule, new: newModule, oldName: "a", newName: "b")
        #expect(renamed.has(.breaking, "ItemsAPI.getItem", "renamed to `ItemsAPI.fetchItem`"), "\(renamed.listing)")
        #expect(!renamed.has(.additive, "ItemsAPI.fetchItem", "added"))
    }

    @Test func commandLinePrintsTheSemverBeforeTheSummary() {
        let result = ToolsFixtures.run([
            "diff", "--swift", ToolsFixtures.diff("base.yaml"), ToolsFixtures.diff("changed.yaml"),
            "--config", ToolsFixtures.diff("generator.yaml"), "--fail-on", "breaking",
        ])
        #expect(result.code == 1)
        let lines = result.out.filter { !$0.isEmpty }
        #expect(lines.suffix(3).first == "semver: major")
        #expect(lines.suffix(2).first == "release: major — the contract and the Swift API agree")
        #expect(lines.last?.hasSuffix("additive changes") == true)
        #expect(ToolsFixtures.run(["diff", "a.yaml", "b.yaml", "--fail-on", "minor"]).code == 64)
    }

    /// Issue 34: one verdict for a release, whichever comparison is printed. Reordering parameters
    /// changes no contract but the generated argument order; a renamed operationId is no change on
    /// the wire but a renamed function.
    @Test func theReleaseVerdictTakesTheSwiftAPIIntoAccount() {
        let base = ToolsFixtures.diff("base.yaml")
        let reordered = ToolsFixtures.diff("reordered.yaml")
        let contract = ToolsFixtures.run(["diff", base, reordered, "--fail-on", "breaking"])
        #expect(contract.code == 0)
        #expect(contract.out.last == "0 breaking, 0 additive changes")
        #expect(contract.out.contains("release: major — the Swift API decides (1 breaking, 0 additive changes in Swift)"))
        #expect(ToolsFixtures.run(["diff", base, reordered, "--fail-on", "major"]).code == 1)
        let swift = ToolsFixtures.run(["diff", "--swift", base, reordered, "--fail-on", "major"])
        #expect(swift.code == 1)
        #expect(swift.out.contains("release: major — the Swift API decides (1 breaking, 0 additive changes in Swift)"))
        #expect(ToolsFixtures.run(["diff", base, base, "--fail-on", "major"]).out.contains(
            "release: patch — the contract and the Swift API agree"))
    }

    @Test func aWireBreakDecidesEvenWhenTheSwiftAPIKeepsItsShape() throws {
        let old = try GeneratorPipeline.load(specPath: ToolsFixtures.diff("base.yaml")).document
        let contract = DiffReport(
            oldName: "a", newName: "b",
            changes: [SpecChange(.breaking, .operation, subject: "GET /items", pointer: "", message: "narrower")])
        let swift = SwiftAPIDiff.compare(old: old, new: old, names: [:])
        let verdict = ReleaseVerdict(contract: contract, swift: swift)
        #expect(verdict.level == .major)
        #expect(verdict.reason == "the wire contract decides (1 breaking, 0 additive changes on the wire)")
        #expect(ReleaseVerdict(contract: contract, swift: nil).reason.contains("contract alone"))
    }
}
