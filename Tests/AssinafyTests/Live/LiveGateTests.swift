import Foundation
import Testing

/// The live suite's gate, without any network: these run on every `make test`.
@Suite("Live sandbox gate")
struct LiveGateTests {
    // Obviously fake values: the gate only checks their shape.
    static let key = "test-key-not-a-credential"
    static let account = "0123456789abcdef01234567"
    static let base: [String: String] = ["ASSINAFY_API_KEY": key, "ASSINAFY_ACCOUNT_ID": account]
    static let mutating: [String: String] = base.merging([
        "ASSINAFY_RUN_LIVE_MUTATIONS": "1",
        "ASSINAFY_TEST_EMAIL_A": "ana@example.invalid",
        "ASSINAFY_TEST_EMAIL_B": "bruno@example.invalid",
    ]) { _, new in new }

    static func decide(_ extra: [String: String] = [:], base: [String: String] = base) -> LiveGate.Decision {
        LiveGate.evaluate(environment: base.merging(extra) { _, new in new })
    }

    static func reason(_ decision: LiveGate.Decision) -> String {
        switch decision {
        case .skip(let reason), .refuse(let reason): return reason
        case .run: return ""
        }
    }

    // MARK: - Missing credentials skip

    @Test(
        "missing or blank credentials skip, naming the variable",
        arguments: [
            ([:], "ASSINAFY_API_KEY"),
            (["ASSINAFY_ACCOUNT_ID": account], "ASSINAFY_API_KEY"),
            (["ASSINAFY_API_KEY": key], "ASSINAFY_ACCOUNT_ID"),
            (["ASSINAFY_API_KEY": "   ", "ASSINAFY_ACCOUNT_ID": account], "ASSINAFY_API_KEY"),
            (["ASSINAFY_API_KEY": key, "ASSINAFY_ACCOUNT_ID": "\n"], "ASSINAFY_ACCOUNT_ID"),
            (["ASSINAFY_BASE_URL": LiveGate.sandboxBaseURL], "ASSINAFY_API_KEY"),
        ] as [([String: String], String)])
    func missingCredentialsSkip(environment: [String: String], variable: String) {
        let decision = LiveGate.evaluate(environment: environment)
        guard case .skip(let reason) = decision else {
            Issue.record("expected a skip, got \(decision)")
            return
        }
        #expect(reason.contains(variable))
        #expect(decision.settings == nil && !decision.allowsMutations)
        #expect(decision.summary.hasPrefix("live: skipped: "))
    }

    // MARK: - Hosts and URLs

    @Test(
        "the sandbox API root is accepted in its equivalent spellings",
        arguments: [
            nil, "", LiveGate.sandboxBaseURL, "https://sandbox.assinafy.com.br/v1/",
            "HTTPS://Sandbox.Assinafy.com.BR/v1",
            "https://sandbox.assinafy.com.br:443/v1",
        ] as [String?])
    func sandboxAccepted(url: String?) throws {
        let decision = Self.decide(url.map { ["ASSINAFY_BASE_URL": $0] } ?? [:])
        let settings = try #require(decision.settings, "\(decision)")
        #expect(settings.baseURL.absoluteString == LiveGate.sandboxBaseURL)
        #expect(settings.apiKey == Self.key && settings.accountId == Self.account)
    }

    @Test(
        "every other host is refused",
        arguments: [
            "https://api.assinafy.com.br/v1",  // production
            "https://sandbox.assinafy.com.br.example.invalid/v1",
            "https://example.invalid/sandbox.assinafy.com.br/v1",
            "https://sandbox-assinafy.com.br/v1",
            "https://assinafy.com.br/v1",
            "https://127.0.0.1/v1",
            "https://localhost/v1",
            "https://sandbox.assinafy.com.br./v1",
        ])
    func otherHostsRefused(url: String) {
        let decision = Self.decide(["ASSINAFY_BASE_URL": url])
        guard case .refuse(let reason) = decision else {
            Issue.record("\(url) was not refused: \(decision)")
            return
        }
        #expect(reason.contains(LiveGate.sandboxHost))
    }

    @Test(
        "plain http and other schemes are refused, even for the sandbox",
        arguments: [
            "http://sandbox.assinafy.com.br/v1", "ftp://sandbox.assinafy.com.br/v1", "ws://sandbox.assinafy.com.br/v1",
        ])
    func insecureSchemesRefused(url: String) {
        let decision = Self.decide(["ASSINAFY_BASE_URL": url])
        #expect(decision.settings == nil)
        #expect(Self.reason(decision).contains("must use https"))
    }

    @Test(
        "user info in the URL is refused, including the sandbox name smuggled in as a user",
        arguments: [
            "https://user:secret@sandbox.assinafy.com.br/v1", "https://user@sandbox.assinafy.com.br/v1",
            "https://sandbox.assinafy.com.br@example.invalid/v1", "https://:pw@sandbox.assinafy.com.br/v1",
        ])
    func userInfoRefused(url: String) {
        let decision = Self.decide(["ASSINAFY_BASE_URL": url])
        guard case .refuse(let reason) = decision else {
            Issue.record("\(url) was not refused: \(decision)")
            return
        }
        #expect(reason.contains("user info"))
    }

    @Test(
        "other ports, paths, queries, fragments and non-URLs are refused",
        arguments: [
            ("https://sandbox.assinafy.com.br:8443/v1", "port"),
            ("https://sandbox.assinafy.com.br/v2", "/v1"),
            ("https://sandbox.assinafy.com.br", "/v1"),
            ("https://sandbox.assinafy.com.br/v1/documents", "/v1"),
            ("https://sandbox.assinafy.com.br/v1?x=1", "query"),
            ("https://sandbox.assinafy.com.br/v1#top", "fragment"),
            ("sandbox.assinafy.com.br/v1", "absolute"),
            ("not a url", "absolute"),
        ])
    func malformedURLsRefused(url: String, expected: String) {
        let decision = Self.decide(["ASSINAFY_BASE_URL": url])
        guard case .refuse(let reason) = decision else {
            Issue.record("\(url) was not refused: \(decision)")
            return
        }
        #expect(reason.contains(expected), "\(reason)")
        #expect(reason.hasPrefix("ASSINAFY_BASE_URL"))
    }

    @Test("credentials with whitespace or path characters are refused")
    func unusableCredentialsRefused() {
        #expect(Self.reason(Self.decide(["ASSINAFY_API_KEY": "two words"])).contains("ASSINAFY_API_KEY"))
        #expect(Self.reason(Self.decide(["ASSINAFY_API_KEY": "key\u{7}bell"])).contains("ASSINAFY_API_KEY"))
        for account in ["../other", "a/b", "a?b", "..", "a b"] {
            let decision = Self.decide(["ASSINAFY_ACCOUNT_ID": account])
            #expect(Self.reason(decision).contains("ASSINAFY_ACCOUNT_ID"), "\(account)")
            #expect(decision.settings == nil)
        }
    }

    // MARK: - Mutations

    @Test(
        "mutations are off unless ASSINAFY_RUN_LIVE_MUTATIONS is exactly 1",
        arguments: [nil, "0", "true", "yes", "", "11"] as [String?])
    func mutationsOffByDefault(flag: String?) throws {
        var environment = Self.mutating
        environment["ASSINAFY_RUN_LIVE_MUTATIONS"] = flag
        let decision = LiveGate.evaluate(environment: environment)
        let settings = try #require(decision.settings)
        #expect(!decision.allowsMutations && decision.recipients == nil)
        guard case .off(let reason) = settings.mutations else {
            Issue.record("mutations should be off")
            return
        }
        #expect(reason.contains("ASSINAFY_RUN_LIVE_MUTATIONS=1"))
    }

    @Test("mutations with two distinct recipients are on")
    func mutationsOn() throws {
        let decision = LiveGate.evaluate(environment: Self.mutating)
        #expect(decision.allowsMutations)
        let recipients = try #require(decision.recipients)
        #expect(recipients == LiveGate.Recipients(first: "ana@example.invalid", second: "bruno@example.invalid"))
    }

    @Test(
        "mutations need two distinct, well-formed recipients (the read-only tests still run)",
        arguments: [
            (["ASSINAFY_TEST_EMAIL_B": "ANA@example.invalid "], "distinct"),
            (["ASSINAFY_TEST_EMAIL_B": "ana@example.invalid"], "distinct"),
            (["ASSINAFY_TEST_EMAIL_B": ""], "ASSINAFY_TEST_EMAIL_B"),
            (["ASSINAFY_TEST_EMAIL_A": "   "], "ASSINAFY_TEST_EMAIL_A"),
            (["ASSINAFY_TEST_EMAIL_A": "not-an-address"], "e-mail"),
            (["ASSINAFY_TEST_EMAIL_B": "bruno@localhost"], "e-mail"),
            (["ASSINAFY_TEST_EMAIL_B": "a b@example.invalid"], "e-mail"),
        ] as [([String: String], String)])
    func mutationsNeedDistinctRecipients(extra: [String: String], expected: String) throws {
        let decision = Self.decide(extra, base: Self.mutating)
        let settings = try #require(decision.settings, "\(decision)")
        #expect(!decision.allowsMutations)
        guard case .off(let reason) = settings.mutations else {
            Issue.record("mutations should be off for \(extra)")
            return
        }
        #expect(reason.contains(expected), "\(reason)")
    }

    @Test("a refused URL wins over enabled mutations")
    func refusalBeatsMutations() {
        let decision = Self.decide(["ASSINAFY_BASE_URL": "https://api.assinafy.com.br/v1"], base: Self.mutating)
        #expect(!decision.allowsMutations && decision.settings == nil)
        #expect(decision.summary.hasPrefix("live: refused: "))
    }

    @Test("what the gate prints never contains the API key")
    func summariesRedactTheKey() throws {
        for environment in [Self.base, Self.mutating] {
            let decision = LiveGate.evaluate(environment: environment)
            let settings = try #require(decision.settings)
            for text in [decision.summary, settings.description, settings.debugDescription, "\(settings)"] {
                #expect(!text.contains(Self.key))
            }
            #expect(decision.summary.contains(LiveGate.sandboxHost))
        }
    }
}
