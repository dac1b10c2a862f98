import APIRuntime
import Foundation

/// `AssinafyFake` as an `HTTPTransport`: bytes in, bytes out, never a socket.
struct FakeTransport: HTTPTransport {
    let fake: AssinafyFake

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await fake.serve(request)
    }

    static func parse(_ request: TransportRequest) throws -> FakeRequest {
        let body: Data
        switch request.body {
        case .data(let data)?: body = data
        case .file(let url, _)?: body = try Data(contentsOf: url)
        case nil: body = Data()
        }
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        let query = (components?.queryItems ?? []).map { (name: $0.name, value: $0.value ?? "") }
        var origin = "\(components?.scheme ?? "https")://\(components?.host ?? "api.example.invalid")"
        if let port = components?.port { origin += ":\(port)" }
        return FakeRequest(
            method: request.method.rawValue.uppercased(), path: components?.path ?? request.url.path, query: query,
            headers: request.headers, body: body, origin: origin)
    }

    /// The most specific route of this shape and method.
    static func route(method: String, path: String) -> FakeRoute? {
        let segments = pathSegments(path)
        return FakeRoute.all.filter { $0.method == method && $0.match(segments) != nil }
            .max { $0.specificity < $1.specificity }
    }

    static func pathSegments(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    static func response(_ reply: FakeReply) -> TransportResponse {
        var headers = HeaderFields()
        if let contentType = reply.contentType, !reply.body.isEmpty { headers.add("Content-Type", contentType) }
        for (name, value) in reply.headers { headers.add(name, value) }
        headers.add("Content-Length", String(reply.body.count))
        return TransportResponse(statusCode: reply.status, headers: headers, body: reply.body)
    }
}

/// Authentication, then the handler of the operation.
struct FakeServer {
    let state: FakeState

    static let unauthorized = "Your request was made with invalid credentials."

    func answer(_ request: FakeRequest, route: FakeRoute?) -> FakeReply {
        guard let route else { return unknownRoute(request) }
        let params = route.match(FakeTransport.pathSegments(request.path)) ?? [:]
        var context = FakeContext(state: state, request: request, params: params, session: nil)
        do {
            switch route.security {
            case .account:
                guard authenticated(request) else {
                    throw FakeAPIError(
                        status: 401, message: Self.unauthorized, headers: [("WWW-Authenticate", "Bearer realm=\"api\"")]
                    )
                }
            case .signer:
                guard let code = request.query("signer-access-code"), let found = state.accessCodes[code],
                    let assignment = state.assignments[found.assignmentId]
                else { throw FakeAPIError(status: 401, message: Self.unauthorized) }
                context.session = (assignment, found.signerId)
            case .open: break
            }
            if let reply = try handle(route.operation, context) { return reply }
            return .error(
                FakeAPIError(status: 501, message: "AssinafyFake does not implement \(route.operation) yet."))
        } catch let error as FakeAPIError {
            return .error(error)
        } catch {
            return .error(FakeAPIError(status: 500, message: "An unexpected error occurred."))
        }
    }

    private func authenticated(_ request: FakeRequest) -> Bool {
        if let key = request.headers["X-Api-Key"] { return key == state.apiKey }
        return request.headers["Authorization"] == "Bearer \(state.token)"
    }

    private func handle(_ operation: String, _ context: FakeContext) throws -> FakeReply? {
        if let reply = try documentsHandler(operation, context) { return reply }
        if let reply = try signersHandler(operation, context) { return reply }
        if let reply = try signingHandler(operation, context) { return reply }
        if let reply = try catalogHandler(operation, context) { return reply }
        if let reply = try accountsHandler(operation, context) { return reply }
        return try webhooksHandler(operation, context)
    }

    /// The framework's answer to a path no operation has: 405 with `Allow` when the path exists
    /// under another method, 404 otherwise.
    private func unknownRoute(_ request: FakeRequest) -> FakeReply {
        let segments = FakeTransport.pathSegments(request.path)
        let allowed = Array(Set(FakeRoute.all.filter { $0.match(segments) != nil }.map(\.method))).sorted()
        let status = allowed.isEmpty ? 404 : 405
        let object: JSONObject = [
            "name": .string(allowed.isEmpty ? "Not Found" : "Method Not Allowed"),
            "message": .string(allowed.isEmpty ? "Page not found." : "Method Not Allowed."), "code": 0,
            "status": .integer(Int64(status)),
        ]
        var reply = FakeReply(status: status, body: JSONValue.object(object).jsonData())
        if !allowed.isEmpty { reply.headers.append(("Allow", allowed.joined(separator: ", "))) }
        return reply
    }
}
