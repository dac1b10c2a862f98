import APIRuntime
import PetsAPI
import StoreAPI

// Compiles only when both plugins generated what their configurations ask for.
let animal = Animal(id: "pet-1", name: "Rex")
let order = Order(id: "order-1", quantity: 2)
let pets = AnimalsAPI(client: petStoreEngine(token: "t", user: "u", password: "p", partnerKey: "k"))
let calls: (AnimalsAPI) -> Void = { api in
    Task {
        _ = try await api.listPets()
        _ = try await api.adopt(petId: animal.id)
    }
}
print(animal.displayName, order.id ?? "", type(of: pets), type(of: calls), OrdersAPI.self)
