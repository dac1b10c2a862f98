import APIRuntime
import Assinafy
import AssinafyTesting
import Foundation
import Testing

/// OAuth (discovery, the authorization code with PKCE, refresh rotation, revocation, user info),
/// and the operations around signers and workspaces that the README flows do not reach:
/// WhatsApp notifications, template page images, workspace deletion, duplicate signers.
@Suite struct OAuthAndSignerExtrasAgainstFakeTests {
    static let redirectURI = "https://app.example.invalid/oauth/callback"

    /// A public client approved by the owner: the request and the tokens it was exchanged for.
    static func connect(_ fake: AssinafyFake, scopes: [OAuthScope]) async throws -> (
        OAuthAuthorizationRequest, OAuthToken
    ) {
        let open = fake.client()
        let request = OAuthAuthorizationRequest(clientId: "fake-app", redirectURI: redirectURI, scopes: scopes)
        let callback = fake.approveAuthorization(request)
        let code = try #require(
            try OAuthCallback(callbackURL: callback)?.validate(
                against: request, issuer: AssinafyFake.oauthIssuer))
        let token = try await open.oauth.exchangeAuthorizationCode(code: code, for: request)
        return (request, token)
    }

    static func client(_ fake: AssinafyFake, token: String) -> AssinafyClient {
        fake.client(
            configuration: AssinafyClientConfiguration(
                token: token, baseURL: AssinafyFake.baseURL, defaultAccountId: fake.accountId))
    }

    @Test func theProtectedResourceNamesTheFakesAuthorizationServer() async throws {
        let fake = AssinafyFake()
        let metadata = try await fake.client().oauth.protectedResourceMetadata()
        #expect(metadata.authorizationServers == [AssinafyFake.oauthIssuer])
    }

    @Test func anApprovedAuthorizationCodeBuysTokensThatReachTheWorkspace() async throws {
        let fake = AssinafyFake()
        let (_, token) = try await Self.connect(fake, scopes: [.documentsRead, .openid, .email, .offlineAccess])
        #expect(token.refreshToken != nil && token.expiresIn == 3600)
        #expect(Set(token.scope.map(\.rawValue)) == ["documents:read", "openid", "email"])
        let user = Self.client(fake, token: token.accessToken)
        _ = try await user.documents.list()
        let info = try await user.oauth.userInfo()
        #expect(info.email == AssinafyFake.ownerEmail && info.name == nil)

        // OAuth tokens stay out of credential management.
        let refused = await #expect(throws: APIError.self) { try await user.auth.getAPIKey() }
        #expect(refused?.statusCode == 403)
    }

    /// The README's OAuth sample end to end: authorize, validate the callback, connect a
    /// session, and call the API as the user, forcing one refresh on the way.
    @Test func anOAuthSessionConnectsAndRefreshesAgainstTheFake() async throws {
        let fake = AssinafyFake()
        let request = OAuthAuthorizationRequest(
            clientId: "fake-app", redirectURI: Self.redirectURI, scopes: [.documentsRead, .offlineAccess])
        let callbackURL = fake.approveAuthorization(request)
        let code = try #require(
            try OAuthCallback(callbackURL: callbackURL)?.validate(against: request, issuer: AssinafyFake.oauthIssuer))
        let session = OAuthSession(client: fake.client(), clientId: request.clientId, store: InMemoryTokenStore())
        let token = try await session.connect(code: code, request: request)
        let userClient = session.client(defaultAccountId: fake.accountId)
        _ = try await userClient.documents.list()
        let refreshed = try await session.accessToken(forceRefresh: true)
        #expect(refreshed != token.accessToken)
        _ = try await userClient.documents.list()
        #expect(fake.exchanges.filter { $0.operation == "exchangeOAuthToken" }.map(\.statusCode) == [200, 200])
    }

    @Test func aCodeWorksOnceAndOnlyWithItsVerifier() async throws {
        let fake = AssinafyFake()
        let open = fake.client()
        let request = OAuthAuthorizationRequest(
            clientId: "fake-app", redirectURI: Self.redirectURI, scopes: [.documentsRead])
        let other = OAuthAuthorizationRequest(
            clientId: "fake-app", redirectURI: Self.redirectURI, scopes: [.documentsRead])
        let code = try #require(
            URLComponents(url: fake.approveAuthorization(request), resolvingAgainstBaseURL: false)?
                .queryItems?.first { $0.name == "code" }?.value)
        let stolen = await #expect(throws: APIError.self) {
            try await open.oauth.exchangeAuthorizationCode(code: code, for: other)
        }
        #expect(stolen?.oauthError?.code == "invalid_grant")
        _ = try await open.oauth.exchangeAuthorizationCode(code: code, for: request)
        let reused = await #expect(throws: APIError.self) {
            try await open.oauth.exchangeAuthorizationCode(code: code, for: request)
        }
        #expect(reused?.statusCode == 400 && reused?.oauthError?.code == "invalid_grant")
    }

    @Test func refreshRotatesAndAReusedRefreshTokenRevokesTheConnection() async throws {
        let fake = AssinafyFake()
        let (request, token) = try await Self.connect(fake, scopes: [.documentsRead, .offlineAccess])
        let open = fake.client()
        let first = try #require(token.refreshToken)
        let rotated = try await open.oauth.refreshAccessToken(
            OAuthRefreshTokenPayload(refreshToken: first, clientId: request.clientId))
        #expect(rotated.refreshToken != nil && rotated.refreshToken != first)
        _ = try await Self.client(fake, token: rotated.accessToken).documents.list()

        let reuse = await #expect(throws: APIError.self) {
            try await open.oauth.refreshAccessToken(
                OAuthRefreshTokenPayload(refreshToken: first, clientId: request.clientId))
        }
        #expect(reuse?.oauthError?.code == "invalid_grant")
        let revoked = await #expect(throws: APIError.self) {
            try await Self.client(fake, token: rotated.accessToken).documents.list()
        }
        #expect(revoked?.statusCode == 401)
    }

    @Test func aRevokedAccessTokenIsRefusedAndUserInfoNeedsOpenID() async throws {
        let fake = AssinafyFake()
        let (request, token) = try await Self.connect(fake, scopes: [.documentsRead])
        let user = Self.client(fake, token: token.accessToken)
        let scope = await #expect(throws: APIError.self) { try await user.oauth.userInfo() }
        #expect(scope?.statusCode == 403 && scope?.insufficientScope == "openid")
        try await fake.client().oauth.revoke(OAuthRevokePayload(token: token.accessToken, clientId: request.clientId))
        let after = await #expect(throws: APIError.self) { try await user.documents.list() }
        #expect(after?.statusCode == 401)
    }

    @Test func whatsappInvitationsAreListedPerSending() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let documentId = try await readyDocument(fake, client)
        let signer = try await client.signers.create(
            CreateSignerPayload(fullName: "Caio", whatsappPhoneNumber: "+5511999990000"))
        let signerId = try #require(signer.id)
        let assignment = try await client.assignments.create(
            documentId: documentId,
            payload: CreateAssignmentPayload(
                method: .virtual, signers: [.signer(id: signerId, verification: .whatsapp, notifications: [.whatsapp])])
        )
        let assignmentId = try #require(assignment.id)
        _ = try await client.assignments.resend(documentId: documentId, assignmentId: assignmentId, signerId: signerId)
        let sent = try await client.assignments.whatsappNotifications(
            documentId: documentId, assignmentId: assignmentId)
        #expect(sent.count == 2 && sent.allSatisfy { $0.phoneNumber == "+5511999990000" && $0.signerId == signerId })
    }

    @Test func aTemplatesPagesAreImages() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let (templateId, _) = fake.addTemplate(name: "Offer", roles: ["Candidate"])
        let template = try await client.templates.get(templateId: templateId)
        let pageId = try #require(template.pages?.first?.id)
        let image = try await client.templates.downloadPage(templateId: templateId, pageId: pageId)
        #expect(image.starts(with: [0xFF, 0xD8]))
        let missing = await #expect(throws: APIError.self) {
            try await client.templates.downloadPage(templateId: templateId, pageId: "page-missing")
        }
        #expect(missing?.statusCode == 404)
    }

    @Test func theWorkspaceWithAPaidSubscriptionIsDeletedOnlyWithForce() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let refused = await #expect(throws: APIError.self) { try await client.workspaces.delete() }
        #expect(refused?.statusCode == 400)
        #expect(refused?.workspaceDeletionRestrictions.map(\.code) == ["ActivePaidSubscription"])
        let second = try await client.workspaces.create(CreateWorkspacePayload(name: "Second"))
        try await client.workspaces.delete(accountId: second.id)
        try await client.workspaces.delete(force: true)
        let gone = await #expect(throws: APIError.self) { try await client.documents.list() }
        #expect(gone?.statusCode == 404)
    }

    /// The document answers a second signer with the same e-mail with 400 (not 409, which is
    /// for tags): the fake keeps the document's answer, and the overlay's idempotent `create`
    /// turns it into the signer that has the address.
    @Test func aDuplicateSignerEmailIsTheDocumentsFourHundred() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let ana = try await client.signers.create(CreateSignerPayload(fullName: "Ana", email: "ana@example.invalid"))
        // The overlay searches before it creates, so the refusal is seen on the wire.
        var request = TransportRequest(
            url: AssinafyFake.baseURL.appendingPathComponent("accounts/\(fake.accountId)/signers"), method: .post,
            body: .data(Data(#"{"full_name": "Ana B", "email": "ANA@example.invalid"}"#.utf8)))
        request.headers.add("Authorization", "Bearer \(fake.token)")
        request.headers.add("Content-Type", "application/json")
        request.operationName = "createSigner"
        let refusal = try await fake.transport.send(request)
        #expect(refusal.statusCode == 400)
        #expect(String(decoding: refusal.body, as: UTF8.self).contains("e-mail já existe"))
        let again = try await client.signers.create(
            CreateSignerPayload(fullName: "Ana B", email: "ANA@example.invalid"))
        #expect(again.id == ana.id)
        let other = try await client.signers.create(CreateSignerPayload(fullName: "Bia", email: "bia@example.invalid"))
        let renamed = await #expect(throws: APIError.self) {
            try await client.signers.update(
                signerId: other.id ?? "", payload: UpdateSignerPayload(email: "ana@example.invalid"))
        }
        #expect(renamed?.statusCode == 400)
    }
}
