import APIRuntime
import APITesting
import Foundation
import Testing
import TickerlyAPI
import TickerlyAPITesting

/// Streamed operations' stubs: the closure answers with all of a stream's items, the transport
/// frames them as the media type does, and the app reads them through the engine's stream reader
/// exactly as it reads a server's.
struct StreamStubsTests {
    static func api(_ stubs: TickerlyAPIStubs) -> TicksAPI {
        TicksAPI(
            client: APIEngine(
                configuration: APIEngineConfiguration(
                    baseURL: URL(string: "https://ticks.example.invalid")!,
                    credentials: ["tickerKey": .apiKey("tick-key-1")], retryPolicy: .none),
                transport: stubs.transport))
    }

    static func collect<T>(_ stream: ResponseStream<T>) async throws -> [T] {
        var items: [T] = []
        for try await item in stream { items.append(item) }
        return items
    }

    @Test func eachFramingCarriesEveryItemInOrder() async throws {
        let ticks = [Tick(id: 1, symbol: "ACME", price: 1.5), Tick(id: 2, symbol: "line\nbreak", price: 2)]
        let lines = [LogLine(level: .debug, message: "a"), LogLine(level: .debug, message: "b")]
        var stubs = TickerlyAPIStubs()
        stubs.watchTicks = { call in
            #expect(call.symbol == "ACME")
            return .ok(ticks)
        }
        stubs.tailLogs = { _ in .ok(lines) }
        stubs.tailLogsNDJSON = { _ in .ok(lines) }
        stubs.streamMeasurements = { _ in .ok([Reading(sensor: "s", value: 3), Reading(sensor: "t", value: 4)]) }
        let api = Self.api(stubs)
        #expect(try await Self.collect(api.watchTicks(symbol: "ACME").body) == ticks)
        #expect(try await Self.collect(api.tailLogs().body) == lines)
        #expect(try await Self.collect(api.tailLogsNDJSON().body) == lines)
        #expect(try await Self.collect(api.streamMeasurements().body).map(\.sensor) == ["s", "t"])
    }

    @Test func untypedEventsKeepEveryField() async throws {
        let events = [
            ServerSentEvent(event: "tick", data: "first\nsecond", id: "7", retry: 1500),
            ServerSentEvent(data: "plain"),
        ]
        var stubs = TickerlyAPIStubs()
        stubs.watchRawTicks = { _ in .ok(events) }
        let received = try await Self.collect(Self.api(stubs).watchRawTicks().body)
        #expect(received.map(\.data) == ["first\nsecond", "plain"])
        #expect(received.first?.event == "tick")
        #expect(received.first?.id == "7")
        #expect(received.first?.retry == 1500)
    }

    @Test func examplesAnswerEveryStreamWithOneItemThatDecodes() async throws {
        try TickerlyAPIStubs.checkExamples()
        let api = Self.api(.examples)
        #expect(try await Self.collect(api.watchTicks().body).count == 1)
        #expect(try await Self.collect(api.watchRawTicks().body).count == 1)
        #expect(try await Self.collect(api.tailLogs().body).count == 1)
        #expect(try await Self.collect(api.streamMeasurements().body).count == 1)
    }
}
