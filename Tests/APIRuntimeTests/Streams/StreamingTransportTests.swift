import AssinafyTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import APIRuntime

/// Streamed answers (`APIRequest.streamsResponse`) from the engine over URLSession against the
/// local server's `events` scenario.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.unavailableReason)) struct StreamingTransportTests {
    let server = TestServer.shared

    struct Tick: Decodable, Sendable, Equatable {
        var n: Int
    }

    static func request(
        _ id: String, format: String = "sse", count: Int = 3, interval: Double = 0, stallAfter: Int = -1,
        stall: Double = 0
    ) -> APIRequest {
        var request = Fixture.request(
            "events", id,
            query: [
                QueryItem("format", format), QueryItem("count", String(count)), QueryItem("interval", String(interval)),
                QueryItem("stall_after", String(stallAfter)), QueryItem("stall", String(stall)),
            ])
        request.streamsResponse = true
        return request
    }

    @Test func firstItemReachesTheCallerBeforeTheAnswerEnds() async throws {
        let id = Fixture.id()
        let started = Date()
        let response = try await Fixture.transport().send(Self.request(id, count: 3, stallAfter: 0, stall: 3))
        var items = response.stream(of: Tick.self, framing: .serverSentEvents).body.makeAsyncIterator()
        let first = try await items.next()
        let firstLatency = Date().timeIntervalSince(started)
        #expect(first == Tick(n: 0))
        #expect(firstLatency < 2.5, "first item after \(firstLatency) s")
        #expect(try await !server.events(id).contains("completed"))
        #expect(try await items.next() == Tick(n: 1))
        #expect(try await items.next() == Tick(n: 2))
        #expect(try await items.next() == nil)
    }

    @Test(arguments: [("jsonl", StreamFraming.jsonLines), ("seq", .jsonSequence), ("sse", .serverSentEvents)])
    func decodesEveryItemOfEachFraming(format: String, framing: StreamFraming) async throws {
        let response = try await Fixture.transport().send(Self.request(Fixture.id(), format: format, count: 5))
        #expect(response.body.isEmpty)
        var seen: [Int] = []
        for try await tick in response.stream(of: Tick.self, framing: framing).body { seen.append(tick.n) }
        #expect(seen == [0, 1, 2, 3, 4])
    }

    @Test func rawServerSentEventsKeepTheirFields() async throws {
        let response = try await Fixture.transport().send(Self.request(Fixture.id(), count: 2))
        var events: [ServerSentEvent] = []
        for try await event in response.serverSentEvents().body { events.append(event) }
        #expect(events == [
            ServerSentEvent(event: "tick", data: #"{"n": 0}"#, id: "0"),
            ServerSentEvent(event: "tick", data: #"{"n": 1}"#, id: "1"),
        ])
    }

    @Test func cancellingTheReaderMidStreamClosesTheConnection() async throws {
        let id = Fixture.id()
        let response = try await Fixture.transport().send(Self.request(id, count: 10_000, interval: 0.05))
        let items = response.stream(of: Tick.self, framing: .serverSentEvents).body
        let reader = Task {
            var count = 0
            for try await _ in items {
                count += 1
                if count == 2 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        let outcome = await reader.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        let closed = try await waitUntil(within: 5, every: .milliseconds(50)) {
            try await server.events(id).contains("disconnected")
        }
        #expect(closed, "the server still had the connection")
    }

    @Test func droppingTheStreamUnreadClosesTheConnection() async throws {
        let id = Fixture.id()
        do {
            let response = try await Fixture.transport().send(Self.request(id, count: 10_000, interval: 0.05))
            #expect(response.statusCode == 200)
        }
        let closed = try await waitUntil(within: 5, every: .milliseconds(50)) {
            try await server.events(id).contains("disconnected")
        }
        #expect(closed, "the server still had the connection")
    }

    @Test func aStalledStreamTimesOut() async throws {
        let id = Fixture.id()
        let response = try await Fixture.transport(timeout: 1).send(Self.request(id, count: 2, stallAfter: 0, stall: 8))
        var items = response.stream(of: Tick.self, framing: .serverSentEvents).body.makeAsyncIterator()
        #expect(try await items.next() == Tick(n: 0))
        let started = Date()
        let error = await thrown { try await items.next() }
        let waited = Date().timeIntervalSince(started)
        #expect((error as? TransportError)?.underlyingError?.code == .timedOut, "\(String(describing: error))")
        #expect(waited >= 0.9 && waited < 4, "timed out after \(waited) s")
    }

    @Test func aFailedStreamedCallArrivesWholeAsAnError() async throws {
        var request = Fixture.request(
            "respond", Fixture.id(),
            query: [QueryItem("code", "404"), QueryItem("body", #"{"message":"gone"}"#)])
        request.streamsResponse = true
        let error = await thrown { try await Fixture.transport().send(request) }
        let serverError = try #require(error as? ServerResponseError)
        #expect(serverError.statusCode == 404)
    }

    /// A transport that only implements `send` still serves streamed calls (the whole body as
    /// one chunk).
    @Test func aTransportWithoutStreamingBuffers() async throws {
        struct Canned: HTTPTransport {
            func send(_ request: TransportRequest) async throws -> TransportResponse {
                TransportResponse(
                    statusCode: 200, headers: HeaderFields([("Content-Type", "application/jsonl")]),
                    body: Data("{\"n\":7}\n{\"n\":8}\n".utf8))
            }
        }
        var request = Self.request(Fixture.id())
        request.security = []
        let engine = APIEngine(configuration: Fixture.configuration(token: nil), transport: Canned())
        let response = try await engine.send(request)
        var seen: [Int] = []
        for try await tick in response.stream(of: Tick.self, framing: .jsonLines).body { seen.append(tick.n) }
        #expect(seen == [7, 8])
    }
}
