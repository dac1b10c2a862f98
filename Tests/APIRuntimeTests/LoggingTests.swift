import Assinafy
import Foundation
import Testing
import AssinafyTestSupport

@testable import APIRuntime

/// Whole flows with every kind of secret in play; the log must contain none of them.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.unavailableReason)) struct LoggingTests {
    let server = TestServer.shared

    @Test func noSecretReachesTheLogger() async throws {
        // The capturing logger sees what the SDK hands over; the two standard-error loggers show
        // what a platform logger then writes, private values hidden and (worst case) revealed.
        let capturing = CapturingLogger()
        let hidden = LineSink()
        let revealed = LineSink()
        let logger = TeeLogger([
            capturing, StandardErrorLogger(minimumLevel: .debug, writer: hidden.append),
            StandardErrorLogger(minimumLevel: .debug, revealPrivateValues: true, writer: revealed.append),
        ])
        let tokenTransport = Fixture.transport(retry: RetryPolicy(maxRetries: 1, maxDelay: 1, baseDelay: 0.01), logger: logger)
        let keyTransport = Fixture.transport(token: nil, apiKey: Fixture.apiKey, logger: logger)
        let id = Fixture.id()
        let password = "P@ssw0rd-SECRET"
        let signer = RequestCredential.signerAccessCode(Fixture.accessCode)

        var login = Fixture.request("echo", id, method: .post, credential: .none, query: [QueryItem("email", "a@b.c")])
        login.body = try .encoding(["email": "a@b.c", "password": .string(password)] as JSONValue)
        _ = try await tokenTransport.send(login)
        _ = try await keyTransport.send(Fixture.request("echo", id))
        _ = try await tokenTransport.send(Fixture.request("echo", id, credential: signer, query: [QueryItem("q", "hidden-query")]))
        // Errors, retries and redirects, including a server that echoes the access code back.
        _ = await thrown {
            try await tokenTransport.send(
                Fixture.request(
                    "respond", id, credential: signer,
                    query: [QueryItem("code", "401"), QueryItem("body", #"{"message":"bad code \#(Fixture.accessCode)"}"#)]))
        }
        _ = await thrown {
            try await tokenTransport.send(
                Fixture.request("respond", id + "r", query: [QueryItem("code", "429"), QueryItem("body", "{}"), QueryItem("h", "Retry-After: 0")]))
        }
        _ = try await tokenTransport.send(
            Fixture.request(
                "redirect", id, credential: signer,
                query: [QueryItem("code", "302"), QueryItem("to", "/v1/echo/\(id)/next?signer-access-code=\(Fixture.accessCode)")]))
        _ = await thrown {
            try await tokenTransport.send(
                Fixture.request(
                    "redirect", id, credential: signer,
                    query: [QueryItem("code", "302"), QueryItem("to", server.origin("http", "127.0.0.2") + "/x?signer-access-code=\(Fixture.accessCode)")]))
        }
        _ = await thrown { try await Fixture.transport(timeout: 1, logger: logger).send(Fixture.request("slow", id, credential: signer, query: [QueryItem("delay", "3")])) }

        let entries = capturing.entries
        #expect(entries.count >= 16)
        let forbidden = [Fixture.token, Fixture.apiKey, Fixture.accessCode, password, "signer-access-code", "hidden-query", "a@b.c", "?"]
        for entry in entries {
            for secret in forbidden {
                #expect(!entry.text.contains(secret), "log leaked \(secret): \(entry.text)")
            }
        }
        #expect(hidden.lines.count == entries.count && revealed.lines.count == entries.count)
        for line in hidden.lines + revealed.lines {
            for secret in forbidden {
                #expect(!line.contains(secret), "standard error leaked \(secret): \(line)")
            }
        }
        #expect(hidden.lines.contains { $0.hasPrefix("assinafy INFO Received response ") && $0.contains("path=/v1/echo/{id}") })
        // Every key the engine logs is a LogKey, the one list a logger reads as safe, so hiding
        // the others hides nothing useful.
        let logged = Set(entries.flatMap(\.context.keys))
        #expect(logged.subtracting(LogKey.allCases.map(\.rawValue)).sorted() == [])
        #expect(!hidden.lines.contains { $0.contains("<private>") }, "\(hidden.lines.filter { $0.contains("<private>") })")
        // What is logged: method, path template, status, attempt, timing.
        let response = try #require(entries.first { $0.message == "Received response" })
        #expect(Set(response.context.keys).isSuperset(of: ["method", "path", "status", "attempt", "durationMs"]))
        #expect(response.context["path"] == "/v1/echo/{id}")
        #expect(entries.contains { $0.level == "warn" && $0.message == "Retrying" })
        #expect(entries.contains { $0.level == "warn" && $0.message == "Redirect refused" })
        #expect(entries.contains { $0.level == "error" && $0.message == "Request failed" })
    }

    @Test func errorsNeverCarryTheAccessCode() async throws {
        let signer = RequestCredential.signerAccessCode(Fixture.accessCode)
        let error = await thrown {
            try await Fixture.transport().send(
                Fixture.request(
                    "respond", Fixture.id(), credential: signer,
                    query: [QueryItem("code", "404"), QueryItem("body", "not found: /v1/sign?signer-access-code=\(Fixture.accessCode)")]))
        }
        let apiError = try #require(error as? ServerResponseError)
        #expect(!apiError.message.contains(Fixture.accessCode))
        #expect(!(apiError as NSError).localizedDescription.contains(Fixture.accessCode))
        let timeout = await thrown {
            try await Fixture.transport(timeout: 1).send(Fixture.request("slow", Fixture.id(), credential: signer, query: [QueryItem("delay", "3")]))
        }
        let networkError = try #require(timeout as? TransportError)
        #expect(!"\(networkError) \(networkError as NSError) \(String(describing: networkError.underlyingError))".contains(Fixture.accessCode))
    }
}
