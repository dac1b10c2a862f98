import APIRuntime
import APITesting
import Foundation

/// `AssinafyFake` as an `HTTPTransport`: bytes in, bytes out, never a socket.
struct FakeTransport: HTTPTransport {
    let fake: AssinafyFake

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await fake.serve(request)
    }

    /// The request read back by its operation's path template (path parameters and query decoded
    /// as the generated stubs decode them); `operation` is nil when the engine named no operation
    /// the document has.
    static func parse(_ request: TransportRequest) throws -> FakeRequest {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        var origin = "\(components?.scheme ?? "https")://\(components?.host ?? "api.example.invalid")"
        if let port = components?.port { origin += ":\(port)" }
        let path = components?.path ?? request.url.path
        guard let name = request.operationName, let template = FakeRoutes.pathTemplate(for: name),
            let read = try? StubRequest(request, operationName: name, pathTemplate: template)
        else {
            let body: Data
            switch request.body {
            case .data(let data)?: body = data
            case .file(let url, _)?: body = try Data(contentsOf: url)
            case nil: body = Data()
            }
            return FakeRequest(
                operation: nil, pathTemplate: nil, params: [:], stub: nil, method: request.method.rawValue.uppercased(),
                path: path, query: [], headers: request.headers, body: body, origin: origin)
        }
        return FakeRequest(
            operation: name, pathTemplate: template, params: read.pathParameters, stub: read,
            method: request.method.rawValue.uppercased(), path: path,
            query: read.query.map { (name: $0.name, value: $0.value) }, headers: request.headers, body: read.body,
            origin: origin)
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

    func answer(_ request: FakeRequest) -> FakeReply {
        guard let operation = request.operation else { return unknownRoute(request) }
        var context = FakeContext(state: state, request: request, params: request.params, session: nil)
        do {
            switch FakeSecurity.of(operation) {
            case .account:
                guard let principal = state.principal(request) else {
                    throw FakeAPIError(
                        status: 401, message: Self.unauthorized, headers: [("WWW-Authenticate", "Bearer realm=\"api\"")]
                    )
                }
                context.principal = principal
            case .signer:
                guard let code = request.query("signer-access-code"), let found = state.accessCodes[code],
                    let assignment = state.assignments[found.assignmentId]
                else { throw FakeAPIError(status: 401, message: Self.unauthorized) }
                context.session = (assignment, found.signerId)
            case .open: break
            }
            if let reply = try handle(operation, context) { return reply }
            // Every operation of the documents has a handler (FakeRoutesTests calls each one);
            // this answers only an operation added to the document before the fake models it.
            return .error(FakeAPIError(status: 501, message: "AssinafyFake does not implement \(operation) yet."))
        } catch let error as FakeAPIError {
            return .error(error)
        } catch {
            return .error(FakeAPIError(status: 500, message: "An unexpected error occurred."))
        }
    }

    private func handle(_ operation: String, _ context: FakeContext) throws -> FakeReply? {
        if let reply = try documentsHandler(operation, context) { return reply }
        if let reply = try signersHandler(operation, context) { return reply }
        if let reply = try signingHandler(operation, context) { return reply }
        if let reply = try catalogHandler(operation, context) { return reply }
        if let reply = try fieldsHandler(operation, context) { return reply }
        if let reply = try usersHandler(operation, context) { return reply }
        if let reply = try assignmentsHandler(operation, context) { return reply }
        if let reply = try accountsHandler(operation, context) { return reply }
        if let reply = try credentialsHandler(operation, context) { return reply }
        if let reply = try oauthHandler(operation, context) { return reply }
        return try webhooksHandler(operation, context)
    }

    /// A request the engine did not name an operation of the document for (one sent to the
    /// transport by hand): the framework's 404, since the fake matches operations, not URLs.
    private func unknownRoute(_ request: FakeRequest) -> FakeReply {
        let object: JSONObject = [
            "name": "Not Found", "message": "Page not found.", "code": 0, "status": 404,
        ]
        return FakeReply(status: 404, body: JSONValue.object(object).jsonData())
    }
}
