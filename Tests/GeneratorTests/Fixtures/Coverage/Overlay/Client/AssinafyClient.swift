import Foundation

public final class AssinafyClient: Sendable {
    let context: ClientContext
    public let things: ThingsResource
    public let admin: AdminResource
    /// Held privately: its public methods are not reachable by apps.
    private let maintenance: MaintenanceResource

    init(context: ClientContext) {
        self.context = context
        things = ThingsResource(context: context)
        admin = AdminResource(context: context)
        maintenance = MaintenanceResource(context: context)
    }
}

extension AssinafyClient {
    /// Orchestration on the client itself, through its resource properties.
    public func createAndFetch(name: String) async throws -> Thing {
        let created = try await things.create(name: name)
        return try await self.things.get(created.id)
    }
}
