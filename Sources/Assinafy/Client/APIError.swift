import APIRuntime
import Foundation

/// The server answered, and the answer is an error: a non-2xx status, an envelope whose `status`
/// is outside 2xx (even on HTTP 200), a JSON error body on a download route, or a redirect the
/// SDK refused to follow (then `statusCode` is the 3xx and `location` the target).
public struct APIError: Error, Sendable, LocalizedError, CustomNSError, CustomStringConvertible {
    /// The error's status: the envelope's `status` when the body carries an error envelope on an
    /// HTTP 2xx, otherwise the HTTP status.
    public let statusCode: Int
    /// The status line's code, which differs from `statusCode` only for an error envelope on 2xx.
    public let httpStatusCode: Int
    /// The body's `message`, else its `error`, else the raw body text (redacted, shortened).
    public let message: String
    /// The body parsed as JSON, when it is JSON.
    public let responseData: JSONValue?
    public let rawBody: Data
    public let operationName: String
    /// The documented error response decoded by `APIRequest.errorPayload`, when there is one.
    public let payload: (any Sendable)?
    /// From the body's `restrictions` (a blocked workspace deletion).
    public let workspaceDeletionRestrictions: [WorkspaceDeletionRestriction]
    /// From an OAuth error body (`error` / `error_description`).
    public let oauthError: OAuthErrorDetail?
    /// The raw `WWW-Authenticate` header.
    public let wwwAuthenticate: String?
    /// The `scope` of a `Bearer error="insufficient_scope"` challenge (`""` when the challenge
    /// names no scope); `nil` when the server did not report an insufficient scope.
    public let insufficientScope: String?
    /// Seconds to wait before retrying, from `Retry-After` (seconds or HTTP-date) or, on 429,
    /// `X-Rate-Limit-Reset`.
    public let retryAfter: TimeInterval?
    public let headers: HeaderFields

    /// Builds an error from a response; everything not given is derived from `rawBody` and
    /// `headers`.
    public init(
        statusCode: Int, headers: HeaderFields = HeaderFields(), rawBody: Data = Data(), operationName: String = "",
        payload: (any Sendable)? = nil, message: String? = nil, httpStatusCode: Int? = nil
    ) {
        let json = APIError.parseJSON(rawBody)
        self.statusCode = statusCode
        self.httpStatusCode = httpStatusCode ?? statusCode
        self.headers = headers
        self.rawBody = rawBody
        self.operationName = operationName
        self.payload = payload
        self.responseData = json
        self.message = message ?? APIError.extractMessage(json: json, rawBody: rawBody, statusCode: statusCode)
        self.workspaceDeletionRestrictions = APIError.restrictions(in: json)
        if let code = json?["error"]?.stringValue {
            oauthError = OAuthErrorDetail(code: code, description: json?["error_description"]?.stringValue)
        } else {
            oauthError = nil
        }
        let challengeHeader = headers["WWW-Authenticate"]
        wwwAuthenticate = challengeHeader
        insufficientScope = challengeHeader.flatMap(APIError.insufficientScope(in:))
        retryAfter = RetryTiming.delay(from: headers, statusCode: statusCode, now: Date())
    }

    /// The engine's verdict in this SDK's terms (same status, body, payload and message).
    init(_ error: ServerResponseError) {
        self.init(
            statusCode: error.statusCode, headers: error.headers, rawBody: error.body,
            operationName: error.operationName,
            payload: error.payload, message: error.message, httpStatusCode: error.httpStatusCode)
    }

    /// The redirect target of a refused redirect.
    public var location: String? { headers["Location"] }

    /// `insufficientScope` split into individual scopes.
    public var requiredScopes: [String] {
        insufficientScope?.split(separator: " ").map(String.init) ?? []
    }

    public var errorDescription: String? { description }
    public var description: String {
        let operation = operationName.isEmpty ? "" : " \(operationName)"
        return "APIError\(operation) (status \(statusCode)): \(message)"
    }
    public static var errorDomain: String { "com.assinafy.sdk.APIError" }
    public var errorCode: Int { statusCode }
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [
            NSLocalizedDescriptionKey: description, "message": message, "operationName": operationName,
            "httpStatusCode": httpStatusCode,
        ]
        if let responseData { info["responseData"] = responseData }
        if let wwwAuthenticate { info["wwwAuthenticate"] = wwwAuthenticate }
        if let insufficientScope { info["insufficientScope"] = insufficientScope }
        if let retryAfter { info["retryAfter"] = retryAfter }
        return info
    }

    static func parseJSON(_ body: Data) -> JSONValue? {
        guard !body.isEmpty else { return nil }
        return try? JSONCoding.decode(JSONValue.self, from: body)
    }

    static func extractMessage(json: JSONValue?, rawBody: Data, statusCode: Int) -> String {
        ErrorText.message(in: rawBody, statusCode: statusCode)
    }

    static func restrictions(in json: JSONValue?) -> [WorkspaceDeletionRestriction] {
        let list = json?["restrictions"]?.arrayValue ?? json?["data"]?["restrictions"]?.arrayValue ?? []
        return list.compactMap { item in
            guard item.objectValue != nil else { return nil }
            let ids = item["account_ids"]?.arrayValue?.compactMap(APIError.scalarText) ?? []
            return WorkspaceDeletionRestriction(
                code: item["code"].flatMap(APIError.scalarText) ?? "", message: item["message"]?.stringValue,
                accountIds: ids)
        }
    }

    static func scalarText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .double(let number): return String(number)
        default: return nil
        }
    }

    static func insufficientScope(in header: String) -> String? {
        for challenge in AuthChallenge.parse(header) where challenge.scheme.lowercased() == "bearer" {
            if challenge.parameter("error") == "insufficient_scope" { return challenge.parameter("scope") ?? "" }
        }
        return nil
    }
}
