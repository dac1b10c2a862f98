import Foundation

/// Remembers recently seen `webhook-id`s so a delivery retried by the sender (same id, new
/// timestamp and signature) is processed once.
///
/// Memory is bounded: at most `capacity` ids are kept, the oldest dropped first, and with a
/// `timeToLive` ids are also forgotten after that long. Signature verification already refuses
/// replays older than its tolerance, so the TTL here is about sender retries, which Standard
/// Webhooks senders spread over hours: pick it to cover the sender's retry schedule.
///
/// The deduplicator is in-process only; several server instances need a shared store instead.
///
/// ```swift
/// guard deduplicator.markSeen(id) else { return .ok }  // already handled
/// do { try await handle(event) } catch { deduplicator.forget(id); throw error }  // allow retry
/// ```
public final class WebhookDeduplicator: @unchecked Sendable {
    // @unchecked: every stored property below is only touched with `lock` held.
    private let lock = NSLock()
    private let capacity: Int
    private let timeToLive: TimeInterval?
    private let clock: @Sendable () -> Date
    private var seenAt: [String: Date] = [:]
    /// Ids in the order they were recorded; entries whose time no longer matches `seenAt` are
    /// stale leftovers of a forgotten or re-recorded id and are skipped when reached.
    private var order: [(id: String, time: Date)] = []
    private var orderStart = 0

    /// - Parameters:
    ///   - capacity: the most ids remembered at once (at least 1).
    ///   - timeToLive: how long an id is remembered; nil keeps it until capacity pushes it out.
    ///   - now: the clock, injectable for tests.
    public init(
        capacity: Int = 10_000, timeToLive: TimeInterval? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.capacity = max(1, capacity)
        self.timeToLive = timeToLive.map { $0.isNaN ? 0 : max(0, $0) }
        self.clock = now
    }

    /// Whether `id` was recorded and has not expired. Does not record it.
    public func isDuplicate(_ id: String) -> Bool {
        withLock {
            let now = clock()
            evictExpired(now: now)
            return isLive(id, now: now)
        }
    }

    /// Records `id`; returns true when it was new, false when it is a duplicate. Checking and
    /// recording happen atomically, so two concurrent deliveries of one id cannot both get true.
    @discardableResult
    public func markSeen(_ id: String) -> Bool {
        withLock {
            let now = clock()
            evictExpired(now: now)
            guard !isLive(id, now: now) else { return false }
            seenAt[id] = now
            order.append((id, now))
            while seenAt.count > capacity, orderStart < order.count { dropOldest() }
            compactIfNeeded()
            return true
        }
    }

    /// Forgets `id`, e.g. when handling it failed and a retry should be processed.
    public func forget(_ id: String) {
        withLock { _ = seenAt.removeValue(forKey: id) }
    }

    /// How many ids are currently remembered (expired ones excluded).
    public var count: Int {
        withLock {
            evictExpired(now: clock())
            return seenAt.count
        }
    }

    private func withLock<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    private func isLive(_ id: String, now: Date) -> Bool {
        guard let time = seenAt[id] else { return false }
        guard let timeToLive else { return true }
        return now.timeIntervalSince(time) < timeToLive
    }

    private func evictExpired(now: Date) {
        guard let timeToLive else { return }
        while orderStart < order.count, now.timeIntervalSince(order[orderStart].time) >= timeToLive {
            dropOldest()
        }
    }

    private func dropOldest() {
        guard orderStart < order.count else { return }
        let oldest = order[orderStart]
        orderStart += 1
        if seenAt[oldest.id] == oldest.time { seenAt.removeValue(forKey: oldest.id) }
    }

    /// Reclaims the consumed head of `order` and stale entries, keeping it within a constant
    /// factor of `capacity` even when ids are forgotten and re-recorded over and over.
    private func compactIfNeeded() {
        let live = order.count - orderStart
        guard orderStart > capacity || live > 2 * capacity else { return }
        order = order[orderStart...].filter { seenAt[$0.id] == $0.time }
        orderStart = 0
    }
}
