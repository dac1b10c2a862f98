import Foundation

/// Receives the SDK's diagnostic messages.
///
/// The transport only ever logs the method, the path *template* (never the filled-in path,
/// which may carry identifiers, and never the query string), the status, the attempt number and
/// timings. Credentials, access codes, tokens, passwords and bodies are never passed to a logger.
public protocol Logger: Sendable {
    func debug(_ message: String, context: [String: String])
    func info(_ message: String, context: [String: String])
    func warn(_ message: String, context: [String: String])
    func error(_ message: String, context: [String: String])
}

extension Logger {
    public func debug(_ message: String) { debug(message, context: [:]) }
    public func info(_ message: String) { info(message, context: [:]) }
    public func warn(_ message: String) { warn(message, context: [:]) }
    public func error(_ message: String) { error(message, context: [:]) }
}

/// Discards everything; the default so the SDK is silent unless asked.
public struct NoopLogger: Logger {
    public init() {}
    public func debug(_ message: String, context: [String: String]) {}
    public func info(_ message: String, context: [String: String]) {}
    public func warn(_ message: String, context: [String: String]) {}
    public func error(_ message: String, context: [String: String]) {}
}
