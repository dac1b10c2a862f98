import APIRuntime
import Assinafy
import Foundation
import Testing

@testable import AssinafyTesting

/// The fake is not a second source of truth: every answer it gives validates against
/// openapi.yaml (with the emulator's openapi-core checks), and the same scenario gets the same
/// statuses and shapes from the fake and from the emulator. Where they differ, the failure says
/// which one the document disagrees with.
@Suite(.enabled(if: ContractPython.available, "no Python with openapi-core: set ASSINAFY_PYTHON or run `make venv`"))
struct ContractConformanceTests {
    /// Each exchange as `validate_exchanges.py` reads it.
    static func payload(_ exchanges: [FakeExchange]) -> [JSONValue] {
        exchanges.map { exchange in
            func headers(_ fields: [String: String]) -> JSONValue {
                .object(JSONObject(fields.sorted { $0.key < $1.key }.map { (key: $0.key, value: .string($0.value)) }))
            }
            return [
                "method": .string(exchange.method), "target": .string(exchange.target),
                "request_headers": headers(exchange.requestHeaders),
                "request_body": .string(exchange.requestBody.base64EncodedString()),
                "status": exchange.statusCode.map { .integer(Int64($0)) } ?? .null,
                "response_headers": headers(exchange.responseHeaders),
                "response_body": .string(exchange.responseBody.base64EncodedString()),
            ]
        }
    }

    /// Contract findings per exchange: "operation status: message".
    static func violations(_ exchanges: [FakeExchange]) throws -> [String] {
        try zip(exchanges, ContractPython.validate(payload(exchanges))).flatMap { exchange, finding in
            (finding["errors"]?.arrayValue ?? []).compactMap(\.stringValue).map {
                "\(exchange.operation ?? exchange.target) \(exchange.statusCode.map(String.init) ?? "-"): \($0)"
            }
        }
    }

    static func fakeRun() async throws -> (AssinafyFake, AnswerRecorder) {
        let fake = AssinafyFake()
        let recorder = AnswerRecorder()
        let owner = AssinafyClient(
            configuration: AssinafyClientConfiguration(
                token: fake.token, baseURL: AssinafyFake.baseURL, defaultAccountId: fake.accountId),
            httpTransport: fake.transport, middlewares: [recorder], pollingClock: fake.clock)
        let signer = AssinafyClient(
            configuration: AssinafyClientConfiguration(), httpTransport: fake.transport, middlewares: [recorder],
            pollingClock: fake.clock)
        try await ConformanceScenario.run(owner: owner, signer: signer) { fake.clock.advance(by: 2) }
        return (fake, recorder)
    }

    @Test func everyAnswerOfTheFakeValidatesAgainstTheDocument() async throws {
        let (fake, _) = try await Self.fakeRun()
        // The README flows and the faults too: every shape the fake can give.
        let client = fake.client()
        fake.failNext(.listDocuments, with: .rateLimited(retryAfter: 3))
        _ = try? await client.documents.list()
        _ = try await client.signers.list(params: ListParams(page: 1, perPage: 1))
        _ = try await client.webhooks.listDispatches()
        let (templateId, roleIds) = fake.addTemplate(name: "Offer", roles: ["Candidate"])
        _ = try await client.templates.list()
        let signer = try await client.signers.create(CreateSignerPayload(fullName: "Bia", email: "bia@example.invalid"))
        _ = try await client.documents.createFromTemplate(
            templateId: templateId, signers: [TemplateSigner(roleId: roleIds[0], id: signer.id)],
            options: CreateDocumentFromTemplateOptions(name: "Offer letter"))

        // The unpublished template routes, checked against openapi-unpublished.yaml.
        let created = try await client.templates.create(name: "Lease", pdfData: ConformanceScenario.pdf)
        let createdId = try #require(created.id)
        _ = try await client.templates.get(templateId: createdId)
        _ = try await client.templates.update(templateId: createdId, payload: UpdateTemplatePayload(name: "Lease v2"))
        try await client.templates.delete(templateId: createdId)
        await #expect(throws: APIError.self) { try await client.templates.delete(templateId: templateId) }
        try await Self.accountSide(fake, client)
        try await Self.credentialsAndOAuth(fake, client)

        let found = try Self.violations(fake.exchanges)
        #expect(found == [], "the fake's answers the document does not allow")
        let checked = try ContractPython.validate(Self.payload(fake.exchanges)).filter { $0["skipped"] == nil }
        #expect(checked.count > 30, "too few answers were checked for this to mean anything")
    }

    @Test func theValidatorRefusesAnAnswerTheDocumentDoesNotAllow() throws {
        let wrong = FakeExchange(
            operation: "listDocumentStatuses", method: "GET", pathTemplate: "/v1/documents/statuses",
            target: "/v1/documents/statuses", requestHeaders: [:], requestBody: Data(), statusCode: 200,
            responseHeaders: ["Content-Type": "application/json"],
            responseBody: Data(#"{"status": 200, "message": "", "data": [{"code": "x", "deletable": "no"}]}"#.utf8))
        let found = try Self.violations([wrong])
        #expect(found.count == 1 && found[0].contains("deletable"))
    }

    #if !(os(iOS) || os(tvOS) || os(watchOS) || os(visionOS))
    @Test func theFakeAndTheEmulatorAgree() async throws {
        let python = try #require(ContractPython.path)
        let (fake, fakeAnswers) = try await Self.fakeRun()

        let emulator = try EmulatorProcess(python: python)
        defer { emulator.stop() }
        let state = try await emulator.admin("/state")
        let recorder = AnswerRecorder()
        var configuration = AssinafyClientConfiguration(
            apiKey: state["api_key"]?.stringValue ?? "", baseURL: emulator.baseURL,
            defaultAccountId: state["account_id"]?.stringValue)
        configuration.allowsInsecureLoopback = true
        let owner = AssinafyClient(
            configuration: configuration, httpTransport: URLSessionHTTPTransport(), middlewares: [recorder])
        var anonymous = AssinafyClientConfiguration()
        anonymous.baseURL = emulator.baseURL
        anonymous.allowsInsecureLoopback = true
        let signer = AssinafyClient(
            configuration: anonymous, httpTransport: URLSessionHTTPTransport(), middlewares: [recorder])
        try await ConformanceScenario.run(owner: owner, signer: signer) {
            try await Task.sleep(nanoseconds: 400_000_000)
        }
        let emulatorAnswers = recorder.recorded
        let emulatorViolations = (try await emulator.admin("/violations")).arrayValue ?? []
        let fakeViolations = try Self.violations(fake.exchanges)

        let ours = fakeAnswers.recorded
        #expect(ours.count > 20 && Set(ours.map(\.status)) == [200, 400, 401, 403, 404])
        let document = emulatorAnswers.last { $0.operation == "getDocument" && $0.status == 200 }?.shape ?? []
        #expect(document.contains("data.assignment.signers[].email: string"), "shapes were not read")
        #expect(ours.map(\.operation) == emulatorAnswers.map(\.operation), "the scenario took different paths")
        for (mine, theirs) in zip(ours, emulatorAnswers) where mine.operation == theirs.operation {
            let onlyFake = mine.shape.subtracting(theirs.shape).sorted()
            let onlyEmulator = theirs.shape.subtracting(mine.shape).sorted()
            guard mine.status != theirs.status || !onlyFake.isEmpty || !onlyEmulator.isEmpty else { continue }
            let fakeWrong = fakeViolations.filter { $0.hasPrefix(mine.operation + " ") }
            let emulatorWrong = emulatorViolations.filter {
                $0["kind"]?.stringValue == "response" && $0["status"]?.intValue == Int64(theirs.status)
            }
            Issue.record(
                """
                \(mine.operation): fake \(mine.status), emulator \(theirs.status)
                only the fake: \(onlyFake)
                only the emulator: \(onlyEmulator)
                by openapi.yaml, the fake: \(fakeWrong.isEmpty ? "valid" : fakeWrong.joined(separator: "; "))
                by openapi.yaml, the emulator: \(emulatorWrong.isEmpty ? "valid" : "\(emulatorWrong)")
                """)
        }
    }
    #endif

    /// Fields, login and the two-factor challenge, webhook endpoints, workspaces and statistics.
    static func accountSide(_ fake: AssinafyFake, _ client: AssinafyClient) async throws {
        let fieldId = try await client.fields.create(CreateFieldPayload(name: "Quantity", type: "number")).id ?? ""
        _ = try await client.fields.list()
        _ = try await client.fields.types()
        _ = try await client.fields.validate(fieldId: fieldId, value: JSONValue(.integer(42)))
        _ = try await client.fields.validateMultiple(items: [FieldValidateMultipleItem(fieldId: fieldId, value: "x")])
        _ = try await client.fields.update(fieldId: fieldId, payload: UpdateFieldPayload(name: "Amount"))
        try await client.fields.delete(fieldId: fieldId)
        let login = LoginPayload(email: AssinafyFake.ownerEmail, password: AssinafyFake.ownerPassword)
        _ = try await client.auth.login(login)
        _ = try await client.auth.currentUser()
        fake.requireSecondFactor(code: "123456")
        guard case .mfaRequired(let challenge) = try await client.auth.attemptLogin(login) else {
            Issue.record("the login answered a session, not a second-factor challenge")
            return
        }
        _ = try await client.auth.verifyMFA(mfaToken: challenge.mfaToken, code: "123456")
        let endpoint = try await client.webhooks.createEndpoint(
            CreateWebhookEndpointPayload(url: "https://example.invalid/b", email: "o@example.invalid", events: []))
        let endpointId = endpoint.id ?? ""
        _ = try await client.webhooks.listEndpoints()
        _ = try await client.webhooks.getEndpoint(endpointId: endpointId)
        _ = try await client.webhooks.updateEndpoint(
            endpointId: endpointId, payload: UpdateWebhookEndpointPayload(isActive: false))
        _ = try await client.webhooks.endpointSecret(endpointId: endpointId)
        _ = try await client.webhooks.rotateEndpointSecret(endpointId: endpointId)
        try await client.webhooks.deleteEndpoint(endpointId: endpointId)
        _ = try await client.workspaces.create(CreateWorkspacePayload(name: "Second"))
        _ = try await client.workspaces.update(UpdateWorkspacePayload(name: "Renamed"))
        _ = try await client.workspaces.stats()
        _ = try await client.workspaces.stats(granularity: .daily)
        _ = try await client.auth.userStats()
        _ = try await client.auth.notificationPreferences()
        _ = try await client.auth.updateNotificationPreferences(NotificationPreferences(signerDeclined: false))
        try await client.auth.requestPasswordReset(email: AssinafyFake.ownerEmail)
    }

    /// API keys, password reset, social login, the authenticator, the signer's verification code,
    /// WhatsApp notifications, template pages, workspace deletion and OAuth: the operations the
    /// README flows do not reach, each with a success and, where it has one, a refusal.
    static func credentialsAndOAuth(_ fake: AssinafyFake, _ client: AssinafyClient) async throws {
        _ = try await client.auth.getAPIKey()
        _ = try? await client.auth.createAPIKey(password: "wrong")
        let key = try await client.auth.createAPIKey(password: AssinafyFake.ownerPassword)
        _ = try await CredentialsClients.apiKey(fake, key.apiKey ?? "").auth.currentUser()
        try await client.auth.deleteAPIKey()
        try await client.auth.requestPasswordReset(email: AssinafyFake.ownerEmail)
        let reset = fake.passwordResetToken(for: AssinafyFake.ownerEmail) ?? ""
        _ = try? await client.auth.resetPassword(
            ResetPasswordPayload(email: AssinafyFake.ownerEmail, token: "forged", newPassword: "long-enough"))
        try await client.auth.resetPassword(
            ResetPasswordPayload(email: AssinafyFake.ownerEmail, token: reset, newPassword: AssinafyFake.ownerPassword))
        _ = try await client.auth.socialLogin(
            SocialLoginPayload(provider: "google", token: "t", hasAcceptedTerms: true))
        try await client.auth.linkSocialLogin(LinkSocialLoginPayload(provider: "google", token: "t"))
        let enrollment = try await client.auth.enrollTOTP(label: "Phone")
        _ = try? await client.auth.confirmTOTP(methodId: enrollment.id ?? "", code: "000000")
        _ = try await client.auth.confirmTOTP(methodId: enrollment.id ?? "", code: AssinafyFake.authenticatorCode)
        _ = try await client.auth.mfaStatus()
        _ = try await client.auth.regenerateRecoveryCodes(.code(AssinafyFake.authenticatorCode))
        _ = try await client.auth.removeMFAMethod(
            methodId: enrollment.id ?? "", reauthentication: .password(AssinafyFake.ownerPassword))

        let (templateId, _) = fake.addTemplate(name: "Pages", roles: ["Signer"])
        let pageId = try await client.templates.get(templateId: templateId).pages?.first?.id ?? ""
        _ = try await client.templates.downloadPage(templateId: templateId, pageId: pageId)
        let signer = try await client.signers.create(
            CreateSignerPayload(fullName: "Wa", whatsappPhoneNumber: "+5511988887777"))
        let uploaded = try await client.documents.upload(ConformanceScenario.pdf)
        let documentId = try await client.documents.waitUntilReady(documentId: uploaded.id).id ?? ""
        let assignment = try await client.assignments.create(
            documentId: documentId,
            payload: CreateAssignmentPayload(
                signers: [.signer(id: signer.id, verification: .whatsapp, notifications: [.whatsapp])]))
        _ = try await client.assignments.whatsappNotifications(
            documentId: documentId, assignmentId: assignment.id ?? "")
        let accessCode = fake.accessCode(documentId: documentId, signerId: signer.id ?? "") ?? ""
        _ = try? await client.signers.verifyCode(signerAccessCode: accessCode, code: "000000")
        try await client.signers.verifyCode(
            signerAccessCode: accessCode,
            code: fake.verificationCode(documentId: documentId, signerId: signer.id ?? "") ?? "")
        _ = try? await client.workspaces.delete()

        _ = try await client.oauth.protectedResourceMetadata()
        _ = try? await client.oauth.userInfo()
        let request = OAuthAuthorizationRequest(
            clientId: "conformance", redirectURI: "https://app.example.invalid/cb",
            scopes: [.documentsRead, .openid, .profile, .offlineAccess])
        let code =
            try OAuthCallback(callbackURL: fake.approveAuthorization(request))?.validate(
                against: request, issuer: AssinafyFake.oauthIssuer) ?? ""
        let token = try await client.oauth.exchangeAuthorizationCode(code: code, for: request)
        _ = try await CredentialsClients.token(fake, token.accessToken).oauth.userInfo()
        let refreshed = try await client.oauth.refreshAccessToken(
            OAuthRefreshTokenPayload(refreshToken: token.refreshToken ?? "", clientId: request.clientId))
        try await client.oauth.revoke(OAuthRevokePayload(token: refreshed.accessToken, clientId: request.clientId))
        _ = try? await CredentialsClients.token(fake, refreshed.accessToken).documents.list()
        // A token exchange by a confidential client, then the code again: its reuse revokes the chain.
        var exchange = TransportRequest(
            url: AssinafyFake.baseURL.appendingPathComponent("oauth/token"), method: .post,
            body: .data(
                Data(
                    ("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Atoken-exchange&client_id=conformance"
                        + "&client_secret=\(AssinafyFake.oauthClientSecret)&subject_token=\(token.accessToken)"
                        + "&subject_token_type=urn%3Aietf%3Aparams%3Aoauth%3Atoken-type%3Aaccess_token").utf8)))
        exchange.headers.add("Content-Type", "application/x-www-form-urlencoded")
        exchange.operationName = "exchangeOAuthToken"
        _ = try await fake.transport.send(exchange)
        _ = try? await client.oauth.exchangeAuthorizationCode(code: code, for: request)
    }
}

/// Clients over a fake with another credential than its token.
enum CredentialsClients {
    static func apiKey(_ fake: AssinafyFake, _ key: String) -> AssinafyClient {
        fake.client(
            configuration: AssinafyClientConfiguration(
                apiKey: key, baseURL: AssinafyFake.baseURL, defaultAccountId: fake.accountId))
    }

    static func token(_ fake: AssinafyFake, _ token: String) -> AssinafyClient {
        fake.client(
            configuration: AssinafyClientConfiguration(
                token: token, baseURL: AssinafyFake.baseURL, defaultAccountId: fake.accountId))
    }
}
