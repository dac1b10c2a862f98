import APIRuntime
import APITesting
import AssinafyAPI
import Foundation

/// A request as the fake's handlers see it.
struct FakeRequest {
    /// The document's operation the engine named, if it has one.
    var operation: String?
    var pathTemplate: String?
    /// Path parameters by name, percent-decoded.
    var params: [String: String]
    /// The request as the generated stubs read it back, for their typed `<Operation>Call`s.
    var stub: StubRequest?
    var method: String
    var path: String
    var query: [(name: String, value: String)]
    var headers: HeaderFields
    var body: Data
    /// `scheme://host[:port]` the client addressed, for URLs in answers.
    var origin: String

    /// The generated `<Operation>Call` of this request: its typed path, query and body, decoded
    /// as a stub would; a 400 like the API's when the body does not fit the document.
    func call<Call>(_ read: (StubRequest) throws -> Call) throws -> Call {
        guard let stub else { throw FakeAPIError.invalid("The request names no operation.") }
        do { return try read(stub) } catch {
            throw FakeAPIError.invalid("Invalid data in request body: \(error)")
        }
    }

    func query(_ name: String) -> String? { query.first { $0.name == name }?.value }

    func queryBool(_ name: String) -> Bool? {
        query(name).map { ["1", "true", "yes", "on"].contains($0.lowercased()) }
    }

    func queryInt(_ name: String) -> Int? { query(name).flatMap { Int($0) } }

    /// The body as JSON; a 400 like the API's when it is not.
    func json() throws -> JSONValue? {
        guard !body.isEmpty else { return nil }
        do { return try JSONValue(parsing: body) } catch {
            throw FakeAPIError.invalid("Invalid JSON data in request body")
        }
    }

    func object() throws -> JSONObject {
        guard let value = try json() else { return [:] }
        guard case .object(let object) = value else {
            throw FakeAPIError.invalid("The request body must be a JSON object.")
        }
        return object
    }

    /// The part named `name` of a `multipart/form-data` body: its filename and bytes.
    func multipartPart(named name: String) throws -> (filename: String?, data: Data)? {
        let contentType = headers["Content-Type"] ?? ""
        guard contentType.lowercased().contains("multipart/form-data"),
            let boundary = contentType.split(separator: ";").lazy
                .map({ $0.trimmingCharacters(in: .whitespaces) })
                .first(where: { $0.lowercased().hasPrefix("boundary=") })?.dropFirst("boundary=".count)
        else { throw FakeAPIError.invalid("Expected a multipart/form-data body.") }
        let delimiter = Data(("--" + boundary.trimmingCharacters(in: CharacterSet(charactersIn: "\""))).utf8)
        let separator = Data("\r\n\r\n".utf8)
        var segments: [Data] = []
        var rest = body[...]
        while let range = rest.range(of: delimiter) {
            segments.append(Data(rest[rest.startIndex..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        for segment in segments.dropFirst() {
            guard let split = segment.range(of: separator) else { continue }
            let head = String(decoding: segment[segment.startIndex..<split.lowerBound], as: UTF8.self)
            var payload = Data(segment[split.upperBound...])
            if payload.suffix(2) == Data("\r\n".utf8) { payload.removeLast(2) }
            guard head.contains("name=\"\(name)\"") else { continue }
            let filename = head.components(separatedBy: "filename=\"").dropFirst().first?
                .components(separatedBy: "\"").first
            return (filename, payload)
        }
        return nil
    }
}

/// An answer before it is encoded.
struct FakeReply {
    var status: Int
    var headers: [(String, String)] = []
    var body: Data
    var contentType: String? = "application/json; charset=UTF-8"

    /// `{status: 200, message, data}` around `data`, encoded with the generated model types.
    static func ok<T: Codable & Hashable & Sendable>(
        _ data: T, message: String = "", headers: [(String, String)] = []
    ) throws -> FakeReply {
        let envelope = EnvelopeOf<T>(status: 200, message: message, data: data)
        return FakeReply(status: 200, headers: headers, body: try JSONCoding.encode(envelope))
    }

    /// `{status: 200, message}` with no data (operations whose answer is the bare envelope).
    static func message(_ text: String) throws -> FakeReply {
        FakeReply(status: 200, body: try JSONCoding.encode(Envelope(status: 200, message: text)))
    }

    static func error(_ error: FakeAPIError) -> FakeReply {
        let envelope = ErrorEnvelope(status: error.status, message: error.message, additionalFields: error.extra)
        let body = (try? JSONCoding.encode(envelope)) ?? Data()
        return FakeReply(status: error.status, headers: error.headers, body: body)
    }

    static func binary(_ data: Data, contentType: String, filename: String? = nil) -> FakeReply {
        var headers: [(String, String)] = []
        if let filename { headers.append(("Content-Disposition", "attachment; filename=\"\(filename)\"")) }
        return FakeReply(status: 200, headers: headers, body: data, contentType: contentType)
    }
}

/// What one handler call sees: the state, the request and its path parameters.
struct FakeContext {
    let state: FakeState
    let request: FakeRequest
    let params: [String: String]
    /// The signer the access code names (signer operations only).
    var session: (assignment: FakeAssignment, signerId: String)?
    /// Who the workspace credential belongs to (workspace operations only).
    var principal: FakePrincipal?

    func param(_ name: String) -> String { params[name] ?? "" }

    /// The answer the API gives a list: a page of `items` and the `X-Pagination-*` and `Link`
    /// headers (`per-page` clamped to 1…50, a page past the end answers the last one).
    func paged<Item, Model: Codable & Hashable & Sendable>(
        _ items: some Sequence<Item>, defaultPerPage: Int = 20, _ view: (Item) throws -> Model
    ) throws -> FakeReply {
        let items = Array(items)
        let perPage = max(1, min(50, request.queryInt("per-page") ?? defaultPerPage))
        let total = items.count
        let pageCount = (total + perPage - 1) / perPage
        var page = max(1, request.queryInt("page") ?? 1)
        if pageCount > 0 && page > pageCount { page = pageCount }
        if pageCount == 0 { page = 1 }
        let start = min(total, (page - 1) * perPage)
        let chunk = items[start..<min(total, start + perPage)]
        var headers = [
            ("X-Pagination-Current-Page", String(page)), ("X-Pagination-Page-Count", String(pageCount)),
            ("X-Pagination-Per-Page", String(perPage)), ("X-Pagination-Total-Count", String(total)),
        ]
        let kept = request.query.filter { $0.name != "page" && $0.name != "per-page" }
        func link(_ number: Int, _ rel: String) -> String {
            var components = URLComponents()
            components.queryItems =
                kept.map { URLQueryItem(name: $0.name, value: $0.value) } + [
                    URLQueryItem(name: "page", value: String(number)),
                    URLQueryItem(name: "per-page", value: String(perPage)),
                ]
            return "<\(request.origin)\(request.path)?\(components.percentEncodedQuery ?? "")>; rel=\(rel)"
        }
        var links = [link(page, "self")]
        if pageCount > 0 {
            links.append(link(1, "first"))
            if page > 1 { links.append(link(page - 1, "prev")) }
            if page < pageCount { links.append(link(page + 1, "next")) }
            links.append(link(pageCount, "last"))
        }
        headers.append(("Link", links.joined(separator: ", ")))
        return try FakeReply.ok(try chunk.map(view), headers: headers)
    }
}

extension JSONObject {
    func string(_ key: String) -> String? { self[key]?.stringValue }
    func trimmed(_ key: String) -> String? {
        guard let text = string(key)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }
    func strings(_ key: String) -> [String]? { self[key]?.arrayValue?.compactMap(\.stringValue) }
    func objects(_ key: String) -> [JSONObject]? { self[key]?.arrayValue?.compactMap(\.objectValue) }
}
