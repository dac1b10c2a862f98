import Foundation

/// A finding about the input document, located by JSON pointer and, when known, line:column.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// Generation can go on (e.g. `items: []` read as any value, an unknown format).
        case warning
        /// Generation cannot go on (e.g. an unresolvable `$ref`, a malformed document).
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    public var severity: Severity
    public var message: String
    public var pointer: String
    public var location: SourceLocation?
    /// The file the location is in when it is not the one the caller names (a file a multi-file
    /// document referred to).
    public var file: String?
    /// What kind of finding it is, where a configuration can treat that kind differently.
    public var category: Category?

    /// Findings a configuration can act on as a group.
    public enum Category: String, Sendable, Hashable {
        /// A schema generated as a type that admits values the schema does not (untyped JSON it
        /// did not ask for, a member made nullable by a merge): `widening: error` refuses these.
        case widening
    }

    public init(
        _ severity: Severity, _ message: String, pointer: String, location: SourceLocation? = nil, file: String? = nil,
        category: Category? = nil
    ) {
        self.severity = severity
        self.message = message
        self.pointer = pointer
        self.location = location
        self.file = file
        self.category = category
    }

    /// `file:line:col: warning: message (at #/pointer)`, the form editors understand.
    public func formatted(file: String) -> String {
        let name = self.file ?? file
        let place = location.map { "\(name):\($0.line):\($0.column): " } ?? "\(name): "
        return "\(place)\(severity.rawValue): \(message) (at \(pointer))"
    }

    /// This diagnostic with `file` set from its location's file number, when `names` knows it.
    public func attributed(_ names: [Int32: String]) -> Diagnostic {
        guard file == nil, let index = location?.fileIndex, index != 0, let name = names[index] else { return self }
        var copy = self
        copy.file = name
        return copy
    }

    public var description: String { formatted(file: "<input>") }
}

/// Collects diagnostics while a stage runs; stages never throw on the first problem.
public struct Diagnostics: Sendable {
    public private(set) var items: [Diagnostic] = []
    public init() {}

    public mutating func warn(_ message: String, at pointer: JSONPointer, _ node: Node? = nil) {
        items.append(Diagnostic(.warning, message, pointer: pointer.description, location: node?.location))
    }
    public mutating func error(_ message: String, at pointer: JSONPointer, _ node: Node? = nil) {
        items.append(Diagnostic(.error, message, pointer: pointer.description, location: node?.location))
    }
    public mutating func append(contentsOf other: [Diagnostic]) { items.append(contentsOf: other) }

    public var errors: [Diagnostic] { items.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { items.filter { $0.severity == .warning } }
    public var hasErrors: Bool { items.contains { $0.severity == .error } }
}

/// An RFC 6901 pointer, printed in URI-fragment form (`#/paths/~1v1~1documents/get`).
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    public private(set) var tokens: [String]
    public init(_ tokens: [String] = []) { self.tokens = tokens }

    /// Parses `#/a/b~1c` (the form `$ref` uses); nil unless it is a local pointer.
    public init?(reference: String) {
        guard reference.hasPrefix("#") else { return nil }
        let body = reference.dropFirst()
        if body.isEmpty {
            tokens = []
            return
        }
        guard body.hasPrefix("/") else { return nil }
        tokens = body.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { part in
            // Most tokens need no decoding; skipping Foundation's string searches is most of the cost.
            // Bytes first (a Character walk cost more than the rest of the parse); the Character
            // test stays the rule for the rare token that has one of the bytes.
            guard part.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "~") }),
                part.contains(where: { $0 == "%" || $0 == "~" })
            else { return String(part) }
            let token = String(part).removingPercentEncoding ?? String(part)
            return token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// One array sized for the result: `tokens + [token]` built two per step, and every
    /// schema, property and parameter takes a step.
    public func appending(_ token: String) -> JSONPointer {
        var extended: [String] = []
        extended.reserveCapacity(tokens.count + 1)
        extended.append(contentsOf: tokens)
        extended.append(token)
        return JSONPointer(extended)
    }
    public func appending(_ index: Int) -> JSONPointer { appending(String(index)) }
    public static func / (lhs: JSONPointer, rhs: String) -> JSONPointer { lhs.appending(rhs) }
    public static func / (lhs: JSONPointer, rhs: Int) -> JSONPointer { lhs.appending(rhs) }

    public var description: String {
        var text = "#"
        for token in tokens {
            text += "/"
            // Bytes first: walking Characters and Foundation's replacing made each diagnostic cost
            // as much as reading a schema. In ASCII every byte is its own Character, so escaping
            // bytes is the same; other tokens keep the Character rules.
            let tilde = UInt8(ascii: "~")
            let slash = UInt8(ascii: "/")
            if !token.utf8.contains(where: { $0 == tilde || $0 == slash }) {
                text += token
            } else if token.utf8.allSatisfy({ $0 < 0x80 }) {
                var escaped: [UInt8] = []
                escaped.reserveCapacity(token.utf8.count + 4)
                for byte in token.utf8 {
                    if byte == tilde || byte == slash {
                        escaped.append(tilde)
                        escaped.append(byte == tilde ? UInt8(ascii: "0") : UInt8(ascii: "1"))
                    } else {
                        escaped.append(byte)
                    }
                }
                text += String(decoding: escaped, as: UTF8.self)
            } else if token.contains(where: { $0 == "~" || $0 == "/" }) {
                text += token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            } else {
                text += token
            }
        }
        return text
    }

    public var last: String? { tokens.last }
}

extension Node {
    /// Follows a pointer from this node.
    public func resolve(_ pointer: JSONPointer) -> Node? {
        var current: Node? = self
        for token in pointer.tokens {
            guard let node = current else { return nil }
            switch node.value {
            case .mapping: current = node[token]
            case .sequence(let items):
                guard let index = Int(token), items.indices.contains(index) else { return nil }
                current = items[index]
            default: return nil
            }
        }
        return current
    }
}
