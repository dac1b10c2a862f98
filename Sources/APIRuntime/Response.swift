import Foundation

/// The answer to an `APIRequest` at the end of its redirect chain, before it is decoded.
/// (Not `HTTPResponse`, the name swift-http-types uses.)
public struct RawResponse: Sendable {
    public var statusCode: Int
    public var headers: HeaderFields
    public var body: Data
    /// Where the answer came from (the last hop of a redirect chain), without its query.
    public var url: URL?
    /// `true` when the answer came from another origin than the client's base URL (a followed
    /// cross-origin redirect): such a 401 says nothing about the client's credentials.
    public var isFromOtherOrigin: Bool
    /// Why the engine did not follow this 3xx, when it is one; the engine throws
    /// `ServerResponseError` for it after the middlewares have seen it.
    public var refusedRedirect: String?
    /// Where the body is, when the request streamed it to a file (`APIRequest.downloadDestination`);
    /// `body` is then empty. Inside the middleware chain this is a private file the engine moves
    /// into place (or removes) when the call ends.
    public var bodyFile: URL?
    /// The body of a 2xx answer to a request that streams it (`APIRequest.streamsResponse`), as
    /// it arrives; `body` is then empty. Other answers arrive whole in `body`.
    public var bodyStream: ResponseBodyStream?

    public init(
        statusCode: Int, headers: HeaderFields = HeaderFields(), body: Data = Data(), url: URL? = nil,
        isFromOtherOrigin: Bool = false, refusedRedirect: String? = nil
    ) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
        self.isFromOtherOrigin = isFromOtherOrigin
        self.refusedRedirect = refusedRedirect
    }

    /// Decodes the body as `T` with the runtime's JSON rules. A body that does not match the
    /// documented shape is a contract violation, reported as `EngineError`.
    public func decode<T: Decodable & Sendable>(_ type: T.Type) throws -> APIResponse<T> {
        do {
            return APIResponse(body: try JSONCoding.decode(type, from: body), statusCode: statusCode, headers: headers)
        } catch let error as DecodingError {
            throw EngineError(
                "The response did not match the documented \(T.self)",
                context: ["status": String(statusCode), "detail": RawResponse.describe(error)], underlyingError: error)
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        }
        switch error {
        case .typeMismatch(let type, let context): return "\(path(context)): expected \(type)"
        case .valueNotFound(let type, let context): return "\(path(context)): missing \(type)"
        case .keyNotFound(let key, let context): return "\(path(context)).\(key.stringValue): missing"
        case .dataCorrupted(let context): return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "undecodable"
        }
    }

    /// The body bytes as they arrived (downloads).
    public func data() -> APIResponse<Data> {
        APIResponse(body: body, statusCode: statusCode, headers: headers)
    }

    /// The body as text in the charset its `Content-Type` names (UTF-8 when it names none);
    /// bytes that are not valid in that charset are an `EngineError`, never replaced.
    @_alwaysEmitIntoClient public func text() throws -> APIResponse<String> {
        let charset = MediaType.charset(of: headers["Content-Type"])
        let encoding: String.Encoding
        switch charset {
        case nil, "utf-8", "utf8", "us-ascii", "ascii": encoding = .utf8
        case "iso-8859-1", "latin1", "iso-latin-1": encoding = .isoLatin1
        case "utf-16": encoding = .utf16
        case "utf-16le": encoding = .utf16LittleEndian
        case "utf-16be": encoding = .utf16BigEndian
        default:
            throw EngineError(
                "The response's charset is not supported",
                context: ["charset": charset ?? "", "status": String(statusCode)])
        }
        guard let text = String(data: body, encoding: encoding) else {
            throw EngineError(
                "The response is not valid \(charset ?? "utf-8") text",
                context: ["status": String(statusCode), "bodyBytes": String(body.count)])
        }
        return APIResponse(body: text, statusCode: statusCode, headers: headers)
    }

    /// No body is expected.
    public func empty() -> APIResponse<Void> {
        APIResponse(body: (), statusCode: statusCode, headers: headers)
    }
}

/// A typed response: the decoded body plus the status and every header (pagination lives there).
public struct APIResponse<Body: Sendable>: Sendable {
    public var body: Body
    public var statusCode: Int
    public var headers: HeaderFields

    public init(body: Body, statusCode: Int, headers: HeaderFields) {
        self.body = body
        self.statusCode = statusCode
        self.headers = headers
    }

    public func map<T: Sendable>(_ transform: (Body) throws -> T) rethrows -> APIResponse<T> {
        APIResponse<T>(body: try transform(body), statusCode: statusCode, headers: headers)
    }
}

/// Performs operations: what generated code calls. `APIEngine` is the implementation; a test
/// double or a product layer may provide another.
///
/// Contract: `send` returns only 2xx answers; everything else is thrown.
public protocol APIClientProtocol: Sendable {
    func send(_ request: APIRequest) async throws -> RawResponse
    /// Turns an error raised while reading an answer (decoding, say) into the one this client
    /// throws, so every failure of a call arrives in the same vocabulary. The default keeps it.
    func translate(_ error: any Error) -> any Error
    /// This client with `middleware` added: it sees every request before it is sent and every
    /// answer before it is judged. The default decorates any client; `APIEngine` adds it to its
    /// own chain.
    func adding(_ middleware: any APIMiddleware) -> any APIClientProtocol
}

extension APIClientProtocol {
    public func translate(_ error: any Error) -> any Error { error }

    public func adding(_ middleware: any APIMiddleware) -> any APIClientProtocol {
        MiddlewareClient(base: self, middleware: middleware)
    }

    /// Sends `request` and reads its answer with `read`; an error from either comes out
    /// translated. Generated functions end with this.
    public func perform<Output>(_ request: APIRequest, _ read: (RawResponse) throws -> Output) async throws -> Output {
        let response = try await send(request)
        do {
            return try read(response)
        } catch {
            throw translate(error)
        }
    }
}

/// A middleware applied over a client that has no chain of its own.
struct MiddlewareClient: APIClientProtocol {
    let base: any APIClientProtocol
    let middleware: any APIMiddleware

    func send(_ request: APIRequest) async throws -> RawResponse {
        let base = self.base
        do {
            return try await middleware.intercept(request, operation: request.operationName) {
                try await base.send($0)
            }
        } catch {
            throw base.translate(error)
        }
    }

    func translate(_ error: any Error) -> any Error { base.translate(error) }
}

/// A step every request of a client passes through, in the order the client lists them: the
/// first middleware sees the request first and the answer last.
///
/// A middleware may change the request, answer without calling `next` (a test double, a cache),
/// call `next` more than once (after refreshing a credential, say), inspect or replace the
/// answer, or throw. Answers arrive whatever their status; the engine judges the status after
/// the whole chain has returned.
public protocol APIMiddleware: Sendable {
    func intercept(
        _ request: APIRequest, operation: String,
        next: @Sendable (APIRequest) async throws -> RawResponse
    ) async throws -> RawResponse
}

/// The SDK's single JSON configuration.
public enum JSONCoding {
    /// Parses with `JSONValue(parsing:)` and decodes from that tree (`TreeDecoder`): member order
    /// and 64-bit integers survive into `JSONValue` members, and it is faster than `JSONDecoder`
    /// for the generated models, which keep unknown members.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try TreeDecoder.decode(type, from: try JSONValue(parsing: data), codingPath: [])
    }

    /// Compact JSON with members in the order `encode(to:)` writes them (`TreeEncoder`): schema
    /// order for generated models, the caller's order for `JSONValue`, stable across runs and
    /// platforms without sorting.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        try TreeEncoder.encode(value).jsonData()
    }
}
