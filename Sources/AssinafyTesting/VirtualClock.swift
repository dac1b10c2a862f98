import Assinafy
import Foundation

/// The fake's time. It moves only when a test advances it or when a client polling through
/// `documents.waitUntilReady` sleeps on it: a sleep advances it at once, so a wait that would take
/// a minute against the API costs no real time, and processing finishes exactly when the virtual
/// seconds it takes have passed.
///
/// It starts at a fixed instant, so ids, timestamps and webhook signatures are the same on every
/// run. Pass `now: clock.date` when verifying a delivery's signature with `WebhookSignature`.
public final class VirtualClock: PollingClock, @unchecked Sendable {
    // @unchecked: every access to `elapsed` goes through `lock`.
    private let lock = NSLock()
    private let start: Date
    private var elapsed: TimeInterval = 0
    private var sleeps: [TimeInterval] = []

    /// The first instant of 2026 in UTC unless told otherwise.
    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        self.start = start
    }

    /// The current virtual instant.
    public var date: Date { lock.withLock { start.addingTimeInterval(elapsed) } }

    /// Moves time forward; the fake applies what became due (processing, certification, expiry)
    /// before it answers the next request.
    public func advance(by seconds: TimeInterval) {
        precondition(seconds >= 0 && seconds.isFinite, "VirtualClock cannot move backwards")
        lock.withLock { elapsed += seconds }
    }

    /// The pauses clients asked for, in order (what `waitUntilReady` slept).
    public var recordedSleeps: [TimeInterval] { lock.withLock { sleeps } }

    // MARK: PollingClock

    public func now() -> Double { lock.withLock { elapsed } }

    public func sleep(seconds: Double) async throws {
        try Task.checkCancellation()
        lock.withLock {
            sleeps.append(seconds)
            elapsed += max(0, seconds)
        }
    }
}
