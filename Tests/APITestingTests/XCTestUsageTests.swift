import APIRuntime
import APITesting
import PetClinicAPI
import PetClinicAPITesting
import XCTest

/// The same stubs from XCTest: nothing in them depends on the test framework.
final class XCTestUsageTests: XCTestCase {
    func testStubsAnswerAndUnstubbedCallsFailWithTheOperationsName() async throws {
        var stubs = PetClinicAPIStubs()
        stubs.getPet = { call in .ok(PetClinicStubsTests.rex, status: call.petId == 1 ? 200 : 404) }
        let pets = PetsAPI(client: PetClinicStubsTests.engine(stubs))
        let pet = try await pets.getPet(petId: 1)
        XCTAssertEqual(pet.body, PetClinicStubsTests.rex)
        do {
            _ = try await pets.listPets(xRequestId: "id-1")
            XCTFail("an unstubbed operation answered")
        } catch {
            XCTAssertTrue(String(describing: error).contains("listPets"), "\(error)")
        }
    }
}
