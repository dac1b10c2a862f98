import Foundation

public struct AdminResource: Sendable {
    let context: ClientContext

    public func stats() async throws -> Int {
        try await loadStats()
    }

    func loadStats() async throws -> Int {
        let response = try await context.adminAPI.getStats()
        return response.count ?? 0
    }

    /// Reaches `getStats` through a helper type built in place.
    public func report() async throws -> Int {
        try await StatsPoller(context: context).run(times: 2)
    }

    /// Calls a generated function that does not exist: reported as a warning.
    public func frobnicate() async throws {
        try await context.things.frobnicate()
    }
}

extension AdminResource {
    /// Internal: apps cannot call it, so `purge` stays unreachable.
    func purgeEverything() async throws {
        try await context.adminAPI.purge()
    }
}

/// Only held in a private property of the client.
public struct MaintenanceResource: Sendable {
    let context: ClientContext

    public func purge() async throws {
        try await context.adminAPI.purge()
    }
}

/// Not held by the client; reached only through `admin.report`.
struct StatsPoller {
    let context: ClientContext

    func run(times: Int) async throws -> Int {
        try await context.adminAPI.getStats().count ?? 0
    }
}
