// The operations of openapi.yaml and openapi-unpublished.yaml, named as the generated methods name
// them (so `failNext("getDocument", …)` names the call a test makes), with their security class.
// Kept in step with Sources/AssinafyAPI (and FakeOperation.swift) by FakeRoutesTests.

/// Who may call an operation: the workspace credential, a signer's access code, or anyone.
enum FakeSecurity {
    case account, signer, open
}

struct FakeRoute {
    let operation: String
    let method: String
    let template: String
    let security: FakeSecurity
    let segments: [Substring]

    init(_ operation: String, _ method: String, _ template: String, _ security: FakeSecurity) {
        self.operation = operation
        self.method = method
        self.template = template
        self.security = security
        segments = template.split(separator: "/")
    }

    /// Literal segments count more than parameters: `/v1/documents/statuses` wins over
    /// `/v1/documents/{documentId}`.
    var specificity: Int { segments.filter { !$0.hasPrefix("{") }.count }

    /// The path parameters when `path` has this route's shape.
    func match(_ path: [String]) -> [String: String]? {
        guard path.count == segments.count else { return nil }
        var params: [String: String] = [:]
        for (segment, value) in zip(segments, path) {
            if segment.hasPrefix("{") {
                guard !value.isEmpty else { return nil }
                params[String(segment.dropFirst().dropLast())] = value
            } else if segment != value {
                return nil
            }
        }
        return params
    }
}

extension FakeRoute {
    static let all: [FakeRoute] = [
        FakeRoute("getAccount", "GET", "/v1/accounts/{accountId}", .account),
        FakeRoute("updateAccount", "PUT", "/v1/accounts/{accountId}", .account),
        FakeRoute("deleteAccount", "DELETE", "/v1/accounts/{accountId}", .account),
        FakeRoute("getAccountTheme", "GET", "/v1/accounts/{accountId}/theme", .account),
        FakeRoute("downloadAccountLogo", "GET", "/v1/accounts/{accountId}/logo", .account),
        FakeRoute("uploadAccountLogo", "POST", "/v1/accounts/{accountId}/logo", .account),
        FakeRoute("deleteAccountLogo", "DELETE", "/v1/accounts/{accountId}/logo", .account),
        FakeRoute("listAccounts", "GET", "/v1/accounts", .account),
        FakeRoute("createAccount", "POST", "/v1/accounts", .account),
        FakeRoute("getAccountStats", "GET", "/v1/accounts/{accountId}/stats", .account),
        FakeRoute("listAssignments", "GET", "/v1/assignments", .account),
        FakeRoute("createAssignment", "POST", "/v1/documents/{documentId}/assignments", .account),
        FakeRoute("estimateAssignmentCost", "POST", "/v1/documents/{documentId}/assignments/estimate-cost", .account),
        FakeRoute(
            "resendSignatureRequest", "PUT",
            "/v1/documents/{documentId}/assignments/{assignmentId}/signers/{signerId}/resend", .account),
        FakeRoute(
            "estimateResendCost", "POST",
            "/v1/documents/{documentId}/assignments/{assignmentId}/signers/{signerId}/estimate-resend-cost", .account),
        FakeRoute(
            "resetAssignmentExpiration", "PUT",
            "/v1/documents/{documentId}/assignments/{assignmentId}/reset-expiration", .account),
        FakeRoute(
            "listWhatsappNotifications", "GET",
            "/v1/documents/{documentId}/assignments/{assignmentId}/whatsapp-notifications", .account),
        FakeRoute("login", "POST", "/v1/login", .open),
        FakeRoute("requestPasswordReset", "PUT", "/v1/authentication/request-password-reset", .open),
        FakeRoute("resetPassword", "PUT", "/v1/authentication/reset-password", .open),
        FakeRoute("changePassword", "PUT", "/v1/authentication/change-password", .account),
        FakeRoute("verifyMFA", "POST", "/v1/authentication/mfa/verify", .open),
        FakeRoute("listMFAMethods", "GET", "/v1/users/self/mfa", .account),
        FakeRoute("startTOTPEnrollment", "POST", "/v1/users/self/mfa/totp", .account),
        FakeRoute("confirmTOTPEnrollment", "PUT", "/v1/users/self/mfa/totp/confirm", .account),
        FakeRoute("regenerateRecoveryCodes", "POST", "/v1/users/self/mfa/recovery-codes", .account),
        FakeRoute("deleteMFAMethod", "DELETE", "/v1/users/self/mfa/{customId}", .account),
        FakeRoute("socialLogin", "POST", "/v1/authentication/social-login", .open),
        FakeRoute("linkSocialLogin", "POST", "/v1/auth/link-social-login", .account),
        FakeRoute("getAPIKey", "GET", "/v1/users/api-keys", .account),
        FakeRoute("createAPIKey", "POST", "/v1/users/api-keys", .account),
        FakeRoute("deleteAPIKey", "DELETE", "/v1/users/api-keys", .account),
        FakeRoute("listDocumentActivities", "GET", "/v1/documents/{documentId}/activities", .account),
        FakeRoute("listDocuments", "GET", "/v1/accounts/{accountId}/documents", .account),
        FakeRoute("uploadDocument", "POST", "/v1/accounts/{accountId}/documents", .account),
        FakeRoute("searchDocuments", "GET", "/v1/accounts/{accountId}/documents/search", .account),
        FakeRoute("listDocumentStatuses", "GET", "/v1/documents/statuses", .account),
        FakeRoute("getDocument", "GET", "/v1/documents/{documentId}", .account),
        FakeRoute("deleteDocument", "DELETE", "/v1/documents/{documentId}", .account),
        FakeRoute("renameDocument", "PATCH", "/v1/documents/{documentId}", .account),
        FakeRoute("downloadDocumentArtifact", "GET", "/v1/documents/{documentId}/download/{artifactName}", .account),
        FakeRoute("verifyDocument", "GET", "/v1/documents/{documentSignatureHash}/verify", .open),
        FakeRoute("listDocumentTags", "GET", "/v1/accounts/{accountId}/documents/{documentId}/tags", .account),
        FakeRoute("replaceDocumentTags", "PUT", "/v1/accounts/{accountId}/documents/{documentId}/tags", .account),
        FakeRoute("attachDocumentTags", "POST", "/v1/accounts/{accountId}/documents/{documentId}/tags", .account),
        FakeRoute(
            "detachDocumentTag", "DELETE",
            "/v1/accounts/{accountId}/documents/{documentId}/tags/{tagId}", .account),
        FakeRoute("getDocumentThumbnail", "GET", "/v1/documents/{documentId}/thumbnail", .account),
        FakeRoute("downloadDocumentPage", "GET", "/v1/documents/{documentId}/pages/{pageId}/download", .account),
        FakeRoute(
            "createDocumentFromTemplate", "POST",
            "/v1/accounts/{accountId}/templates/{templateId}/documents", .account),
        FakeRoute(
            "estimateDocumentFromTemplateCost", "POST",
            "/v1/accounts/{accountId}/templates/{templateId}/documents/estimate-cost", .account),
        FakeRoute("listFields", "GET", "/v1/accounts/{accountId}/fields", .account),
        FakeRoute("createField", "POST", "/v1/accounts/{accountId}/fields", .account),
        FakeRoute("getField", "GET", "/v1/accounts/{accountId}/fields/{fieldId}", .account),
        FakeRoute("updateField", "PUT", "/v1/accounts/{accountId}/fields/{fieldId}", .account),
        FakeRoute("deleteField", "DELETE", "/v1/accounts/{accountId}/fields/{fieldId}", .account),
        FakeRoute("validateFieldValue", "POST", "/v1/accounts/{accountId}/fields/{fieldId}/validate", .account),
        FakeRoute("validateFieldValues", "POST", "/v1/accounts/{accountId}/fields/validate-multiple", .account),
        FakeRoute("listFieldTypes", "GET", "/v1/field-types", .account),
        FakeRoute("exchangeOAuthToken", "POST", "/v1/oauth/token", .open),
        FakeRoute("revokeOAuthToken", "POST", "/v1/oauth/revoke", .open),
        FakeRoute("getOAuthUserInfo", "GET", "/v1/oauth/userinfo", .account),
        FakeRoute("getProtectedResourceMetadata", "GET", "/.well-known/oauth-protected-resource", .open),
        FakeRoute("listSigners", "GET", "/v1/accounts/{accountId}/signers", .account),
        FakeRoute("createSigner", "POST", "/v1/accounts/{accountId}/signers", .account),
        FakeRoute("getSigner", "GET", "/v1/accounts/{accountId}/signers/{signerId}", .account),
        FakeRoute("updateSigner", "PUT", "/v1/accounts/{accountId}/signers/{signerId}", .account),
        FakeRoute("deleteSigner", "DELETE", "/v1/accounts/{accountId}/signers/{signerId}", .account),
        FakeRoute("getPublicDocument", "GET", "/v1/public/documents/{documentId}", .open),
        FakeRoute("sendPublicDocumentToken", "PUT", "/v1/public/documents/{documentId}/send-token", .open),
        FakeRoute("getCurrentSigner", "GET", "/v1/signers/self", .signer),
        FakeRoute("getSignerDocument", "GET", "/v1/signers/{signerId}/document", .signer),
        FakeRoute("viewDocumentToSign", "GET", "/v1/sign", .signer),
        FakeRoute("signAssignment", "POST", "/v1/documents/{documentId}/assignments/{assignmentId}", .signer),
        FakeRoute("declineAssignment", "PUT", "/v1/documents/{documentId}/assignments/{assignmentId}/reject", .signer),
        FakeRoute("signMultipleDocuments", "PUT", "/v1/signers/documents/sign-multiple", .signer),
        FakeRoute("declineMultipleDocuments", "PUT", "/v1/signers/documents/decline-multiple", .signer),
        FakeRoute("verifySignerCode", "POST", "/v1/verify", .signer),
        FakeRoute("confirmSignerData", "PUT", "/v1/documents/{documentId}/signers/confirm-data", .signer),
        FakeRoute("acceptTerms", "PUT", "/v1/signers/accept-terms", .signer),
        FakeRoute("uploadSignature", "POST", "/v1/signature", .signer),
        FakeRoute("downloadSignature", "GET", "/v1/signature/{signatureType}", .signer),
        FakeRoute("listSignerDocuments", "GET", "/v1/signers/{signerId}/documents", .signer),
        FakeRoute("searchSignerDocuments", "GET", "/v1/signers/{signerId}/documents/search", .signer),
        FakeRoute(
            "downloadSignerDocumentArtifact", "GET",
            "/v1/signers/{signerId}/documents/{documentId}/download/{artifactName}", .open),
        FakeRoute("listTags", "GET", "/v1/accounts/{accountId}/tags", .account),
        FakeRoute("createTag", "POST", "/v1/accounts/{accountId}/tags", .account),
        FakeRoute("updateTag", "PUT", "/v1/accounts/{accountId}/tags/{tagId}", .account),
        FakeRoute("deleteTag", "DELETE", "/v1/accounts/{accountId}/tags/{tagId}", .account),
        FakeRoute("listTemplates", "GET", "/v1/accounts/{accountId}/templates", .account),
        FakeRoute("createTemplate", "POST", "/v1/accounts/{accountId}/templates", .account),
        FakeRoute("getTemplate", "GET", "/v1/accounts/{accountId}/templates/{templateId}", .account),
        FakeRoute("updateTemplate", "PUT", "/v1/accounts/{accountId}/templates/{templateId}", .account),
        FakeRoute("deleteTemplate", "DELETE", "/v1/accounts/{accountId}/templates/{templateId}", .account),
        FakeRoute(
            "downloadTemplatePage", "GET",
            "/v1/accounts/{accountId}/templates/{templateId}/pages/{pageId}/download", .account),
        FakeRoute("getNotificationPreferences", "GET", "/v1/users/self/notification-preferences", .account),
        FakeRoute("updateNotificationPreferences", "PUT", "/v1/users/self/notification-preferences", .account),
        FakeRoute("getUserStats", "GET", "/v1/users/self/stats", .account),
        FakeRoute("getCurrentUser", "GET", "/v1/users/self", .account),
        FakeRoute("getWebhookSubscription", "GET", "/v1/accounts/{accountId}/webhooks/subscriptions", .account),
        FakeRoute("updateWebhookSubscription", "PUT", "/v1/accounts/{accountId}/webhooks/subscriptions", .account),
        FakeRoute("inactivateWebhookSubscription", "PUT", "/v1/accounts/{accountId}/webhooks/inactivate", .account),
        FakeRoute("listWebhookEventTypes", "GET", "/v1/webhooks/event-types", .account),
        FakeRoute("listWebhookDeliveries", "GET", "/v1/accounts/{accountId}/webhooks", .account),
        FakeRoute("retryWebhookDelivery", "POST", "/v1/accounts/{accountId}/webhooks/{historyId}/retry", .account),
        FakeRoute("listWebhookEndpoints", "GET", "/v1/accounts/{accountId}/webhooks/endpoints", .account),
        FakeRoute("createWebhookEndpoint", "POST", "/v1/accounts/{accountId}/webhooks/endpoints", .account),
        FakeRoute("getWebhookEndpoint", "GET", "/v1/accounts/{accountId}/webhooks/endpoints/{endpointId}", .account),
        FakeRoute("updateWebhookEndpoint", "PUT", "/v1/accounts/{accountId}/webhooks/endpoints/{endpointId}", .account),
        FakeRoute(
            "deleteWebhookEndpoint", "DELETE",
            "/v1/accounts/{accountId}/webhooks/endpoints/{endpointId}", .account),
        FakeRoute(
            "getWebhookEndpointSecret", "GET",
            "/v1/accounts/{accountId}/webhooks/endpoints/{endpointId}/secret", .account),
        FakeRoute(
            "rotateWebhookEndpointSecret", "POST",
            "/v1/accounts/{accountId}/webhooks/endpoints/{endpointId}/secret/rotate", .account),
    ]

    static let byOperation: [String: FakeRoute] = Dictionary(uniqueKeysWithValues: all.map { ($0.operation, $0) })
}
