import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A minimal lock-protected box. `Mutex` would do, but it needs macOS 15 / iOS 18.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// A complete answer: the body in memory, or in `bodyFile` when it was streamed there.
struct TransferResult: Sendable {
    let response: HTTPURLResponse
    let body: Data
    let bodyFile: URL?
    var statusCode: Int { response.statusCode }
}

/// How one URLSession task ended, before the transport maps it onto the SDK's errors.
enum TransferOutcome: Sendable {
    case response(TransferResult)
    case failure(URLError)
    /// The transfer itself stopped the task: a body over the limit, a file it could not write.
    case refused(any Error)
    /// The Swift task was cancelled before the URLSession task could start.
    case cancelledBeforeStart
}

/// What the session delegate reports one task's events to.
protocol TaskObserver: AnyObject, Sendable {
    var uploadProgress: (@Sendable (Int64, Int64) -> Void)? { get }
    /// `false` refuses the answer (the task is then cancelled).
    func received(_ response: URLResponse) -> Bool
    /// A piece of the body. Returns the task to cancel when the transfer must stop now.
    func received(_ data: Data) -> URLSessionTask?
    func completed(_ error: (any Error)?, response: URLResponse?)
}

/// The state of one in-flight URLSession task: collects the answer (in memory or in a file),
/// holds it to the size limit for where it goes as it arrives, and resumes the caller once. Fed
/// by the session delegate.
final class Transfer: TaskObserver, @unchecked Sendable {
    private struct State {
        var continuation: CheckedContinuation<TransferOutcome, Never>?
        var task: URLSessionTask?
        var response: HTTPURLResponse?
        var body = Data()
        var received: Int64 = 0
        var expected: Int64 = -1
        /// Open while a 2xx body streams to `bodyFile`.
        var file: FileHandle?
        var fileCreated = false
        var refusal: (any Error)?
        var cancelled = false
        var timedOut = false
        var finished = false
    }
    private let state = Locked(State())
    let uploadProgress: (@Sendable (Int64, Int64) -> Void)?
    /// For a body held in memory.
    private let limit: Int64?
    /// For a body written to `bodyFile`.
    private let fileLimit: Int64?
    private let bodyFile: URL?
    /// When set, `bodyFile` is made (and removed) through it, never through its path.
    private let staging: StagingDirectory?
    private let downloadProgress: (@Sendable (Int64, Int64) -> Void)?

    init(
        uploadProgress: (@Sendable (Int64, Int64) -> Void)? = nil, limit: Int64? = nil, bodyFile: URL? = nil,
        fileLimit: Int64? = nil, staging: StagingDirectory? = nil,
        downloadProgress: (@Sendable (Int64, Int64) -> Void)? = nil
    ) {
        self.uploadProgress = uploadProgress
        self.limit = limit
        self.fileLimit = fileLimit ?? limit
        self.bodyFile = bodyFile
        self.staging = staging
        self.downloadProgress = downloadProgress
    }

    var timedOut: Bool { state.withLock { $0.timedOut } }

    /// Starts `task` unless the caller was already cancelled, in which case the task is never
    /// resumed and no connection is opened.
    func start(_ task: URLSessionTask, continuation: CheckedContinuation<TransferOutcome, Never>) {
        let startNow: Bool = state.withLock { state in
            state.continuation = continuation
            guard !state.cancelled else {
                state.finished = true
                state.continuation = nil
                return false
            }
            state.task = task
            return true
        }
        if startNow { task.resume() } else { continuation.resume(returning: .cancelledBeforeStart) }
    }

    func cancel() {
        let task: URLSessionTask? = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        // Whoever cancels (a progress callback on the delegate queue, say) must not wait here.
        cancelSoon(task)
    }

    /// The SDK's own deadline: libcurl's timer is idle-based and whole-second only.
    func expire() {
        let task: URLSessionTask? = state.withLock { state in
            guard !state.finished else { return nil }
            state.timedOut = true
            return state.task
        }
        cancelSoon(task)
    }

    /// `false` refuses the answer (the task is then cancelled): a declared length above the
    /// limit, or a download file that cannot be created.
    func received(_ response: URLResponse) -> Bool {
        state.withLock { state in
            let http = response as? HTTPURLResponse
            state.response = http
            state.expected = response.expectedContentLength
            let toFile = bodyFile != nil && http.map { (200..<300).contains($0.statusCode) } == true
            // With a content coding the declared length is the coded size, which says nothing
            // certain about the decoded one; then only the bytes as they arrive count.
            let coding = http?.value(forHTTPHeaderField: "Content-Encoding")?.lowercased()
            if let limit = toFile ? fileLimit : limit, coding == nil || coding == "identity",
                response.expectedContentLength > limit
            {
                state.refusal = ResponseTooLargeError(
                    limit: limit, receivedBytes: 0, declaredLength: response.expectedContentLength)
                return false
            }
            guard toFile, let bodyFile else { return true }
            do {
                state.file = try staging.map { try $0.createBody() } ?? DownloadFile.create(at: bodyFile)
                state.fileCreated = true
                return true
            } catch {
                state.refusal = error
                return false
            }
        }
    }

    /// A piece of the body. Returns the task to cancel when the transfer must stop now.
    func received(_ data: Data) -> URLSessionTask? {
        let (stop, progress): (URLSessionTask?, (Int64, Int64)?) = state.withLock { state in
            guard state.refusal == nil, !state.finished else { return (nil, nil) }
            state.received += Int64(data.count)
            if let limit = state.file == nil ? limit : fileLimit, state.received > limit {
                state.refusal = ResponseTooLargeError(limit: limit, receivedBytes: state.received)
                state.body = Data()
                return (state.task, nil)
            }
            guard let file = state.file else {
                state.body.append(data)
                return (nil, nil)
            }
            do {
                try file.write(contentsOf: data)
            } catch {
                state.refusal = EngineError(
                    "Cannot write the downloaded body to its file", context: ["detail": "\(error)"],
                    underlyingError: error)
                return (state.task, nil)
            }
            return (nil, (state.received, state.expected))
        }
        if let progress { downloadProgress?(progress.0, progress.1) }
        return stop
    }

    func completed(_ error: (any Error)?, response: URLResponse? = nil) {
        let (continuation, outcome): (CheckedContinuation<TransferOutcome, Never>?, TransferOutcome) =
            state.withLock { state in
                let continuation = state.finished ? nil : state.continuation
                if state.response == nil { state.response = response as? HTTPURLResponse }
                state.finished = true
                state.continuation = nil
                state.task = nil
                let file = state.file
                state.file = nil
                let written = state.fileCreated ? bodyFile : nil
                let outcome = Transfer.outcome(of: state, error: error, bodyFile: written)
                try? file?.close()
                if case .response = outcome {
                } else if let written {
                    // A partial download must not look like a complete one.
                    if let staging { staging.removeBody() } else { DownloadFile.remove(written) }
                }
                return (continuation, outcome)
            }
        continuation?.resume(returning: outcome)
    }

    private static func outcome(of state: State, error: (any Error)?, bodyFile: URL?) -> TransferOutcome {
        if let refusal = state.refusal { return .refused(refusal) }
        if let error {
            return .failure(error as? URLError ?? URLError(.unknown, userInfo: [NSUnderlyingErrorKey: error]))
        }
        guard let response = state.response else { return .failure(URLError(.badServerResponse)) }
        return .response(TransferResult(response: response, body: state.body, bodyFile: bodyFile))
    }
}

/// The session's only delegate. Refuses every redirect (the transport applies its own policy
/// and re-issues the request, which also avoids Linux dropping 307/308 bodies) and forwards
/// task events to the matching `Transfer`.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// Keyed by task identity: task identifiers are unique only within one session, and this
    /// delegate serves several.
    fileprivate let transfers = Locked([ObjectIdentifier: any TaskObserver]())

    func register(_ transfer: any TaskObserver, for task: URLSessionTask) {
        transfers.withLock { $0[ObjectIdentifier(task)] = transfer }
    }

    private func transfer(for task: URLSessionTask) -> (any TaskObserver)? {
        transfers.withLock { $0[ObjectIdentifier(task)] }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let accepted = transfer(for: dataTask)?.received(response) ?? true
        // On Linux `.cancel` alone leaves libcurl reading the whole body; cancelling the task
        // stops the transfer (soon: see `BoundedDelegateQueue`).
        if !accepted { cancelSoon(dataTask) }
        completionHandler(accepted ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        cancelSoon(transfer(for: dataTask)?.received(data))
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        transfer(for: task)?.uploadProgress?(totalBytesSent, totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let finished = transfers.withLock { $0.removeValue(forKey: ObjectIdentifier(task)) }
        finished?.completed(error, response: task.response)
    }
}

extension SessionDelegate {
    func unregister(_ task: URLSessionTask) {
        _ = transfers.withLock { $0.removeValue(forKey: ObjectIdentifier(task)) }
    }
}
