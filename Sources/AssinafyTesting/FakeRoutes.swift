import APITesting
import AssinafyAPITesting

/// The generated stubs know every operation's path template and read requests back by it, so the
/// fake dispatches on the `operationName` the engine sets and keeps no route table of its own.
enum FakeRoutes {
    static let operations: StubTransport = AssinafyAPIStubs().transport

    static func pathTemplate(for operation: String) -> String? { operations.pathTemplate(for: operation) }
}

/// Who may call an operation: the workspace credential, a signer's access code, or anyone.
///
/// The generated client applies each operation's security requirement inside the engine and does
/// not publish it at run time, so the fake lists only the exceptions to the workspace credential.
/// FakeRoutesTests checks both lists against the generated client's `security:` arguments.
enum FakeSecurity {
    case account, signer, open

    static let signerOperations: Set<String> = [
        "getCurrentSigner", "getSignerDocument", "viewDocumentToSign", "signAssignment", "declineAssignment",
        "signMultipleDocuments", "declineMultipleDocuments", "verifySignerCode", "confirmSignerData", "acceptTerms",
        "uploadSignature", "downloadSignature", "listSignerDocuments", "searchSignerDocuments",
    ]

    static let openOperations: Set<String> = [
        "login", "requestPasswordReset", "resetPassword", "verifyMFA", "socialLogin", "verifyDocument",
        "exchangeOAuthToken", "revokeOAuthToken", "getProtectedResourceMetadata", "getPublicDocument",
        "sendPublicDocumentToken", "downloadSignerDocumentArtifact",
    ]

    static func of(_ operation: String) -> FakeSecurity {
        if signerOperations.contains(operation) { return .signer }
        return openOperations.contains(operation) ? .open : .account
    }
}
