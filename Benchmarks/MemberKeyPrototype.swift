import Assinafy
import Foundation

// A prototype of a cheaper way for generated models to keep unknown members.
//
// Today a model decodes with `DynamicCodingKey` and then scans `container.allKeys` for names it
// does not know. `KeyedDecodingContainer.allKeys` is expensive whatever the decoder: the
// type-erased box turns the decoder's `[Key]` into `[any CodingKey]` and the public wrapper casts
// it back with `as! [Key]`, element by element. Its cost grows with the member count, and it
// is paid by every object, including the small ones nested in lists.
//
// `MemberKey<Owner>` is a coding key whose failable `init?(stringValue:)` (the one decoders
// call to build `allKeys`) refuses the owner's known names, so `allKeys` holds only unknown
// members: usually none, and nothing goes through the box's conversions. Known members are
// still looked up by name (`init(stringLiteral:)`), so the model needs one container, as now.

/// A model that knows its wire member names.
protocol KnownMemberNames {
    /// A `switch` over string literals in the models below: cheaper than hashing into a `Set`
    /// for the dozen short names a model has.
    static func isKnownMember(_ name: String) -> Bool
}

struct MemberKey<Owner: KnownMemberNames>: CodingKey, ExpressibleByStringLiteral {
    let stringValue: String
    var intValue: Int? { nil }

    /// Any name, for looking members up and for encoding.
    init(_ name: String) { stringValue = name }
    init(stringLiteral value: String) { stringValue = value }

    /// What decoders use to list members: only names the owner does not know.
    init?(stringValue: String) {
        guard !Owner.isKnownMember(stringValue) else { return nil }
        self.stringValue = stringValue
    }

    init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer {
    /// Every member the owner does not know; `allKeys` lists nothing else.
    func unknownMembers<Owner>() throws -> JSONObject where Key == MemberKey<Owner> {
        let keys = allKeys
        guard !keys.isEmpty else { return JSONObject() }
        var extras = JSONObject()
        for key in keys { extras[key.stringValue] = try decode(ScalarFirstJSONValue.self, forKey: key).value }
        return extras
    }

    func fastDateIfPresent(forKey key: Key) throws -> Date? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = FastRFC3339.parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "not RFC 3339")
        }
        return date
    }
}

/// The generated `Document` with `MemberKey`, scalar-first free-form values and fast dates.
struct KeyedDocument: Decodable, KnownMemberNames {
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
    let tags: [KeyedTag]?
    let assignment: Assignment?
    let pages: [KeyedPage]?
    let createdAt: Date?
    let updatedAt: Date?
    let additionalFields: JSONObject

    static func isKnownMember(_ name: String) -> Bool {
        switch name {
        case "resource", "id", "account_id", "template_id", "name", "status", "artifacts", "is_closed", "signing_url",
            "decline_reason", "declined_by", "tags", "assignment", "pages", "created_at", "updated_at":
            return true
        default: return false
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MemberKey<Self>.self)
        resource = try container.decodeIfPresent(String.self, forKey: "resource")
        id = try container.decodeIfPresent(String.self, forKey: "id")
        accountId = try container.decodeIfPresent(String.self, forKey: "account_id")
        templateId = try container.decodeIfPresent(String.self, forKey: "template_id")
        name = try container.decodeIfPresent(String.self, forKey: "name")
        status = try container.decodeIfPresent(String.self, forKey: "status")
        artifacts = try container.decodeIfPresent(ScalarFirstJSONValue.self, forKey: "artifacts")?.value.objectValue
        isClosed = try container.decodeIfPresent(Bool.self, forKey: "is_closed")
        signingUrl = try container.decodeIfPresent(String.self, forKey: "signing_url")
        declineReason = try container.decodeIfPresent(String.self, forKey: "decline_reason")
        declinedBy = try container.decodeIfPresent(Signer.self, forKey: "declined_by")
        tags = try container.decodeIfPresent([KeyedTag].self, forKey: "tags")
        assignment = try container.decodeIfPresent(Assignment.self, forKey: "assignment")
        pages = try container.decodeIfPresent([KeyedPage].self, forKey: "pages")
        createdAt = try container.fastDateIfPresent(forKey: "created_at")
        updatedAt = try container.fastDateIfPresent(forKey: "updated_at")
        additionalFields = try container.unknownMembers()
    }
}

struct KeyedTag: Decodable, KnownMemberNames {
    let id: String?
    let name: String?
    let additionalFields: JSONObject

    static func isKnownMember(_ name: String) -> Bool { name == "id" || name == "name" }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MemberKey<Self>.self)
        id = try container.decodeIfPresent(String.self, forKey: "id")
        name = try container.decodeIfPresent(String.self, forKey: "name")
        additionalFields = try container.unknownMembers()
    }
}

struct KeyedPage: Decodable, KnownMemberNames {
    let id: String?
    let number: Int?
    let height: Int?
    let width: Int?
    let downloadUrl: String?
    let additionalFields: JSONObject

    static func isKnownMember(_ name: String) -> Bool {
        switch name {
        case "id", "number", "height", "width", "download_url": return true
        default: return false
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MemberKey<Self>.self)
        id = try container.decodeIfPresent(String.self, forKey: "id")
        number = try container.decodeIfPresent(Int.self, forKey: "number")
        height = try container.decodeIfPresent(Int.self, forKey: "height")
        width = try container.decodeIfPresent(Int.self, forKey: "width")
        downloadUrl = try container.decodeIfPresent(String.self, forKey: "download_url")
        additionalFields = try container.unknownMembers()
    }
}
