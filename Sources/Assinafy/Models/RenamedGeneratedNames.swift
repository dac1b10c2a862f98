import AssinafyAPI
import Foundation

// Names the generated module used to give and no longer does, kept so code written against them
// still builds (with a warning pointing at the new name). New code uses the new names.

extension DocumentVerification {
    /// The member was called `hash2` while the generator reserved `hash` for `hash(into:)`, which
    /// a stored property does not collide with.
    @available(*, deprecated, renamed: "hash")
    public var hash2: String? { hash }

    /// The initialiser with the old `hash2:` label (required here, so calls without it keep
    /// resolving to the generated one).
    @available(
        *, deprecated,
        renamed:
            "init(hash:id:agreementCode:status:pageCount:signerCount:completedCount:completedAt:verifiedAt:isValid:message:additionalFields:)"
    )
    public init(
        hash2: String?, id: String? = nil, agreementCode: String? = nil, status: String? = nil,
        pageCount: String? = nil, signerCount: String? = nil, completedCount: Int? = nil, completedAt: Date? = nil,
        verifiedAt: Date? = nil, isValid: Bool? = nil, message: String? = nil, additionalFields: JSONObject = [:]
    ) {
        self.init(
            hash: hash2, id: id, agreementCode: agreementCode, status: status, pageCount: pageCount,
            signerCount: signerCount, completedCount: completedCount, completedAt: completedAt, verifiedAt: verifiedAt,
            isValid: isValid, message: message, additionalFields: additionalFields)
    }
}

// The generator's own names for types assinafy-generator.yaml renames (`types:`).
@available(*, deprecated, renamed: "Workspace")
public typealias Account = Workspace
@available(*, deprecated, renamed: "WorkspaceTheme")
public typealias AccountTheme = WorkspaceTheme
@available(*, deprecated, renamed: "ChangePasswordPayload")
public typealias ChangePasswordRequest = ChangePasswordPayload
@available(*, deprecated, renamed: "CreateWorkspacePayload")
public typealias CreateAccountRequest = CreateWorkspacePayload
@available(*, deprecated, renamed: "AssignmentEntry")
public typealias CreateAssignmentRequestEntriesItem = AssignmentEntry
@available(*, deprecated, renamed: "AssignmentFieldPlacement")
public typealias CreateAssignmentRequestEntriesItemFieldsItem = AssignmentFieldPlacement
@available(*, deprecated, renamed: "TemplateEditorField")
public typealias CreateDocumentFromTemplateRequestEditorFieldsItem = TemplateEditorField
@available(*, deprecated, renamed: "CreateFieldPayload")
public typealias CreateFieldRequest = CreateFieldPayload
@available(*, deprecated, renamed: "CreateSignerPayload")
public typealias CreateSignerRequest = CreateSignerPayload
@available(*, deprecated, renamed: "CreateTagPayload")
public typealias CreateTagRequest = CreateTagPayload
@available(*, deprecated, renamed: "CreateWebhookEndpointPayload")
public typealias CreateWebhookEndpointRequest = CreateWebhookEndpointPayload
@available(*, deprecated, renamed: "MFAMethodRemoval")
public typealias DeleteMFAMethodResponseData = MFAMethodRemoval
@available(*, deprecated, renamed: "WorkspaceStatsGranularity")
public typealias GetAccountStatsGranularity = WorkspaceStatsGranularity
@available(*, deprecated, renamed: "UserStatsGranularity")
public typealias GetUserStatsGranularity = UserStatsGranularity
@available(*, deprecated, renamed: "LinkSocialLoginPayload")
public typealias LinkSocialLoginRequest = LinkSocialLoginPayload
@available(*, deprecated, renamed: "MFAStatus")
public typealias ListMFAMethodsResponseData = MFAStatus
@available(*, deprecated, renamed: "MFAMethod")
public typealias ListMFAMethodsResponseDataMethodsItem = MFAMethod
@available(*, deprecated, renamed: "LoginPayload")
public typealias LoginRequest = LoginPayload
@available(*, deprecated, renamed: "UpdateDocumentPayload")
public typealias RenameDocumentRequest = UpdateDocumentPayload
@available(*, deprecated, renamed: "ResetPasswordPayload")
public typealias ResetPasswordRequest = ResetPasswordPayload
@available(*, deprecated, renamed: "SocialLoginPayload")
public typealias SocialLoginRequest = SocialLoginPayload
@available(*, deprecated, renamed: "TOTPEnrollment")
public typealias StartTOTPEnrollmentResponseData = TOTPEnrollment
@available(*, deprecated, renamed: "UpdateWorkspacePayload")
public typealias UpdateAccountRequest = UpdateWorkspacePayload
@available(*, deprecated, renamed: "UpdateFieldPayload")
public typealias UpdateFieldRequest = UpdateFieldPayload
@available(*, deprecated, renamed: "UpdateSignerPayload")
public typealias UpdateSignerRequest = UpdateSignerPayload
@available(*, deprecated, renamed: "UpdateTagPayload")
public typealias UpdateTagRequest = UpdateTagPayload
@available(*, deprecated, renamed: "UpdateTemplatePayload")
public typealias UpdateTemplateRequest = UpdateTemplatePayload
@available(*, deprecated, renamed: "UpdateWebhookEndpointPayload")
public typealias UpdateWebhookEndpointRequest = UpdateWebhookEndpointPayload
