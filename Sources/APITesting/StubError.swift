import APIRuntime
import Foundation

/// Why a stub transport could not answer. Each names the operation, so a failing test says which
/// call it did not expect.
public enum StubError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The test registered no answer for this operation.
    case unimplemented(operation: String)
    /// The request carries no operation name (it was not sent by `APIEngine`), or one this
    /// module's stubs do not know.
    case unknownOperation(String?, url: URL)
    /// The URL does not fit the operation's path template.
    case pathMismatch(operation: String, template: String, url: URL)
    /// A parameter or body could not be read back into the operation's type.
    case undecodable(operation: String, name: String, reason: String)

    public var description: String {
        switch self {
        case .unimplemented(let operation):
            return "Unimplemented stub: \(operation) was called, but the test set no answer for it"
        case .unknownOperation(let name?, let url):
            return "No stub knows the operation \(name) (\(url.absoluteString))"
        case .unknownOperation(nil, let url):
            return "A request without an operation name reached the stubs (\(url.absoluteString))"
        case .pathMismatch(let operation, let template, let url):
            return "\(operation): \(url.path) does not match its path template \(template)"
        case .undecodable(let operation, let name, let reason):
            return "\(operation): cannot read \(name) back: \(reason)"
        }
    }

    public var errorDescription: String? { description }
}
