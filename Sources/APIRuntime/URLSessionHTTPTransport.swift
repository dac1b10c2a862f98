import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Bytes in, bytes out: what the engine needs from an HTTP stack. `URLSessionHTTPTransport`
/// is the implementation; tests and apps may supply their own (a stub, another stack).
///
/// The engine has already decided everything that matters for security (which headers and
/// credentials go where, whether a redirect is followed), so a transport must send exactly
/// what it is given, follow no redirect itself, store no cookie and cache nothing.
/// It throws `CancellationError` when the task is cancelled and `URLError` for failures of
/// the exchange (`.timedOut` when `timeout` passes).
public protocol HTTPTransport: Sendable {
    func send(_ request: TransportRequest) async throws -> TransportResponse
    /// Like `send`, but a 2xx answer's body comes back in `TransportResponse.bodyStream`, handed
    /// over as it arrives; `maximumResponseBytes` bounds what waits unread, not the total (a
    /// reader further behind gets `ResponseTooLargeError`); other answers arrive whole
    /// in `body`. `timeout` bounds the wait for the head and then each wait for more of the body.
    /// Reading the stream after cancelling the reading task, or dropping it, must stop the
    /// transfer. The default collects the whole answer with `send`.
    func stream(_ request: TransportRequest) async throws -> TransportResponse
}

extension HTTPTransport {
    public func stream(_ request: TransportRequest) async throws -> TransportResponse {
        var answer = try await send(request)
        if (200..<300).contains(answer.statusCode), answer.bodyFile == nil {
            answer.bodyStream = ResponseBodyStream(answer.body)
            answer.body = Data()
        }
        return answer
    }
}

/// One hop of a request, fully decided by the engine.
public struct TransportRequest: Sendable {
    public enum Body: Sendable, Hashable {
        case data(Data)
        /// Streamed from a file, never loaded whole.
        case file(URL, length: Int64)
    }
    public var url: URL
    public var method: RequestMethod
    public var headers: HeaderFields
    public var body: Body?
    /// Seconds this hop may take, at most.
    public var timeout: TimeInterval
    public var uploadProgress: (@Sendable (Int64, Int64) -> Void)?
    /// Use a connection of its own, closed afterwards (see `APIRequest.needsExclusiveConnection`).
    public var needsExclusiveConnection: Bool
    /// The largest body to hold in memory, counted after any content coding is undone (the
    /// bytes as delivered); a transport cancels the transfer once it is exceeded (or announced by
    /// `Content-Length`) and throws `ResponseTooLargeError`. `nil`: no limit. It applies to every
    /// body held in memory whatever its media type; only one written to `responseBodyFile` is
    /// held to `maximumDownloadBytes` instead.
    ///
    /// An answer in a content coding the request did not ask for (`URLSessionHTTPTransport` asks
    /// for `identity` on Linux unless the caller set `Accept-Encoding`) is decoded like one it
    /// asked for: URLSession undoes every coding it knows on every platform, and offers no way to
    /// receive the coded bytes. So the limit counts the decoded bytes, and a small compressed
    /// answer that inflates past it is cancelled as soon as it does.
    public var maximumResponseBytes: Int64?
    /// The largest body written to `responseBodyFile`, counted the same way, and the most a
    /// streamed answer's reader may fall behind (what it has not read waits on disk); `nil`:
    /// `maximumResponseBytes`. Set it after `init`.
    public var maximumDownloadBytes: Int64?
    /// Where a 2xx answer's body goes instead of memory: a transport creates this file itself
    /// (it must not exist), writes the body as it arrives, sets `TransportResponse.bodyFile`, and
    /// removes it when the transfer fails. A transport that ignores it returns the body in
    /// memory, held to `maximumResponseBytes`, and the engine writes the file.
    public var responseBodyFile: URL?
    /// The engine's staging directory `responseBodyFile` lies in: this transport creates and
    /// removes the file through its descriptor, so a directory swapped under its path is never used.
    var responseBodyStaging: StagingDirectory?
    /// Called with (bytes received, bytes expected or -1) while a body is written to `responseBodyFile`.
    public var downloadProgress: (@Sendable (Int64, Int64) -> Void)?
    /// The generated operation this hop belongs to (`APIRequest.operationName`), set by the
    /// engine; a stub transport answers by operation instead of by URL. Set it after `init`.
    public var operationName: String?

    public init(
        url: URL, method: RequestMethod, headers: HeaderFields = HeaderFields(), body: Body? = nil,
        timeout: TimeInterval = 30, uploadProgress: (@Sendable (Int64, Int64) -> Void)? = nil,
        needsExclusiveConnection: Bool = false, maximumResponseBytes: Int64? = nil, responseBodyFile: URL? = nil,
        downloadProgress: (@Sendable (Int64, Int64) -> Void)? = nil
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.uploadProgress = uploadProgress
        self.needsExclusiveConnection = needsExclusiveConnection
        self.maximumResponseBytes = maximumResponseBytes
        self.responseBodyFile = responseBodyFile
        self.downloadProgress = downloadProgress
    }
}

public struct TransportResponse: Sendable {
    public var statusCode: Int
    public var headers: HeaderFields
    public var body: Data
    /// The `TransportRequest.responseBodyFile` the body was written to (`body` is then empty).
    public var bodyFile: URL?
    /// A streamed 2xx body (`HTTPTransport.stream`); `body` is then empty.
    public var bodyStream: ResponseBodyStream?

    public init(statusCode: Int, headers: HeaderFields = HeaderFields(), body: Data = Data(), bodyFile: URL? = nil) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.bodyFile = bodyFile
    }
}

/// `HTTPTransport` over URLSession (see `linux-foundation.md` for why each piece exists): no
/// cookies, no cache, no credential storage and no redirect following, whatever session
/// configuration it is given; exact per-request deadlines; cancellation that reaches the socket.
public final class URLSessionHTTPTransport: HTTPTransport, Sendable {
    private let session: URLSession
    let sessionConfiguration: URLSessionConfiguration
    let delegate: SessionDelegate
    let deadlines = DeadlineScheduler()

    /// - Parameter configuration: a base for the session (proxies, TLS settings, extra
    ///   protocol classes, connection limits); the settings that would store or send state the
    ///   engine did not decide are overridden. A whole `URLSession` cannot be injected: its
    ///   delegate would decide redirects and authentication challenges behind the engine's back.
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        let hardened = URLSessionHTTPTransport.hardened(configuration)
        sessionConfiguration = hardened
        let delegate = SessionDelegate()
        self.delegate = delegate
        session = URLSession(
            configuration: hardened, delegate: delegate, delegateQueue: URLSessionHTTPTransport.delegateQueue())
    }

    /// Linux needs a queue that holds libcurl back (see `BoundedDelegateQueue`); elsewhere the
    /// system's own serial queue does.
    static func delegateQueue() -> OperationQueue? {
        #if canImport(FoundationNetworking)
        return BoundedDelegateQueue()
        #else
        return nil
        #endif
    }

    /// The session's delegate queue, for tests.
    var sessionDelegateQueue: OperationQueue { session.delegateQueue }

    deinit {
        // URLSession retains its delegate until invalidated.
        session.finishTasksAndInvalidate()
    }

    /// GET and HEAD may share connections; anything else must not be replayed by the HTTP layer.
    static func isReplaySafe(_ method: String?) -> Bool {
        method == nil || method == "GET" || method == "HEAD"
    }

    static func hardened(_ base: URLSessionConfiguration) -> URLSessionConfiguration {
        // URLSessionConfiguration is a reference type: never change the caller's.
        guard let session = base.copy() as? URLSessionConfiguration else { return .ephemeral }
        // No cookie may be stored or sent, nothing cached: every request stands alone.
        session.httpCookieStorage = nil
        session.httpCookieAcceptPolicy = .never
        session.httpShouldSetCookies = false
        session.urlCache = nil
        session.urlCredentialStorage = nil
        session.requestCachePolicy = .reloadIgnoringLocalCacheData
        session.httpAdditionalHeaders = nil
        #if !canImport(FoundationNetworking)
        if session.tlsMinimumSupportedProtocolVersion.rawValue < tls_protocol_version_t.TLSv12.rawValue {
            session.tlsMinimumSupportedProtocolVersion = .TLSv12
        }
        #else
        // Linux has no such setting: the floor is the system OpenSSL's (3.x refuses TLS 1.0/1.1
        // at its default security level), so TLS 1.2 is the effective minimum there too.
        #endif
        return session
    }

    /// The value handed to URLSession. On Linux libcurl truncates timeouts to whole seconds and
    /// fails at once below 1 s, so round up (minimum 1); the exact value is still enforced by
    /// the transport's own deadline. Invalid values never get here (validation), but must not trap.
    static func wholeSeconds(_ timeout: TimeInterval) -> TimeInterval {
        guard timeout.isFinite, timeout > 0 else { return 30 }
        #if canImport(FoundationNetworking)
        return max(1, min(timeout.rounded(.up), 86_400))
        #else
        return min(timeout, 86_400)
        #endif
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        try Task.checkCancellation()
        let transfer = Transfer(
            uploadProgress: URLSessionHTTPTransport.uploadProgress(for: request), limit: request.maximumResponseBytes,
            bodyFile: request.responseBodyFile, fileLimit: request.maximumDownloadBytes,
            staging: request.responseBodyStaging, downloadProgress: request.downloadProgress)
        let response = try await execute(
            URLSessionHTTPTransport.urlRequest(for: request), body: request.body, transfer: transfer,
            remaining: request.timeout, exclusive: request.needsExclusiveConnection)
        return TransportResponse(
            statusCode: response.statusCode, headers: URLSessionHTTPTransport.headers(of: response.response),
            body: response.body, bodyFile: response.bodyFile)
    }

    static func urlRequest(for request: TransportRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        urlRequest.timeoutInterval = URLSessionHTTPTransport.wholeSeconds(request.timeout)
        urlRequest.httpShouldHandleCookies = false
        for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
        #if canImport(FoundationNetworking)
        // On Linux URLSession always has libcurl undo gzip/deflate itself, a whole socket read at
        // a time; `BoundedDelegateQueue` keeps what it inflates near the limit, but the CPU is
        // still spent. An honest server asked for no coding sends none, so ask for that unless
        // the caller chose an encoding; a server that codes anyway is held to the limit.
        if request.headers["Accept-Encoding"] == nil {
            urlRequest.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        }
        #endif
        return urlRequest
    }

    static func uploadProgress(for request: TransportRequest) -> (@Sendable (Int64, Int64) -> Void)? {
        guard case .file(_, let length)? = request.body, let report = request.uploadProgress else {
            return request.uploadProgress
        }
        // A streamed body's length is unknown to URLSession (see `streaming`); this one's is not.
        return { sent, expected in report(sent, expected > 0 ? expected : length) }
    }

    private func execute(
        _ urlRequest: URLRequest, body: TransportRequest.Body?, transfer: Transfer, remaining: TimeInterval,
        exclusive: Bool
    ) async throws -> TransferResult {
        try Task.checkCancellation()
        var urlRequest = urlRequest
        var session = self.session
        // On Linux libcurl re-sends a request, silently and without its body, when a reused
        // keep-alive connection turns out to be dead, even after the server acted on it. A request
        // that changes state (or asks for it) therefore gets a session, so a connection, of its
        // own, closed after the answer. Apple's loader never replays such a request.
        var oneShot: URLSession?
        #if canImport(FoundationNetworking)
        let needsOwnConnection = exclusive || !URLSessionHTTPTransport.isReplaySafe(urlRequest.httpMethod)
        #else
        let needsOwnConnection = exclusive
        #endif
        if needsOwnConnection {
            let fresh = URLSession(
                configuration: sessionConfiguration, delegate: delegate,
                delegateQueue: URLSessionHTTPTransport.delegateQueue())
            oneShot = fresh
            session = fresh
            urlRequest.setValue("close", forHTTPHeaderField: "Connection")
        }
        defer { oneShot?.finishTasksAndInvalidate() }
        let task = try makeTask(session, urlRequest, body: body, transfer: transfer)
        let deadline = deadlines.schedule(after: remaining) { [weak transfer] in transfer?.expire() }
        defer { deadlines.cancel(deadline) }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in transfer.start(task, continuation: continuation) }
        } onCancel: {
            transfer.cancel()
        }
        switch outcome {
        case .response(let result):
            return result
        case .refused(let error):
            throw error
        case .cancelledBeforeStart:
            delegate.unregister(task)
            cancelSoon(task)
            throw CancellationError()
        case .failure(let error):
            // URLSession reports cancellation as URLError -999; the caller gets CancellationError.
            if Task.isCancelled { throw CancellationError() }
            if transfer.timedOut { throw URLError(.timedOut) }
            throw error
        }
    }

    /// Every task is delegate-driven: the body must be seen as it arrives to stop at the size
    /// limit (a completion handler gets it only whole) and to stream downloads to a file, and on
    /// Linux only such tasks report upload progress. Redirects and challenges reach the same
    /// session delegate.
    func makeTask(
        _ session: URLSession, _ urlRequest: URLRequest, body: TransportRequest.Body?, transfer: any TaskObserver
    ) throws -> URLSessionTask {
        let task: URLSessionTask
        switch body {
        case .data(let data)?: task = session.uploadTask(with: urlRequest, from: data)
        case .file(let file, let length)?:
            #if canImport(FoundationNetworking)
            task = session.dataTask(with: try URLSessionHTTPTransport.streaming(urlRequest, from: file, length: length))
            #else
            task = session.uploadTask(with: urlRequest, fromFile: file)
            #endif
        case nil: task = session.dataTask(with: urlRequest)
        }
        delegate.register(transfer, for: task)
        return task
    }

    /// A file body as a stream read from inside libcurl's own read callback.
    ///
    /// On Linux `uploadTask(with:fromFile:)` reads the file on a queue of its own and, each time
    /// a chunk is ready, un-pauses libcurl; when the transfer has ended meanwhile (the call was
    /// cancelled, the server answered early, a deadline passed) the un-pause fails and
    /// swift-corelibs-foundation traps on it (`try!` in its EasyHandle), ending the whole
    /// process. A body stream is never paused. Its length is unknown to URLSession, so the
    /// request states it: libcurl then sends it as is instead of chunked.
    static func streaming(_ urlRequest: URLRequest, from file: URL, length: Int64) throws -> URLRequest {
        // As `uploadTask(fromFile:)` reports it; a stream would only fail on its first read.
        guard FileManager.default.isReadableFile(atPath: file.path), let stream = InputStream(url: file) else {
            throw URLError(.fileDoesNotExist, userInfo: [NSURLErrorFailingURLErrorKey: file])
        }
        var streamed = urlRequest
        streamed.httpBodyStream = stream
        streamed.setValue(String(length), forHTTPHeaderField: "Content-Length")
        // libcurl chunks a body of unknown length unless the request names a transfer coding;
        // a blank one is never sent (libcurl drops custom headers without a value) and turns
        // the chunking off, so the body goes as is, framed by its Content-Length.
        streamed.setValue(" ", forHTTPHeaderField: "Transfer-Encoding")
        return streamed
    }

    static func headers(of response: HTTPURLResponse) -> HeaderFields {
        var headers = HeaderFields()
        let fields = response.allHeaderFields.compactMap { key, value -> (String, String)? in
            guard let name = key as? String else { return nil }
            return (name, value as? String ?? String(describing: value))
        }
        for (name, value) in fields.sorted(by: { $0.0.lowercased() < $1.0.lowercased() }) { headers.add(name, value) }
        return headers
    }
}
