import Foundation

/// The raw answer to an `APIRequest`, as the transport received it.
public struct HTTPResponse: Sendable {
    public var statusCode: Int
    public var headers: HTTPHeaders
    public var body: Data

    public init(statusCode: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// Decodes the body as `T` with the SDK's JSON rules.
    /// A body that does not match the documented shape is a contract violation, reported as
    /// `AssinafySDKError` (the SDK throws only its four error types).
    public func decode<T: Decodable & Sendable>(_ type: T.Type) throws -> APIResponse<T> {
        do {
            return APIResponse(body: try JSONCoding.decode(type, from: body), statusCode: statusCode, headers: headers)
        } catch let error as DecodingError {
            throw AssinafySDKError(
                "The response did not match the documented \(T.self)",
                context: ["status": String(statusCode), "detail": HTTPResponse.describe(error)], underlyingError: error)
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

    /// No body is expected.
    public func empty() -> APIResponse<Void> {
        APIResponse(body: (), statusCode: statusCode, headers: headers)
    }
}

/// A typed response: the decoded body plus the status and every header (pagination lives there).
public struct APIResponse<Body: Sendable>: Sendable {
    public var body: Body
    public var statusCode: Int
    public var headers: HTTPHeaders

    public init(body: Body, statusCode: Int, headers: HTTPHeaders) {
        self.body = body
        self.statusCode = statusCode
        self.headers = headers
    }

    public func map<T: Sendable>(_ transform: (Body) throws -> T) rethrows -> APIResponse<T> {
        APIResponse<T>(body: try transform(body), statusCode: statusCode, headers: headers)
    }
}

/// Sends requests. `AssinafyRuntime` ships the URLSession implementation; tests use stubs.
///
/// Contract: returns only 2xx answers whose body passed the envelope checks; everything else is
/// thrown as one of the SDK's error types (`APIError`, `ValidationError`, `NetworkError`,
/// `AssinafySDKError`) or `CancellationError`.
public protocol HTTPClientProtocol: Sendable {
    func send(_ request: APIRequest) async throws -> HTTPResponse
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
