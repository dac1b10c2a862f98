import AtlasTripsAPI
import Foundation
import Testing

/// atlas/openapi.yaml (OpenAPI 3.1, split over folders): path items, parameters, headers and
/// responses in sibling files, a map of properties given by reference, `x-` keys in shared files,
/// descriptions that are Markdown files, a discriminator mapping that names files.
@Suite(.enabled(if: MockServer.python != nil, "no Python for the mock server"))
struct AtlasTripsEndToEndTests {
    @Test func twelveOperationsAcrossTheFilesPassTheMocksValidation() async throws {
        try await MockServer.run("atlas/openapi.yaml", minimumOperations: 12) { mock in
            let engine = mock.engine(["atlasKey": .apiKey("atlas-key-1")])
            let trips = TripsAPI(client: engine)
            let listed = try await trips.listTrips(pageSize: 20, status: .booked)
            #expect(listed.body.items.count >= 0)
            _ = ListTripsHeaders(listed.headers)
            let created = try await trips.createTrip(
                body: TripInput(
                    name: "Lisbon week", startsOn: CalendarDate(year: 2026, month: 7, day: 1),
                    travelerIds: ["t1", "t2"]))
            #expect(created.statusCode == 201)
            _ = try await trips.getTrip(tripId: "trp_lisbon1")
            _ = try await trips.renameTrip(tripId: "trp_lisbon1", body: RenameTripRequest(name: "Porto week"))
            _ = try await trips.listSegments(tripId: "trp_lisbon1")
            let segment = try await trips.addSegment(
                tripId: "trp_lisbon1", body: .flight(Flight(from: "LIS", to: "OPO", carrier: "TP", seat: "12A")))
            #expect(segment.statusCode == 201)
            _ = try await trips.addSegment(tripId: "trp_lisbon1", body: .train(Train(from: "OPO", to: "LIS", coach: 3)))
            #expect(try await trips.cancelTrip(tripId: "trp_lisbon1").statusCode == 204)

            let places = PlacesAPI(client: engine)
            _ = try await places.searchPlaces(q: "Lis", pageSize: 5)
            _ = try await places.getPlace(code: "LIS")

            let travelers = TravelersAPI(client: engine)
            let traveler = try await travelers.getTraveler(travelerId: "t1")
            _ = try await travelers.replaceTraveler(
                travelerId: "t1",
                body: Traveler(id: "t1", fullName: "Ada Lovelace", email: "ada@example.invalid", loyalty: ["TP": 3]))
            #expect(!traveler.body.fullName.isEmpty)
            let scan = MultipartFile(data: Data("scan".utf8), filename: "passport.pdf", contentType: "application/pdf")
            _ = try await travelers.uploadTravelDocument(travelerId: "t1", kind: .passport, scan: scan)

            let recorded = try await mock.requests()
            let secured = recorded.filter { $0.operationId != "searchPlaces" && $0.operationId != "getPlace" }
            #expect(secured.allSatisfy { $0.header("X-Atlas-Key") == "atlas-key-1" })
            #expect(recorded.first { $0.operationId == "getPlace" }?.header("X-Atlas-Key") == nil)
            let flight = recorded.first { $0.operationId == "addSegment" }
            #expect(flight?.body.contains("\"mode\":\"flight\"") == true)
            #expect(recorded.first { $0.operationId == "createTrip" }?.body.contains("2026-07-01") == true)
        }
    }
}
