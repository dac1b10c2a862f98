import AssinafyTestSupport
import Foundation
import Testing

/// The shared bounded wait (`Tests/TestSupport/WaitForValue.swift`).
@Suite struct WaitForValueTests {
    final class Attempts: @unchecked Sendable {
        // @unchecked: `count` is only touched with `lock` held.
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.withLock {
                value += 1
                return value
            }
        }
        var count: Int { lock.withLock { value } }
    }

    @Test func returnsTheFirstValueWithoutWaitingAgain() async throws {
        // The bound is far beyond any run: a loaded machine can hold a 5 ms sleep for seconds
        // (a CI rehearsal beside a build saw 12 s), and this test is about the attempts alone.
        let attempts = Attempts()
        let value = try await waitForValue(within: 3600, every: .milliseconds(5)) {
            attempts.next() == 3 ? "third" : nil
        }
        #expect(value == "third")
        #expect(attempts.count == 3)
    }

    @Test func aValueThatComesWhileTheLastIntervalSleepsIsStillSeen() async throws {
        // The interval outlasts the bound: the first attempt fails, the deadline passes during
        // the sleep, and only the attempt after it can succeed.
        let attempts = Attempts()
        let value = try await waitForValue(within: 0.05, every: .milliseconds(200)) {
            attempts.next() == 2 ? 42 : nil
        }
        #expect(value == 42)
        #expect(attempts.count == 2)
    }

    @Test func givesUpAfterTheBound() async throws {
        let attempts = Attempts()
        let value: Int? = try await waitForValue(within: 0.1, every: .milliseconds(10)) {
            _ = attempts.next()
            return nil
        }
        #expect(value == nil)
        #expect(attempts.count >= 2)
    }

    @Test func aThrowingAttemptEndsTheWait() async {
        struct Refused: Error {}
        let attempts = Attempts()
        await #expect(throws: Refused.self) {
            _ = try await waitForValue(within: 3600, every: .milliseconds(5)) { () -> Int? in
                _ = attempts.next()
                throw Refused()
            }
        }
        #expect(attempts.count == 1)
    }

    @Test func aConditionIsWaitedForTheSameWay() async throws {
        let attempts = Attempts()
        #expect(try await waitUntil(within: 3600, every: .milliseconds(5)) { attempts.next() == 2 })
        #expect(attempts.count == 2)
        #expect(try await !waitUntil(within: 0.05, every: .milliseconds(5)) { false })
    }

    @Test func cancellingTheWaitingTaskEndsIt() async {
        let waiting = Task {
            try await waitForValue(within: 600, every: .milliseconds(5)) { () -> Int? in nil }
        }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { _ = try await waiting.value }
    }
}
