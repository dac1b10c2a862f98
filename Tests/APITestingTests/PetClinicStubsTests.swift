import APIRuntime
import APITesting
import Foundation
import PetClinicAPI
import PetClinicAPITesting
import Testing

/// The generated `PetClinicAPIStubs` through the real engine: the closures see the typed
/// arguments the app passed, the app decodes the typed answers, and everything between is the
/// bytes a server would exchange.
struct PetClinicStubsTests {
    static let rex = Pet(
        name: "Rex", species: .dog, birthDate: CalendarDate(year: 2020, month: 2, day: 29), tags: ["calm"], id: 1,
        createdAt: Date(timeIntervalSince1970: 1_700_000_000))

    static func engine(_ stubs: PetClinicAPIStubs, middlewares: [any APIMiddleware] = []) -> APIEngine {
        APIEngine(
            configuration: APIEngineConfiguration(
                baseURL: URL(string: "https://clinic.example.invalid/api")!,
                credentials: ["apiKeyHeader": .apiKey("clinic-key-1")], retryPolicy: .none),
            transport: stubs.transport, middlewares: middlewares)
    }

    @Test func theClosureSeesTheTypedArgumentsAndTheAppTheTypedAnswer() async throws {
        let seen = StubRecorder<PetClinicAPIStubs.ListPetsCall>()
        var stubs = PetClinicAPIStubs()
        stubs.listPets = { call in
            seen.record(call)
            return .ok([Self.rex], headers: ["X-Total-Count": "1"])
        }
        let listed = try await PetsAPI(client: Self.engine(stubs)).listPets(
            xRequestId: "00000000-0000-4000-8000-000000000001", species: [.dog, .cat], tags: ["calm", "old"], limit: 5)

        let call = try #require(seen.values.first)
        #expect(call.xRequestId == "00000000-0000-4000-8000-000000000001")
        #expect(call.species == [.dog, .cat])
        #expect(call.tags == ["calm", "old"])
        #expect(call.limit == 5)
        // Security ran: the configured key is in the request the stub saw.
        #expect(call.request.headers["X-Clinic-Key"] == "clinic-key-1")
        #expect(listed.statusCode == 200)
        #expect(listed.body == [Self.rex])
        #expect(ListPetsHeaders(listed.headers).xTotalCount == 1)
    }

    @Test func optionalArgumentsTheAppLeftOutAreNil() async throws {
        let seen = StubRecorder<PetClinicAPIStubs.ListPetsCall>()
        var stubs = PetClinicAPIStubs()
        stubs.listPets = { call in
            seen.record(call)
            return .ok([])
        }
        _ = try await PetsAPI(client: Self.engine(stubs)).listPets(xRequestId: "id-1")
        let call = try #require(seen.values.first)
        #expect(call.species == nil && call.tags == nil && call.limit == nil)
    }

    @Test func bodiesPathCookiesAndDatesComeBackTyped() async throws {
        let created = StubRecorder<NewPet>()
        let visits = StubRecorder<PetClinicAPIStubs.ListVisitsCall>()
        var stubs = PetClinicAPIStubs()
        stubs.createPet = { call in
            created.record(call.body)
            return .ok(Self.rex)
        }
        stubs.listVisits = { call in
            visits.record(call)
            return .ok([Visit(date: CalendarDate(year: 2026, month: 3, day: 4), reason: "checkup", cost: 40)])
        }
        let engine = Self.engine(stubs)
        let newPet = NewPet(name: "Rex", species: .dog, tags: ["calm"], weightKg: .null)
        let answer = try await PetsAPI(client: engine).createPet(body: newPet)
        // The status the document declares for the success.
        #expect(answer.statusCode == 201)
        #expect(created.values == [newPet])

        let history = try await VisitsAPI(client: engine).listVisits(
            petId: 42, since: CalendarDate(year: 2025, month: 1, day: 1), clinicLocale: .pt)
        let call = try #require(visits.values.first)
        #expect(call.petId == 42)
        #expect(call.since == CalendarDate(year: 2025, month: 1, day: 1))
        #expect(call.clinicLocale == .pt)
        #expect(history.body.first?.reason == "checkup")
    }

    @Test func anUnstubbedOperationFailsWithItsName() async throws {
        var stubs = PetClinicAPIStubs()
        stubs.listPets = { _ in .ok([]) }
        let error = await #expect(throws: (any Error).self) {
            try await PetsAPI(client: Self.engine(stubs)).getPet(petId: 7)
        }
        #expect(String(describing: error).contains("getPet"))
    }

    @Test func errorStatusesAndThrownErrorsReachTheAppAsTheEngineMapsThem() async throws {
        struct Problem: Codable, Sendable { var message: String }
        var stubs = PetClinicAPIStubs()
        stubs.getPet = { _ in .status(404, Problem(message: "no such pet")) }
        stubs.deletePet = { _ in throw URLError(.timedOut) }
        let engine = Self.engine(stubs)
        let notFound = await #expect(throws: ServerResponseError.self) {
            try await PetsAPI(client: engine).getPet(petId: 7)
        }
        #expect(notFound?.statusCode == 404)
        await #expect(throws: TransportError.self) { try await PetsAPI(client: engine).deletePet(petId: 7) }
    }

    @Test func binaryTextAndEmptyAnswers() async throws {
        var stubs = PetClinicAPIStubs()
        stubs.getPetPhoto = { _ in .ok(Data([0x89, 0x50, 0x4E, 0x47])) }
        stubs.health = { _ in .ok("ok") }
        stubs.deletePet = { call in
            #expect(call.reason == .adopted)
            return .ok()
        }
        let engine = Self.engine(stubs)
        let photo = try await PetsAPI(client: engine).getPetPhoto(petId: 1)
        #expect(photo.body == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(photo.headers["Content-Type"] == "image/png")
        #expect(try await OwnersAPI(client: engine).health().body == "ok")
        #expect(try await PetsAPI(client: engine).deletePet(petId: 1, reason: .adopted).statusCode == 204)
    }

    @Test func aMiddlewareSeesTheBytesAServerWouldSend() async throws {
        let bodies = StubRecorder<Data>()
        var stubs = PetClinicAPIStubs()
        stubs.getPet = { _ in .ok(Self.rex) }
        let pet = try await PetsAPI(client: Self.engine(stubs, middlewares: [BodyTap(bodies: bodies)])).getPet(petId: 1)
        #expect(pet.body == Self.rex)
        let body = try #require(bodies.values.first)
        #expect(body == (try JSONCoding.encode(Self.rex)))
        #expect(String(decoding: body, as: UTF8.self).contains("\"created_at\":\"2023-11-14T22:13:20Z\""))
    }

    @Test func aRequestNotFromTheEngineOrOfAnotherModuleIsRefusedByName() async throws {
        let transport = PetClinicAPIStubs().transport
        var request = TransportRequest(url: URL(string: "https://clinic.example.invalid/api/pets")!, method: .get)
        await #expect(throws: StubError.self) { try await transport.send(request) }
        request.operationName = "listInvoices"
        let error = await #expect(throws: StubError.self) { try await transport.send(request) }
        #expect(error?.description.contains("listInvoices") == true)
    }

    @Test func theTransportKeepsTheClosuresItWasMadeWith() async throws {
        var stubs = PetClinicAPIStubs()
        stubs.getPet = { _ in .ok(Self.rex) }
        let engine = Self.engine(stubs)
        stubs.getPet = { _ in .status(500) }
        #expect(try await PetsAPI(client: engine).getPet(petId: 1).body == Self.rex)
    }
}

struct BodyTap: APIMiddleware {
    let bodies: StubRecorder<Data>
    func intercept(
        _ request: APIRequest, operation: String, next: @Sendable (APIRequest) async throws -> RawResponse
    ) async throws -> RawResponse {
        let response = try await next(request)
        bodies.record(response.body)
        return response
    }
}
