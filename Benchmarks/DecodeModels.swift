import Assinafy
import Foundation

// MARK: Hand-written Codable, as an app developer would write it for the same JSON

/// The `{status, message, data}` envelope with synthesized Codable.
struct HandEnvelope<Payload: Decodable>: Decodable {
    let status: Int?
    let message: String?
    let data: Payload?
}

/// A document with synthesized Codable. `Stamp` is the type of the two timestamps: `String`
/// (the least work any Decodable can do for this JSON) or `Date` (with `.iso8601`).
struct HandDocument<Stamp: Decodable>: Decodable {
    let resource: String?
    let id: String?
    let accountId: String?
    let templateId: String?
    let name: String?
    let status: String?
    let artifacts: [String: String]?
    let isClosed: Bool?
    let signingUrl: String?
    let declineReason: String?
    let declinedBy: HandSigner?
    let tags: [HandTag]?
    let assignment: HandAssignment?
    let pages: [HandPage]?
    let createdAt: Stamp?
    let updatedAt: Stamp?

    enum CodingKeys: String, CodingKey {
        case resource, id, name, status, artifacts, tags, assignment, pages
        case accountId = "account_id", templateId = "template_id", isClosed = "is_closed"
        case signingUrl = "signing_url", declineReason = "decline_reason", declinedBy = "declined_by"
        case createdAt = "created_at", updatedAt = "updated_at"
    }
}

struct HandSigner: Decodable {
    let id: String?
    let fullName: String?
    let email: String?
    enum CodingKeys: String, CodingKey { case id, email, fullName = "full_name" }
}

struct HandTag: Decodable {
    let id: String?
    let name: String?
}

struct HandAssignment: Decodable {
    let id: String?
    let method: String?
}

struct HandPage: Decodable {
    let id: String?
    let number: Int?
    let height: Int?
    let width: Int?
    let downloadUrl: String?
    enum CodingKeys: String, CodingKey { case id, number, height, width, downloadUrl = "download_url" }
}

// MARK: Generated-style copies with other ways to read free-form JSON and unknown members

/// Which of the cheaper decoding paths a generated-style copy uses (static, so each copy is
/// specialised and the switches fold away).
protocol DecodePlan {
    /// Free-form `JSONValue`s read scalar-first (see `ScalarFirstJSONValue`).
    static var scalarFirst: Bool { get }
    /// Timestamps parsed by `FastRFC3339` instead of the runtime's parser.
    static var fastDates: Bool { get }
    static var unknownMembers: UnknownMembers { get }
}

enum UnknownMembers {
    /// Every object scans `allKeys`, as the generated code does.
    case everywhere
    /// Only the resource object itself (the document), not the small values nested in it.
    case topLevelOnly
    /// Not kept: the floor any extras path can reach.
    case none
}

enum AsGenerated: DecodePlan {
    static let scalarFirst = false, fastDates = false, unknownMembers = UnknownMembers.everywhere
}
enum ScalarFirst: DecodePlan {
    static let scalarFirst = true, fastDates = false, unknownMembers = UnknownMembers.everywhere
}
enum ScalarFirstFastDates: DecodePlan {
    static let scalarFirst = true, fastDates = true, unknownMembers = UnknownMembers.everywhere
}
enum ScalarFirstFastDatesTopLevel: DecodePlan {
    static let scalarFirst = true, fastDates = true, unknownMembers = UnknownMembers.topLevelOnly
}
enum ScalarFirstFastDatesNoExtras: DecodePlan {
    static let scalarFirst = true, fastDates = true, unknownMembers = UnknownMembers.none
}

extension DecodePlan {
    static func object(_ container: KeyedDecodingContainer<DynamicCodingKey>, forKey key: DynamicCodingKey) throws
        -> JSONObject?
    {
        guard scalarFirst else { return try container.decodeIfPresent(JSONObject.self, forKey: key) }
        return try container.decodeIfPresent(ScalarFirstJSONValue.self, forKey: key)?.value.objectValue
    }

    static func date(_ container: KeyedDecodingContainer<DynamicCodingKey>, forKey key: DynamicCodingKey) throws
        -> Date?
    {
        guard fastDates else { return try container.decodeDateTimeIfPresent(forKey: key) }
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = FastRFC3339.parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not RFC 3339")
        }
        return date
    }

    static func extras(_ container: KeyedDecodingContainer<DynamicCodingKey>, known: Set<String>, nested: Bool) throws
        -> JSONObject
    {
        switch unknownMembers {
        case .none: return JSONObject()
        case .topLevelOnly where nested: return JSONObject()
        case .everywhere, .topLevelOnly:
            guard scalarFirst else { return try container.decodeAdditionalFields(excluding: known) }
            var extras = JSONObject()
            for key in container.allKeys where !known.contains(key.stringValue) {
                extras[key.stringValue] = try container.decode(ScalarFirstJSONValue.self, forKey: key).value
            }
            return extras
        }
    }
}

/// `JSONValue` read the other way round: the runtime's `JSONValue.init(from:)` asks for a keyed,
/// then an unkeyed container, then Bool, Int64 and Double before String, so every string costs
/// four thrown `DecodingError`s (each materialising the coding path and a message). Here the
/// common scalars come first and objects/arrays go through JSONDecoder's dictionary/array paths.
struct ScalarFirstJSONValue: Decodable {
    let value: JSONValue

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            value = .null
        } else if let text = try? single.decode(String.self) {
            value = .string(text)
        } else if let flag = try? single.decode(Bool.self) {
            value = .bool(flag)
        } else if let integer = try? single.decode(Int64.self) {
            value = .integer(integer)
        } else if let double = try? single.decode(Double.self) {
            value = .double(double)
        } else if let object = try? single.decode([String: ScalarFirstJSONValue].self) {
            value = .object(JSONObject(object.map { (key: $0.key, value: $0.value.value) }))
        } else {
            value = .array(try single.decode([ScalarFirstJSONValue].self).map(\.value))
        }
    }
}

/// RFC 3339 date-time without allocating: the runtime's parser copies the text into an array,
/// builds a `Set` for every separator it checks and validates the day by formatting and
/// re-parsing a `CalendarDate`.
enum FastRFC3339 {
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var index = 0
        func digits(_ width: Int) -> Int? {
            guard index + width <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<width {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
                index += 1
            }
            return value
        }
        func expect(_ first: UInt8, _ second: UInt8 = 0, _ third: UInt8 = 0) -> Bool {
            guard index < bytes.count else { return false }
            let byte = bytes[index]
            guard byte == first || (second != 0 && byte == second) || (third != 0 && byte == third) else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect(45), let month = digits(2), expect(45), let day = digits(2),
            expect(84, 116, 32), let hour = digits(2), expect(58), let minute = digits(2), expect(58),
            let second = digits(2), (1...12).contains(month), hour < 24, minute < 60, second <= 60
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day >= 1, day <= monthDays[month - 1] else { return nil }
        var fraction = 0.0
        if index < bytes.count, bytes[index] == 46 {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, (48...57).contains(bytes[index]) {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            if index == start { return nil }
        }
        var offset = 0
        if expect(90, 122) {
            offset = 0
        } else if index < bytes.count, bytes[index] == 43 || bytes[index] == 45 {
            let sign = bytes[index] == 45 ? -1 : 1
            index += 1
            guard let hours = digits(2), expect(58), let minutes = digits(2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        // Days from 1970-01-01 (Howard Hinnant's civil-date algorithm, as the runtime uses).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let days = era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offset)
        return Date(timeIntervalSince1970: seconds + fraction)
    }
}

/// The generated `EnvelopeOf`, copied into this module (so the compiler may specialise it here).
struct ProtoEnvelope<Payload: Decodable>: Decodable {
    let status: Int?
    let message: String?
    let data: Payload?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DynamicCodingKey.self)
        status = try container.decodeIfPresent(Int.self, forKey: "status")
        message = try container.decodeIfPresent(String.self, forKey: "message")
        data = try container.decodeIfPresent(Payload.self, forKey: "data")
    }
}

/// The generated `Document`, line for line, with free-form and unknown members read by `Plan`.
struct ProtoDocument<Plan: DecodePlan>: Decodable {
    let resource: String?
    let id: String?
    let accountId: String?
    let templateId: String?
    let name: String?
    let status: String?
    let artifacts: JSONObject?
    let isClosed: Bool?
    let signingUrl: String?
    let declineReason: String?
    let declinedBy: Signer?
    let tags: [ProtoTag<Plan>]?
    let assignment: Assignment?
    let pages: [ProtoPage<Plan>]?
    let createdAt: Date?
    let updatedAt: Date?
    let additionalFields: JSONObject

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DynamicCodingKey.self)
        resource = try container.decodeIfPresent(String.self, forKey: "resource")
        id = try container.decodeIfPresent(String.self, forKey: "id")
        accountId = try container.decodeIfPresent(String.self, forKey: "account_id")
        templateId = try container.decodeIfPresent(String.self, forKey: "template_id")
        name = try container.decodeIfPresent(String.self, forKey: "name")
        status = try container.decodeIfPresent(String.self, forKey: "status")
        artifacts = try Plan.object(container, forKey: "artifacts")
        isClosed = try container.decodeIfPresent(Bool.self, forKey: "is_closed")
        signingUrl = try container.decodeIfPresent(String.self, forKey: "signing_url")
        declineReason = try container.decodeIfPresent(String.self, forKey: "decline_reason")
        declinedBy = try container.decodeIfPresent(Signer.self, forKey: "declined_by")
        tags = try container.decodeIfPresent([ProtoTag<Plan>].self, forKey: "tags")
        assignment = try container.decodeIfPresent(Assignment.self, forKey: "assignment")
        pages = try container.decodeIfPresent([ProtoPage<Plan>].self, forKey: "pages")
        createdAt = try Plan.date(container, forKey: "created_at")
        updatedAt = try Plan.date(container, forKey: "updated_at")
        additionalFields = try Plan.extras(container, known: documentKnownKeys, nested: false)
    }
}

/// Hoisted out of the generic types, which cannot have stored static properties.
let documentKnownKeys: Set<String> = [
    "resource", "id", "account_id", "template_id", "name", "status", "artifacts", "is_closed", "signing_url",
    "decline_reason", "declined_by", "tags", "assignment", "pages", "created_at", "updated_at",
]
let tagKnownKeys: Set<String> = ["id", "name"]
let pageKnownKeys: Set<String> = ["id", "number", "height", "width", "download_url"]

struct ProtoTag<Plan: DecodePlan>: Decodable {
    let id: String?
    let name: String?
    let additionalFields: JSONObject

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DynamicCodingKey.self)
        id = try container.decodeIfPresent(String.self, forKey: "id")
        name = try container.decodeIfPresent(String.self, forKey: "name")
        additionalFields = try Plan.extras(container, known: tagKnownKeys, nested: true)
    }
}

struct ProtoPage<Plan: DecodePlan>: Decodable {
    let id: String?
    let number: Int?
    let height: Int?
    let width: Int?
    let downloadUrl: String?
    let additionalFields: JSONObject

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DynamicCodingKey.self)
        id = try container.decodeIfPresent(String.self, forKey: "id")
        number = try container.decodeIfPresent(Int.self, forKey: "number")
        height = try container.decodeIfPresent(Int.self, forKey: "height")
        width = try container.decodeIfPresent(Int.self, forKey: "width")
        downloadUrl = try container.decodeIfPresent(String.self, forKey: "download_url")
        additionalFields = try Plan.extras(container, known: pageKnownKeys, nested: true)
    }
}
