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

/// How one URLSession task ended, before the transport maps it onto the SDK's errors.
enum TransferOutcome: Sendable {
    case response(HTTPURLResponse, Data)
    case failure(URLError)
    /// The Swift task was cancelled before the URLSession task could start.
    case cancelledBeforeStart
}

/// The state of one in-flight URLSession task: collects the answer and resumes the caller once.
///
/// Fed either by the session delegate (delegate-driven tasks, used for upload progress because
/// on Linux only they get `didSendBodyData`) or by a task's completion handler.
final class Transfer: @unchecked Sendable {
    private struct State {
        var continuation: CheckedContinuation<TransferOutcome, Never>?
        var task: URLSessionTask?
        var response: HTTPURLResponse?
        var body = Data()
        var cancelled = false
        var timedOut = false
        var finished = false
    }
    private let state = Locked(State())
    let progress: (@Sendable (Int64, Int64) -> Void)?

    init(progress: (@Sendable (Int64, Int64) -> Void)?) { self.progress = progress }

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
        task?.cancel()
    }

    /// The SDK's own deadline: libcurl's timer is idle-based and whole-second only.
    func expire() {
        let task: URLSessionTask? = state.withLock { state in
            guard !state.finished else { return nil }
            state.timedOut = true
            return state.task
        }
        task?.cancel()
    }

    func received(_ response: URLResponse) {
        state.withLock { $0.response = response as? HTTPURLResponse }
    }

    func received(_ data: Data) {
        state.withLock { $0.body.append(data) }
    }

    /// The whole answer at once, from a task with a completion handler.
    func finish(data: Data?, response: URLResponse?, error: (any Error)?) {
        state.withLock { state in
            if let response { state.response = response as? HTTPURLResponse }
            if let data { state.body = data }
        }
        completed(error)
    }

    func completed(_ error: (any Error)?) {
        let (continuation, outcome): (CheckedContinuation<TransferOutcome, Never>?, TransferOutcome) =
            state.withLock { state in
                let continuation = state.finished ? nil : state.continuation
                state.finished = true
                state.continuation = nil
                state.task = nil
                if let error {
                    let urlError = error as? URLError ?? URLError(.unknown, userInfo: [NSUnderlyingErrorKey: error])
                    return (continuation, .failure(urlError))
                }
                guard let response = state.response else {
                    return (continuation, .failure(URLError(.badServerResponse)))
                }
                return (continuation, .response(response, state.body))
            }
        continuation?.resume(returning: outcome)
    }
}

/// The session's only delegate. Refuses every redirect (the transport applies its own policy
/// and re-issues the request, which also avoids Linux dropping 307/308 bodies) and forwards
/// task events to the matching `Transfer`.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// Keyed by task identity: task identifiers are unique only within one session, and this
    /// delegate serves several.
    fileprivate let transfers = Locked([ObjectIdentifier: Transfer]())

    func register(_ transfer: Transfer, for task: URLSessionTask) {
        transfers.withLock { $0[ObjectIdentifier(task)] = transfer }
    }

    private func transfer(for task: URLSessionTask) -> Transfer? {
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
        transfer(for: dataTask)?.received(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(for: dataTask)?.received(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        transfer(for: task)?.progress?(totalBytesSent, totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let finished = transfers.withLock { $0.removeValue(forKey: ObjectIdentifier(task)) }
        if let response = task.response { finished?.received(response) }
        finished?.completed(error)
    }
}

extension SessionDelegate {
    func unregister(_ task: URLSessionTask) {
        _ = transfers.withLock { $0.removeValue(forKey: ObjectIdentifier(task)) }
    }
}
