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
        // The server sends one item, then stays silent far longer than the test can take.
        let response = try await Fixture.transport().send(Self.request(id, count: 3, stallAfter: 0, stall: 60))
        var items = response.stream(of: Tick.self, framing: .serverSentEvents).body.makeAsyncIterator()
        #expect(try await items.next() == Tick(n: 0))
        print("firstItemReachesTheCallerBeforeTheAnswerEnds: first item after \(Date().timeIntervalSince(started)) s")
        let events = try await server.events(id)
        #expect(events.contains("sent-0"))
        #expect(!events.contains("sent-1") && !events.contains("completed"), "\(events)")
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
        let closed = try await waitUntil(within: 60, every: .milliseconds(50)) {
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
        let closed = try await waitUntil(within: 60, every: .milliseconds(50)) {
            try await server.events(id).contains("disconnected")
        }
        #expect(closed, "the server still had the connection")
    }

    @Test func aStalledStreamTimesOut() async throws {
        // The head and the first item must arrive within the same 3 s; on a machine busy enough to
        // miss that (a full parallel test run has), the scenario never reached the stall, so it
        // is run again.
        var id = Fixture.id()
        var started: (RawResponse, ResponseStream<Tick>.AsyncIterator)?
        for _ in 0..<3 where started == nil {
            id = Fixture.id()
            guard
                let response = try? await Fixture.transport(timeout: 3).send(
                    Self.request(id, count: 2, stallAfter: 0, stall: 60))
            else { continue }
            var items = response.stream(of: Tick.self, framing: .serverSentEvents).body.makeAsyncIterator()
            if (try? await items.next()) == Tick(n: 0) { started = (response, items) }
        }
        guard var items = started?.1 else {
            Issue.record("the head and first item never arrived within 3 s")
            return
        }
        let error = await thrown { try await items.next() }
        #expect((error as? TransportError)?.underlyingError?.code == .timedOut, "\(String(describing: error))")
        // Bounds by the server's clock: the reader began waiting after the first item was sent,
        // and this test's own clock would also count a busy machine's scheduling delays.
        let events = try await waitForValue(within: 60, every: .milliseconds(50)) {
            let events = try await server.timedEvents(id)
            return events.contains { $0.event == "disconnected" } ? events : nil
        }
        let sent = events?.first { $0.event == "sent-0" }?.after ?? 0
        let left = events?.first { $0.event == "disconnected" }?.after ?? -1
        #expect(left - sent >= 2.9 && left - sent < 12, "the client left \(left - sent) s after the first item")
    }

    @Test func aReaderFarBehindEndsTheStreamInsteadOfBufferingIt() async throws {
        let limit: Int64 = 1 << 20
        var request = Fixture.request(
            "large", Fixture.id(), query: [QueryItem("size", String(64 << 20)), QueryItem("chunked", "1")])
        request.streamsResponse = true
        request.maximumResponseBytes = limit
        let response = try await Fixture.transport().send(request)
        let body = try #require(response.bodyStream)
        // The server sends far faster than this reader reads.
        try await Task.sleep(nanoseconds: 300_000_000)
        var received = 0
        let error = await thrown {
            for try await chunk in body {
                received += chunk.count
                try await Task.sleep(nanoseconds: 20_000_000)
            }
        }
        #expect(error is ResponseTooLargeError, "\(String(describing: error))")
        #expect(received < 64 << 20)
        let transfer = try #require(body.handle.source as? StreamTransfer)
        // One delivered piece past the limit at most.
        #expect(transfer.highestBacklog < Int(limit) + (1 << 20), "\(transfer.highestBacklog) bytes waited")
    }

    /// The limit is on what waits unread, not on the total: driven without a network, so that a
    /// busy machine's scheduling cannot make the reader fall behind.
    @Test func aReaderThatKeepsUpGetsAStreamLargerThanTheLimit() async throws {
        let transfer = StreamTransfer(
            uploadProgress: nil, limit: 1 << 20, backlogLimit: 1 << 20, idleTimeout: 5, deadlines: DeadlineScheduler())
        let head = try #require(
            HTTPURLResponse(
                url: URL(string: "https://example.invalid/feed")!, statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: [:]))
        #expect(transfer.received(head))
        let piece = Data(repeating: 0x78, count: 64 << 10)
        var received = 0
        for _ in 0..<64 {
            #expect(transfer.received(piece) == nil)
            #expect(transfer.received(piece) == nil)
            received += try await transfer.nextChunk()?.count ?? 0
            received += try await transfer.nextChunk()?.count ?? 0
        }
        transfer.completed(nil, response: head)
        #expect(try await transfer.nextChunk() == nil)
        #expect(received == 128 * (64 << 10))
        #expect(transfer.highestBacklog == 2 * (64 << 10))
    }

    @Test func aStreamFollowsARedirectByTheSameRules() async throws {
        let id = Fixture.id()
        let target = server.origin("http", "127.0.0.2") + "/v1/events/\(id)?format=jsonl&count=2"
        var request = Fixture.request("redirect", id, query: [QueryItem("code", "302"), QueryItem("to", target)])
        request.streamsResponse = true
        let response = try await Fixture.transport().send(request)
        var seen: [Int] = []
        for try await tick in response.stream(of: Tick.self, framing: .jsonLines).body { seen.append(tick.n) }
        #expect(seen == [0, 1])
        let records = try await server.requests(id)
        try #require(records.count == 2)
        #expect(records[0].header("Authorization") != nil)
        #expect(records[1].origin == server.origin("http", "127.0.0.2"))
        #expect(records[1].header("Authorization") == nil, "a credential crossed origins with a stream")
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
