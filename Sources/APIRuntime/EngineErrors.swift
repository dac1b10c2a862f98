import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The engine throws four error types (plus `CancellationError`), one per stage a call can fail
// in, and two that name one rule each: `ResponseTooLargeError` (below) and
// `RequestBody.ReplayError` (RequestBodyStream.swift). A product layer may translate them into its
// own (`APIEngine(errorTranslator:)`); without one, apps see these. Every string in them has had the request's credentials redacted.
// On Linux `errorDescription` is ignored for a type that is both `CustomNSError` and
// `LocalizedError`, so every `errorUserInfo` sets `NSLocalizedDescriptionKey` itself.

/// The request was refused before any I/O: a bad configuration or unsafe parameters.
public struct RequestValidationError: Error, Sendable, LocalizedError, CustomNSError, CustomStringConvertible {
    public let message: String
    /// Problems by field name, e.g. `["timeout": ["must be positive"]]`.
    public let errors: [String: [String]]

    public init(_ message: String, errors: [String: [String]] = [:]) {
        self.message = message
        self.errors = errors
    }

    public var errorDescription: String? { message }
    public var description: String { "RequestValidationError: \(message)" }
    public static var errorDomain: String { "APIRuntime.RequestValidationError" }
    public var errorCode: Int { 422 }
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message, "errors": errors] }
}

/// The exchange could not be completed (DNS, connect, TLS, timeout, reset).
public struct TransportError: Error, Sendable, LocalizedError, CustomNSError, CustomStringConvertible {
    public let message: String
    /// The `URLError` behind it, rebuilt so its failing URL carries no query string.
    public let underlyingError: URLError?
    /// `false` only when the request certainly never reached the server (DNS, connect and TLS
    /// failures), so even a request with side effects can be repeated safely.
    public let mayHaveReachedServer: Bool

    public init(message: String, underlyingError: URLError? = nil, mayHaveReachedServer: Bool) {
        self.message = message
        self.underlyingError = underlyingError
        self.mayHaveReachedServer = mayHaveReachedServer
    }

    public var errorDescription: String? { message }
    public var description: String { "TransportError: \(message)" }
    public static var errorDomain: String { "APIRuntime.TransportError" }
    public var errorCode: Int { underlyingError?.errorCode ?? -1 }
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: message, "mayHaveReachedServer": mayHaveReachedServer]
        if let underlyingError { info[NSUnderlyingErrorKey] = underlyingError as NSError }
        return info
    }
}

/// The server answered, and the answer is an error: a status outside 2xx, a redirect the engine
/// refused to follow (then `refusedRedirect` says why and `headers["Location"]` is the target), or
/// whatever a middleware classified as one (`httpStatusCode` is then what the status line said).
public struct ServerResponseError: Error, Sendable, LocalizedError, CustomNSError, CustomStringConvertible {
    public let statusCode: Int
    public let httpStatusCode: Int
    public let headers: HeaderFields
    public let body: Data
    public let operationName: String
    /// The documented error response decoded by `APIRequest.errorPayload`, when there is one.
    public let payload: (any Sendable)?
    /// The body's `message`, else its `error`, else the body text (redacted, shortened).
    public let message: String
    public let refusedRedirect: String?
    /// Decodes `payload` again when the body is redacted after the fact.
    let payloadDecoder: (@Sendable (Int, Data) -> (any Sendable)?)?

    public init(
        statusCode: Int, httpStatusCode: Int? = nil, headers: HeaderFields = HeaderFields(), body: Data = Data(),
        operationName: String = "", payload: (any Sendable)? = nil, message: String? = nil,
        refusedRedirect: String? = nil
    ) {
        self.statusCode = statusCode
        self.httpStatusCode = httpStatusCode ?? statusCode
        self.headers = headers
        self.body = body
        self.operationName = operationName
        self.payload = payload
        self.message = message ?? ErrorText.message(in: body, statusCode: statusCode)
        self.refusedRedirect = refusedRedirect
        payloadDecoder = nil
    }

    private init(copying error: ServerResponseError, redactor: Redactor) {
        statusCode = error.statusCode
        httpStatusCode = error.httpStatusCode
        headers = redactor.redact(error.headers)
        let redactedBody = redactor.redact(error.body)
        body = redactedBody
        operationName = error.operationName
        payloadDecoder = error.payloadDecoder
        payload = error.payloadDecoder.map { $0(error.statusCode, redactedBody) } ?? error.payload
        message = redactor.redact(error.message)
        refusedRedirect = error.refusedRedirect.map(redactor.redact)
    }

    /// Built from what came back for `request`, with every credential of the call redacted from
    /// every field (a server may echo the request URL or a header back); the documented payload
    /// is decoded from the redacted body.
    package init(
        _ response: RawResponse, request: APIRequest, redactor: Redactor, statusCode: Int? = nil,
        message: String? = nil
    ) {
        let status = statusCode ?? response.statusCode
        let body = redactor.redact(response.body)
        let text = message ?? ErrorText.message(in: body, statusCode: status)
        self.statusCode = status
        httpStatusCode = response.statusCode
        headers = redactor.redact(response.headers)
        self.body = body
        operationName = request.operationName
        payloadDecoder = request.errorPayload
        payload = request.errorPayload?(status, body)
        self.message = redactor.redact(text)
        refusedRedirect = response.refusedRedirect.map(redactor.redact)
    }

    /// The same error with `redactor` applied to every field once more (an error a middleware
    /// built may not have known every credential of the call).
    package func redacted(by redactor: Redactor) -> ServerResponseError {
        redactor.isEmpty ? self : ServerResponseError(copying: self, redactor: redactor)
    }

    public var errorDescription: String? { description }
    public var description: String {
        let operation = operationName.isEmpty ? "" : " \(operationName)"
        return "ServerResponseError\(operation) (status \(statusCode)): \(message)"
    }
    public static var errorDomain: String { "APIRuntime.ServerResponseError" }
    public var errorCode: Int { statusCode }
    public var errorUserInfo: [String: Any] {
        [
            NSLocalizedDescriptionKey: description, "message": message, "operationName": operationName,
            "httpStatusCode": httpStatusCode,
        ]
    }
}

/// The engine itself could not do its job: an unreadable upload file, an answer it cannot read
/// (a body that does not match the documented type, say).
public struct EngineError: Error, Sendable, LocalizedError, CustomNSError, CustomStringConvertible {
    public let message: String
    public let context: [String: String]
    public let underlyingError: (any Error)?

    public init(_ message: String, context: [String: String] = [:], underlyingError: (any Error)? = nil) {
        self.message = message
        self.context = context
        self.underlyingError = underlyingError
    }

    /// The same error with `redactor` applied to its message and context.
    package func redacted(by redactor: Redactor) -> EngineError {
        guard !redactor.isEmpty else { return self }
        return EngineError(
            redactor.redact(message), context: context.mapValues(redactor.redact), underlyingError: underlyingError)
    }

    public var errorDescription: String? { message }
    public var description: String { "EngineError: \(message)" }
    public static var errorDomain: String { "APIRuntime.EngineError" }
    public var errorCode: Int { -1 }
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: message, "context": context]
        if let underlyingError { info[NSUnderlyingErrorKey] = underlyingError as NSError }
        return info
    }
}

/// The rule that puts what a chain or a reader raised into the engine's vocabulary, kept in one
/// place so a product's translation (which may see errors from a client that is not an engine)
/// applies the same rule as `APIEngine.translate`.
package enum EngineErrorVocabulary {
    /// A `URLError` as a `TransportError` (redacted, failing URL without its query), a
    /// `DecodingError` as an `EngineError`; every other error as it is.
    package static func normalize(_ error: any Error, redactor: Redactor) -> any Error {
        switch error {
        case let urlError as URLError:
            return TransportError.from(urlError, redactor: redactor)
        case let decoding as DecodingError:
            return EngineError(
                "The response did not match the documented type",
                context: ["detail": RawResponse.describe(decoding)], underlyingError: decoding)
        default:
            return error
        }
    }
}

/// How an error body is summed up in one line.
package enum ErrorText {
    /// The body's `message`, else its `error` (the members most APIs use, and OAuth's), else the
    /// body text, shortened.
    package static func message(in body: Data, statusCode: Int) -> String {
        let json = body.isEmpty ? nil : try? JSONCoding.decode(JSONValue.self, from: body)
        for key in ["message", "error"] {
            switch json?[key] {
            case .string(let text)? where !text.isEmpty: return text
            case .some(.null), nil: continue
            case let other?:
                if let data = try? JSONCoding.encode(other) { return String(decoding: data, as: UTF8.self) }
            }
        }
        let text = String(decoding: body.prefix(2048), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return "HTTP status \(statusCode)" }
        return text.count > 500 ? String(text.prefix(500)) + "…" : text
    }
}

/// The answer was larger than the request allows (`APIEngineConfiguration.maximumResponseBytes`,
/// `maximumDownloadBytes` or `APIRequest.maximumResponseBytes`). The transfer was cancelled as
/// soon as that was known, so the rest of the body was never read or kept; nothing of the body
/// is carried here.
public struct ResponseTooLargeError: Error, Sendable, Hashable, LocalizedError, CustomNSError,
    CustomStringConvertible
{
    /// The limit in bytes (of the decoded body, after any content coding was undone).
    public let limit: Int64
    /// Bytes received before the transfer was cancelled (0 when `declaredLength` decided it).
    public let receivedBytes: Int64
    /// The answer's `Content-Length`, when it announced a size above the limit.
    public let declaredLength: Int64?

    public init(limit: Int64, receivedBytes: Int64, declaredLength: Int64? = nil) {
        self.limit = limit
        self.receivedBytes = receivedBytes
        self.declaredLength = declaredLength
    }

    public var message: String {
        if let declaredLength {
            return "The response announced \(declaredLength) bytes, more than the limit of \(limit) bytes"
        }
        return "The response exceeded the limit of \(limit) bytes (\(receivedBytes) bytes received)"
    }
    public var errorDescription: String? { message }
    public var description: String { "ResponseTooLargeError: \(message)" }
    public static var errorDomain: String { "APIRuntime.ResponseTooLargeError" }
    public var errorCode: Int { 413 }
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: message, "limit": limit, "receivedBytes": receivedBytes]
        if let declaredLength { info["declaredLength"] = declaredLength }
        return info
    }
}
