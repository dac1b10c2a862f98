#if canImport(os)
import Foundation
import os

/// Writes the SDK's diagnostics to the unified log (`os.Logger`), where Console and
/// `log stream --predicate 'subsystem == "com.assinafy.sdk"'` show them.
///
/// Messages and the context values known to be safe (method, path template, status, attempts,
/// durations, operation names; see `LogContext`) are `.public`; every other value is `.private`,
/// so it is redacted in logs collected from a device. Apple platforms only; `StandardErrorLogger`
/// works everywhere.
public struct OSLogClientLogger: SDKLogging {
    public let subsystem: String
    public let category: String

    public init(subsystem: String = "com.assinafy.sdk", category: String = "client") {
        self.subsystem = subsystem
        self.category = category
    }

    public func debug(_ message: String, context: [String: String]) { emit(.debug, message, context) }
    public func info(_ message: String, context: [String: String]) { emit(.info, message, context) }
    // The unified log has no warning level; `.default` (notice) is the one between info and error.
    public func warn(_ message: String, context: [String: String]) { emit(.default, message, context) }
    public func error(_ message: String, context: [String: String]) { emit(.error, message, context) }

    private func emit(_ type: OSLogType, _ message: String, _ context: [String: String]) {
        let (safe, other) = LogContext.split(context)
        // Made per call rather than stored: os_log caches the handle, and a stored `os.Logger`
        // is not `Sendable` in every SDK this package builds with.
        let log = os.Logger(subsystem: subsystem, category: category)
        log.log(level: type, "\(message, privacy: .public) \(safe, privacy: .public) \(other, privacy: .private)")
    }
}
#endif
