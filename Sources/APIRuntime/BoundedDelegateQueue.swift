import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(FoundationNetworking)
/// The session delegate queue on Linux: it makes libcurl wait while the delegate is behind.
///
/// swift-corelibs-foundation hands every piece of a body to the delegate queue from libcurl's
/// write callback and returns at once, and it cannot pause a transfer. libcurl inflates a whole
/// socket read per call, so a small gzip answer becomes hundreds of megabytes of queued pieces
/// before the delegate has seen enough to refuse it (the `bomb` row of `make bench`). Blocking
/// the enqueuing thread (libcurl's) while `bound` operations are pending is the only
/// back-pressure available: memory stays near the response limit, whatever the coding.
///
/// The operations run in order on a thread of the queue's own, not on Dispatch's pool: the
/// enqueuer that waits is a pool thread, and a pool it helped exhaust must not be what the
/// queue needs to drain. Anything the delegate does that needs libcurl's queue
/// (`URLSessionTask.cancel()` waits for it) must be asynchronous (`cancelSoon`); `patience` is
/// the safety valve if it is not.
final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
    // @unchecked: every stored var is only touched with `condition` locked.
    static let defaultBound = 64
    /// How long the drain thread waits for more work before it ends (a new one starts on demand).
    private static let linger: TimeInterval = 2

    let bound: Int
    private let patience: TimeInterval
    private let condition = NSCondition()
    private var queued: [@Sendable () -> Void] = []
    private var head = 0
    /// Queued plus the one running.
    private var pending = 0
    private var mostPending = 0
    private var drainer: Thread?
    private var draining = false

    init(bound: Int = BoundedDelegateQueue.defaultBound, patience: TimeInterval = 5) {
        self.bound = max(1, bound)
        self.patience = patience
        super.init()
        maxConcurrentOperationCount = 1
        name = "APIRuntime.SessionDelegate"
    }

    /// The most operations ever pending at once (for tests and diagnostics).
    var highWaterMark: Int { condition.withLock { mostPending } }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        // From the queue itself waiting could never end: the queue is what would drain it.
        if Thread.current !== drainer {
            let deadline = Date(timeIntervalSinceNow: patience)
            while pending >= bound, condition.wait(until: deadline) {}
        }
        queued.append(block)
        pending += 1
        mostPending = max(mostPending, pending)
        if draining {
            condition.broadcast()
        } else {
            draining = true
            let thread = Thread { [self] in drain() }
            thread.name = name
            thread.start()
        }
    }

    override func addOperation(_ operation: Operation) {
        let boxed = UncheckedOperation(operation)
        addOperation { boxed.operation.start() }
    }

    private func drain() {
        condition.lock()
        drainer = Thread.current
        while true {
            while head == queued.count {
                if !condition.wait(until: Date(timeIntervalSinceNow: Self.linger)), head == queued.count {
                    drainer = nil
                    draining = false
                    queued.removeAll()
                    head = 0
                    condition.unlock()
                    return
                }
            }
            let block = queued[head]
            head += 1
            if head > 1024, head * 2 > queued.count {
                queued.removeFirst(head)
                head = 0
            }
            condition.unlock()
            block()
            condition.lock()
            pending -= 1
            condition.broadcast()
        }
    }
}

/// Operation is thread-safe to start once, but not declared `Sendable`.
private struct UncheckedOperation: @unchecked Sendable {
    let operation: Operation
    init(_ operation: Operation) { self.operation = operation }
}
#endif

/// `URLSessionTask.cancel()` from a thread that must never wait for the session's work queue
/// (the delegate queue, which that queue may itself be waiting for).
func cancelSoon(_ task: URLSessionTask?) {
    guard let task else { return }
    let cancelling = UncheckedTask(task)
    // A thread of its own: cancel() may wait a while for the work queue, and a Dispatch pool
    // thread parked there is one the delegate queue's enqueuer may be waiting for.
    Thread.detachNewThread { cancelling.task.cancel() }
}

/// URLSessionTask is thread-safe but not declared `Sendable` on every platform.
private struct UncheckedTask: @unchecked Sendable {
    let task: URLSessionTask
    init(_ task: URLSessionTask) { self.task = task }
}
