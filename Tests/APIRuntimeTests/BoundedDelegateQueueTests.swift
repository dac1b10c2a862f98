import Foundation
import Testing
import AssinafyTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking

@testable import APIRuntime

/// The Linux delegate queue: an enqueuer (libcurl's thread) waits while `bound` operations are
/// pending, and nothing it does can deadlock the queue.
@Suite struct BoundedDelegateQueueTests {
    /// A gate the queue's operations wait at until the test opens it.
    final class Gate: @unchecked Sendable {
        private let condition = NSCondition()
        private var open = false
        private var ran: [Int] = []
        func wait() {
            condition.lock()
            while !open { condition.wait() }
            condition.unlock()
        }
        func release() {
            condition.lock()
            open = true
            condition.broadcast()
            condition.unlock()
        }
        func record(_ value: Int) { condition.withLock { ran.append(value) } }
        var order: [Int] { condition.withLock { ran } }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    @Test func theEnqueuerWaitsWhileTheQueueIsBehind() async throws {
        let queue = BoundedDelegateQueue(bound: 4, patience: 60)
        let gate = Gate()
        let enqueued = Counter()
        let producer = Thread {
            for value in 0..<20 {
                queue.addOperation {
                    gate.wait()
                    gate.record(value)
                }
                enqueued.add()
            }
        }
        producer.start()
        // With the queue stuck, the producer gets exactly `bound` operations in and then waits.
        for _ in 0..<200 where enqueued.count < 4 { try await Task.sleep(nanoseconds: 5_000_000) }
        try await Task.sleep(nanoseconds: 100_000_000)
        #expect(enqueued.count == 4)
        gate.release()
        for _ in 0..<400 where gate.order.count < 20 { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(gate.order == Array(0..<20), "all ran, in order")
        #expect(queue.highWaterMark <= 4)
    }

    @Test func anOperationMayEnqueueWithoutWaiting() async throws {
        let queue = BoundedDelegateQueue(bound: 1, patience: 60)
        let done = Counter()
        queue.addOperation {
            // The queue is full (this operation is pending) and only it could drain it.
            queue.addOperation { done.add() }
            done.add()
        }
        for _ in 0..<400 where done.count < 2 { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(done.count == 2)
    }

    /// The safety valve: a delegate that never returns delays libcurl, never stops it for good.
    @Test func waitingEndsAfterThePatience() async throws {
        let queue = BoundedDelegateQueue(bound: 1, patience: 0.05)
        let gate = Gate()
        defer { gate.release() }
        queue.addOperation { gate.wait() }
        let enqueued = Counter()
        let producer = Thread {
            queue.addOperation {}
            enqueued.add()
        }
        producer.start()
        for _ in 0..<400 where enqueued.count < 1 { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(enqueued.count == 1)
    }

    @Test func theTransportUsesItOnLinux() {
        #expect(URLSessionHTTPTransport().sessionDelegateQueue is BoundedDelegateQueue)
    }
}
#endif
