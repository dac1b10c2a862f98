import Foundation

/// Accessors are mapped to generated groups from these declarations: `things` → ThingsAPI.
struct ClientContext: Sendable {
    let configuration: Configuration
    let transport: any HTTPClientProtocol

    var things: ThingsAPI { ThingsAPI(client: transport) }
    var adminAPI: AdminAPI { AdminAPI(client: transport) }

    /// Not a generated group: calls through it are not operations.
    func send(_ request: APIRequest) async throws -> Data {
        try await transport.send(request)
    }
}
