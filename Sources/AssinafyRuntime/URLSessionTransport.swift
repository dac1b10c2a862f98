import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The SDK's HTTP client: URLSession with a fail-closed policy for credentials, redirects,
/// retries, timeouts and cancellation (see `linux-foundation.md` for why each piece exists).
public final class URLSessionTransport: HTTPClientProtocol, Sendable {
    public let configuration: AssinafyClientConfiguration
    private let session: URLSession
    private let delegate: SessionDelegate
    private let deadlines = DeadlineScheduler()
    /// The configuration cannot change after init, so it is checked once; every request still
    /// fails with this error before any I/O when it was invalid.
    private let configurationProblem: ValidationError?

    public init(configuration: AssinafyClientConfiguration) {
        self.configuration = configuration
        do {
            try configuration.validate()
            configurationProblem = nil
        } catch let error as ValidationError {
            configurationProblem = error
        } catch {
            configurationProblem = ValidationError("The configuration is invalid: \(error)")
        }
        let delegate = SessionDelegate()
        self.delegate = delegate
        session = URLSession(
            configuration: URLSessionTransport.sessionConfiguration(configuration), delegate: delegate,
            delegateQueue: nil)
    }

    deinit {
        // URLSession retains its delegate until invalidated.
        session.finishTasksAndInvalidate()
    }

    /// GET and HEAD may share connections; anything else (the API uses PUT and DELETE for
    /// actions such as signing) must not be replayed by the HTTP layer.
    static func isReplaySafe(_ method: String?) -> Bool {
        method == nil || method == "GET" || method == "HEAD"
    }

    static func sessionConfiguration(_ configuration: AssinafyClientConfiguration) -> URLSessionConfiguration {
        let session = URLSessionConfiguration.ephemeral
        // No cookie may be stored or sent, nothing cached: every request stands alone.
        session.httpCookieStorage = nil
        session.httpCookieAcceptPolicy = .never
        session.httpShouldSetCookies = false
        session.urlCache = nil
        session.urlCredentialStorage = nil
        session.requestCachePolicy = .reloadIgnoringLocalCacheData
        session.httpAdditionalHeaders = ["User-Agent": configuration.userAgent, "Accept": "application/json"]
        session.timeoutIntervalForRequest = wholeSeconds(configuration.timeout)
        #if !canImport(FoundationNetworking)
        session.tlsMinimumSupportedProtocolVersion = .TLSv12
        #else
        // Linux has no such setting: the floor is the system OpenSSL's (3.x refuses TLS 1.0/1.1
        // at its default security level), so TLS 1.2 is the effective minimum there too.
        #endif
        return session
    }

    /// The value handed to URLSession. On Linux libcurl truncates timeouts to whole seconds and
    /// fails at once below 1 s, so round up (minimum 1); the exact value is still enforced by the
    /// SDK's own deadline. Invalid values never get here (validation), but must not trap.
    static func wholeSeconds(_ timeout: TimeInterval) -> TimeInterval {
        guard timeout.isFinite, timeout > 0 else { return 30 }
        #if canImport(FoundationNetworking)
        return max(1, min(timeout.rounded(.up), 86_400))
        #else
        return min(timeout, 86_400)
        #endif
    }

    public func send(_ request: APIRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let configuration = self.configuration
        if let configurationProblem { throw configurationProblem }
        let timeout = try Preflight.check(request, timeout: request.timeout ?? configuration.timeout)
        var accessCode: String?
        if case .signerAccessCode(let code) = request.credential { accessCode = code }
        let redactor = Redactor([configuration.token, configuration.apiKey, accessCode])
        var query = request.query.filter { $0.name.lowercased() != URLBuilder.signerAccessCodeName }
        if let accessCode { query.append(QueryItem(URLBuilder.signerAccessCodeName, accessCode)) }
        let url = try URLBuilder.url(base: configuration.baseURL, path: request.path.encoded, query: query)
        let body = try BodyBuilder.prepare(request.body)
        defer { body?.cleanUp() }

        let logger = configuration.logger
        // With the default no-op logger, building log contexts is the only cost logging has.
        let logs = !(logger is NoopLogger)
        var attempt = 0
        while true {
            attempt += 1
            var context: [String: String] = [:]
            if logs {
                context = [
                    "operation": request.operationName, "method": request.method.rawValue,
                    "path": redactor.redact(request.pathTemplate), "attempt": String(attempt),
                ]
                logger.debug("Sending request", context: context)
            }
            let started = Date()
            let raw: RawResponse
            do {
                raw = try await performChain(request, url: url, body: body, timeout: timeout, redactor: redactor)
            } catch {
                if logs {
                    context["durationMs"] = milliseconds(since: started)
                    context["error"] = String(describing: type(of: error))
                    logger.error("Request failed", context: context)
                }
                throw error
            }
            if logs {
                context["status"] = String(raw.statusCode)
                context["durationMs"] = milliseconds(since: started)
                logger.info("Received response", context: context)
            }
            let policy = configuration.retryPolicy
            if policy.shouldRetry(
                method: request.method, pathTemplate: request.pathTemplate, statusCode: raw.statusCode, attempt: attempt
            ) {
                let delay = policy.delay(afterAttempt: attempt, statusCode: raw.statusCode, headers: raw.headers)
                if logs {
                    context["delayMs"] = String(RetryDelay.milliseconds(delay))
                    logger.warn("Retrying", context: context)
                }
                try await Task.sleep(nanoseconds: RetryDelay.nanoseconds(delay))
                continue
            }
            return try ResponseEvaluator.evaluate(raw, request: request, redactor: redactor)
        }
    }

    /// One attempt: the request and every redirect the policy allows, under one deadline.
    private func performChain(
        _ request: APIRequest, url: URL, body: PreparedBody?, timeout: TimeInterval, redactor: Redactor
    ) async throws -> RawResponse {
        let base = Origin(configuration.baseURL)
        let deadline = Date().addingTimeInterval(timeout)
        var hop = Hop(url: url, method: request.method, sendsBody: body != nil, leftBaseOrigin: false)
        var hops = 0
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw NetworkError.timedOut(after: timeout) }
            let urlRequest = makeURLRequest(request, hop: hop, body: body, base: base, timeout: remaining)
            let (response, data) = try await execute(
                urlRequest, body: hop.sendsBody ? body : nil, progress: request.uploadProgress, remaining: remaining,
                timeout: timeout, redactor: redactor)
            let headers = URLSessionTransport.headers(of: response)
            var raw = RawResponse(statusCode: response.statusCode, headers: headers, body: data)
            guard RedirectPolicy.redirectStatuses.contains(response.statusCode) else { return raw }
            let decision = RedirectPolicy.decide(
                status: response.statusCode, location: headers["Location"], from: hop, base: base, hopsSoFar: hops,
                allowsInsecureLoopback: configuration.allowsInsecureLoopback)
            var context = [
                "operation": request.operationName, "path": redactor.redact(request.pathTemplate),
                "status": String(response.statusCode), "hop": String(hops + 1),
            ]
            switch decision {
            case .follow(let next):
                context["crossOrigin"] = String(next.leftBaseOrigin)
                configuration.logger.debug("Following redirect", context: context)
                hop = next
                hops += 1
            case .refuse(let reason):
                context["reason"] = reason
                configuration.logger.warn("Redirect refused", context: context)
                raw.refusedRedirect = reason
                return raw
            }
        }
    }

    /// Headers the caller may not set: the transport alone decides credentials and framing.
    static let reservedHeaders: Set<String> = [
        "authorization", "x-api-key", "cookie", "proxy-authorization", "host", "content-length",
        "transfer-encoding", "connection", "content-type", "user-agent",
    ]

    private func makeURLRequest(
        _ request: APIRequest, hop: Hop, body: PreparedBody?, base: Origin?, timeout: TimeInterval
    ) -> URLRequest {
        var urlRequest = URLRequest(url: hop.url)
        urlRequest.httpMethod = hop.method.rawValue
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        urlRequest.timeoutInterval = URLSessionTransport.wholeSeconds(timeout)
        urlRequest.httpShouldHandleCookies = false
        var headers = HTTPHeaders(
            request.headers.filter { !URLSessionTransport.reservedHeaders.contains($0.name.lowercased()) })
        if headers["Accept"] == nil {
            headers.set("Accept", request.responseKind == .binary ? "*/*" : "application/json")
        }
        headers.set("User-Agent", configuration.userAgent)
        let sameOrigin = !hop.leftBaseOrigin && Origin(hop.url) == base
        if sameOrigin {
            if hop.sendsBody, let body { headers.set("Content-Type", body.contentType) }
            if request.credential == .account {
                if let token = configuration.token {
                    headers.set("Authorization", "Bearer \(token)")
                } else if let apiKey = configuration.apiKey {
                    headers.set("X-Api-Key", apiKey)
                }
            }
        } else {
            headers = HTTPHeaders(headers.filter { RedirectPolicy.crossOriginHeaders.contains($0.name.lowercased()) })
        }
        for field in headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
        return urlRequest
    }

    private func execute(
        _ urlRequest: URLRequest, body: PreparedBody?, progress: (@Sendable (Int64, Int64) -> Void)?,
        remaining: TimeInterval, timeout: TimeInterval, redactor: Redactor
    ) async throws -> (HTTPURLResponse, Data) {
        try Task.checkCancellation()
        let transfer = Transfer(progress: progress)
        var urlRequest = urlRequest
        var session = self.session
        // On Linux libcurl re-sends a request, silently and without its body, when a reused
        // keep-alive connection turns out to be dead, even after the server acted on it. A request
        // that changes state therefore gets a session (so a connection) of its own, closed after
        // the answer. Apple's loader never replays such a request, and keeps one pool.
        var oneShot: URLSession?
        #if canImport(FoundationNetworking)
        if !URLSessionTransport.isReplaySafe(urlRequest.httpMethod) {
            let fresh = URLSession(
                configuration: URLSessionTransport.sessionConfiguration(configuration), delegate: delegate,
                delegateQueue: nil)
            oneShot = fresh
            session = fresh
            urlRequest.setValue("close", forHTTPHeaderField: "Connection")
        }
        #endif
        defer { oneShot?.finishTasksAndInvalidate() }
        let task = makeTask(session, urlRequest, body: body, transfer: transfer)
        let deadline = deadlines.schedule(after: remaining) { [weak transfer] in transfer?.expire() }
        defer { deadlines.cancel(deadline) }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in transfer.start(task, continuation: continuation) }
        } onCancel: {
            transfer.cancel()
        }
        switch outcome {
        case .response(let response, let data):
            return (response, data)
        case .cancelledBeforeStart:
            delegate.unregister(task)
            task.cancel()
            throw CancellationError()
        case .failure(let error):
            // URLSession reports cancellation as URLError -999; the caller gets CancellationError.
            if Task.isCancelled { throw CancellationError() }
            if transfer.timedOut { throw NetworkError.timedOut(after: timeout) }
            throw NetworkError.from(error, redactor: redactor)
        }
    }

    /// Only upload progress needs a delegate-driven task (on Linux it is the only way to get
    /// `didSendBodyData`). Every other request uses a completion handler: one hop to the
    /// delegate queue per request instead of one per event, which is most of what the
    /// transport costs over a bare `data(for:)`. Redirects reach the session delegate either
    /// way, because a task without a delegate of its own answers with the session's.
    private func makeTask(
        _ session: URLSession, _ urlRequest: URLRequest, body: PreparedBody?, transfer: Transfer
    ) -> URLSessionTask {
        guard transfer.progress == nil else {
            let task: URLSessionTask
            switch body?.source {
            case .data(let data)?: task = session.uploadTask(with: urlRequest, from: data)
            case .file(let file)?: task = session.uploadTask(with: urlRequest, fromFile: file)
            case nil: task = session.dataTask(with: urlRequest)
            }
            delegate.register(transfer, for: task)
            return task
        }
        let finish: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
            transfer.finish(data: data, response: response, error: error)
        }
        switch body?.source {
        case .data(let data)?: return session.uploadTask(with: urlRequest, from: data, completionHandler: finish)
        case .file(let file)?: return session.uploadTask(with: urlRequest, fromFile: file, completionHandler: finish)
        case nil: return session.dataTask(with: urlRequest, completionHandler: finish)
        }
    }

    static func headers(of response: HTTPURLResponse) -> HTTPHeaders {
        var headers = HTTPHeaders()
        let fields = response.allHeaderFields.compactMap { key, value -> (String, String)? in
            guard let name = key as? String else { return nil }
            return (name, value as? String ?? String(describing: value))
        }
        for (name, value) in fields.sorted(by: { $0.0.lowercased() < $1.0.lowercased() }) { headers.add(name, value) }
        return headers
    }

    private func milliseconds(since start: Date) -> String {
        String(Int(Date().timeIntervalSince(start) * 1000))
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
        if case .signerAccessCode(let code) = request.credential, !Validation.isSafeCredential(code) {
            errors["signerAccessCode", default: []].append(
                "must be non-empty without whitespace or control characters")
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
            throw ValidationError("Invalid request for \(request.operationName)", errors: errors)
        }
        return timeout
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
