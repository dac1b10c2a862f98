import AssinafyAPI
import Foundation
import Testing

@testable import Assinafy

/// The generator's former names (before assinafy-generator.yaml's `types:` and the narrower
/// member reservations) still compile, as deprecated spellings of the same declarations.
@Suite struct RenamedGeneratedNamesTests {
    @available(*, deprecated, message: "uses the deprecated names on purpose")
    @Test func formerTypeNamesDenoteTheRenamedTypes() {
        let pairs: [(Any.Type, Any.Type)] = [
            (Account.self, Workspace.self), (AccountTheme.self, WorkspaceTheme.self),
            (CreateAccountRequest.self, CreateWorkspacePayload.self),
            (UpdateAccountRequest.self, UpdateWorkspacePayload.self),
            (GetAccountStatsGranularity.self, WorkspaceStatsGranularity.self),
            (GetUserStatsGranularity.self, UserStatsGranularity.self), (LoginRequest.self, LoginPayload.self),
            (SocialLoginRequest.self, SocialLoginPayload.self),
            (LinkSocialLoginRequest.self, LinkSocialLoginPayload.self),
            (ResetPasswordRequest.self, ResetPasswordPayload.self),
            (ChangePasswordRequest.self, ChangePasswordPayload.self),
            (ListMFAMethodsResponseData.self, MFAStatus.self),
            (ListMFAMethodsResponseDataMethodsItem.self, MFAMethod.self),
            (StartTOTPEnrollmentResponseData.self, TOTPEnrollment.self),
            (DeleteMFAMethodResponseData.self, MFAMethodRemoval.self),
            (CreateSignerRequest.self, CreateSignerPayload.self),
            (UpdateSignerRequest.self, UpdateSignerPayload.self),
            (RenameDocumentRequest.self, UpdateDocumentPayload.self),
            (CreateAssignmentRequestEntriesItem.self, AssignmentEntry.self),
            (CreateAssignmentRequestEntriesItemFieldsItem.self, AssignmentFieldPlacement.self),
            (CreateDocumentFromTemplateRequestEditorFieldsItem.self, TemplateEditorField.self),
            (UpdateTemplateRequest.self, UpdateTemplatePayload.self),
            (CreateFieldRequest.self, CreateFieldPayload.self),
            (UpdateFieldRequest.self, UpdateFieldPayload.self), (CreateTagRequest.self, CreateTagPayload.self),
            (UpdateTagRequest.self, UpdateTagPayload.self),
            (CreateWebhookEndpointRequest.self, CreateWebhookEndpointPayload.self),
            (UpdateWebhookEndpointRequest.self, UpdateWebhookEndpointPayload.self),
        ]
        for (old, new) in pairs {
            #expect(ObjectIdentifier(old) == ObjectIdentifier(new), "\(old) is not \(new)")
        }
        // The qualified spelling apps may have used still reaches the generated type.
        #expect(ObjectIdentifier(Assinafy.Workspace.self) == ObjectIdentifier(AssinafyAPI.Workspace.self))
    }

    @available(*, deprecated, message: "uses the deprecated names on purpose")
    @Test func hash2IsTheVerificationHash() throws {
        let verification = DocumentVerification(hash2: "abc123", id: "doc-1")
        #expect(verification.hash == "abc123")
        #expect(verification.hash2 == "abc123")
        #expect(verification.id == "doc-1")
        let decoded = try JSONDecoder().decode(DocumentVerification.self, from: Data(#"{"hash":"h-1"}"#.utf8))
        #expect(decoded.hash2 == "h-1" && decoded.hash == "h-1")
    }
}
