import Foundation
import Testing

@testable import Assinafy

/// A clock the test moves by hand.
final class ManualWebhookClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_750_000_000)

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(_ seconds: TimeInterval) {
        lock.lock()
        current += seconds
        lock.unlock()
    }
}

@Suite("Webhook deduplication")
struct WebhookDeduplicatorTests {
    @Test("first delivery is new, repeats are duplicates")
    func basic() {
        let deduplicator = WebhookDeduplicator()
        #expect(!deduplicator.isDuplicate("a"))
        #expect(deduplicator.markSeen("a"))
        #expect(deduplicator.isDuplicate("a"))
        #expect(!deduplicator.markSeen("a"))
        #expect(!deduplicator.isDuplicate("b"))
        #expect(deduplicator.count == 1)
    }

    @Test("capacity drops the oldest ids first")
    func capacity() {
        let deduplicator = WebhookDeduplicator(capacity: 3)
        for id in ["a", "b", "c", "d"] { deduplicator.markSeen(id) }
        #expect(deduplicator.count == 3)
        #expect(!deduplicator.isDuplicate("a"))
        #expect(["b", "c", "d"].allSatisfy(deduplicator.isDuplicate))
        // Many more than capacity: memory stays bounded and the newest survive.
        for index in 0..<10_000 { deduplicator.markSeen("id-\(index)") }
        #expect(deduplicator.count == 3)
        #expect(deduplicator.isDuplicate("id-9999"))
        #expect(!deduplicator.isDuplicate("id-9996"))
    }

    @Test("ids expire after the time to live")
    func timeToLive() {
        let clock = ManualWebhookClock()
        let deduplicator = WebhookDeduplicator(capacity: 100, timeToLive: 60, now: { clock.now })
        deduplicator.markSeen("a")
        clock.advance(30)
        deduplicator.markSeen("b")
        clock.advance(29)
        #expect(deduplicator.isDuplicate("a"))
        clock.advance(1)
        #expect(!deduplicator.isDuplicate("a"))
        #expect(deduplicator.isDuplicate("b"))
        #expect(deduplicator.count == 1)
        #expect(deduplicator.markSeen("a"))
        clock.advance(31)
        #expect(!deduplicator.isDuplicate("b"))
        #expect(deduplicator.isDuplicate("a"))
    }

    @Test("forget lets a failed delivery be processed again")
    func forget() {
        let deduplicator = WebhookDeduplicator(capacity: 2)
        #expect(deduplicator.markSeen("a"))
        deduplicator.forget("a")
        #expect(!deduplicator.isDuplicate("a"))
        #expect(deduplicator.markSeen("a"))
        // Churn on one id must not evict others early or grow without bound.
        #expect(deduplicator.markSeen("b"))
        for _ in 0..<1000 {
            deduplicator.forget("a")
            deduplicator.markSeen("a")
        }
        #expect(deduplicator.isDuplicate("a"))
        #expect(deduplicator.isDuplicate("b"))
        #expect(deduplicator.count == 2)
    }

    @Test("concurrent deliveries of one id: exactly one wins")
    func concurrency() async {
        let deduplicator = WebhookDeduplicator(capacity: 1000)
        let winners = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<2000 {
                group.addTask { deduplicator.markSeen("id-\(index % 100)") }
            }
            var count = 0
            for await won in group where won { count += 1 }
            return count
        }
        #expect(winners == 100)
    }
}
