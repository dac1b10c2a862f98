import APIRuntime
import Foundation

/// Writes the SDK's diagnostics as plain lines to standard error, on every platform.
///
/// ```swift
/// let configuration = AssinafyClientConfiguration(token: token, logger: StandardErrorLogger(minimumLevel: .debug))
/// ```
///
/// A line reads `assinafy WARN Retrying attempt=1 delayMs=500 method=GET path=/v1/documents/{documentId} status=429`.
/// Context values the SDK does not know to be safe print as `<private>` (as `.private` values do in
/// the unified log) unless `revealPrivateValues` is set. Lines are written whole, one `write` each,
/// so concurrent requests do not interleave within a line.
public struct StandardErrorLogger: SDKLogging {
    /// The least severe level written.
    public enum Level: Int, Sendable, Comparable, CaseIterable {
        case debug, info, warn, error

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        var label: String {
            switch self {
            case .debug: return "DEBUG"
            case .info: return "INFO"
            case .warn: return "WARN"
            case .error: return "ERROR"
            }
        }
    }

    public let minimumLevel: Level
    public let revealPrivateValues: Bool
    private let write: @Sendable (String) -> Void

    /// Logs to the process's standard error.
    public init(minimumLevel: Level = .info, revealPrivateValues: Bool = false) {
        self.init(minimumLevel: minimumLevel, revealPrivateValues: revealPrivateValues, fileHandle: .standardError)
    }

    /// Logs to `fileHandle` instead (a pipe, a file): the same lines, for tests and log capture.
    public init(minimumLevel: Level = .info, revealPrivateValues: Bool = false, fileHandle: FileHandle) {
        self.init(minimumLevel: minimumLevel, revealPrivateValues: revealPrivateValues) { line in
            fileHandle.write(Data((line + "\n").utf8))
        }
    }

    /// Hands each line (without its newline) to `writer`.
    public init(
        minimumLevel: Level = .info, revealPrivateValues: Bool = false, writer: @escaping @Sendable (String) -> Void
    ) {
        self.minimumLevel = minimumLevel
        self.revealPrivateValues = revealPrivateValues
        self.write = writer
    }

    public func debug(_ message: String, context: [String: String]) { emit(.debug, message, context) }
    public func info(_ message: String, context: [String: String]) { emit(.info, message, context) }
    public func warn(_ message: String, context: [String: String]) { emit(.warn, message, context) }
    public func error(_ message: String, context: [String: String]) { emit(.error, message, context) }

    private func emit(_ level: Level, _ message: String, _ context: [String: String]) {
        guard level >= minimumLevel else { return }
        write(
            LogContext.line(level: level.label, message: message, context: context, revealPrivate: revealPrivateValues))
    }
}
