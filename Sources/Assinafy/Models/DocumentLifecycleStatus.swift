import APIRuntime
import AssinafyAPI
import Foundation

/// A document's `status`, typed. Open: a status the API adds later keeps its raw value.
public struct DocumentLifecycleStatus: OpenEnum, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    @_alwaysEmitIntoClient public init(rawValue: String) { self.rawValue = rawValue }
    @_alwaysEmitIntoClient public init(stringLiteral value: String) { rawValue = value }

    /// Received; processing has not started.
    public static let uploaded = Self(rawValue: "uploaded")
    /// Pages and metadata are being extracted; not yet assignable or deletable.
    public static let metadataProcessing = Self(rawValue: "metadata_processing")
    public static let metadataReady = Self(rawValue: "metadata_ready")
    public static let pendingSignature = Self(rawValue: "pending_signature")
    public static let certificating = Self(rawValue: "certificating")
    public static let certificated = Self(rawValue: "certificated")
    public static let failed = Self(rawValue: "failed")
    public static let expired = Self(rawValue: "expired")
    public static let rejectedBySigner = Self(rawValue: "rejected_by_signer")
    public static let rejectedByUser = Self(rawValue: "rejected_by_user")

    public static let knownValues: [Self] = [
        .uploaded, .metadataProcessing, .metadataReady, .pendingSignature, .certificating, .certificated, .failed,
        .expired, .rejectedBySigner, .rejectedByUser,
    ]

    /// Processing is over and the document can take part in the signing flow.
    @_alwaysEmitIntoClient public var isReady: Bool {
        [.metadataReady, .pendingSignature, .certificating, .certificated].contains(self)
    }

    /// The document will never become ready: waiting longer cannot help.
    @_alwaysEmitIntoClient public var isTerminal: Bool {
        [.failed, .expired, .rejectedBySigner, .rejectedByUser].contains(self)
    }
}

extension Document {
    /// `status` as a `DocumentLifecycleStatus`; `nil` when the response omitted it.
    @_alwaysEmitIntoClient public var lifecycleStatus: DocumentLifecycleStatus? {
        status.map(DocumentLifecycleStatus.init(rawValue:))
    }
}

/// Documents as list operations return them.
public typealias DocumentListItem = Document

/// Filters for `documents.list` beyond paging and search.
public struct DocumentListFilter: Sendable, Hashable {
    /// Only documents in this status.
    public var status: DocumentLifecycleStatus?
    /// Only documents whose assignment uses this method.
    public var method: AssignmentMethod?
    /// Only documents carrying every one of these tag ids.
    public var tagIds: [String]
    /// The API's sort key.
    public var sort: String?

    @_alwaysEmitIntoClient public init(
        status: DocumentLifecycleStatus? = nil, method: AssignmentMethod? = nil, tagIds: [String] = [],
        sort: String? = nil
    ) {
        self.status = status
        self.method = method
        self.tagIds = tagIds
        self.sort = sort
    }

    /// The `tags` query value: comma-separated ids, or nothing.
    @usableFromInline var tagsParameter: String? { tagIds.isEmpty ? nil : tagIds.joined(separator: ",") }
}
