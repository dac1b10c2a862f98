import APIRuntime
import Kennel

/// Counts calls per operation: a middleware sees every request before it is sent.
struct CallCounter: APIMiddleware {
    let record: @Sendable (String) -> Void

    func intercept(
        _ request: APIRequest, operation: String, next: @Sendable (APIRequest) async throws -> RawResponse
    ) async throws -> RawResponse {
        record(operation)
        return try await next(request)
    }
}

func kennelExample(apiKey: String) async throws {
    // A server from the document, and the credential of its `api_key` scheme: the engine
    // sends it as the `api_key` header the scheme declares, to that origin only.
    let engine = APIEngine(
        configuration: APIEngineConfiguration(
            baseURL: try Servers.regional(region: "us"),
            credentials: [SecurityScheme.apiKey.name: .apiKey(apiKey)]),
        middlewares: [CallCounter { print("calling", $0) }])

    let pets = PetsAPI(client: engine)
    let available = try await pets.listPets(status: [.available], limit: 20)
    for pet in available.body { print(pet.name, pet.tags ?? []) }

    do {
        try await pets.deletePet(petId: 7)
    } catch let error as ServerResponseError where error.statusCode == 404 {
        print("already gone:", error.message)
    }
}
