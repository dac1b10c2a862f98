import AssinafyTestSupport
import Foundation
import GeneratorCore
@testable import GeneratorTools
import Testing

/// `diff` on Assinafy's real documents: the 3.0 revision 93 against the current 3.1 one, and our
/// YAML against the published JSON. On a plain clone they run on the committed digests
/// (Fixtures/Published); with `../shared/reference` beside the checkout, on the documents too.
@Suite(.offCooperativePool)
struct SpecDiffRealDataTests {
    /// The 13 operations added since revision 93: two-factor login and TOTP management, and
    /// webhook endpoints with signing secrets.
    static let addedOperations: Set<String> = [
        "POST /v1/authentication/mfa/verify",
        "GET /v1/users/self/mfa",
        "POST /v1/users/self/mfa/totp",
        "PUT /v1/users/self/mfa/totp/confirm",
        "POST /v1/users/self/mfa/recovery-codes",
        "DELETE /v1/users/self/mfa/{customId}",
        "GET /v1/accounts/{accountId}/webhooks/endpoints",
        "POST /v1/accounts/{accountId}/webhooks/endpoints",
        "GET /v1/accounts/{accountId}/webhooks/endpoints/{endpointId}",
        "PUT /v1/accounts/{accountId}/webhooks/endpoints/{endpointId}",
        "DELETE /v1/accounts/{accountId}/webhooks/endpoints/{endpointId}",
        "GET /v1/accounts/{accountId}/webhooks/endpoints/{endpointId}/secret",
        "POST /v1/accounts/{accountId}/webhooks/endpoints/{endpointId}/secret/rotate",
    ]

    @Test func revision93ToCurrentIsAdditiveOnly() throws {
        for source in PublishedDocuments.sources(for: "revision93ToCurrentIsAdditiveOnly") {
            try Self.revision93ToCurrentIsAdditiveOnly(source)
        }
    }

    static func revision93ToCurrentIsAdditiveOnly(_ source: PublishedDocuments.Source) throws {
        let old = try ToolsFixtures.load(source.revision93)
        let new = try ToolsFixtures.load(source.current)
        #expect(old.openapi.hasPrefix("3.0") && new.openapi.hasPrefix("3.1"))
        #expect(old.operations.count == 93 && new.operations.count == 106)

        let report = SpecDiff.compare(old: old, new: new)
        #expect(report.breakingCount == 0, "\(report.changes.filter { $0.severity == .breaking }.map(\.message))")
        let added = Set(report.changes.filter { $0.area == .operation && $0.message == "added" }.map(\.subject))
        #expect(added == Self.addedOperations)
        #expect(report.has(.additive, "Signer", "`government_id`: new optional property"))
        #expect(
            report.has(.additive, "POST /v1/accounts/{accountId}/signers", "`government_id`: new optional property"))
        #expect(
            report.has(.additive, "GET /v1/accounts/{accountId}/webhooks", "new optional query parameter `endpoint_id`")
        )
        #expect(report.has(.additive, "WebhookDispatch", "`endpoint_id`: new optional property"))
        // The root webhooks and the schemas only they use are new as well.
        #expect(report.changes.filter { $0.area == .webhook && $0.message == "added" }.count == new.webhooks.count)
        #expect(report.has(.additive, "WebhookEndpoint", "added"))
        print("rev93 → current (\(source)): \(report.summaryLine)")
    }

    @Test func ourYAMLHasTheContractOfThePublishedDocument() throws {
        for source in PublishedDocuments.sources(for: "ourYAMLHasTheContractOfThePublishedDocument") {
            let result = ToolsFixtures.run([
                "diff", ToolsFixtures.path("openapi.yaml"), source.current, "--fail-on", "breaking",
            ])
            #expect(result.code == 0, "\(source)")
            #expect(result.out.last == "0 breaking, 0 additive changes", "\(source): \(result.out.joined(separator: "\n"))")
        }
    }

    @Test func revision93ToCurrentIsAMinorReleaseOfTheSwiftAPI() throws {
        for source in PublishedDocuments.sources(for: "revision93ToCurrentIsAMinorReleaseOfTheSwiftAPI") {
            try Self.revision93ToCurrentIsAMinorReleaseOfTheSwiftAPI(source)
        }
    }

    static func revision93ToCurrentIsAMinorReleaseOfTheSwiftAPI(_ source: PublishedDocuments.Source) throws {
        let result = ToolsFixtures.run([
            "diff", "--swift", source.revision93, source.current, "--config",
            ToolsFixtures.path("assinafy-generator.yaml"),
        ])
        #expect(result.code == 0)
        #expect(result.out.contains("semver: minor"), "\(result.out.joined(separator: "\n"))")
        #expect(result.out.last?.hasPrefix("0 breaking, ") == true)
        #expect(
            result.out.contains {
                $0.contains("`WebhooksAPI.listWebhookDeliveries`: new defaulted argument `endpointId")
            })
        #expect(result.out.contains { $0.contains("`AuthenticationAPI.verifyMFA`: added") })
    }
}
