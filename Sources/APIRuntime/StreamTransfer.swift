import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionHTTPTransport {
    /// A streamed exchange (see `HTTPTransport.stream`): the head is returned as soon as it
    /// arrives and a 2xx body is handed to the reader chunk by chunk.
    ///
    /// Each stream gets a session, so a connection, of its own: a long-lived stream never holds
    /// a pooled connection other calls wait for.
    public func stream(_ request: TransportRequest) async throws -> TransportResponse {
        try Task.checkCancellation()
        let session = URLSession(
            configuration: sessionConfiguration, delegate: delegate,
            delegateQueue: URLSessionHTTPTransport.delegateQueue())
        // Tasks already created run to their end; the session goes with its last one.
        defer { session.finishTasksAndInvalidate() }
        let transfer = StreamTransfer(
            uploadProgress: URLSessionHTTPTransport.uploadProgress(for: request), limit: request.maximumResponseBytes,
            idleTimeout: request.timeout, deadlines: deadlines)
        let task = try makeTask(
            session, URLSessionHTTPTransport.urlRequest(for: request), body: request.body, transfer: transfer)
        let headDeadline = deadlines.schedule(after: request.timeout) { [weak transfer] in transfer?.expire() }
        defer { deadlines.cancel(headDeadline) }
        let head = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in transfer.start(task, continuation: continuation) }
        } onCancel: {
            transfer.cancel()
        }
        switch head {
        case .streaming(let response):
            var answer = TransportResponse(
                statusCode: response.statusCode, headers: URLSessionHTTPTransport.headers(of: response))
            answer.bodyStream = ResponseBodyStream(source: transfer)
            return answer
        case .whole(.response(let result)):
            return TransportResponse(
                statusCode: result.statusCode, headers: URLSessionHTTPTransport.headers(of: result.response),
                body: result.body)
        case .whole(.refused(let error)):
            throw error
        case .whole(.cancelledBeforeStart):
            delegate.unregister(task)
            cancelSoon(task)
            throw CancellationError()
        case .whole(.failure(let error)):
            if Task.isCancelled { throw CancellationError() }
            if transfer.timedOut { throw URLError(.timedOut) }
            throw error
        }
    }
}

/// How the head of a streamed exchange arrived.
enum StreamHead: Sendable {
    /// A 2xx head: its body follows through the transfer.
    case streaming(HTTPURLResponse)
    /// Any other answer, whole, or how the exchange failed.
    case whole(TransferOutcome)
}

/// One streamed URLSession task: the head for the caller that sent it, then the body for the
/// reader through a small buffer.
///
/// Memory is bounded, not back-pressured: a reader that falls behind by more than `limit` bytes
/// (the call's in-memory limit) ends the stream with `ResponseTooLargeError` and the transfer is
/// cancelled. Holding the delivering callback until the reader caught up was tried and dropped:
/// on Linux it stalled every other URLSession transfer of the process while it waited (a full
/// parallel test run hung), as swift-corelibs-foundation cannot pause one transfer.
final class StreamTransfer: TaskObserver, ChunkSource, @unchecked Sendable {
    // @unchecked: every stored var is only touched with `condition` locked.

    let uploadProgress: (@Sendable (Int64, Int64) -> Void)?
    private let limit: Int64?
    private let idleTimeout: TimeInterval
    private let deadlines: DeadlineScheduler
    private let condition = NSCondition()

    private var head: CheckedContinuation<StreamHead, Never>?
    private var task: URLSessionTask?
    private var response: HTTPURLResponse?
    private var streaming = false
    /// A non-2xx answer's body, collected whole.
    private var body = Data()
    private var chunks: [Data] = []
    /// The next chunk to hand over: the array is not shifted per chunk.
    private var first = 0
    private var buffered = 0
    private var mostBuffered = 0
    private var reader: CheckedContinuation<Data?, any Error>?
    private var readerDeadline: UInt64?
    private var refusal: (any Error)?
    private var failure: (any Error)?
    private var ended = false
    private var cancelled = false
    private var expired = false

    init(
        uploadProgress: (@Sendable (Int64, Int64) -> Void)?, limit: Int64?, idleTimeout: TimeInterval,
        deadlines: DeadlineScheduler
    ) {
        self.uploadProgress = uploadProgress
        self.limit = limit
        self.idleTimeout = idleTimeout
        self.deadlines = deadlines
    }

    var timedOut: Bool { locked { expired } }

    /// The most body bytes ever waiting for the reader at once (for tests).
    var highestBacklog: Int { locked { mostBuffered } }

    func start(_ task: URLSessionTask, continuation: CheckedContinuation<StreamHead, Never>) {
        let startNow: Bool = locked {
            guard !cancelled else {
                ended = true
                return false
            }
            head = continuation
            self.task = task
            return true
        }
        if startNow { task.resume() } else { continuation.resume(returning: .whole(.cancelledBeforeStart)) }
    }

    // MARK: TaskObserver (the session's delegate queue)

    func received(_ response: URLResponse) -> Bool {
        let http = response as? HTTPURLResponse
        let (resume, accepted): (CheckedContinuation<StreamHead, Never>?, Bool) = locked {
            self.response = http
            guard let http, (200..<300).contains(http.statusCode) else {
                if let limit, response.expectedContentLength > limit {
                    refusal = ResponseTooLargeError(
                        limit: limit, receivedBytes: 0, declaredLength: response.expectedContentLength)
                    return (nil, false)
                }
                return (nil, true)
            }
            streaming = true
            defer { head = nil }
            return (head, true)
        }
        if let http, let resume { resume.resume(returning: .streaming(http)) }
        return accepted
    }

    func received(_ data: Data) -> URLSessionTask? {
        condition.lock()
        defer { condition.unlock() }
        guard !ended, !cancelled, refusal == nil else { return nil }
        guard streaming else {
            body.append(data)
            if let limit, Int64(body.count) > limit {
                refusal = ResponseTooLargeError(limit: limit, receivedBytes: Int64(body.count))
                body = Data()
                return task
            }
            return nil
        }
        if let reader = takeReader() {
            condition.unlock()
            reader.resume(returning: data)
            condition.lock()
        } else {
            chunks.append(data)
            buffered += data.count
            mostBuffered = max(mostBuffered, buffered)
            if let limit, Int64(buffered) > limit {
                failure = ResponseTooLargeError(limit: limit, receivedBytes: Int64(buffered))
                cancelled = true
                chunks.removeAll()
                first = 0
                buffered = 0
                return task
            }
        }
        return nil
    }

    func completed(_ error: (any Error)?, response: URLResponse?) {
        condition.lock()
        ended = true
        task = nil
        if self.response == nil { self.response = response as? HTTPURLResponse }
        let head = self.head
        self.head = nil
        var outcome: TransferOutcome?
        if head != nil {
            if let refusal {
                outcome = .refused(refusal)
            } else if let error {
                outcome = .failure(error as? URLError ?? URLError(.unknown, userInfo: [NSUnderlyingErrorKey: error]))
            } else if let http = self.response {
                outcome = .response(TransferResult(response: http, body: body, bodyFile: nil))
            } else {
                outcome = .failure(URLError(.badServerResponse))
            }
        } else if let error, failure == nil {
            failure = expired ? URLError(.timedOut) : cancelled ? CancellationError() : error
        }
        // A reader waits only while nothing is buffered: it gets the end, or the failure.
        let reader = takeReader()
        let failure = self.failure
        condition.broadcast()
        condition.unlock()
        if let head, let outcome { head.resume(returning: .whole(outcome)) }
        if let reader {
            if let failure { reader.resume(throwing: failure) } else { reader.resume(returning: nil) }
        }
    }

    // MARK: ChunkSource (the reader)

    func nextChunk() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
                condition.lock()
                if first < chunks.count {
                    let chunk = chunks[first]
                    first += 1
                    if first == chunks.count {
                        chunks.removeAll(keepingCapacity: true)
                        first = 0
                    }
                    buffered -= chunk.count
                    condition.broadcast()
                    condition.unlock()
                    continuation.resume(returning: chunk)
                } else if cancelled || ended {
                    let failure = cancelled ? self.failure ?? CancellationError() : self.failure
                    condition.unlock()
                    if let failure {
                        continuation.resume(throwing: failure)
                    } else {
                        continuation.resume(returning: nil)
                    }
                } else {
                    reader = continuation
                    readerDeadline = deadlines.schedule(after: idleTimeout) { [weak self] in self?.expire() }
                    condition.unlock()
                }
            }
        } onCancel: {
            cancel()
        }
    }

    func abandon() { cancel() }

    // MARK: Stopping

    /// The caller or the reader is gone: stop the task, and wake whoever waits.
    func cancel() {
        stop(CancellationError(), timedOut: false)
    }

    /// The SDK's own deadline (for the head, or for the next chunk).
    func expire() {
        stop(URLError(.timedOut), timedOut: true)
    }

    private func stop(_ error: any Error, timedOut: Bool) {
        condition.lock()
        guard !ended || first < chunks.count || reader != nil else {
            condition.unlock()
            return
        }
        if timedOut { expired = true } else { cancelled = true }
        if failure == nil { failure = error }
        chunks.removeAll()
        first = 0
        buffered = 0
        let reader = takeReader()
        let task = self.task
        condition.broadcast()
        condition.unlock()
        reader?.resume(throwing: error)
        // Whoever stops (a deadline, a cancellation handler) must not wait for the session here.
        cancelSoon(task)
    }

    private func locked<R>(_ body: () throws -> R) rethrows -> R {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    /// The waiting reader, its deadline cancelled. Call with `condition` locked.
    private func takeReader() -> CheckedContinuation<Data?, any Error>? {
        if let id = readerDeadline { deadlines.cancel(id) }
        readerDeadline = nil
        defer { reader = nil }
        return reader
    }
}
