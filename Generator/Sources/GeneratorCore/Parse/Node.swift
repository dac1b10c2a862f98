/// A position in a source document, 1-based.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public var description: String { "\(line):\(column)" }
}

/// The tree both the YAML and the JSON reader produce. Mapping keys are strings: a YAML key
/// such as `200:` or `true:` is kept as its source text, which is what OpenAPI means by it.
public struct Node: Sendable {
    public enum Value: Sendable {
        case null
        case bool(Bool)
        case int(Int64)
        case double(Double)
        case string(String)
        case sequence([Node])
        case mapping([Entry])
    }

    public struct Entry: Sendable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: Node
        public init(key: String, keyLocation: SourceLocation, value: Node) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension Node {
    /// The value for `key` when this node is a mapping (first match; readers reject duplicates).
    public subscript(key: String) -> Node? {
        guard case .mapping(let entries) = value else { return nil }
        for entry in entries where entry.key == key { return entry.value }
        return nil
    }

    public var entries: [Entry]? {
        if case .mapping(let entries) = value { return entries }
        return nil
    }

    public var elements: [Node]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    /// Numbers of either spelling as a Double (for bounds such as `exclusiveMinimum: 0`).
    // `@inline(never)` on this and `int`: inlined into DocumentLoader, they crash the Swift 6.3.1
    // optimizer ("Found ownership error") in release builds.
    @inline(never)
    public var number: Double? {
        switch value {
        case .int(let int): return Double(int)
        case .double(let double): return double
        default: return nil
        }
    }

    @inline(never)
    public var int: Int64? {
        if case .int(let int) = value { return int }
        return nil
    }

    public var isNull: Bool {
        if case .null = value { return true }
        return false
    }
}

/// A problem found while reading a document: `file:line:column: message`.
public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var location: SourceLocation
    public var message: String
    public init(file: String, location: SourceLocation, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }
    public var description: String { "\(file):\(location.line):\(location.column): \(message)" }
}
