import APIRuntime
import Foundation
import Testing
import TickerlyAPI

/// events-3.2.yaml (OpenAPI 3.2): server-sent events with typed `data` and raw ones, JSON Lines,
/// NDJSON and a JSON text sequence read through the streaming engine, a QUERY operation, an
/// `additionalOperations` method (PURGE) and an `in: querystring` parameter.
@Suite(.enabled(if: MockServer.python != nil, "no Python for the mock server"))
struct TickerlyEndToEndTests {
    @Test func elevenOperationsPassTheMocksValidation() async throws {
        try await MockServer.run("events-3.2.yaml", minimumOperations: 11) { mock in
            let engine = mock.engine(["tickerKey": .apiKey("tick-key-3")])
            // `Feeds` is nested under `Ticks` (3.2 `parent`): its operations are in `TicksAPI`.
            let feeds = TicksAPI(client: engine)
            var ticks: [Tick] = []
            for try await tick in try await feeds.watchTicks(symbol: "ACME").body { ticks.append(tick) }
            #expect(ticks.count == 3 && ticks.allSatisfy { $0.id >= 1 && !$0.symbol.isEmpty })
            var raw: [ServerSentEvent] = []
            for try await event in try await feeds.watchRawTicks().body { raw.append(event) }
            #expect(raw.count == 3 && raw.allSatisfy { !$0.data.isEmpty })
            var lines: [LogLine] = []
            for try await line in try await feeds.tailLogs().body { lines.append(line) }
            for try await line in try await feeds.tailLogsNDJSON().body { lines.append(line) }
            #expect(lines.count == 6)
            var measurements: [Reading] = []
            for try await measurement in try await feeds.streamMeasurements().body { measurements.append(measurement) }
            #expect(measurements.count == 3)

            let api = TicksAPI(client: engine)
            let created = try await api.createTick(body: NewTick(symbol: "ACME", price: 12.5))
            #expect(created.statusCode == 201)
            let found = try await api.searchTicks(body: TickFilter(symbol: "ACME", minPrice: 10))
            #expect(found.body.allSatisfy { !$0.symbol.isEmpty })
            _ = try await api.findTicks(filter: TickFilter(symbol: "ACME"))
            _ = try await api.getTick(tickId: 7)
            #expect(try await api.purgeTicks().statusCode == 204)
            #expect(try await api.deleteTick(tickId: 7).statusCode == 204)

            let recorded = try await mock.requests()
            #expect(recorded.allSatisfy { $0.header("X-Ticker-Key") == "tick-key-3" })
            #expect(recorded.first { $0.operationId == "searchTicks" }?.method == "QUERY")
            #expect(recorded.first { $0.operationId == "purgeTicks" }?.method == "PURGE")
            let watch = recorded.first { $0.operationId == "watchTicks" }
            #expect(watch?.header("Accept") == "text/event-stream")
        }
    }
}
