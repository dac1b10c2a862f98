import Foundation

/// The one coding key type generated models share, instead of a synthesized enum per type
/// (cheaper to compile; wire names are written once, at the use site).
public struct DynamicCodingKey: CodingKey, Hashable, Sendable, ExpressibleByStringLiteral {
    public let stringValue: String
    public var intValue: Int? { Int(stringValue) }
    public init(_ name: String) { stringValue = name }
    public init(stringValue: String) { self.stringValue = stringValue }
    public init(stringLiteral value: String) { stringValue = value }
    public init?(intValue: Int) { stringValue = String(intValue) }
}

/// A value that can be sent as an explicit JSON `null`, distinct from leaving it out.
///
/// Generated request models use `Nullable<T>?`: `nil` omits the member, `.null` sends `null`
/// (for example to clear a tag colour), `.value(x)` sends `x`.
public enum Nullable<Wrapped> {
    case null
    case value(Wrapped)

    public var value: Wrapped? {
        if case .value(let wrapped) = self { return wrapped }
        return nil
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

extension Nullable: Codable where Wrapped: Codable {
    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        self = single.decodeNil() ? .null : .value(try single.decode(Wrapped.self))
    }
    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .null: try single.encodeNil()
        case .value(let wrapped): try single.encode(wrapped)
        }
    }
}

extension Nullable: ExpressibleByStringLiteral, ExpressibleByUnicodeScalarLiteral,
    ExpressibleByExtendedGraphemeClusterLiteral
where Wrapped == String {
    public init(stringLiteral value: String) { self = .value(value) }
}

/// An enumeration that stays open: a value the server adds later decodes, keeps its raw value
/// and encodes back unchanged. Generated enums are structs with one static member per known value.
public protocol OpenEnum: RawRepresentable, Codable, Hashable, Sendable, ParameterValue
where RawValue: Codable & Hashable & Sendable & ParameterValue {
    init(rawValue: RawValue)
    /// The values the document declared, in its order.
    static var knownValues: [Self] { get }
}

extension OpenEnum {
    /// Whether this value is one the API description declared.
    public var isKnown: Bool { Self.knownValues.contains(self) }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(RawValue.self))
    }
    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(rawValue)
    }
}

extension OpenEnum where RawValue == String {
    public var description: String { rawValue }

    /// A value written as a literal, known or not: `"draft"` is `Self(rawValue: "draft")`.
    public init(stringLiteral value: String) { self.init(rawValue: value) }
}

extension OpenEnum where RawValue == Int {
    /// A value written as a literal, known or not: `2` is `Self(rawValue: 2)`.
    public init(integerLiteral value: Int) { self.init(rawValue: value) }
}

/// A calendar date without time or zone (`format: date`), coded as `YYYY-MM-DD`.
public struct CalendarDate: Codable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`; nil for anything else or an impossible date.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), day >= 1, day <= CalendarDate.days(inMonth: month, year: year)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public var description: String {
        let y = String(year), m = String(month), d = String(day)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-"
            + (m.count < 2 ? "0" : "") + m + "-" + (d.count < 2 ? "0" : "") + d
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        let text = try single.decode(String.self)
        guard let date = CalendarDate(text) else {
            throw DecodingError.dataCorruptedError(
                in: single, debugDescription: "Expected a date as YYYY-MM-DD, found \(text)")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(description)
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// RFC 3339 timestamps (`format: date-time`), read with or without fractional seconds and with
/// any offset, written canonically in UTC with milliseconds only when needed. Generated models
/// call these directly so they work with any `JSONDecoder` configuration.
public enum DateTimeCoding {
    public static func parse(_ text: String) -> Date? { RFC3339.parse(text) }
    public static func format(_ date: Date) -> String { RFC3339.format(date) }
}

extension KeyedDecodingContainer where K == DynamicCodingKey {
    public func decodeDateTime(forKey key: K) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let date = RFC3339.parse(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "Expected an RFC 3339 date-time, found \(text)")
        }
        return date
    }

    @_alwaysEmitIntoClient public func decodeDateTimeIfPresent(forKey key: K) throws -> Date? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = DateTimeCoding.parse(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "Expected an RFC 3339 date-time, found \(text)")
        }
        return date
    }
}

extension KeyedEncodingContainer where K == DynamicCodingKey {
    @_alwaysEmitIntoClient public mutating func encodeDateTime(_ date: Date, forKey key: K) throws {
        try encode(DateTimeCoding.format(date), forKey: key)
    }

    /// A required but nullable timestamp: `nil` is written as `null`.
    @_alwaysEmitIntoClient public mutating func encodeDateTime(_ date: Date?, forKey key: K) throws {
        if let date { try encode(DateTimeCoding.format(date), forKey: key) } else { try encodeNil(forKey: key) }
    }

    @_alwaysEmitIntoClient public mutating func encodeDateTimeIfPresent(_ date: Date?, forKey key: K) throws {
        if let date { try encode(DateTimeCoding.format(date), forKey: key) }
    }
}

/// A `Date` that codes as an RFC 3339 string wherever it sits (arrays, maps, unions).
public struct DateTime: Codable, Hashable, Sendable {
    public var date: Date
    public init(_ date: Date) { self.date = date }
    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        let text = try single.decode(String.self)
        guard let date = RFC3339.parse(text) else {
            throw DecodingError.dataCorruptedError(
                in: single, debugDescription: "Expected an RFC 3339 date-time, found \(text)")
        }
        self.date = date
    }
    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(RFC3339.format(date))
    }
}

enum RFC3339 {
    /// Hand-rolled because `ISO8601DateFormatter` needs one configuration per fraction style and
    /// is slow and not `Sendable`.
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// Hand-rolled and allocation-free: timestamps are decoded by the thousand on list pages.
    private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var index = 0
        func number(_ width: Int) -> Int? {
            guard index + width <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<width {
                let byte = bytes[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
                index += 1
            }
            return value
        }
        func expect(_ first: UInt8, _ second: UInt8 = 0, _ third: UInt8 = 0) -> Bool {
            guard index < bytes.count else { return false }
            let byte = bytes[index]
            guard byte == first || (second != 0 && byte == second) || (third != 0 && byte == third) else {
                return false
            }
            index += 1
            return true
        }
        // `-`, `:`, `T`/`t`/space, `.`, `Z`/`z`, `+`.
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2),
            expect(84, 116, 32), let hour = number(2), expect(58), let minute = number(2), expect(58),
            let second = number(2)
        else { return nil }
        var fraction = 0.0
        if index < bytes.count, bytes[index] == 46 {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            if index == start { return nil }
        }
        var offset = 0
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case 90, 122: index += 1
        case 43, 45:
            let sign = bytes[index] == 45 ? -1 : 1
            index += 1
            guard let hours = number(2), expect(58), let minutes = number(2), hours < 24, minutes < 60
            else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        default: return nil
        }
        guard index == bytes.count, (1...12).contains(month), day >= 1,
            day <= CalendarDate.days(inMonth: month, year: year), hour < 24, minute < 60, second <= 60
        else { return nil }
        let days = CalendarDate(year: year, month: month, day: day).daysSinceEpoch
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offset)
        return Date(timeIntervalSince1970: seconds + fraction)
    }

    /// UTC, with as many fractional digits as the value needs, up to microseconds.
    static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        var whole = interval.rounded(.down)
        var micros = Int(((interval - whole) * 1_000_000).rounded())
        if micros == 1_000_000 {
            whole += 1
            micros = 0
        }
        let total = Int(whole)
        let days = Int((Double(total) / 86_400).rounded(.down))
        let secondsOfDay = total - days * 86_400
        let civil = CalendarDate(daysSinceEpoch: days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var result = "\(civil)T\(pad(secondsOfDay / 3600, 2)):\(pad(secondsOfDay % 3600 / 60, 2)):"
        result += pad(secondsOfDay % 60, 2)
        if micros != 0 {
            var fraction = pad(micros, 6)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            result += "." + fraction
        }
        return result + "Z"
    }
}

extension CalendarDate {

    /// Days from 1970-01-01 (proleptic Gregorian), after Howard Hinnant's civil-date algorithm.
    var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    init(daysSinceEpoch: Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }
}
