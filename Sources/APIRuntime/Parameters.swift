import Foundation

/// A value that can stand in a query string, header or form field.
public protocol ParameterValue: Sendable {
    var parameterText: String { get }
}

extension String: ParameterValue { public var parameterText: String { self } }
extension Int: ParameterValue { public var parameterText: String { String(self) } }
extension Int32: ParameterValue { public var parameterText: String { String(self) } }
extension Int64: ParameterValue { public var parameterText: String { String(self) } }
extension Double: ParameterValue { public var parameterText: String { String(self) } }
extension Float: ParameterValue { public var parameterText: String { String(self) } }
extension Bool: ParameterValue { public var parameterText: String { self ? "true" : "false" } }
extension Date: ParameterValue { public var parameterText: String { RFC3339.format(self) } }
extension CalendarDate: ParameterValue { public var parameterText: String { description } }
extension OpenEnum {
    public var parameterText: String { rawValue.parameterText }
}

/// How an array parameter is spelled (OpenAPI `style` + `explode`).
public enum ArrayStyle: Sendable {
    /// `ids=a&ids=b` (form, explode: true — the OpenAPI default for query).
    case exploded
    /// `ids=a,b` (form or simple, explode: false).
    case commaDelimited
    /// `ids=a%20b`
    case spaceDelimited
    /// `ids=a|b`
    case pipeDelimited

    @usableFromInline var separator: String {
        switch self {
        case .exploded, .commaDelimited: return ","
        case .spaceDelimited: return " "
        case .pipeDelimited: return "|"
        }
    }
}

extension Array where Element == QueryItem {
    public mutating func add(_ name: String, _ value: (some ParameterValue)?) {
        if let value { append(QueryItem(name, value.parameterText)) }
    }

    @_alwaysEmitIntoClient
    public mutating func add(_ name: String, _ values: [some ParameterValue]?, style: ArrayStyle = .exploded) {
        guard let values else { return }
        if style == .exploded {
            for value in values { append(QueryItem(name, value.parameterText)) }
        } else {
            append(QueryItem(name, values.map(\.parameterText).joined(separator: style.separator)))
        }
    }

    /// `deepObject` style: `name[key]=value` for each member.
    @_alwaysEmitIntoClient public mutating func add(deepObject name: String, _ members: [(String, String)]?) {
        for (key, value) in members ?? [] { append(QueryItem("\(name)[\(key)]", value)) }
    }

    /// `deepObject` style for a generated object: each member as `name[key]=value` (nested
    /// objects as `name[key][inner]`, arrays as one item per element, nulls left out).
    public mutating func add(deepObject name: String, encoding value: (some Encodable & Sendable)?) throws {
        guard let value else { return }
        let tree = try TreeEncoder.encode(value)
        guard case .object = tree else {
            throw RequestValidationError(
                "A deepObject parameter must be an object", errors: [name: ["must encode as a JSON object"]])
        }
        appendDeepObject(name, tree)
    }

    /// An `in: querystring` parameter as `application/x-www-form-urlencoded`: each member of the
    /// object is a field, an array one field per element, a nested object its JSON text (the
    /// media type's default for a member that is not a scalar), nulls left out.
    public mutating func add(formFields name: String, encoding value: (some Encodable & Sendable)?) throws {
        guard let value else { return }
        guard case .object(let members) = try TreeEncoder.encode(value) else {
            throw RequestValidationError(
                "A form querystring parameter must be an object", errors: [name: ["must encode as a JSON object"]])
        }
        for (key, member) in members {
            switch member {
            case .array(let elements):
                for element in elements { try appendFormField(key, element) }
            default: try appendFormField(key, member)
            }
        }
    }

    private mutating func appendFormField(_ key: String, _ value: JSONValue) throws {
        switch value {
        case .null: break
        case .bool(let flag): append(QueryItem(key, flag ? "true" : "false"))
        case .integer(let number): append(QueryItem(key, String(number)))
        case .bigInteger(let text): append(QueryItem(key, text))
        case .double(let number): append(QueryItem(key, number.parameterText))
        case .string(let text): append(QueryItem(key, text))
        case .array, .object: append(QueryItem(key, String(decoding: try JSONCoding.encode(value), as: UTF8.self)))
        }
    }

    private mutating func appendDeepObject(_ name: String, _ value: JSONValue) {
        switch value {
        case .null: break
        case .bool(let flag): append(QueryItem(name, flag ? "true" : "false"))
        case .integer(let number): append(QueryItem(name, String(number)))
        case .bigInteger(let text): append(QueryItem(name, text))
        case .double(let number): append(QueryItem(name, number.parameterText))
        case .string(let text): append(QueryItem(name, text))
        case .array(let elements): for element in elements { appendDeepObject(name, element) }
        case .object(let members): for (key, member) in members { appendDeepObject("\(name)[\(key)]", member) }
        }
    }
}

extension HeaderFields {
    public mutating func add(_ name: String, _ value: (some ParameterValue)?) {
        if let value { add(name, value.parameterText) }
    }

    @_alwaysEmitIntoClient public mutating func add(_ name: String, _ values: [some ParameterValue]?) {
        if let values { add(name, values.map(\.parameterText).joined(separator: ",")) }
    }
}

/// Bytes in a query string, header or `application/x-www-form-urlencoded` field, which carry
/// text: base64, as JSON carries them (`format: byte`).
extension Data: ParameterValue { public var parameterText: String { base64EncodedString() } }
