import Dispatch
import Foundation
import Testing

/// A task executor on a thread of its own, outside Swift's cooperative pool.
///
/// Swift Testing runs every test as a task on the cooperative pool, which has one thread per core
/// (two on the CI machines). A synchronous, CPU-heavy test (parsing a 500 KB document, a reader
/// fuzz loop, bignum RSA, a subprocess it waits for) holds one of those threads until it returns,
/// and the resumptions of the timing-sensitive transport tests queue behind them: on a busy 2-core
/// machine a 1 s client timeout was seen to surface after 12.3 s. Heavy suites run here instead:
/// they queue behind each other, and the operating system, not a saturated pool, shares the
/// cores between them and the rest.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
public final class HeavyWorkExecutor: TaskExecutor {
    public static let shared = HeavyWorkExecutor()

    // Serial queues are each served by one overcommit thread, never by the cooperative pool's;
    // one per core keeps the heavy suites as fast as before without oversubscribing.
    private let queues: [DispatchQueue]
    private let next = Counter()

    init() {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        queues = (0..<width).map { DispatchQueue(label: "com.assinafy.tests.heavy-work.\($0)", qos: .utility) }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queues[next.increment() % queues.count].async { job.runSynchronously(on: executor) }
    }

    private final class Counter: @unchecked Sendable {
        // @unchecked: `value` is only touched with `lock` held.
        private let lock = NSLock()
        private var value = 0
        func increment() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }
}

/// `@Suite(.offCooperativePool)`: every test of the suite runs on `HeavyWorkExecutor`.
/// Where task executors are unavailable (Apple platforms before 2024) the tests run as before.
public struct OffCooperativePool: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    /// Test cases only: the suite itself does no work worth moving.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // ASSINAFY_HEAVY_ON_POOL=1 turns the trait off, to measure what it changes (PoolLatencyProbe).
        if ProcessInfo.processInfo.environment["ASSINAFY_HEAVY_ON_POOL"] == "1" {
            try await function()
        } else if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
            try await withTaskExecutorPreference(HeavyWorkExecutor.shared) { try await function() }
        } else {
            try await function()
        }
    }
}

extension Trait where Self == OffCooperativePool {
    /// Runs the suite's tests off Swift's cooperative pool (see `HeavyWorkExecutor`).
    public static var offCooperativePool: Self { Self() }
}
