import Foundation

/// Things. Doc comments may mention `context.adminAPI.purge()`; that is not a call.
public struct ThingsResource: Sendable {
    let context: ClientContext
    /// An accessor of the resource's own, over a different transport: calls through it count.
    private var direct: ThingsAPI { ThingsAPI(client: CountingTransport(base: context.transport)) }

    public func count() async throws -> Int {
        try await direct.listThings(page: 1).count
    }

    public func list(page: Int = 1) async throws -> [Thing] {
        // context.adminAPI.purge(   <- a comment, not a call
        let note = "context.adminAPI.purge(now)"
        let raw = #"context.adminAPI.purge("quoted \(inside)")"#
        let multi = """
            context.adminAPI.purge()
            "still inside" context.adminAPI.purge(
            """
        _ = (note, raw, multi)
        return try await context.things
            .listThings(page: page)
    }

    public func get(_ id: String) async throws -> Thing {
        try await self.context.things.getThing(id: id)
    }

    /// Reaches `createThing` through a private helper.
    public func create(name: String) async throws -> Thing {
        try await createInternal(name)
    }

    private func createInternal(_ name: String) async throws -> Thing {
        /* a /* nested */ block comment: context.adminAPI.purge( */
        let label = "\(name) context.adminAPI.purge(\("x"))"
        return try await context.things.createThing(body: ThingInput(name: label))
    }

    public func remove(_ id: String) async throws {
        _ = try await context.things.`deleteThing`(id: id)
    }

    public func archive(_ id: String) async throws {
        try await context.things.archiveThing(id: id)
    }
}
