import APIRuntime
import Foundation

/// The SDK's logger protocol, named once for the platform loggers: the files that import `os`
/// cannot say `Logger`, which there also names `os.Logger`.
typealias SDKLogging = ClientLogger

/// The context keys the overlay logs under beyond the engine's, each as safe to show as those.
@usableFromInline enum SDKLogKey: String, CaseIterable {
    /// How many refresh attempts it took.
    case attempts
    /// How a failed refresh ended.
    case outcome
}

/// Which context values a platform logger may show as they are.
///
/// The SDK never passes a credential, access code, token, password, body, filled-in path or
/// query string to a logger (see `ClientLogger`); what it does pass is either known to be safe (the
/// engine's `LogKey`s and the overlay's own `SDKLogKey`s) or treated as private: `.private` in the
/// unified log, `<private>` on standard error unless the app asks to see it. A key added to a log
/// call without being one of these is private.
enum LogContext {
    static let safeKeys = Set(LogKey.allCases.map(\.rawValue) + SDKLogKey.allCases.map(\.rawValue))

    /// `key=value` pairs sorted by key, split into the safe ones and the others.
    static func split(_ context: [String: String]) -> (safe: String, other: String) {
        var safe: [String] = []
        var other: [String] = []
        for (key, value) in context.sorted(by: { $0.key < $1.key }) {
            if safeKeys.contains(key) { safe.append("\(key)=\(value)") } else { other.append("\(key)=\(value)") }
        }
        return (safe.joined(separator: " "), other.joined(separator: " "))
    }

    /// One line: `assinafy LEVEL message key=value …`, unknown values as `<private>` unless revealed.
    static func line(level: String, message: String, context: [String: String], revealPrivate: Bool) -> String {
        var parts = ["assinafy", level, message]
        for (key, value) in context.sorted(by: { $0.key < $1.key }) {
            parts.append("\(key)=\(safeKeys.contains(key) || revealPrivate ? value : "<private>")")
        }
        return parts.joined(separator: " ")
    }
}
