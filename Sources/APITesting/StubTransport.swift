import APIRuntime
import Foundation

/// An `HTTPTransport` that answers by operation: each route reads the request back into the
/// operation's typed call and encodes the typed answer. Generated `<Module>Stubs.transport`
/// builds one; a value, so the stubs it was made from can change afterwards without affecting it.
public struct StubTransport: HTTPTransport {
    public typealias Handler = @Sendable (StubRequest) async throws -> TransportResponse

    struct Route: Sendable {
        var pathTemplate: String
        var handler: Handler
    }

    var routes: [String: Route] = [:]

    public init() {}

    /// Answers the operation called `operationName` (the generated `APIRequest.operationName`).
    public mutating func route(_ operationName: String, pathTemplate: String, handler: @escaping Handler) {
        routes[operationName] = Route(pathTemplate: pathTemplate, handler: handler)
    }

    /// The operations this transport answers, sorted.
    public var operationNames: [String] { routes.keys.sorted() }

    /// The path template of `operationName`, for a transport that serves these operations itself
    /// and reads their requests back with `StubRequest`.
    public func pathTemplate(for operationName: String) -> String? { routes[operationName]?.pathTemplate }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        guard let name = request.operationName, let route = routes[name] else {
            throw StubError.unknownOperation(request.operationName, url: request.url)
        }
        let stubRequest = try StubRequest(request, operationName: name, pathTemplate: route.pathTemplate)
        return try await route.handler(stubRequest)
    }
}
