import AssinafyTestSupport
import Dispatch
import Foundation
import Testing

@testable import APIRuntime

/// The transport's shared deadline timer: what fires, in which order, and what never does.
/// Waits have generous bounds; no test here checks speed, only that a busy pool cannot delay a
/// deadline by the length of its work.
@Suite struct DeadlineSchedulerTests {
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var names: [String] = []
        func add(_ name: String) { lock.withLock { names.append(name) } }
        var all: [String] { lock.withLock { names } }
    }

    /// Polls (on the task's sleep, not a timer of the scheduler's) until `condition` holds.
    func eventually(_ seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
        (try? await waitUntil(within: seconds, every: .milliseconds(5), condition)) ?? false
    }

    @Test func firesDueDeadlinesInOrderAndNeverACancelledOne() async {
        let scheduler = DeadlineScheduler()
        let log = Log()
        _ = scheduler.schedule(after: 0.15) { log.add("late") }
        let cancelled = scheduler.schedule(after: 0.05) { log.add("cancelled") }
        // Earlier than everything armed so far: the timer must be re-armed for it.
        _ = scheduler.schedule(after: 0.02) { log.add("early") }
        _ = scheduler.schedule(after: 0.08) { log.add("middle") }
        scheduler.cancel(cancelled)
        #expect(await eventually { log.all.count == 3 })
        #expect(log.all == ["early", "middle", "late"])
        try? await Task.sleep(nanoseconds: 100_000_000)
        #expect(log.all == ["early", "middle", "late"])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func eachActionRunsOnceAndCancellingAfterwardsIsHarmless() async {
        let scheduler = DeadlineScheduler()
        let log = Log()
        let id = scheduler.schedule(after: 0) { log.add("now") }
        #expect(await eventually { log.all == ["now"] })
        scheduler.cancel(id)
        scheduler.cancel(id)
        _ = scheduler.schedule(after: 0.01) { log.add("again") }
        #expect(await eventually { log.all == ["now", "again"] })
    }

    /// Finished requests are cancelled, not fired: the heap must not keep them all until their
    /// (distant) deadlines, and a live deadline behind them still fires.
    @Test func endedRequestsDoNotAccumulate() async {
        let scheduler = DeadlineScheduler()
        let log = Log()
        _ = scheduler.schedule(after: 0.2) { log.add("live") }
        for _ in 0..<10_000 {
            let id = scheduler.schedule(after: 30) { log.add("ended") }
            scheduler.cancel(id)
        }
        #expect(scheduler.pendingCount == 1)
        #expect(scheduler.heapCount <= 65)
        #expect(await eventually { log.all == ["live"] })
        #expect(scheduler.heapCount == 0)
    }

    @Test func outOfRangeDelaysDoNotTrap() async {
        let scheduler = DeadlineScheduler()
        let log = Log()
        for delay in [-.infinity, -1, .nan, .infinity, 1e300] as [Double] {
            let id = scheduler.schedule(after: delay) { log.add("\(delay)") }
            if delay > 0 { scheduler.cancel(id) }
        }
        // Not positive, NaN included: due at once. Infinite or huge: far away (and cancelled).
        #expect(await eventually { log.all.count == 3 })
        #expect(Set(log.all) == ["-inf", "-1.0", "nan"])
    }

    @Test func aReleasedSchedulerFiresNothing() async {
        let log = Log()
        var scheduler: DeadlineScheduler? = DeadlineScheduler()
        _ = scheduler?.schedule(after: 0.05) { log.add("orphan") }
        scheduler = nil
        try? await Task.sleep(nanoseconds: 200_000_000)
        #expect(log.all.isEmpty)
    }

    /// A deadline fires on time while Dispatch's shared pool is saturated by CPU-bound work, as an
    /// app's may be: the pool's threads are also what run Swift tasks on Linux, and a timer served
    /// by them fired only once the work ended (seconds late, measured in a standalone program).
    /// The work here is short, so the rest of the suite barely notices it.
    @Test func firesOnTimeWhileThePoolIsBusy() async throws {
        let scheduler = DeadlineScheduler()
        let blocks = 4 * ProcessInfo.processInfo.activeProcessorCount
        let busyUntil = DispatchTime.now().uptimeNanoseconds + 600_000_000
        for _ in 0..<blocks {
            DispatchQueue.global().async {
                var spins = 0
                while DispatchTime.now().uptimeNanoseconds < busyUntil { spins &+= 1 }
                if spins < 0 { print(spins) }
            }
        }
        let scheduled = DispatchTime.now().uptimeNanoseconds
        let firedAt = Locked<UInt64?>(nil)
        _ = scheduler.schedule(after: 0.05) { firedAt.withLock { $0 = DispatchTime.now().uptimeNanoseconds } }
        #expect(await eventually { firedAt.withLock { $0 } != nil })
        let late = Double((firedAt.withLock { $0 } ?? .max) &- scheduled) / 1e9 - 0.05
        #expect(late < 0.3, "the deadline fired \(late) s late")
    }
}
