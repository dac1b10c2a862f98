import Foundation

/// When the engine repeats a request by itself.
///
/// Only answers that mean "not now" (429, 503 by default) are retried, and only for GET/HEAD:
/// repeating anything else could perform a write twice. An operation can opt out (or in) with
/// `APIRequest.retryable`, for a GET with a side effect, say.
public struct RetryPolicy: Sendable, Hashable {
    /// Retries after the first attempt; 0 disables retrying.
    public var maxRetries: Int
    /// The longest the transport waits between attempts, whatever the server asks for.
    public var maxDelay: TimeInterval
    /// The first back-off when the server gives no hint; doubles per retry.
    public var baseDelay: TimeInterval
    public var retryableStatusCodes: Set<Int>

    public init(
        maxRetries: Int = 2, maxDelay: TimeInterval = 30, baseDelay: TimeInterval = 1,
        retryableStatusCodes: Set<Int> = [429, 503]
    ) {
        self.maxRetries = maxRetries
        self.maxDelay = maxDelay
        self.baseDelay = baseDelay
        self.retryableStatusCodes = retryableStatusCodes
    }

    public static let `default` = RetryPolicy()
    /// Never retry.
    public static let none = RetryPolicy(maxRetries: 0)

    /// QUERY is safe like GET (it only carries its question in a body), so it is retried as GET is.
    static let idempotentMethods: Set<RequestMethod> = [.get, .head, .query]

    /// Whether `attempt` (1-based) may be followed by another after this answer. `retryable` is
    /// the operation's own say (`APIRequest.retryable`): `false` never, `true` whatever the method.
    public func shouldRetry(
        method: RequestMethod, statusCode: Int, attempt: Int, retryable: Bool? = nil
    ) -> Bool {
        guard attempt <= maxRetries, retryableStatusCodes.contains(statusCode), retryable != false else { return false }
        if retryable == true { return true }
        return RetryPolicy.idempotentMethods.contains(method)
    }

    /// How long to wait before attempt `attempt + 1`: the server's hint when it gives one,
    /// otherwise exponential back-off; never more than `maxDelay`.
    public func delay(afterAttempt attempt: Int, statusCode: Int, headers: HeaderFields, now: Date = Date())
        -> TimeInterval
    {
        let hinted = RetryTiming.delay(from: headers, statusCode: statusCode, now: now)
        let backoff = baseDelay * pow(2, Double(max(0, attempt - 1)))
        let wanted = hinted ?? backoff
        return max(0, min(wanted.isFinite ? wanted : maxDelay, maxDelay))
    }

    /// The longest wait a policy may name: beyond an hour a silent retry is no longer what a
    /// caller is waiting for. A server asking for longer is still capped at `maxDelay`.
    static let maximumDelay: TimeInterval = 3600

    package func validationProblems() -> [String] {
        var problems: [String] = []
        if maxRetries < 0 || maxRetries > 20 { problems.append("maxRetries must be between 0 and 20") }
        if !maxDelay.isFinite || maxDelay < 0 || maxDelay > Self.maximumDelay {
            problems.append("maxDelay must be between 0 and 3600 seconds")
        }
        if !baseDelay.isFinite || baseDelay < 0 || baseDelay > Self.maximumDelay {
            problems.append("baseDelay must be between 0 and 3600 seconds")
        }
        // Only error answers can mean "not now"; repeating a success or redirect would resend it.
        if let code = retryableStatusCodes.sorted().first(where: { !(400...599).contains($0) }) {
            problems.append("retryableStatusCodes must be 400-599 (found \(code))")
        }
        return problems
    }
}

/// Seconds to the integer units the transport sleeps and logs in, clamped: converting a Double
/// beyond the integer's range traps, and the seconds come from a server header (`Retry-After:
/// 99999999999` under a large `maxDelay` killed the process). NaN and negatives mean no wait.
enum RetryDelay {
    static func nanoseconds(_ seconds: TimeInterval) -> UInt64 { clamped(seconds * 1_000_000_000, to: UInt64.self) }
    static func milliseconds(_ seconds: TimeInterval) -> Int { clamped(seconds * 1000, to: Int.self) }

    static func clamped<T: FixedWidthInteger>(_ value: Double, to type: T.Type) -> T {
        guard !value.isNaN, value > 0 else { return 0 }
        // Double(T.max) rounds up to 2^bits, itself out of range: compare with >=.
        guard value < Double(T.max) else { return T.max }
        return T(value)
    }
}

/// Reads the server's "come back later" hints.
package enum RetryTiming {
    /// `Retry-After` (delay-seconds or HTTP-date), else on 429 `X-Rate-Limit-Reset`.
    package static func delay(from headers: HeaderFields, statusCode: Int, now: Date) -> TimeInterval? {
        if let value = headers["Retry-After"], let seconds = parseRetryAfter(value, now: now) { return seconds }
        if statusCode == 429, let value = headers["X-Rate-Limit-Reset"], let seconds = parseReset(value, now: now) {
            return seconds
        }
        return nil
    }

    static func parseRetryAfter(_ value: String, now: Date) -> TimeInterval? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed) { return seconds >= 0 ? TimeInterval(seconds) : nil }
        guard let date = parseHTTPDate(trimmed) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// Yii's rate limiter (which the API uses) sends the seconds until the window resets; some
    /// gateways send a Unix timestamp instead, recognisable by its size.
    static func parseReset(_ value: String, now: Date) -> TimeInterval? {
        guard let number = Double(value.trimmingCharacters(in: .whitespaces)), number.isFinite, number >= 0 else {
            return nil
        }
        if number > 1_000_000_000 { return max(0, number - now.timeIntervalSince1970) }
        return number
    }

    /// IMF-fixdate plus the two obsolete forms RFC 9110 §5.6.7 requires recipients to accept.
    static func parseHTTPDate(_ text: String) -> Date? {
        let formatter = DateFormatter()  // not Sendable: one per call, which is rare (errors only)
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
