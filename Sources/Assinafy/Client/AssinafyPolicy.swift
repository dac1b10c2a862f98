import APIRuntime
import AssinafyAPI
import Foundation

/// How an `AssinafyClient` performs operations: the vendor-neutral `APIEngine`, configured with
/// what is particular to Assinafy, as middlewares and an error translation. Nothing here is
/// known to the engine.
///
/// Per-operation transport rules (retry, exclusive connection, redirects, media type) are not
/// here: assinafy-generator.yaml states them and the generated request carries them.
///
/// Chain, first to last: the caller's per-call additions (`adding`), `APIKeyHeaderRule`, the
/// token provider's refresh (when there is one), `EnvelopeRule`, then the caller's middlewares,
/// so they see exactly what goes out and what came back.
@usableFromInline enum AssinafyEngine {
    @usableFromInline static func client(
        configuration: AssinafyClientConfiguration, transport: any HTTPTransport,
        middlewares: [any APIMiddleware] = [], tokenProvider: (any TokenProvider)? = nil
    ) -> any APIClientProtocol {
        var chain: [any APIMiddleware] = [APIKeyHeaderRule()]
        if let tokenProvider { chain.append(TokenRefreshMiddleware(provider: tokenProvider)) }
        chain.append(EnvelopeRule())
        chain += middlewares
        // The engine checks its part of the configuration (once, here); the overlay adds its own.
        let engine = APIEngine(
            configuration: configuration.engine, transport: transport, middlewares: chain,
            errorTranslator: AssinafyErrorTranslation.translate)
        let problems = configuration.validationProblems(engineProblems: engine.configurationProblem?.errors ?? [:])
        guard problems.isEmpty else {
            return InvalidConfigurationClient(
                problem: ValidationError(Validation.summary("Invalid client configuration", problems), errors: problems)
            )
        }
        return engine
    }

    /// Assinafy's rules over a client that is not an engine (an app's own `HTTPClientProtocol`):
    /// the same request shaping and envelope checks, through `adding`.
    static func applyingPolicy(to client: any APIClientProtocol) -> any APIClientProtocol {
        TranslatingClient(base: client).adding(EnvelopeRule()).adding(APIKeyHeaderRule())
    }
}

/// Every call fails, before any I/O, with the configuration's problem.
struct InvalidConfigurationClient: APIClientProtocol {
    let problem: ValidationError

    func send(_ request: APIRequest) async throws -> RawResponse {
        try Task.checkCancellation()
        throw problem
    }
}

/// An app's client, with errors from reading its answers in the SDK's four types.
struct TranslatingClient: APIClientProtocol {
    let base: any APIClientProtocol

    func send(_ request: APIRequest) async throws -> RawResponse {
        do { return try await base.send(request) } catch { throw AssinafyErrorTranslation.translate(error) }
    }

    func translate(_ error: any Error) -> any Error { AssinafyErrorTranslation.translate(base.translate(error)) }
}

/// The one point where an error becomes one of the four types apps handle (plus
/// `CancellationError`). Every path an error leaves the SDK by goes through `translate`: the
/// engine's `errorTranslator`, `TranslatingClient` for an app's own client, and a download
/// written after the fact. Anything else a middleware or transport raised arrives as
/// `AssinafySDKError` with it as the underlying error.
enum AssinafyErrorTranslation {
    /// Errors an app may already catch as they are: the SDK's four types and cancellation.
    static func isSDKError(_ error: any Error) -> Bool {
        switch error {
        case is APIError, is ValidationError, is NetworkError, is AssinafySDKError, is CancellationError: return true
        default: return false
        }
    }

    @Sendable static func translate(_ error: any Error) -> any Error {
        if isSDKError(error) { return error }
        // A client that is not an engine never normalised what it raised; for the engine's own
        // errors this is a no-op. The engine redacts before this point, so no secret is known here.
        switch EngineErrorVocabulary.normalize(error, redactor: Redactor([])) {
        case let error as ServerResponseError:
            return APIError(error)
        case let error as RequestValidationError:
            return ValidationError(error.message, errors: error.errors)
        case let error as TransportError:
            return NetworkError(error)
        case let error as EngineError:
            return AssinafySDKError(error.message, context: error.context, underlyingError: error.underlyingError)
        case let error as ResponseTooLargeError:
            var context = ["limit": String(error.limit), "receivedBytes": String(error.receivedBytes)]
            if let declared = error.declaredLength { context["declaredLength"] = String(declared) }
            return AssinafySDKError(error.message, context: context, underlyingError: error)
        case let normalized:
            return AssinafySDKError("The request failed", underlyingError: normalized)
        }
    }
}

/// The API wraps answers in `{status, message, data}` and may report an error as HTTP 200 with
/// a non-2xx `status`: such an answer is an error with that status. A download route may also
/// answer a JSON error body instead of the file.
struct EnvelopeRule: APIMiddleware {
    func intercept(
        _ request: APIRequest, operation: String, next: @Sendable (APIRequest) async throws -> RawResponse
    ) async throws -> RawResponse {
        let response = try await next(request)
        guard (200..<300).contains(response.statusCode), let status = EnvelopeRule.errorStatus(response, request)
        else { return response }
        // The engine redacts every credential of the call from the message on the way out.
        throw ServerResponseError(response, request: request, redactor: Redactor([]), statusCode: status)
    }

    /// The status to report, or `nil` when the answer is a success.
    static func errorStatus(_ response: RawResponse, _ request: APIRequest) -> Int? {
        switch request.responseKind {
        case .binary:
            let contentType = response.headers["Content-Type"]
            let sniffed = contentType == nil && response.body.first == UInt8(ascii: "{")
            guard MediaType.isJSON(contentType) || sniffed,
                let probe = JSONMemberProbe(response.body, capture: ["status"], notice: ["message", "data", "error"])
            else { return nil }
            if let status = envelopeStatus(probe), !(200..<300).contains(status) { return status }
            if probe.noticed.contains("error") || probe.noticed.contains("message") { return response.statusCode }
            return nil
        case .json, .empty:
            if response.body.isEmpty { return nil }
            guard let probe = JSONMemberProbe(response.body, capture: ["status"], notice: ["message", "data"]),
                let status = envelopeStatus(probe), !(200..<300).contains(status)
            else { return nil }
            return status
        }
    }

    /// The `status` of a `{status, message|data}` envelope. Routes that answer flat objects
    /// (OAuth token, well-known metadata) have no integer `status` next to `message`/`data`,
    /// and a resource's own string `status` ("pending") is not mistaken for one.
    static func envelopeStatus(_ probe: JSONMemberProbe) -> Int? {
        guard probe.noticed.contains("message") || probe.noticed.contains("data"), let status = probe.captured["status"]
        else { return nil }
        switch status {
        case .integer(let value): return Int(exactly: value)
        case .double(let value) where value.rounded() == value && abs(value) < 10_000: return Int(value)
        case .string(let text): return Int(text).flatMap { (100...599).contains($0) ? $0 : nil }
        default: return nil
        }
    }
}

/// The API key header is a credential wherever it appears: a caller's own `X-Api-Key` is
/// dropped on every operation (the engine attaches the configured one where the operation's
/// security names it).
struct APIKeyHeaderRule: APIMiddleware {
    static let apiKeyHeader: String = {
        if case .apiKey(let name, _) = SecurityScheme.apiKeyAuth.kind { return name }
        return "X-Api-Key"
    }()

    func intercept(
        _ request: APIRequest, operation: String, next: @Sendable (APIRequest) async throws -> RawResponse
    ) async throws -> RawResponse {
        var request = request
        request.headers.set(APIKeyHeaderRule.apiKeyHeader, nil)
        return try await next(request)
    }
}
