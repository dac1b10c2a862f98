import Foundation
import Testing

@testable import APIRuntime

@Suite struct RetryPolicyTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func retriesOnlySafeRequests() {
        let policy = RetryPolicy.default
        #expect(policy.shouldRetry(method: .get, statusCode: 429, attempt: 1))
        #expect(policy.shouldRetry(method: .head, statusCode: 503, attempt: 2))
        #expect(!policy.shouldRetry(method: .get, statusCode: 503, attempt: 3))
        #expect(!policy.shouldRetry(method: .get, statusCode: 500, attempt: 1))
        #expect(!policy.shouldRetry(method: .post, statusCode: 429, attempt: 1))
        #expect(!policy.shouldRetry(method: .put, statusCode: 503, attempt: 1))
        #expect(!policy.shouldRetry(method: .delete, statusCode: 503, attempt: 1))
        // The operation's own say wins over the method rule, both ways.
        #expect(!policy.shouldRetry(method: .get, statusCode: 429, attempt: 1, retryable: false))
        #expect(policy.shouldRetry(method: .post, statusCode: 429, attempt: 1, retryable: true))
        #expect(!policy.shouldRetry(method: .post, statusCode: 429, attempt: 3, retryable: true))
        // The engine has no path of its own that it never retries.
        #expect(policy.shouldRetry(method: .get, statusCode: 429, attempt: 1))
        #expect(!RetryPolicy.none.shouldRetry(method: .get, statusCode: 429, attempt: 1))
    }

    @Test func honoursServerHints() {
        let policy = RetryPolicy(maxDelay: 30, baseDelay: 1)
        #expect(policy.delay(afterAttempt: 1, statusCode: 429, headers: ["Retry-After": "3"], now: now) == 3)
        let date = "Tue, 14 Nov 2023 22:13:25 GMT"  // now + 5 s
        #expect(policy.delay(afterAttempt: 1, statusCode: 503, headers: ["retry-after": date], now: now) == 5)
        #expect(policy.delay(afterAttempt: 1, statusCode: 429, headers: ["X-Rate-Limit-Reset": "4"], now: now) == 4)
        #expect(
            policy.delay(afterAttempt: 1, statusCode: 429, headers: ["X-Rate-Limit-Reset": "1700000006"], now: now) == 6)
        // Capped, and back-off without hints doubles.
        #expect(policy.delay(afterAttempt: 1, statusCode: 429, headers: ["Retry-After": "3600"], now: now) == 30)
        #expect(policy.delay(afterAttempt: 1, statusCode: 503, headers: [:], now: now) == 1)
        #expect(policy.delay(afterAttempt: 3, statusCode: 503, headers: [:], now: now) == 4)
        #expect(policy.delay(afterAttempt: 30, statusCode: 503, headers: [:], now: now) == 30)
        // A date in the past means "now"; garbage is ignored.
        #expect(policy.delay(afterAttempt: 1, statusCode: 429, headers: ["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"], now: now) == 0)
        #expect(policy.delay(afterAttempt: 1, statusCode: 429, headers: ["Retry-After": "soon"], now: now) == 1)
        #expect(policy.delay(afterAttempt: 1, statusCode: 429, headers: ["Retry-After": "-5"], now: now) == 1)
    }

    @Test func parsesObsoleteHTTPDates() {
        #expect(RetryTiming.parseHTTPDate("Sunday, 06-Nov-94 08:49:37 GMT") != nil)
        #expect(RetryTiming.parseHTTPDate("Sun Nov  6 08:49:37 1994") != nil)
        #expect(RetryTiming.parseHTTPDate("Sun, 06 Nov 1994 08:49:37 GMT")?.timeIntervalSince1970 == 784_111_777)
    }

    /// A hostile `Retry-After` under a huge (unvalidated) `maxDelay` used to trap in the
    /// seconds-to-nanoseconds conversion and kill the process.
    @Test func hostileRetryAfterIsClampedInEveryConversion() {
        let policy = RetryPolicy(maxDelay: 1e300)
        let delay = policy.delay(afterAttempt: 1, statusCode: 429, headers: ["Retry-After": "99999999999"], now: now)
        #expect(delay == 99_999_999_999)
        #expect(RetryDelay.nanoseconds(delay) == UInt64.max)
        #expect(RetryDelay.milliseconds(delay) == 99_999_999_999_000)
        #expect(RetryDelay.milliseconds(1e300) == Int.max)
        #expect(RetryDelay.nanoseconds(.infinity) == UInt64.max)
        #expect(RetryDelay.nanoseconds(.nan) == 0)
        #expect(RetryDelay.milliseconds(.nan) == 0)
        #expect(RetryDelay.nanoseconds(-1) == 0)
        #expect(RetryDelay.milliseconds(-1) == 0)
        #expect(RetryDelay.nanoseconds(1.5) == 1_500_000_000)
        #expect(RetryDelay.milliseconds(0.25) == 250)
    }

    @Test func validationBoundsEveryPolicyNumber() {
        #expect(RetryPolicy.default.validationProblems().isEmpty)
        #expect(RetryPolicy(maxDelay: 3600, baseDelay: 3600).validationProblems().isEmpty)
        #expect(!RetryPolicy(maxDelay: 3601).validationProblems().isEmpty)
        #expect(!RetryPolicy(maxDelay: 99_999_999_999).validationProblems().isEmpty)
        #expect(!RetryPolicy(maxDelay: .infinity).validationProblems().isEmpty)
        #expect(!RetryPolicy(baseDelay: 3601).validationProblems().isEmpty)
        #expect(!RetryPolicy(baseDelay: -1).validationProblems().isEmpty)
        #expect(!RetryPolicy(maxRetries: 21).validationProblems().isEmpty)
        #expect(!RetryPolicy(retryableStatusCodes: [99]).validationProblems().isEmpty)
        #expect(!RetryPolicy(retryableStatusCodes: [600]).validationProblems().isEmpty)
        #expect(!RetryPolicy(retryableStatusCodes: [200]).validationProblems().isEmpty)
    }
}
