import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Performs the operations of any generated module: the middleware chain, then credentials
/// from the operation's security requirements, retries, redirects and deadlines over an
/// `HTTPTransport`, then the verdict on the answer.
///
/// ```swift
/// let engine = APIEngine(configuration: APIEngineConfiguration(
///     baseURL: Servers.production, credentials: ["api_key": .apiKey(key)]))
/// let pets = PetAPI(client: engine)
/// ```
///
/// What it guarantees for every API, whatever the middlewares do:
/// - credentials only to the base origin, only where their scheme says, only for operations
///   that declare the scheme; a caller cannot set `Authorization`, `Cookie`, framing headers or
///   a scheme's own header or query name;
/// - redirects decided by `RedirectPolicy` (no downgrade, no user info, no body or credential
///   across origins, a short header allow-list there);
/// - automatic repeats only for idempotent methods (or what the operation allows), with the
///   server's `Retry-After` bounded by the policy;
/// - one deadline per attempt, and cancellation that reaches the socket;
/// - no credential in any log line or error message.
public final class APIEngine: APIClientProtocol, Sendable {
    public let configuration: APIEngineConfiguration
    public let transport: any HTTPTransport
    /// In order: the first sees each request first and its answer last.
    public let middlewares: [any APIMiddleware]
    private let errorTranslator: (@Sendable (any Error) -> any Error)?
    /// The configuration cannot change after init, so it is checked once; every request still
    /// fails with this error before any I/O when it was invalid. A product layer adds its own
    /// checks to this one instead of running the engine's again.
    package let configurationProblem: RequestValidationError?
    private let configuredSecrets: [String]

    /// - Parameters:
    ///   - configuration: the server, credentials and policies of every call; an invalid one
    ///     fails each request before any I/O.
    ///   - transport: what carries the requests; URLSession unless given.
    ///   - middlewares: in order: the first sees each request first and its answer last.
    ///   - errorTranslator: maps the engine's errors onto a product's own (applied to every
    ///     error a call throws, once); `nil` throws the engine's.
    public init(
        configuration: APIEngineConfiguration, transport: any HTTPTransport = URLSessionHTTPTransport(),
        middlewares: [any APIMiddleware] = [], errorTranslator: (@Sendable (any Error) -> any Error)? = nil
    ) {
        self.configuration = configuration
        self.transport = transport
        self.middlewares = middlewares
        self.errorTranslator = errorTranslator
        let problems = configuration.validationProblems()
        configurationProblem =
            problems.isEmpty
            ? nil
            : RequestValidationError(Validation.summary("Invalid client configuration", problems), errors: problems)
        configuredSecrets = configuration.credentials.values.flatMap(\.secrets)
    }

    /// A client sharing this one's transport and configuration whose chain starts with
    /// `middleware` (per-call options, upload progress).
    public func adding(_ middleware: any APIMiddleware) -> any APIClientProtocol {
        APIEngine(
            configuration: configuration, transport: transport, middlewares: [middleware] + middlewares,
            errorTranslator: errorTranslator)
    }

    public func send(_ request: APIRequest) async throws -> RawResponse {
        let secrets = SecretLog()
        let downloads = Downloads()
        defer { downloads.removeAll() }
        do {
            try Task.checkCancellation()
            if let configurationProblem { throw configurationProblem }
            _ = try Preflight.check(request, timeout: request.timeout ?? configuration.timeout)
            let response = try await run(request, from: 0, secrets: secrets, downloads: downloads)
            let evaluated = try ResponseEvaluator.evaluate(
                response, request: request, redactor: redactor(request, secrets))
            return try downloads.deliver(evaluated)
        } catch let error as ServerResponseError {
            throw translate(error.redacted(by: redactor(request, secrets)))
        } catch let error as EngineError {
            throw translate(error.redacted(by: redactor(request, secrets)))
        } catch {
            throw translate(error)
        }
    }

    private func redactor(_ request: APIRequest, _ secrets: SecretLog) -> Redactor {
        Redactor(configuredSecrets + request.credentials.values.flatMap(\.secrets) + secrets.all)
    }

    /// Normalises what the chain or a reader raised into the engine's vocabulary, then hands it
    /// to the product's translator.
    public func translate(_ error: any Error) -> any Error {
        let normalized = EngineErrorVocabulary.normalize(error, redactor: Redactor(configuredSecrets))
        return errorTranslator?(normalized) ?? normalized
    }

    private func run(
        _ request: APIRequest, from index: Int, secrets: SecretLog, downloads: Downloads
    ) async throws -> RawResponse {
        guard index < middlewares.count else {
            return try await perform(request, secrets: secrets, downloads: downloads)
        }
        return try await middlewares[index].intercept(request, operation: request.operationName) { next in
            try await self.run(next, from: index + 1, secrets: secrets, downloads: downloads)
        }
    }

    /// The end of the chain: every attempt of `request`, each with its redirects.
    private func perform(_ request: APIRequest, secrets: SecretLog, downloads: Downloads) async throws -> RawResponse {
        try Task.checkCancellation()
        let timeout = try Preflight.check(request, timeout: request.timeout ?? configuration.timeout)
        let credentials = AppliedCredentials(security: request.security) {
            request.credentials[$0] ?? self.configuration.credentials[$0]
        }
        try Preflight.check(credentials, request: request)
        secrets.add(credentials.secrets)
        let redactor = Redactor(configuredSecrets + credentials.secrets)
        var query = request.query.filter { !credentials.reservedQueryNames.contains($0.name.lowercased()) }
        query.append(contentsOf: credentials.query)
        let url = try URLBuilder.url(
            base: configuration.baseURL, path: request.path.encoded, query: query, wholeQuery: request.wholeQuery)
        // A streamed body is written out before the first hop, within the attempt's deadline.
        let bodyStarted = Date()
        let body: PreparedBody?
        if case .stream(let stream, let contentType)? = request.body {
            body = try await BodyBuilder.spool(
                stream, contentType: contentType, operationName: request.operationName, timeout: timeout)
        } else {
            body = try BodyBuilder.prepare(request.body)
        }
        defer { body?.cleanUp() }

        let logger = configuration.logger
        // With the default no-op logger, building log contexts is the only cost logging has.
        let logs = !(logger is NoopLogger)
        // A download is staged beside its destination (a middleware may have asked for it, so
        // only here is it known); `send` moves it into place once the whole call succeeded.
        let staging = try request.downloadDestination.map { try downloads.stage(for: $0) }
        // A body held in memory gets the in-memory limit whatever its media type: the download
        // limit is for a body streamed to a file, which costs disk, not memory.
        let exchange = Exchange(
            request: request, url: url, body: body, credentials: credentials, timeout: timeout, redactor: redactor,
            limit: request.maximumResponseBytes ?? configuration.maximumResponseBytes,
            fileLimit: request.maximumResponseBytes ?? configuration.maximumDownloadBytes, staging: staging,
            deadlineStart: body?.isReplayable == false ? bodyStarted : nil)
        var attempt = 0
        while true {
            attempt += 1
            var context: [String: String] = [:]
            if logs {
                context[.operation] = request.operationName
                context[.method] = request.method.rawValue
                context[.path] = redactor.redact(request.pathTemplate)
                context[.attempt] = String(attempt)
                logger.debug("Sending request", context: context)
            }
            let started = Date()
            let raw: RawResponse
            do {
                raw = try await follow(exchange)
            } catch {
                if logs {
                    context[.durationMs] = Self.milliseconds(since: started)
                    context[.error] = String(describing: type(of: error))
                    logger.error("Request failed", context: context)
                }
                throw error
            }
            if logs {
                context[.status] = String(raw.statusCode)
                context[.durationMs] = Self.milliseconds(since: started)
                logger.info("Received response", context: context)
            }
            let policy = configuration.retryPolicy
            // A streamed answer has begun: repeating it would hand the reader its items twice.
            // A streamed request body is sent at most once, whatever the policy or the operation
            // say: its sequence was consumed by this attempt (see `RequestBody.ByteStream`).
            if raw.refusedRedirect == nil, raw.bodyStream == nil, exchange.body?.isReplayable != false,
                policy.shouldRetry(
                    method: request.method, statusCode: raw.statusCode, attempt: attempt, retryable: request.retryable)
            {
                let delay = policy.delay(afterAttempt: attempt, statusCode: raw.statusCode, headers: raw.headers)
                if logs {
                    context[.delayMs] = String(RetryDelay.milliseconds(delay))
                    logger.warn("Retrying", context: context)
                }
                try await Task.sleep(nanoseconds: RetryDelay.nanoseconds(delay))
                continue
            }
            return raw
        }
    }

    /// What every hop of every attempt of one call shares. A class, so that handing it to each
    /// attempt and hop is one reference, not a copy of eight members through value witnesses.
    private final class Exchange: Sendable {
        let request: APIRequest
        let url: URL
        let body: PreparedBody?
        let credentials: AppliedCredentials
        let timeout: TimeInterval
        let redactor: Redactor
        /// For a body held in memory.
        let limit: Int64
        /// For a body streamed to `staging`.
        let fileLimit: Int64
        let staging: StagingDirectory?
        /// When the attempt's deadline started, if before its first hop: a streamed body's writing
        /// counts against the one attempt it gets.
        let deadlineStart: Date?
        var bodyFile: URL? { staging?.bodyURL }

        init(
            request: APIRequest, url: URL, body: PreparedBody?, credentials: AppliedCredentials,
            timeout: TimeInterval, redactor: Redactor, limit: Int64, fileLimit: Int64, staging: StagingDirectory?,
            deadlineStart: Date?
        ) {
            self.deadlineStart = deadlineStart
            self.request = request
            self.url = url
            self.body = body
            self.credentials = credentials
            self.timeout = timeout
            self.redactor = redactor
            self.limit = limit
            self.fileLimit = fileLimit
            self.staging = staging
        }
    }

    /// One attempt: the request and every redirect the policy allows, under one deadline.
    private func follow(_ exchange: Exchange) async throws -> RawResponse {
        let request = exchange.request
        let base = Origin(configuration.baseURL)
        let deadline = (exchange.deadlineStart ?? Date()).addingTimeInterval(exchange.timeout)
        var hop = Hop(url: exchange.url, method: request.method, sendsBody: exchange.body != nil, leftBaseOrigin: false)
        var hops = 0
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw TransportError.timedOut(after: exchange.timeout) }
            let sameOrigin = !hop.leftBaseOrigin && Origin(hop.url) == base
            var transportRequest = TransportRequest(
                url: hop.url, method: hop.method, headers: headers(for: exchange, hop: hop, sameOrigin: sameOrigin),
                body: hop.sendsBody ? exchange.body?.transportBody : nil, timeout: remaining,
                uploadProgress: request.uploadProgress, needsExclusiveConnection: request.needsExclusiveConnection,
                maximumResponseBytes: exchange.limit, responseBodyFile: exchange.bodyFile,
                downloadProgress: request.downloadProgress)
            transportRequest.maximumDownloadBytes = exchange.fileLimit
            transportRequest.operationName = request.operationName
            transportRequest.responseBodyStaging = exchange.staging
            // What an earlier attempt streamed there (a success a middleware repeated) is stale.
            exchange.staging?.removeBody()
            let answer: TransportResponse
            do {
                answer = try await transmit(transportRequest, streamed: request.streamsResponse)
            } catch let error as URLError {
                if Task.isCancelled { throw CancellationError() }
                if error.code == .timedOut { throw TransportError.timedOut(after: exchange.timeout) }
                throw TransportError.from(error, redactor: exchange.redactor)
            }
            var raw = RawResponse(
                statusCode: answer.statusCode, headers: answer.headers, body: answer.body,
                url: URLBuilder.redacted(hop.url), isFromOtherOrigin: !sameOrigin)
            raw.bodyStream = answer.bodyStream?.mappingErrors { [self] in translate(streamError($0, exchange)) }
            if let staging = exchange.staging, (200..<300).contains(answer.statusCode) {
                if MediaType.isJSON(answer.headers["Content-Type"]) {
                    // A download answered with JSON (an error in a 2xx, usually) is not the file:
                    // it goes back to memory, held to the in-memory limit, for the chain to judge.
                    raw.body = try Downloads.inMemory(answer, from: staging, limit: exchange.limit)
                } else {
                    try Downloads.settle(answer, into: staging, limit: exchange.limit, response: &raw)
                }
            }
            guard RedirectPolicy.redirectStatuses.contains(answer.statusCode) else { return raw }
            let decision =
                request.followsRedirects
                ? RedirectPolicy.decide(
                    status: answer.statusCode, location: answer.headers["Location"], from: hop, base: base,
                    hopsSoFar: hops, allowsInsecureLoopback: configuration.allowsInsecureLoopback,
                    queryCredentialNames: exchange.credentials.reservedQueryNames)
                : .refuse("this operation follows no redirect")
            var context: [String: String] = [:]
            context[.operation] = request.operationName
            context[.path] = exchange.redactor.redact(request.pathTemplate)
            context[.status] = String(answer.statusCode)
            context[.hop] = String(hops + 1)
            switch decision {
            case .follow(let next):
                if next.sendsBody, exchange.body?.isReplayable == false {
                    // 307/308 ask for the same body again; a streamed one was consumed.
                    throw RequestBody.ReplayError(
                        operationName: request.operationName, cause: .redirect(statusCode: answer.statusCode))
                }
                context[.crossOrigin] = String(next.leftBaseOrigin)
                configuration.logger.debug("Following redirect", context: context)
                hop = next
                hops += 1
            case .refuse(let reason):
                context[.reason] = reason
                configuration.logger.warn("Redirect refused", context: context)
                raw.refusedRedirect = reason
                return raw
            }
        }
    }

    /// One hop over the transport. Out of line: a second awaited call in `follow` splits that
    /// async function once more, which cost several kilobytes of app size.
    @inline(never)
    private func transmit(_ request: TransportRequest, streamed: Bool) async throws -> TransportResponse {
        streamed ? try await transport.stream(request) : try await transport.send(request)
    }

    /// What reading a streamed body threw, in the engine's vocabulary (as `follow` maps a failed send).
    private func streamError(_ error: any Error, _ exchange: Exchange) -> any Error {
        guard let urlError = error as? URLError else { return error }
        if urlError.code == .timedOut { return TransportError.timedOut(after: exchange.timeout) }
        return TransportError.from(urlError, redactor: exchange.redactor)
    }

    /// Headers the caller may not set: the engine alone decides credentials and framing.
    static let reservedHeaders: Set<String> = [
        "authorization", "cookie", "proxy-authorization", "host", "content-length", "transfer-encoding",
        "connection", "content-type", "user-agent",
    ]

    private func headers(for exchange: Exchange, hop: Hop, sameOrigin: Bool) -> HeaderFields {
        let request = exchange.request
        let credentials = exchange.credentials
        var headers = HeaderFields(
            request.headers.filter {
                let name = $0.name.lowercased()
                return !APIEngine.reservedHeaders.contains(name) && !credentials.reservedHeaderNames.contains(name)
            })
        if headers["Accept"] == nil {
            headers.set("Accept", request.responseKind == .binary ? "*/*" : "application/json")
        }
        headers.set("User-Agent", configuration.userAgent)
        guard sameOrigin else {
            return HeaderFields(headers.filter { RedirectPolicy.crossOriginHeaders.contains($0.name.lowercased()) })
        }
        if hop.sendsBody, let body = exchange.body { headers.set("Content-Type", body.contentType) }
        for field in credentials.headers { headers.set(field.name, field.value) }
        let cookies =
            CookieText.header(request.cookies) + credentials.cookies.map { "\($0.name)=\($0.value)" }
        if !cookies.isEmpty { headers.set("Cookie", cookies.joined(separator: "; ")) }
        return headers
    }

    private static func milliseconds(since start: Date) -> String {
        String(RetryDelay.milliseconds(Date().timeIntervalSince(start)))
    }
}

/// The files a call's downloads are staged in: moved into place when the call succeeds,
/// removed in every case when it ends.
private final class Downloads: Sendable {
    private let staged = Locked<[StagingDirectory]>([])

    func stage(for destination: URL) throws -> StagingDirectory {
        let staging = try StagingDirectory(beside: destination)
        staged.withLock { $0.append(staging) }
        return staging
    }

    /// The 2xx answer's body in its staging file, whatever the transport did with it (one that
    /// ignores `responseBodyFile` returns it in memory, so `limit` is the in-memory one).
    static func settle(
        _ answer: TransportResponse, into staging: StagingDirectory, limit: Int64, response: inout RawResponse
    ) throws {
        if answer.bodyFile == nil {
            if Int64(answer.body.count) > limit {
                throw ResponseTooLargeError(limit: limit, receivedBytes: Int64(answer.body.count))
            }
            let handle = try staging.createBody()
            defer { try? handle.close() }
            do {
                try handle.write(contentsOf: answer.body)
            } catch {
                throw EngineError("Cannot write the downloaded body to its file", underlyingError: error)
            }
        }
        response.body = Data()
        response.bodyFile = staging.bodyURL
    }

    /// The answer's body in memory: read back (then removed) when the transport streamed it.
    static func inMemory(_ answer: TransportResponse, from staging: StagingDirectory, limit: Int64) throws -> Data {
        guard answer.bodyFile != nil else {
            if Int64(answer.body.count) > limit {
                throw ResponseTooLargeError(limit: limit, receivedBytes: Int64(answer.body.count))
            }
            return answer.body
        }
        defer { staging.removeBody() }
        let body: Data
        do {
            let handle = try staging.openBody()
            defer { try? handle.close() }
            // The size first: `read(upToCount:)` allocates the count asked for, not what is there.
            let size = try handle.seekToEnd()
            guard size <= UInt64(max(limit, 0)) else {
                throw ResponseTooLargeError(limit: limit, receivedBytes: Int64(clamping: size))
            }
            try handle.seek(toOffset: 0)
            body = try handle.read(upToCount: Int(size)) ?? Data()
        } catch let error as ResponseTooLargeError {
            throw error
        } catch {
            throw EngineError("Cannot read the downloaded body back", underlyingError: error)
        }
        return body
    }

    /// `response` with its staged body moved to the destination it was staged for.
    func deliver(_ response: RawResponse) throws -> RawResponse {
        guard let file = response.bodyFile else { return response }
        let path = file.standardizedFileURL.path
        guard let target = staged.withLock({ $0.last { $0.bodyURL.standardizedFileURL.path == path } })
        else { return response }
        try target.moveBody()
        var delivered = response
        delivered.bodyFile = target.destination
        return delivered
    }

    func removeAll() {
        for staging in staged.withLock({ $0 }) { staging.remove() }
    }
}

/// Every credential value a call attached, wherever in the chain it was added, so the verdict
/// on the answer can redact them all.
private final class SecretLog: Sendable {
    private let values = Locked<[String]>([])
    func add(_ secrets: [String]) { values.withLock { $0.append(contentsOf: secrets) } }
    var all: [String] { values.withLock { $0 } }
}

extension PreparedBody {
    var transportBody: TransportRequest.Body {
        switch source {
        case .data(let data): return .data(data)
        case .file(let url): return .file(url, length: length)
        }
    }
}

/// Request checks that need no network: they run before any I/O on every call.
enum Preflight {
    static func check(_ request: APIRequest, timeout: TimeInterval) throws -> TimeInterval {
        var errors: [String: [String]] = [:]
        if !request.path.unsafeValues.isEmpty {
            errors["path", default: []].append(
                "\(request.path.unsafeValues.count) path parameter(s) are blank, '.' or '..', or contain '/', '\\', '?', '#' or control characters"
            )
        }
        let encoded = request.path.encoded
        if !encoded.hasPrefix("/") || encoded.contains("?") || encoded.contains("#")
            || encoded.unicodeScalars.contains(where: { Validation.isControl($0) || $0 == " " })
        {
            errors["path", default: []].append("must be an absolute path without query, fragment or spaces")
        }
        for (name, value) in request.credentials where !value.isWellFormed {
            errors[name, default: []].append("must be non-empty without whitespace or control characters")
        }
        if !timeout.isFinite || timeout <= 0 {
            errors["timeout", default: []].append("must be a positive, finite number of seconds")
        }
        for field in request.headers {
            let badName = field.name.isEmpty || !field.name.unicodeScalars.allSatisfy(isTokenScalar)
            let badValue = field.value.unicodeScalars.contains { Validation.isControl($0) && $0 != "\t" }
            if badName || badValue {
                errors["headers", default: []].append(
                    "header names must be tokens and values free of control characters")
                break
            }
        }
        guard errors.isEmpty else {
            throw RequestValidationError("Invalid request for \(request.operationName)", errors: errors)
        }
        return timeout
    }

    static func check(_ credentials: AppliedCredentials, request: APIRequest) throws {
        guard !credentials.mismatchedSchemes.isEmpty else { return }
        var errors: [String: [String]] = [:]
        for name in credentials.mismatchedSchemes {
            errors[name, default: []].append("the credential is not of the kind this security scheme takes")
        }
        throw RequestValidationError("Invalid request for \(request.operationName)", errors: errors)
    }

    private static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return false }
        let value = UInt8(scalar.value)
        switch value {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(value)
        }
    }
}
