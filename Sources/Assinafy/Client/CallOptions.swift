import APIRuntime
import Foundation

/// Settings for some calls only: a timeout and extra headers (a request id, a trace header).
///
/// ```swift
/// let quick = client.with(CallOptions(timeout: 5, headers: ["X-Request-Id": requestId]))
/// let document = try await quick.documents.get(documentId: id)
/// ```
///
/// Credentials and framing are the SDK's alone: a header it decides (`Authorization`,
/// `X-Api-Key`, `Cookie`, `Content-Type`, …) is refused with `ValidationError` before any I/O.
public struct CallOptions: Sendable, Hashable {
    /// Seconds each attempt of the call may take, instead of the configuration's `timeout`.
    public var timeout: TimeInterval?
    /// Added to every request of the call.
    public var headers: HeaderFields

    public init(timeout: TimeInterval? = nil, headers: HeaderFields = HeaderFields()) {
        self.timeout = timeout
        self.headers = headers
    }

    static let reservedHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "x-api-key", "host", "content-length", "content-type",
        "transfer-encoding", "connection", "user-agent",
    ]

    func problems() -> [String: [String]] {
        var errors: [String: [String]] = [:]
        if let timeout, !timeout.isFinite || timeout <= 0 {
            errors["timeout", default: []].append("must be a positive, finite number of seconds")
        }
        let reserved = headers.map(\.name).filter { CallOptions.reservedHeaders.contains($0.lowercased()) }
        if !reserved.isEmpty {
            errors["headers", default: []].append("set by the SDK, not per call: \(reserved.joined(separator: ", "))")
        }
        return errors
    }
}

extension AssinafyClient {
    /// This client with `options` applied to every call made through the returned value; it
    /// shares the configuration, transport and middlewares (and so connections and tokens).
    public func with(_ options: CallOptions) -> AssinafyClient {
        AssinafyClient(context: context.adding(CallOptionsMiddleware(options: options)))
    }
}

struct CallOptionsMiddleware: APIMiddleware {
    let options: CallOptions

    func intercept(
        _ request: APIRequest, operation: String, next: @Sendable (APIRequest) async throws -> RawResponse
    ) async throws -> RawResponse {
        let problems = options.problems()
        guard problems.isEmpty else {
            throw ValidationError(Validation.summary("Invalid call options", problems), errors: problems)
        }
        var request = request
        if let timeout = options.timeout { request.timeout = timeout }
        for field in options.headers { request.headers.set(field.name, field.value) }
        return try await next(request)
    }
}
