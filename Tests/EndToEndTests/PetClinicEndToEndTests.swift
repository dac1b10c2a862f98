import Foundation
import PetClinicAPI
import Testing

/// petstore-3.0.yaml (OpenAPI 3.0): an API key in a header or a session cookie, path, query
/// (exploded and comma arrays), header and cookie parameters, JSON bodies, allOf and a
/// discriminated oneOf, a binary and a text answer.
@Suite(.enabled(if: MockServer.python != nil, "no Python for the mock server"))
struct PetClinicEndToEndTests {
    @Test func twelveOperationsPassTheMocksValidation() async throws {
        try await MockServer.run("petstore-3.0.yaml", minimumOperations: 12) { mock in
            let engine = mock.engine(["apiKeyHeader": .apiKey("clinic-key-1")])
            let pets = PetsAPI(client: engine)
            let listed = try await pets.listPets(
                xRequestId: "00000000-0000-4000-8000-000000000001", species: [.dog, .cat], tags: ["calm", "old"],
                limit: 5)
            #expect(listed.body.first?.id != nil)
            #expect(ListPetsHeaders(listed.headers).xTotalCount != nil)
            let created = try await pets.createPet(
                body: NewPet(name: "Rex", species: .dog, birthDate: CalendarDate(year: 2020, month: 2, day: 29),
                    tags: ["calm"], weightKg: .null))
            #expect(created.statusCode == 201)
            _ = try await pets.getPet(petId: 42)
            _ = try await pets.updatePet(petId: 42, body: PetUpdate(name: "Rexy", weightKg: .value(12.5)))
            #expect(try await pets.deletePet(petId: 42, reason: .adopted).statusCode == 204)
            #expect(try await pets.getPetPhoto(petId: 42).body.isEmpty == false)

            // The session cookie instead of the key, with a cookie parameter next to it.
            let visits = VisitsAPI(client: mock.engine(["sessionCookie": .apiKey("session-9")]))
            let history = try await visits.listVisits(
                petId: 42, since: CalendarDate(year: 2025, month: 1, day: 1), clinicLocale: .pt)
            #expect(history.body.allSatisfy { !$0.reason.isEmpty })
            _ = try await visits.recordVisit(
                petId: 42, body: Visit(date: CalendarDate(year: 2026, month: 3, day: 4), reason: "checkup", cost: 40))

            let owners = OwnersAPI(client: engine)
            #expect(try await owners.getOwner(ownerId: "own_abc", acceptLanguage: "pt-BR").body.id.isEmpty == false)
            guard case .email(let contact) = try await owners.getOwnerContact(ownerId: "own_abc").body else {
                Issue.record("the discriminator did not route to EmailContact")
                return
            }
            #expect(contact.address.contains("@"))
            #expect(try await owners.health().body.isEmpty == false)
            _ = try await owners.openSession()

            let recorded = try await mock.requests()
            let visitCall = recorded.first { $0.operationId == "listVisits" }
            #expect(visitCall?.cookies == ["clinic_locale": "pt", "clinic_session": "session-9"])
            let listCall = recorded.first { $0.operationId == "listPets" }
            #expect(listCall?.query.map { $0.joined(separator: "=") } == ["species=dog", "species=cat", "tags=calm,old", "limit=5"])
        }
    }
}
