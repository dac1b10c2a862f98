import APIRuntime
import Foundation

/// How `documents.upload` sends a PDF.
public struct DocumentUploadOptions: Sendable {
    /// The workspace to upload into; `nil` uses the client's `defaultAccountId`.
    public var accountId: String?
    /// The multipart filename, which the API makes the document's name. `nil` sends
    /// `document.pdf` for in-memory data and the file's own name for a file URL.
    public var name: String?
    /// Called with (bytes sent, total bytes) while the body uploads. The transport decides the
    /// queue; do not assume the main one.
    public var onProgress: (@Sendable (Int64, Int64) -> Void)?

    public static let defaultName = "document.pdf"

    public init(accountId: String? = nil, name: String? = nil, onProgress: (@Sendable (Int64, Int64) -> Void)? = nil) {
        self.accountId = accountId
        self.name = name
        self.onProgress = onProgress
    }

    /// The filename to send, refused when blank.
    @usableFromInline func filename(default fallback: String) throws -> String {
        guard let name else { return fallback }
        try InputChecks.requireText(name, "name")
        return name
    }
}

/// How long `documents.waitUntilReady` polls, and how often.
public struct WaitUntilReadyOptions: Sendable, Hashable {
    /// The whole budget, in seconds, from the first request.
    public var maxWaitSeconds: Double
    /// The pause between two polls, in seconds.
    public var pollIntervalSeconds: Double

    public init(maxWaitSeconds: Double = 60, pollIntervalSeconds: Double = 2) {
        self.maxWaitSeconds = maxWaitSeconds
        self.pollIntervalSeconds = pollIntervalSeconds
    }

    /// The largest value accepted: beyond it, a count of nanoseconds overflows `Int64`.
    static let largestSeconds = Double(Int64.max) / 1_000_000_000

    /// Both values finite, positive and representable in nanoseconds, and the interval no longer
    /// than the budget; otherwise `ValidationError` listing each problem.
    @usableFromInline func validate() throws {
        var errors: [String: [String]] = [:]
        for (field, value) in [("maxWaitSeconds", maxWaitSeconds), ("pollIntervalSeconds", pollIntervalSeconds)] {
            if !value.isFinite || value <= 0 {
                errors[field, default: []].append("must be a positive, finite number of seconds")
            } else if value >= Self.largestSeconds {
                errors[field, default: []].append("is too large")
            }
        }
        if errors.isEmpty && pollIntervalSeconds > maxWaitSeconds {
            errors["pollIntervalSeconds", default: []].append("must not exceed maxWaitSeconds")
        }
        guard errors.isEmpty else {
            throw ValidationError("Invalid WaitUntilReadyOptions", errors: errors)
        }
    }
}

/// Time as polling sees it. Injected so tests run a long wait instantly
/// (`AssinafyClient(configuration:httpTransport:middlewares:pollingClock:)`); production uses the
/// monotonic system clock and `Task.sleep`, which ends early with `CancellationError`.
public protocol PollingClock: Sendable {
    /// Monotonic seconds from an arbitrary origin.
    func now() -> Double
    /// Suspends for `seconds`, throwing `CancellationError` when the task is cancelled.
    func sleep(seconds: Double) async throws
}

struct SystemPollingClock: PollingClock {
    /// `systemUptime` rather than `ContinuousClock`, which needs macOS 13 while the package
    /// supports macOS 12.
    func now() -> Double { ProcessInfo.processInfo.systemUptime }

    func sleep(seconds: Double) async throws {
        guard seconds > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    }
}
