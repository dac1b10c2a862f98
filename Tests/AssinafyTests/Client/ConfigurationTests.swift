import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

import APIRuntime
@testable import Assinafy

@Suite struct ConfigurationTests {
    static let base = AssinafyClientConfiguration.productionBaseURL

    @Test func defaults() throws {
        let configuration = AssinafyClientConfiguration(token: "abc")
        try configuration.validate()
        #expect(configuration.baseURL.absoluteString == "https://api.assinafy.com.br/v1")
        #expect(AssinafyClientConfiguration.sandboxBaseURL.absoluteString == "https://sandbox.assinafy.com.br/v1")
        #expect(configuration.timeout == 30)
        #expect(configuration.allowsInsecureLoopback == false)
        #expect(configuration.retryPolicy == .default)
        #expect(configuration.retryPolicy.maxRetries == 2 && configuration.retryPolicy.maxDelay == 30)
        #expect(configuration.userAgent == "assinafy-swift-sdk/\(sdkVersion)")
        #expect(sdkVersion == "1.0.0")
        try AssinafyClientConfiguration(apiKey: "k").validate()
        try AssinafyClientConfiguration().validate()
    }

    static let invalid: [(String, AssinafyClientConfiguration, String)] = [
        ("both credentials", .init(token: "a", apiKey: "b"), "credentials"),
        ("empty token", .init(token: ""), "token"),
        ("token with space", .init(token: "ab cd"), "token"),
        ("token with newline", .init(token: "ab\r\nX-Evil: 1"), "token"),
        ("api key with tab", .init(apiKey: "ab\tcd"), "apiKey"),
        ("empty api key", .init(apiKey: ""), "apiKey"),
        ("zero timeout", .init(token: "a", timeout: 0), "timeout"),
        ("negative timeout", .init(token: "a", timeout: -1), "timeout"),
        ("NaN timeout", .init(token: "a", timeout: .nan), "timeout"),
        ("infinite timeout", .init(token: "a", timeout: .infinity), "timeout"),
        ("blank account", .init(token: "a", defaultAccountId: "  "), "defaultAccountId"),
        ("dot account", .init(token: "a", defaultAccountId: "."), "defaultAccountId"),
        ("dotdot account", .init(token: "a", defaultAccountId: ".."), "defaultAccountId"),
        ("slash account", .init(token: "a", defaultAccountId: "a/b"), "defaultAccountId"),
        ("backslash account", .init(token: "a", defaultAccountId: "a\\b"), "defaultAccountId"),
        ("query account", .init(token: "a", defaultAccountId: "a?b"), "defaultAccountId"),
        ("fragment account", .init(token: "a", defaultAccountId: "a#b"), "defaultAccountId"),
        ("control account", .init(token: "a", defaultAccountId: "a\u{0}b"), "defaultAccountId"),
        ("http base", .init(token: "a", baseURL: URL(string: "http://api.assinafy.com.br/v1")!), "baseURL"),
        ("ftp base", .init(token: "a", baseURL: URL(string: "ftp://api.assinafy.com.br/v1")!), "baseURL"),
        ("relative base", .init(token: "a", baseURL: URL(string: "/v1")!), "baseURL"),
        ("user info", .init(token: "a", baseURL: URL(string: "https://u:p@api.assinafy.com.br/v1")!), "baseURL"),
        ("query", .init(token: "a", baseURL: URL(string: "https://api.assinafy.com.br/v1?x=1")!), "baseURL"),
        ("fragment", .init(token: "a", baseURL: URL(string: "https://api.assinafy.com.br/v1#f")!), "baseURL"),
        (
            "http loopback without opt-in",
            .init(token: "a", baseURL: URL(string: "http://127.0.0.1:8080/v1")!), "baseURL"
        ),
        (
            "http non-loopback with opt-in",
            .init(token: "a", apiKey: nil, baseURL: URL(string: "http://10.0.0.1/v1")!, allowsInsecureLoopback: true),
            "baseURL"
        ),
        (
            "http lookalike host with opt-in",
            .init(token: "a", apiKey: nil, baseURL: URL(string: "http://127.0.0.1.evil.com/v1")!, allowsInsecureLoopback: true),
            "baseURL"
        ),
        ("user agent CRLF", .init(token: "a", apiKey: nil, userAgent: "x\r\ny"), "userAgent"),
        ("negative retries", .init(token: "a", apiKey: nil, retryPolicy: RetryPolicy(maxRetries: -1)), "retryPolicy"),
    ]

    @Test(arguments: invalid.indices)
    func rejects(_ index: Int) {
        let (name, configuration, field) = Self.invalid[index]
        do {
            try configuration.validate()
            Issue.record("\(name) was accepted")
        } catch let error as ValidationError {
            #expect(error.errors[field] != nil, "\(name): \(error.errors)")
            // The message names the field but never echoes a credential.
            #expect(!error.message.contains("ab cd") && !error.message.contains("X-Evil"))
        } catch {
            Issue.record("\(name): unexpected \(error)")
        }
    }

    @Test(arguments: ["http://127.0.0.1:8080/v1", "http://127.9.8.7/v1", "http://localhost:3000/v1", "http://[::1]:8080/v1"])
    func allowsLoopbackHTTPWhenOptedIn(_ text: String) throws {
        let url = try #require(URL(string: text))
        try AssinafyClientConfiguration(token: "a", apiKey: nil, baseURL: url, allowsInsecureLoopback: true).validate()
    }

    @Test func loopbackDetection() {
        #expect(Validation.isLoopback(host: "127.0.0.1"))
        #expect(Validation.isLoopback(host: "127.255.255.254"))
        #expect(Validation.isLoopback(host: "LOCALHOST"))
        #expect(Validation.isLoopback(host: "[::1]"))
        #expect(!Validation.isLoopback(host: "128.0.0.1"))
        #expect(!Validation.isLoopback(host: "127.0.0.256"))
        #expect(!Validation.isLoopback(host: "127.0.0"))
        #expect(!Validation.isLoopback(host: "127.0.0.1.nip.io"))
        #expect(!Validation.isLoopback(host: "localhost.evil.com"))
    }

    @Test func listsEveryProblem() throws {
        let configuration = AssinafyClientConfiguration(token: "", apiKey: "x y", timeout: 0)
        let error = try #require(throws: ValidationError.self) { try configuration.validate() }
        #expect(Set(error.errors.keys) == ["credentials", "token", "apiKey", "timeout"])
        #expect(!error.message.contains("x y"))
    }

    /// The Assinafy description's paths start with `/v1`; the documented base URLs end in it.
    @Test func aBaseURLEndingInTheVersionStandsForItsParent() throws {
        func server(_ text: String) throws -> String {
            AssinafyClientConfiguration.serverURL(for: try #require(URL(string: text))).absoluteString
        }
        #expect(try server("https://api.assinafy.com.br/v1") == "https://api.assinafy.com.br")
        #expect(try server("https://api.assinafy.com.br/v1/") == "https://api.assinafy.com.br")
        #expect(try server("https://api.assinafy.com.br") == "https://api.assinafy.com.br")
        #expect(try server("https://proxy.example.invalid/assinafy/v1") == "https://proxy.example.invalid/assinafy")
        #expect(try server("https://h.example.invalid/v10") == "https://h.example.invalid/v10")
        #expect(try server("http://127.0.0.1:8080/v1") == "http://127.0.0.1:8080")
        let engine = AssinafyClientConfiguration(token: "t", baseURL: try #require(URL(string: "https://a.example.invalid/v1")))
            .engine
        #expect(engine.baseURL.absoluteString == "https://a.example.invalid")
        #expect(engine.credentials == ["bearerAuth": .token("t")])
    }

    // MARK: - One configuration: Assinafy's own fields plus the engine's

    /// Every setting the README names is the engine's, read and written through `engine`.
    @Test func theREADMEsSettingsForwardToTheEngine() throws {
        let logger = StandardErrorLogger(minimumLevel: .debug)
        var configuration = AssinafyClientConfiguration(
            token: "t-1", apiKey: nil, baseURL: try #require(URL(string: "http://127.0.0.1:8080/v1")),
            defaultAccountId: "ws-1", timeout: 12, logger: logger, allowsInsecureLoopback: true,
            retryPolicy: .none, userAgent: "app/1")
        let engine = configuration.engine
        #expect(engine.baseURL.absoluteString == "http://127.0.0.1:8080")
        #expect(engine.credentials == ["bearerAuth": .token("t-1")])
        #expect(engine.timeout == 12 && engine.allowsInsecureLoopback && engine.retryPolicy == RetryPolicy.none)
        #expect(engine.userAgent == "app/1" && engine.logger is StandardErrorLogger)
        #expect(configuration.defaultAccountId == "ws-1")

        // Written through the overlay's names, read from the engine.
        configuration.token = nil
        configuration.apiKey = "k-1"
        configuration.timeout = 5
        configuration.allowsInsecureLoopback = false
        configuration.retryPolicy = .default
        configuration.userAgent = "app/2"
        configuration.maximumResponseBytes = 1 << 10
        configuration.maximumDownloadBytes = 1 << 20
        #expect(configuration.engine.credentials == ["apiKeyAuth": .apiKey("k-1")])
        #expect(configuration.engine.timeout == 5 && !configuration.engine.allowsInsecureLoopback)
        #expect(configuration.engine.retryPolicy == .default && configuration.engine.userAgent == "app/2")
        #expect(configuration.engine.maximumResponseBytes == 1 << 10)
        #expect(configuration.engine.maximumDownloadBytes == 1 << 20)

        // Written to the engine, read through the overlay's names.
        configuration.engine.credentials = ["bearerAuth": .token("t-2")]
        configuration.engine.timeout = 9
        configuration.engine.userAgent = "app/3"
        configuration.engine.logger = NoopLogger()
        #expect(configuration.token == "t-2" && configuration.apiKey == nil)
        #expect(configuration.timeout == 9 && configuration.userAgent == "app/3")
        #expect(configuration.logger is NoopLogger)
    }

    /// The documented base URLs end in `/v1`; `baseURL` reads back as given, the engine holds
    /// the parent the operations' `/v1/…` paths are appended to.
    @Test(arguments: [
        ("https://api.assinafy.com.br/v1", "https://api.assinafy.com.br"),
        ("https://api.assinafy.com.br/v1/", "https://api.assinafy.com.br"),
        ("https://proxy.example.invalid/assinafy/v1", "https://proxy.example.invalid/assinafy"),
        ("https://api.assinafy.com.br", "https://api.assinafy.com.br"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
    ])
    func theBaseURLReadsBackAsGiven(_ given: String, _ server: String) throws {
        let url = try #require(URL(string: given))
        var configuration = AssinafyClientConfiguration(token: "t", baseURL: url)
        #expect(configuration.baseURL.absoluteString == given)
        #expect(configuration.engine.baseURL.absoluteString == server)
        configuration.baseURL = Self.base
        configuration.baseURL = url
        #expect(configuration.baseURL.absoluteString == given)
        #expect(configuration.engine.baseURL.absoluteString == server)
    }

    @Test func anEngineBaseURLSetDirectlyIsWhatBaseURLReads() throws {
        var configuration = AssinafyClientConfiguration(token: "t")
        configuration.engine.baseURL = try #require(URL(string: "https://other.example.invalid"))
        #expect(configuration.baseURL.absoluteString == "https://other.example.invalid")
        #expect(AssinafyClient(configuration: configuration).baseURL.absoluteString == "https://other.example.invalid")
    }

    /// The engine's configuration and the default account are the whole configuration: rebuilt
    /// from them, it is the same configuration.
    @Test func roundTripsThroughTheEngineConfiguration() throws {
        let original = AssinafyClientConfiguration(
            token: nil, apiKey: "k", baseURL: Self.base, defaultAccountId: "ws-1", timeout: 7,
            allowsInsecureLoopback: false, retryPolicy: .none, userAgent: "app/1")
        let rebuilt = AssinafyClientConfiguration(engine: original.engine, defaultAccountId: original.defaultAccountId)
        #expect(rebuilt.engine.description == original.engine.description)
        #expect(rebuilt.engine.credentials == original.engine.credentials)
        #expect(rebuilt.engine.retryPolicy == original.engine.retryPolicy)
        #expect(rebuilt.apiKey == "k" && rebuilt.token == nil && rebuilt.defaultAccountId == "ws-1")
        #expect(rebuilt.timeout == 7 && rebuilt.userAgent == "app/1")
        // The engine holds the server root; the rebuilt configuration reads that.
        #expect(rebuilt.baseURL.absoluteString == "https://api.assinafy.com.br")
        #expect(rebuilt.description.contains("<redacted>") && !rebuilt.description.contains("\"k\""))
        try rebuilt.validate()
    }

    /// The engine checks its part, the overlay only its own fields: every problem is reported
    /// once, by the rule that owns it.
    @Test func eachRuleIsCheckedOnceByItsOwner() throws {
        let configuration = AssinafyClientConfiguration(
            token: "a b", apiKey: "k", baseURL: try #require(URL(string: "http://api.example.invalid/v1")),
            defaultAccountId: "..", timeout: 0)
        let own = configuration.ownValidationProblems()
        #expect(Set(own.keys) == ["credentials", "defaultAccountId"])
        let engine = configuration.engine.validationProblems()
        #expect(Set(engine.keys) == ["credentials.bearerAuth", "timeout", "baseURL"])

        let error = try #require(throws: ValidationError.self) { try configuration.validate() }
        #expect(Set(error.errors.keys) == ["credentials", "defaultAccountId", "token", "timeout", "baseURL"])
        #expect(error.errors["token"] == engine["credentials.bearerAuth"])
        #expect(error.errors["timeout"] == engine["timeout"] && error.errors["timeout"]?.count == 1)
        #expect(error.errors["baseURL"] == engine["baseURL"])
        #expect(error.errors["credentials"] == own["credentials"])
    }

    /// A client built from an invalid configuration fails every call before any I/O with the
    /// problems `validate()` lists, named the same way.
    @Test func aClientReportsTheSameProblemsAsValidate() async throws {
        let configuration = AssinafyClientConfiguration(
            token: "a b", apiKey: nil, baseURL: Self.base, defaultAccountId: "a/b", timeout: -1)
        let expected = try #require(throws: ValidationError.self) { try configuration.validate() }
        let transport = StubTransport()
        let client = AssinafyClient(
            configuration: configuration, httpTransport: transport, middlewares: [transport.recorder])
        let error = try await #require(throws: ValidationError.self) {
            _ = try await client.auth.login(LoginPayload(email: "ana@example.invalid", password: "pw"))
        }
        #expect(error.errors == expected.errors)
        #expect(Set(error.errors.keys) == ["token", "defaultAccountId", "timeout"])
        #expect(transport.requests.isEmpty && transport.transportRequests.isEmpty)
    }
}
