import APIRuntime
import AssinafyAPI
import Foundation

/// Paging and search for `templates.list`. `per-page` is always sent (the API clamps it to 50).
public struct TemplateListParams: Sendable, Hashable {
    public var search: String?
    public var page: Int
    public var perPage: Int

    @_alwaysEmitIntoClient public init(search: String? = nil, page: Int = 1, perPage: Int = 50) {
        self.search = search
        self.page = page
        self.perPage = perPage
    }
}

/// Maps a workspace signer to a template role when creating a document from a template.
///
/// `id` is optional only so that a model's optional `id` can be passed straight in; a missing id
/// is refused with `ValidationError` before any request.
public struct TemplateSigner: Sendable, Hashable {
    public var roleId: String
    public var id: String?
    public var verification: SignerVerificationMethod?
    public var notifications: [SignerNotificationMethod]?
    public var step: Int?

    @_alwaysEmitIntoClient public init(
        roleId: String, id: String?, verification: SignerVerificationMethod? = nil,
        notifications: [SignerNotificationMethod]? = nil, step: Int? = nil
    ) {
        self.roleId = roleId
        self.id = id
        self.verification = verification
        self.notifications = notifications
        self.step = step
    }
}

/// What a document created from a template gets besides its signers.
public struct CreateDocumentFromTemplateOptions: Sendable, Hashable {
    /// The document name; `nil` uses the template's default.
    public var name: String?
    /// The message to signers; `nil` uses the template's default.
    public var message: String?
    public var expiresAt: Date?
    /// Values of the template's editor fields.
    public var editorFields: [TemplateEditorField]
    /// Tag ids for the new document.
    public var tags: [String]

    @_alwaysEmitIntoClient public init(
        name: String? = nil, message: String? = nil, expiresAt: Date? = nil, editorFields: [TemplateEditorField] = [],
        tags: [String] = []
    ) {
        self.name = name
        self.message = message
        self.expiresAt = expiresAt
        self.editorFields = editorFields
        self.tags = tags
    }
}

/// The template-signer rules, applied before a request is built.
@usableFromInline enum TemplateSignerChecks {
    /// A template signer after the rules: its role and the signer as assignments resolve it.
    @usableFromInline struct Resolved {
        @usableFromInline var roleId: String
        @usableFromInline var signer: ResolvedSigner

        @usableFromInline @_alwaysEmitIntoClient init(roleId: String, signer: ResolvedSigner) {
            self.roleId = roleId
            self.signer = signer
        }
    }

    /// Role and signer ids present, and the verification/notification pairing allowed (see
    /// `CreateAssignmentPayload`); `requireIds` is false for estimates, which do not send ids.
    @_alwaysEmitIntoClient @usableFromInline static func resolve(_ signers: [TemplateSigner], requireIds: Bool) throws
        -> [Resolved]
    {
        var errors: [String: [String]] = [:]
        if signers.isEmpty { errors["signers", default: []].append("at least one signer is required") }
        var resolved: [Resolved] = []
        for (index, signer) in signers.enumerated() {
            let key = "signers[\(index)]"
            if signer.roleId.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                errors["\(key).roleId", default: []].append("required")
            }
            let checked = SignerMethodRules.resolveSigner(
                id: signer.id, step: signer.step, verification: signer.verification,
                notifications: signer.notifications, key: key, errors: &errors
            ) { id in requireIds && id.isEmpty ? "required" : nil }
            if let checked { resolved.append(Resolved(roleId: signer.roleId, signer: checked)) }
        }
        guard errors.isEmpty else { throw ValidationError("Invalid template signers", errors: errors) }
        return resolved
    }
}
