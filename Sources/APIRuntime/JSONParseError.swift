import Foundation

/// Why `JSONValue(parsing:)` refused a text, and where: the `underlyingError` of the
/// `DecodingError.dataCorrupted` it throws, so callers that catch `DecodingError` keep working
/// and callers that need the position read it here.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// A string holds bytes that are not well-formed UTF-8 (RFC 3629); they are never
        /// replaced with U+FFFD.
        case invalidUTF8
        /// Anything else RFC 8259 does not allow.
        case syntax
    }

    public let kind: Kind
    /// Zero-based offset of the offending byte (for UTF-8, the first byte of the bad sequence).
    public let byteOffset: Int
    public let message: String

    public init(kind: Kind, byteOffset: Int, message: String) {
        self.kind = kind
        self.byteOffset = byteOffset
        self.message = message
    }

    public var description: String { "Invalid JSON at byte \(byteOffset): \(message)" }
}
