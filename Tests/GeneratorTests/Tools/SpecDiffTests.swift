import AssinafyTestSupport
import Foundation
import GeneratorCore
@testable import GeneratorTools
import Testing

/// `diff` on the constructed pairs in Fixtures/Diff: equivalent spellings report nothing, and
/// every kind of change gets the verdict an existing client would give it.
@Suite(.offCooperativePool)
struct SpecDiffTests {
    func diff(_ old: String, _ new: String) throws -> DiffReport {
        SpecDiff.compare(
            old: try ToolsFixtures.load(ToolsFixtures.diff(old)), new: try ToolsFixtures.load(ToolsFixtures.diff(new)))
    }

    @Test(arguments: ["notation-3.0.json", "reordered.yaml"])
    func equivalentDocumentsHaveNoChanges(_ other: String) throws {
        let forward = try diff("base.yaml", other)
        let backward = try diff(other, "base.yaml")
        #expect(forward.changes.isEmpty, "\(forward.listing)")
        #expect(backward.changes.isEmpty, "\(backward.listing)")
        #expect(forward.summaryLine == "0 breaking, 0 additive changes")
    }

    @Test func everyKindOfChangeGetsItsVerdict() throws {
        let report = try diff("base.yaml", "changed.yaml")
        let expected: [(SpecChange.Severity, String, String)] = [
            // Operations
            (.breaking, "DELETE /items/{itemId}", "removed"),
            (.additive, "PUT /items/{itemId}", "added"),
            (.breaking, "GET /items", "query parameter `legacy` removed"),
            (.additive, "GET /items", "new optional query parameter `sort`"),
            (.breaking, "GET /items", "new required header parameter `X-Tenant`"),
            (.breaking, "GET /items", "query parameter `status`: enum values removed: `\"closed\"`"),
            (.additive, "GET /items", "query parameter `status`: enum values added: `\"pending\"`"),
            (.additive, "GET /items", "query parameter `page`: minimum changed from 1 to 0"),
            (.breaking, "GET /items", "response 404 removed"),
            (.additive, "GET /items", "response 429 added"),
            (.additive, "POST /items", "request body now optional"),
            (.breaking, "GET /ping", "security alternative `anonymous` removed"),
            (.additive, "GET /ping", "security alternative `bearer` added"),
            // Webhooks
            (.additive, "item_created", "added"),
            // Schemas received by clients
            (.breaking, "Item", "`legacy_code`: property removed"),
            (.breaking, "Item", "`name`: may now be null"),
            (.breaking, "Item", "`score`: type changed from number to integer"),
            (.breaking, "Item", "`tags[]`: type changed from string to integer"),
            (.additive, "Item", "`created_at`: new required property"),
            (.additive, "Item", "`status`: enum values added: `\"deleted\"`"),
            // Schemas sent by clients
            (.breaking, "ItemInput", "`category`: new required property"),
            (.breaking, "ItemInput", "`priority`: property removed"),
            (.breaking, "ItemInput", "`note`: no longer nullable"),
            (.additive, "ItemInput", "`due`: new optional property"),
            (.additive, "ItemInput", "`status`: enum values added: `\"archived\"`"),
            (.breaking, "Owner", "`email`: format changed from email to none"),
            (.additive, "Category", "added"),
            // Security schemes, servers
            (.breaking, "apiKey", "removed"),
            (.breaking, "https://sandbox.example.com", "removed"),
            (.additive, "https://eu.example.com", "added"),
        ]
        for (severity, subject, fragment) in expected {
            #expect(
                report.has(severity, subject, fragment),
                "missing \(severity) \(subject): \(fragment)\n\(report.listing)")
        }
        #expect(report.changes.count == expected.count, "\(report.listing)")
        #expect(report.summaryLine == "16 breaking, 14 additive changes")
    }

    @Test func changesCarryPointersIntoTheDocuments() throws {
        let report = try diff("base.yaml", "changed.yaml")
        let removedProperty = report.changes.first { $0.message.contains("`legacy_code`") }
        #expect(removedProperty?.pointer == "#/components/schemas/Item/properties/legacy_code")
        let added = report.changes.first { $0.subject == "PUT /items/{itemId}" }
        #expect(added?.pointer == "#/paths/~1items~1{itemId}/put")
        let header = report.changes.first { $0.message.contains("X-Tenant") }
        #expect(header?.pointer == "#/paths/~1items/get/parameters/3")
    }

    /// Assinafy sends webhook deliveries, so what is harmless in a request breaks a receiver.
    @Test func webhookDeliveriesAreJudgedAsReceived() throws {
        let report = try diff("webhooks-old.yaml", "webhooks-new.yaml")
        let expected: [(SpecChange.Severity, String, String)] = [
            (.breaking, "thing_gone", "removed"),
            (.additive, "thing_new", "added"),
            (.additive, "thing_done", "new required header parameter `webhook-timestamp`"),
            (.breaking, "thing_done", "header parameter `webhook-id` removed"),
            (.additive, "thing_done", "`by`: new required property"),
            (.breaking, "thing_done", "`at`: may now be null"),
            (.breaking, "thing_done", "`note`: property removed"),
            (.additive, "thing_done", "enum values added: `\"thing_redone\"`"),
        ]
        for (severity, subject, fragment) in expected {
            #expect(
                report.has(severity, subject, fragment),
                "missing \(severity) \(subject): \(fragment)\n\(report.listing)")
        }
        #expect(report.changes.count == expected.count, "\(report.listing)")
    }

    // MARK: Command line

    @Test func markdownEndsWithTheSummaryAndFailOnBreakingSetsTheExitCode() {
        let base = ToolsFixtures.diff("base.yaml")
        let changed = ToolsFixtures.diff("changed.yaml")
        let failing = ToolsFixtures.run(["diff", base, changed, "--fail-on", "breaking"])
        #expect(failing.code == 1)
        #expect(failing.out.last == "16 breaking, 14 additive changes")
        #expect(failing.out.contains("## Breaking changes (16)"))

        let lenient = ToolsFixtures.run(["diff", base, changed])
        #expect(lenient.code == 0)

        let clean = ToolsFixtures.run(["diff", base, ToolsFixtures.diff("reordered.yaml"), "--fail-on", "breaking"])
        #expect(clean.code == 0)
        #expect(clean.out.last == "0 breaking, 0 additive changes")
    }

    @Test func jsonOutputIsOneDocumentWithTheSummaryBeside() throws {
        let result = ToolsFixtures.run([
            "diff", "--format", "json", ToolsFixtures.diff("base.yaml"), ToolsFixtures.diff("changed.yaml"),
        ])
        #expect(result.code == 0)
        let data = Data(result.out.joined(separator: "\n").utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["breaking"] as? Int == 16)
        #expect(object["additive"] as? Int == 14)
        #expect(object["summary"] as? String == "16 breaking, 14 additive changes")
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(changes.count == 30)
        #expect(changes.allSatisfy { ($0["pointer"] as? String)?.hasPrefix("#/") == true })
        #expect(result.err.last == "16 breaking, 14 additive changes")
    }

    @Test func usageErrors() {
        #expect(ToolsFixtures.run(["diff", ToolsFixtures.diff("base.yaml")]).code == 64)
        #expect(ToolsFixtures.run(["diff", "a", "b", "--format", "xml"]).code == 64)
        #expect(ToolsFixtures.run(["diff", "a", "b", "--fail-on", "additive"]).code == 64)
        #expect(ToolsFixtures.run(["diff", "/nonexistent/a.yaml", "/nonexistent/b.yaml"]).code == 1)
    }
}
