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
