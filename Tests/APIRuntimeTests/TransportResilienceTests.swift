import Foundation
import Testing
import AssinafyTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@testable import APIRuntime

/// Retries, cancellation, timeouts and broken connections against the real local server.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.unavailableReason)) struct TransportResilienceTests {
    let server = TestServer.shared
    static let fastRetry = RetryPolicy(maxRetries: 2, maxDelay: 5, baseDelay: 0.05)

    func scripted(_ id: String, code: Int, times: Int, headers: [String] = [], method: RequestMethod = .get, template: String? = nil)
        -> APIRequest
    {
        Fixture.request(
            "respond", id, method: method,
            query: [QueryItem("code", String(code)), QueryItem("times", String(times)), QueryItem("body", #"{"status":\#(code),"message":"later"}"#)]
                + headers.map { QueryItem("h", $0) }, template: template)
    }

    @Test func retries429WithRetryAfterSeconds() async throws {
        let id = Fixture.id()
        let (response, seconds) = try await elapsed {
            try await Fixture.transport(retry: Self.fastRetry).send(scripted(id, code: 429, times: 1, headers: ["Retry-After: 1"]))
        }
        #expect(response.statusCode == 200)
        #expect(try await server.requests(id).count == 2)
        #expect(seconds >= 0.95, "waited \(seconds) s")
    }

    @Test func retries429WithRetryAfterHTTPDate() async throws {
        let id = Fixture.id()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        // Whole seconds: one second ahead of the next full second, so the wait is 1–2 s.
        let date = formatter.string(from: Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.up) + 1))
        let (response, seconds) = try await elapsed {
            try await Fixture.transport(retry: Self.fastRetry).send(scripted(id, code: 429, times: 1, headers: ["Retry-After: \(date)"]))
        }
        #expect(response.statusCode == 200)
        #expect(try await server.requests(id).count == 2)
        #expect(seconds >= 0.9, "waited \(seconds) s")
    }

    @Test func retries429WithRateLimitReset() async throws {
        let id = Fixture.id()
        let (_, seconds) = try await elapsed {
            try await Fixture.transport(retry: Self.fastRetry).send(scripted(id, code: 429, times: 1, headers: ["X-Rate-Limit-Reset: 1"]))
        }
        #expect(try await server.requests(id).count == 2)
        #expect(seconds >= 0.95)
    }

    @Test func retries503UntilExhausted() async throws {
        let id = Fixture.id()
        let error = await thrown { try await Fixture.transport(retry: Self.fastRetry).send(scripted(id, code: 503, times: 10)) }
        #expect((error as? ServerResponseError)?.statusCode == 503)
        #expect(try await server.requests(id).count == 3)
        let recovered = Fixture.id()
        _ = try await Fixture.transport(retry: Self.fastRetry).send(scripted(recovered, code: 503, times: 2))
        #expect(try await server.requests(recovered).count == 3)
    }

    @Test func neverRetriesWritesSignOrWhenDisabled() async throws {
        for method in [RequestMethod.post, .put, .patch, .delete] {
            let id = Fixture.id()
            let error = await thrown {
                try await Fixture.transport(retry: Self.fastRetry).send(scripted(id, code: 429, times: 5, headers: ["Retry-After: 0"], method: method))
            }
            #expect((error as? ServerResponseError)?.statusCode == 429)
            #expect(try await server.requests(id).count == 1, "\(method) was retried")
        }
        // An operation that says it must not be repeated (a GET with a side effect) is not.
        let sign = Fixture.id()
        var once = scripted(sign, code: 503, times: 5, template: "/v1/sign")
        once.retryable = false
        _ = await thrown { try await Fixture.transport(retry: Self.fastRetry).send(once) }
        #expect(try await server.requests(sign).count == 1)
        let disabled = Fixture.id()
        _ = await thrown { try await Fixture.transport(retry: .none).send(scripted(disabled, code: 429, times: 5)) }
        #expect(try await server.requests(disabled).count == 1)
    }

    @Test func cancellationDuringRetrySleep() async throws {
        let id = Fixture.id()
        let task = Task {
            try await Fixture.transport(retry: RetryPolicy(maxRetries: 2, maxDelay: 30)).send(
                scripted(id, code: 429, times: 5, headers: ["Retry-After: 20"]))
        }
        try await Task.sleep(nanoseconds: 400_000_000)
        task.cancel()
        let (result, seconds) = await elapsed { await task.result }
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(seconds < 15)  // not the 20 s the server asked for
    }

    @Test func cancellationMidRequest() async throws {
        let id = Fixture.id()
        let task = Task { try await Fixture.transport().send(Fixture.request("slow", id, query: [QueryItem("delay", "20")])) }
        // Cancel once the server holds the request: a fixed head start measured the scheduler
        // (on a busy machine the request had not left yet, and the server saw nothing to drop).
        var polls = 0
        while try await server.requests(id).isEmpty, polls < 200 {
            polls += 1
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        let start = Date()
        task.cancel()
        let result = await task.result
        #expect(Date().timeIntervalSince(start) < 10)  // far sooner than the server's 20 s
        #expect(throws: CancellationError.self) { try result.get() }
        // The server sees the connection go away.
        #expect(try await firstEvent(id) == "disconnected")
    }

    /// Cancellation landing at every moment of a call, including while URLSession delivers the
    /// answer: each call ends exactly once, either with its response or with CancellationError,
    /// and none hangs (a lock-order mistake between the cancellation handler and URLSession's
    /// queues would). Reads and writes, so both the shared and the one-shot session are hit.
    @Test(.timeLimit(.minutes(1))) func cancellationRacingTheAnswerEndsEveryCallOnce() async throws {
        let transport = Fixture.transport()
        var outcomes = (answered: 0, cancelled: 0)
        for round in 0..<120 {
            var request = Fixture.request("echo", Fixture.id(), method: round % 3 == 0 ? .post : .get)
            if request.method == .post { request.body = .raw(Data("x".utf8), contentType: "text/plain") }
            let task = Task { try await transport.send(request) }
            // 0 to 2.95 ms in 50 µs steps: from before the request leaves to after the answer is in.
            try await Task.sleep(nanoseconds: UInt64(round % 60) * 50_000)
            task.cancel()
            switch await task.result {
            case .success(let response):
                #expect(response.statusCode == 200)
                outcomes.answered += 1
            case .failure(let error):
                #expect(error is CancellationError, "round \(round): \(error)")
                outcomes.cancelled += 1
            }
        }
        #expect(outcomes.answered + outcomes.cancelled == 120)
    }

    @Test func alreadyCancelledTaskOpensNoConnection() async throws {
        let id = Fixture.id()
        let transport = Fixture.transport()
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            return try await transport.send(Fixture.request("echo", id))
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(try await server.requests(id).isEmpty)
    }

    /// Polls the server's events for `id` until one arrives (the server notices a disconnect
    /// within ~50 ms).
    func firstEvent(_ id: String) async throws -> String? {
        for _ in 0..<200 {
            if let event = try await server.events(id).first { return event }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        return nil
    }

    func firstTimedEvent(_ id: String) async throws -> TestServer.Event? {
        for _ in 0..<200 {
            if let event = try await server.timedEvents(id).first { return event }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        return nil
    }

    @Test func clientTimeout() async throws {
        let id = Fixture.id()
        let (error, seconds) = await elapsed {
            await thrown { try await Fixture.transport(timeout: 1).send(Fixture.request("slow", id, query: [QueryItem("delay", "15")])) }
        }
        let networkError = try #require(error as? TransportError)
        #expect(networkError.underlyingError?.code == .timedOut)
        #expect(networkError.mayHaveReachedServer)
        // The upper bound is the server's: how long after the request arrived the client hung
        // up. The test's own clock also counts the time this task waited for a thread after the
        // timeout fired, which on a busy machine measured the scheduler (12.3 s once), not the SDK.
        #expect(seconds >= 0.95, "timed out after \(seconds) s")
        let hangUp = try await firstTimedEvent(id)
        #expect(hangUp?.event == "disconnected")
        #expect(hangUp?.after.map { $0 < 4 } == true, "the server saw the client leave after \(hangUp?.after ?? -1) s")
        print("clientTimeout: 1 s timeout; the test saw \(seconds) s, the server \(hangUp?.after ?? -1) s")
    }

    @Test func perCallTimeoutIsExactEvenWhenTheServerTrickles() async throws {
        // A byte every 0.4 s keeps libcurl's idle timer happy for 20 s; the SDK's own deadline
        // still ends the call at 1.5 s (libcurl alone would round to 2 s and never fire).
        let id = Fixture.id()
        var request = Fixture.request("trickle", id, query: [QueryItem("count", "50"), QueryItem("interval", "0.4")])
        request.timeout = 1.5
        let (error, seconds) = await elapsed { await thrown { try await Fixture.transport(timeout: 30).send(request) } }
        #expect((error as? TransportError)?.underlyingError?.code == .timedOut)
        // The server notices on its next write (0.4 s apart); its clock bounds the SDK's deadline.
        #expect(seconds >= 1.45, "timed out after \(seconds) s")
        let hangUp = try await firstTimedEvent(id)
        #expect(hangUp?.event == "disconnected")
        #expect(hangUp?.after.map { $0 < 5 } == true, "the server saw the client leave after \(hangUp?.after ?? -1) s")
    }

    @Test func connectionResetIsANetworkError() async throws {
        let error = await thrown { try await Fixture.transport().send(Fixture.request("reset", Fixture.id())) }
        let networkError = try #require(error as? TransportError, "\(String(describing: error))")
        print("connection reset maps to: \(networkError.errorCode) \(networkError.message)")
        #expect(networkError.mayHaveReachedServer)
        #expect((networkError as NSError).domain == "APIRuntime.TransportError")
    }

    @Test func connectionRefusedNeverReachedTheServer() async throws {
        var configuration = Fixture.configuration()
        configuration.baseURL = URL(string: "http://127.0.0.1:1")!
        let error = await thrown { try await APIEngine(configuration: configuration).send(Fixture.request("echo", Fixture.id())) }
        let networkError = try #require(error as? TransportError)
        #expect(!networkError.mayHaveReachedServer)
        #expect(networkError.underlyingError?.code == .cannotConnectToHost)
    }

    @Test func tlsFailureNeverReachedTheServer() async throws {
        // https:// to the plain-HTTP port: the TLS handshake fails before any request exists.
        var configuration = Fixture.configuration()
        configuration.baseURL = URL(string: server.origin().replacingOccurrences(of: "http://", with: "https://"))!
        let id = Fixture.id()
        let error = await thrown { try await APIEngine(configuration: configuration).send(Fixture.request("echo", id)) }
        let networkError = try #require(error as? TransportError, "\(String(describing: error))")
        print("TLS handshake failure maps to: \(networkError.errorCode) \(networkError.message)")
        #expect(!networkError.mayHaveReachedServer, "\(networkError.message)")
        #expect(try await server.requests(id).isEmpty)
    }
}
