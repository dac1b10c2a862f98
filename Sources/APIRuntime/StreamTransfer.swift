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
        // Falling behind costs disk, not memory, so it is held to the download limit.
        let transfer = StreamTransfer(
            uploadProgress: URLSessionHTTPTransport.uploadProgress(for: request), limit: request.maximumResponseBytes,
            backlogLimit: request.maximumDownloadBytes ?? request.maximumResponseBytes, idleTimeout: request.timeout,
            deadlines: deadlines)
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
/// reader through a backlog (`StreamBacklog`): a small window in memory, the rest on disk.
///
/// The network is not back-pressured: holding the delivering callback until the reader caught
/// up was tried and dropped, as on Linux it stalled every other URLSession transfer of the
/// process while it waited (a full parallel test run hung), and swift-corelibs-foundation
/// cannot pause one transfer. So what the reader has not taken spills to disk past the window,
/// and a reader that falls behind by more than `backlogLimit` bytes (the download limit) ends
/// the stream with `ResponseTooLargeError` and the transfer is cancelled.
final class StreamTransfer: TaskObserver, ChunkSource, @unchecked Sendable {
    // @unchecked: every stored var is only touched with `condition` locked.

    let uploadProgress: (@Sendable (Int64, Int64) -> Void)?
    /// For a non-2xx body, collected whole in memory.
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
    private var backlog: StreamBacklog
    private var reader: CheckedContinuation<StreamBacklog.Piece?, any Error>?
    private var readerDeadline: UInt64?
    private var refusal: (any Error)?
    private var failure: (any Error)?
    private var ended = false
    private var cancelled = false
    private var expired = false

    init(
        uploadProgress: (@Sendable (Int64, Int64) -> Void)?, limit: Int64?, backlogLimit: Int64?,
        idleTimeout: TimeInterval, deadlines: DeadlineScheduler, window: Int = StreamBacklog.defaultWindow,
        segmentSize: Int = StreamBacklog.defaultSegmentSize,
        spillDirectory: URL = FileManager.default.temporaryDirectory
    ) {
        self.uploadProgress = uploadProgress
        self.limit = limit
        // Memory never holds more than the in-memory limit allows, even a lowered one.
        backlog = StreamBacklog(
            window: min(window, limit.map { Int(clamping: $0) } ?? window), limit: backlogLimit,
            segmentSize: segmentSize, directory: spillDirectory)
        self.idleTimeout = idleTimeout
        self.deadlines = deadlines
    }

    var timedOut: Bool { locked { expired } }

    /// The most body bytes ever waiting for the reader in memory at once (for tests).
    var highestBacklog: Int { locked { backlog.mostInMemory } }

    /// The most body bytes ever waiting for the reader, in memory and on disk (for tests).
    var highestTotalBacklog: Int64 { locked { backlog.mostWaiting } }

    /// Body bytes that went through a spill file (for tests).
    var spilledBytes: Int64 { locked { backlog.spilledBytes } }

    /// Where each spill file was created (for tests; see `StreamBacklog.spillPaths`).
    var spillPaths: [String] { locked { backlog.spillPaths } }

    /// Whether the task has completed, whatever the reader has taken (for tests).
    var hasCompleted: Bool { locked { ended } }

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
        // A reader waits only while nothing is backlogged, so it can have this piece directly.
        if let reader = takeReader() {
            condition.unlock()
            reader.resume(returning: .chunk(data))
            condition.lock()
        } else {
            do {
                // A disk write here is one delivered piece, with the lock held so that no reader
                // or stop can close the file under it; the reader never holds the lock for I/O.
                try backlog.append(data)
            } catch {
                failure = error
                cancelled = true
                backlog.removeAll()
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
            let piece = try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<StreamBacklog.Piece?, any Error>) in
                condition.lock()
                if let piece = backlog.take() {
                    condition.broadcast()
                    condition.unlock()
                    continuation.resume(returning: piece)
                } else if cancelled || ended {
                    let failure = cancelled ? self.failure ?? CancellationError() : self.failure
                    condition.unlock()
                    if let failure {
                        continuation.resume(throwing: failure)
                    } else {
                        continuation.resume(returning: nil)
                    }
                } else {
                    // Only a wait for the network has a deadline: catching up from disk has none.
                    reader = continuation
                    readerDeadline = deadlines.schedule(after: idleTimeout) { [weak self] in self?.expire() }
                    condition.unlock()
                }
            }
            switch piece {
            case nil: return nil
            case .chunk(let data)?: return data
            case .spilled(let segment, let offset, let count)?:
                // Outside the lock: the writer on the session's queue never waits for this read.
                do {
                    return try segment.read(at: offset, count: count)
                } catch {
                    let task: URLSessionTask? = locked {
                        if failure == nil { failure = error }
                        cancelled = true
                        backlog.removeAll()
                        return self.task
                    }
                    cancelSoon(task)
                    throw error
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
        guard !ended || !backlog.isEmpty || reader != nil else {
            condition.unlock()
            return
        }
        if timedOut { expired = true } else { cancelled = true }
        if failure == nil { failure = error }
        backlog.removeAll()
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
    private func takeReader() -> CheckedContinuation<StreamBacklog.Piece?, any Error>? {
        if let id = readerDeadline { deadlines.cancel(id) }
        readerDeadline = nil
        defer { reader = nil }
        return reader
    }
}
