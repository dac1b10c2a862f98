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

    var separator: String {
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

    public mutating func add(_ name: String, _ values: [some ParameterValue]?, style: ArrayStyle = .exploded) {
        guard let values else { return }
        if style == .exploded {
            for value in values { append(QueryItem(name, value.parameterText)) }
        } else {
            append(QueryItem(name, values.map(\.parameterText).joined(separator: style.separator)))
        }
    }

    /// `deepObject` style: `name[key]=value` for each member.
    public mutating func add(deepObject name: String, _ members: [(String, String)]?) {
        for (key, value) in members ?? [] { append(QueryItem("\(name)[\(key)]", value)) }
    }
}

extension HeaderFields {
    public mutating func add(_ name: String, _ value: (some ParameterValue)?) {
        if let value { add(name, value.parameterText) }
    }

    public mutating func add(_ name: String, _ values: [some ParameterValue]?) {
        if let values { add(name, values.map(\.parameterText).joined(separator: ",")) }
    }
}
