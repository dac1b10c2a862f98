import Foundation

/// Receives the engine's diagnostic messages. (Not `Logger`: `os.Logger` and swift-log's
/// `Logger` are imported by most apps.)
///
/// The transport only ever logs the method, the path *template* (never the filled-in path,
/// which may carry identifiers, and never the query string), the status, the attempt number and
/// timings. Credentials, access codes, tokens, passwords and bodies are never passed to a logger.
public protocol ClientLogger: Sendable {
    func debug(_ message: String, context: [String: String])
    func info(_ message: String, context: [String: String])
    func warn(_ message: String, context: [String: String])
    func error(_ message: String, context: [String: String])
}

extension ClientLogger {
    public func debug(_ message: String) { debug(message, context: [:]) }
    public func info(_ message: String) { info(message, context: [:]) }
    public func warn(_ message: String) { warn(message, context: [:]) }
    public func error(_ message: String) { error(message, context: [:]) }
}

/// The context keys the engine logs under. Every value under them is safe to show as it is (a
/// method, a path *template*, a status, a count, a duration, an operation or error type name, a
/// reason word), so a logger that hides private values may show these and hide any other key.
public enum LogKey: String, CaseIterable, Sendable {
    case operation, method, path, attempt, status, durationMs, delayMs, error, reason, crossOrigin, hop
}

extension Dictionary where Key == String, Value == String {
    /// The value under a `LogKey`, so a log context is built from the one list of keys.
    subscript(key: LogKey) -> String? {
        get { self[key.rawValue] }
        set { self[key.rawValue] = newValue }
    }
}

/// Discards everything; the default so the SDK is silent unless asked.
public struct NoopLogger: ClientLogger {
    public init() {}
    public func debug(_ message: String, context: [String: String]) {}
    public func info(_ message: String, context: [String: String]) {}
    public func warn(_ message: String, context: [String: String]) {}
    public func error(_ message: String, context: [String: String]) {}
}
