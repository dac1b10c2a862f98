import APIRuntime
import Foundation

/// Typed reads of the request's parts, as generated `<Operation>Call` initialisers use them.
/// Each reverses what the generated operation wrote: a value's parameter text read as its JSON
/// form (so dates, calendar dates, open enums and numbers come back as the types they were).
extension StubRequest {
    public func path<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
        let text = try pathParameters[name].orThrow(undecodable(name, "the path has no such parameter"))
        return try value(text, name, as: type)
    }

    /// An array path parameter (`style: simple`): items joined with commas.
    public func pathArray<T: Decodable>(_ name: String, of type: T.Type) throws -> [T] {
        let text = try pathParameters[name].orThrow(undecodable(name, "the path has no such parameter"))
        return try text.isEmpty ? [] : text.split(separator: ",").map { try value(String($0), name, as: type) }
    }

    public func query<T: Decodable>(_ name: String, as type: T.Type) throws -> T? {
        try query.first { $0.name == name }.map { try value($0.value, name, as: type) }
    }

    public func queryArray<T: Decodable>(_ name: String, of type: T.Type, style: ArrayStyle = .exploded) throws -> [T]?
    {
        try array(query.filter { $0.name == name }.map(\.value), name, of: type, style: style)
    }

    public func header<T: Decodable>(_ name: String, as type: T.Type) throws -> T? {
        try headers[name].map { try value($0, name, as: type) }
    }

    public func headerArray<T: Decodable>(_ name: String, of type: T.Type) throws -> [T]? {
        try array(headers.values(for: name), name, of: type, style: .commaDelimited)
    }

    public func cookie<T: Decodable>(_ name: String, as type: T.Type) throws -> T? {
        try cookies.first { $0.name == name }.map { try value($0.value, name, as: type) }
    }

    public func cookieArray<T: Decodable>(_ name: String, of type: T.Type, style: ArrayStyle = .exploded) throws -> [T]?
    {
        try array(cookies.filter { $0.name == name }.map(\.value), name, of: type, style: style)
    }

    /// The JSON body; nil when the request has none.
    public func json<T: Decodable>(_ type: T.Type) throws -> T? {
        guard !body.isEmpty else { return nil }
        do { return try JSONCoding.decode(type, from: body) } catch {
            throw undecodable("the body", "\(error)")
        }
    }

    /// The body bytes; nil when the request has none.
    public func data() -> Data? { body.isEmpty && transportRequest.body == nil ? nil : body }

    /// The body as UTF-8 text; nil when the request has none.
    public func text() throws -> String? {
        guard let data = data() else { return nil }
        return try String(data: data, encoding: .utf8).orThrow(undecodable("the body", "not UTF-8"))
    }

    /// The token of an `Authorization: Bearer …` header.
    public func bearerToken() -> String? {
        guard let value = headers["Authorization"], value.lowercased().hasPrefix("bearer ") else { return nil }
        return String(value.dropFirst("bearer ".count))
    }

    /// `date-time` text as `Date.parameterText` writes it, with or without fractional seconds.
    static func rfc3339(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// A value the generated code requires: its absence is a mismatch the test should see.
    public func required<T>(_ value: T?, _ name: String) throws -> T {
        try value.orThrow(undecodable(name, "a required value is missing"))
    }

    func undecodable(_ name: String, _ reason: String) -> StubError {
        .undecodable(operation: operationName, name: name, reason: reason)
    }

    func array<T: Decodable>(_ texts: [String], _ name: String, of type: T.Type, style: ArrayStyle) throws -> [T]? {
        guard !texts.isEmpty else { return nil }
        let separator: Character =
            switch style {
            case .exploded: "\u{0}"
            case .commaDelimited: ","
            case .spaceDelimited: " "
            case .pipeDelimited: "|"
            }
        let items = texts.flatMap { text in
            text.isEmpty ? [] : text.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        }
        return try items.map { try value($0, name, as: type) }
    }

    /// Parameter text as the value it came from: first as a JSON string (strings, dates, string
    /// enums, base64 bytes), then as a bare JSON literal (numbers, booleans, integer enums).
    func value<T: Decodable>(_ text: String, _ name: String, as type: T.Type) throws -> T {
        // Generated models read date-times themselves (RFC 3339); a bare `Date` has no such rule.
        if type == Date.self, let date = Self.rfc3339(text) as? T { return date }
        if let quoted = try? JSONCoding.encode(text), let decoded = try? JSONCoding.decode(type, from: quoted) {
            return decoded
        }
        if let decoded = try? JSONCoding.decode(type, from: Data(text.utf8)) { return decoded }
        throw undecodable(name, "\"\(text)\" is not a \(T.self)")
    }
}
