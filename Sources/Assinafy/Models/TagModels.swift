import APIRuntime
import AssinafyAPI
import Foundation

/// A workspace tag.
///
/// The generated `Tag` has an optional `id` because the schema does not mark it required, but a
/// tag the API returns always has one and every tag operation needs it: this type makes `id`
/// non-optional (a tag without one is reported as `AssinafySDKError`), so
/// `tags.appendDocumentTags(documentId:tagIds: [tag.id])` needs no unwrapping.
public struct WorkspaceTag: Sendable, Hashable, Identifiable {
    public let id: String
    public let name: String?
    /// Hex colour without `#`, e.g. `ff8800`.
    public let color: String?
    public let createdAt: Date?
    public let updatedAt: Date?
    /// Members this version of the SDK does not name.
    public let additionalFields: JSONObject

    @_alwaysEmitIntoClient public init(
        id: String, name: String? = nil, color: String? = nil, createdAt: Date? = nil, updatedAt: Date? = nil,
        additionalFields: JSONObject = [:]
    ) {
        self.id = id
        self.name = name
        self.color = color
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.additionalFields = additionalFields
    }

    /// Adopts a generated `Tag`; throws `AssinafySDKError` when the API omitted its `id`.
    @_alwaysEmitIntoClient public init(_ tag: Tag) throws {
        guard let id = tag.id, !id.isEmpty else {
            throw AssinafySDKError("The API returned a tag without an id", context: ["name": tag.name ?? ""])
        }
        self.init(
            id: id, name: tag.name, color: tag.color, createdAt: tag.createdAt, updatedAt: tag.updatedAt,
            additionalFields: tag.additionalFields)
    }

    @usableFromInline static func adopt(_ tags: [Tag]) throws -> [WorkspaceTag] {
        try tags.map(WorkspaceTag.init)
    }
}
