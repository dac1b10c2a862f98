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
        #expect(sdkVersion == "0.1.0")
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
            .engineConfiguration
        #expect(engine.baseURL.absoluteString == "https://a.example.invalid")
        #expect(engine.credentials == ["bearerAuth": .token("t")])
    }
}
