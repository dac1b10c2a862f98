import APIRuntime
import APITesting
import Foundation
import PetClinicAPI
import PetClinicAPITesting
import Testing

/// `PetClinicAPIStubs.examples`: every operation answers, offline, with a value its type decodes.
struct PetClinicExamplesTests {
    @Test func everyOperationAnswersWithAnExampleItsTypeDecodes() async throws {
        try await Self.callEveryOperation(PetClinicStubsTests.engine(.examples))
    }

    /// Every operation of PetClinicAPI once, checking what each example answer decodes to.
    static func callEveryOperation(_ engine: APIEngine) async throws {
        let pets = PetsAPI(client: engine)
        let listed = try await pets.listPets(xRequestId: "id-1")
        #expect(listed.body.count == 1)
        #expect(listed.body.first?.species.isKnown == true)
        #expect(try await pets.createPet(body: NewPet(name: "Rex", species: .dog)).statusCode == 201)
        #expect(try await pets.getPet(petId: 1).body.createdAt == Date(timeIntervalSince1970: 1_706_702_400))
        #expect(try await pets.updatePet(petId: 1).body.name.isEmpty == false)
        #expect(try await pets.deletePet(petId: 1).statusCode == 204)
        #expect(try await pets.getPetPhoto(petId: 1).headers["Content-Type"] == "image/png")

        let visits = VisitsAPI(client: engine)
        let history = try await visits.listVisits(petId: 1)
        // Bounds hold: the schema's minimum for the cost.
        #expect(history.body.allSatisfy { ($0.cost ?? 0) >= 0 })
        _ = try await visits.recordVisit(
            petId: 1, body: Visit(date: CalendarDate(year: 2026, month: 1, day: 2), reason: "checkup"))

        let owners = OwnersAPI(client: engine)
        #expect(try await owners.getOwner(ownerId: "own_1").body.id.isEmpty == false)
        // The discriminator's value selects the union member the example was built from.
        guard case .email(let contact) = try await owners.getOwnerContact(ownerId: "own_1").body else {
            Issue.record("the example contact is not the discriminated email member")
            return
        }
        #expect(contact.address.contains("@"))
        #expect(try await owners.health().body.isEmpty == false)
        #expect(try await owners.openSession().body.expiresAt == Date(timeIntervalSince1970: 1_706_702_400))
    }

    @Test func aTestReplacesOnlyTheAnswersItCaresAbout() async throws {
        var stubs = PetClinicAPIStubs.examples
        stubs.getPet = { call in .ok(PetClinicStubsTests.rex, status: call.petId == 1 ? 200 : 404) }
        let engine = PetClinicStubsTests.engine(stubs)
        #expect(try await PetsAPI(client: engine).getPet(petId: 1).body == PetClinicStubsTests.rex)
        #expect(try await PetsAPI(client: engine).listPets(xRequestId: "id-1").body.count == 1)
    }

    @Test func everyJSONExampleDecodes() throws {
        try PetClinicAPIStubs.checkExamples()
    }

    @Test func anExampleThatDoesNotDecodeFailsNamingTheType() throws {
        #expect(throws: StubError.self) { try StubAnswer<Pet>.example("{\"name\": 1}") }
    }
}
