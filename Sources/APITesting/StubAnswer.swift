import APIRuntime
import Foundation

/// A stub's answer to one operation: its success value, or an error status with a typed body, or
/// bytes exactly as given. The transport sends the encoding a server would (status, headers,
/// JSON), so the engine's decoding, error mapping and middlewares all run on it.
public struct StubAnswer<Success: Sendable>: Sendable {
    enum Content: Sendable {
        case success(Success, status: Int?, headers: HeaderFields)
        case response(@Sendable () throws -> TransportResponse)
    }
    let content: Content

    /// The operation's success with `value`; `status` defaults to the one the document declares.
    public static func ok(_ value: Success, status: Int? = nil, headers: HeaderFields = [:]) -> Self {
        Self(content: .success(value, status: status, headers: headers))
    }

    /// Any status with `body` as JSON: a documented error (`.status(404, ErrorBody(...))`) or an
    /// answer the document does not describe.
    public static func status(_ code: Int, _ body: some Encodable & Sendable, headers: HeaderFields = [:]) -> Self {
        Self(
            content: .response {
                var headers = headers
                if headers["Content-Type"] == nil { headers.set("Content-Type", "application/json") }
                return TransportResponse(statusCode: code, headers: headers, body: try JSONCoding.encode(body))
            })
    }

    /// Any status without a body (`.status(429, headers: ["Retry-After": "1"])`).
    public static func status(_ code: Int, headers: HeaderFields = [:]) -> Self {
        Self(content: .response { TransportResponse(statusCode: code, headers: headers) })
    }

    /// Exactly these bytes: a malformed or undocumented answer, to test how the app copes.
    public static func response(_ response: TransportResponse) -> Self { Self(content: .response { response }) }
}

extension StubAnswer where Success == Void {
    /// The operation's success without content.
    public static func ok(status: Int? = nil, headers: HeaderFields = [:]) -> Self {
        Self(content: .success((), status: status, headers: headers))
    }
}

/// How generated routes turn an answer into a response, by the operation's success media type.
extension StubAnswer {
    func response(
        defaultStatus: Int, contentType: String?, encode: (Success) throws -> Data
    ) throws -> TransportResponse {
        switch content {
        case .response(let make): return try make()
        case .success(let value, let status, var headers):
            if let contentType, headers["Content-Type"] == nil { headers.set("Content-Type", contentType) }
            return TransportResponse(statusCode: status ?? defaultStatus, headers: headers, body: try encode(value))
        }
    }
}

extension StubAnswer where Success: Encodable {
    public func json(defaultStatus: Int, contentType: String = "application/json") throws -> TransportResponse {
        try response(defaultStatus: defaultStatus, contentType: contentType) { try JSONCoding.encode($0) }
    }
}

extension StubAnswer where Success == Data {
    public func binary(defaultStatus: Int, contentType: String) throws -> TransportResponse {
        try response(defaultStatus: defaultStatus, contentType: contentType) { $0 }
    }
}

extension StubAnswer where Success == String {
    public func text(defaultStatus: Int, contentType: String) throws -> TransportResponse {
        try response(defaultStatus: defaultStatus, contentType: contentType) { Data($0.utf8) }
    }
}

extension StubAnswer where Success == Void {
    public func empty(defaultStatus: Int) throws -> TransportResponse {
        try response(defaultStatus: defaultStatus, contentType: nil) { _ in Data() }
    }
}

extension StubAnswer where Success: Decodable {
    /// The success decoded from JSON text (a document's example), sent re-encoded as the type
    /// encodes it; throws, naming the type, when the text does not decode.
    public static func example(_ json: String, status: Int? = nil) throws -> Self {
        do {
            return .ok(try JSONCoding.decode(Success.self, from: Data(json.utf8)), status: status)
        } catch {
            throw StubError.undecodable(operation: "\(Success.self)", name: "the example", reason: "\(error)")
        }
    }
}

/// A streamed success (`APIResponse<ResponseStream<Item>>`): the stub answers with all its items
/// at once, each framed as the operation's media type frames it, so the engine's stream reader
/// splits and decodes them as it would a server's.
extension StubAnswer {
    /// Each item as JSON, in `framing`'s envelope: an event's `data` line, a line, or an RFC 7464
    /// record.
    public func stream<Item: Encodable & Sendable>(
        defaultStatus: Int, contentType: String, framing: StreamFraming
    ) throws -> TransportResponse where Success == [Item] {
        try response(defaultStatus: defaultStatus, contentType: contentType) { items in
            var body = Data()
            for item in items {
                // Compact JSON is one line: newlines inside strings are escaped.
                let json = try JSONCoding.encode(item)
                switch framing {
                case .serverSentEvents: body += Data("data: ".utf8) + json + Data("\n\n".utf8)
                case .jsonLines: body += json + Data("\n".utf8)
                case .jsonSequence: body += Data([0x1E]) + json + Data("\n".utf8)
                }
            }
            return body
        }
    }

    /// Untyped events, written field by field (`event`, one `data` line per line of data, `id`,
    /// `retry`).
    public func events(defaultStatus: Int, contentType: String) throws -> TransportResponse
    where Success == [ServerSentEvent] {
        try response(defaultStatus: defaultStatus, contentType: contentType) { events in
            var text = ""
            for event in events {
                if let name = event.event { text += "event: \(name)\n" }
                for line in event.data.split(separator: "\n", omittingEmptySubsequences: false) {
                    text += "data: \(line)\n"
                }
                if let id = event.id { text += "id: \(id)\n" }
                if let retry = event.retry { text += "retry: \(retry)\n" }
                text += "\n"
            }
            return Data(text.utf8)
        }
    }

    /// One item decoded from JSON text (a document's example), answered as a stream of that item;
    /// throws, naming the type, when the text does not decode.
    public static func example<Item: Decodable & Sendable>(item json: String, status: Int? = nil) throws -> Self
    where Success == [Item] {
        do {
            return .ok([try JSONCoding.decode(Item.self, from: Data(json.utf8))], status: status)
        } catch {
            throw StubError.undecodable(operation: "\(Item.self)", name: "the example", reason: "\(error)")
        }
    }
}
