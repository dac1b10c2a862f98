import APIRuntime
import Foundation
import XCTest

@testable import Assinafy

/// A transport that never answers until cancelled, to observe cancellation deterministically.
private struct HangingTransport: HTTPClientProtocol {
    func send(_ request: APIRequest) async throws -> RawResponse {
        try await Task.sleep(nanoseconds: 60_000_000_000)
        throw AssinafySDKError("HangingTransport was not cancelled")
    }
}

// Completion handlers must run on the main queue. XCTest runs these methods on the main thread,
// which spins its run loop until the handlers fired and checks where they ran.
final class CompletionHandlerTests: XCTestCase {
    func testSuccessIsDeliveredOnTheMainThread() throws {
        XCTAssertTrue(Thread.isMainThread)
        let transport = StubTransport()
        transport.enqueueJSON(envelope(##"{"account_name": "Acme", "primary_color": "#112233"}"##))
        let box = CompletionBox<WorkspaceTheme>()

        Stubbed.client(transport).workspaces.theme { box.record($0) }
        spinMainRunLoop { box.calls > 0 }

        XCTAssertEqual(box.calls, 1)
        XCTAssertEqual(box.offMain, 0)
        XCTAssertEqual(try box.result?.get().primaryColor, "#112233")
        XCTAssertEqual(Stubbed.route(transport.requests.first), "GET /v1/accounts/acc-test-1/theme")
    }

    func testErrorsArriveUnchangedOnTheMainThread() {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(#"{"mfa_token": "mfa-challenge-1"}"#))
        let box = CompletionBox<AuthSession>()

        Stubbed.client(transport).auth.login(LoginPayload(email: "ana@example.invalid", password: "pw")) {
            box.record($0)
        }
        spinMainRunLoop { box.calls > 0 }

        XCTAssertEqual(box.offMain, 0)
        guard case .failure(let error as AssinafySDKError)? = box.result else {
            return XCTFail("expected AssinafySDKError, got \(String(describing: box.result))")
        }
        XCTAssertEqual(error.mfaChallenge?.mfaToken, "mfa-challenge-1")
    }

    func testLocalValidationFailsThroughTheCompletionWithoutIO() {
        let transport = StubTransport()
        let box = CompletionBox<Void>()

        Stubbed.client(transport).workspaces.uploadLogo(Data("GIF89a".utf8)) { box.record($0) }
        spinMainRunLoop { box.calls > 0 }

        XCTAssertEqual(box.offMain, 0)
        guard case .failure(let error)? = box.result else { return XCTFail("expected a failure") }
        XCTAssertTrue(error is ValidationError)
        XCTAssertTrue(transport.requests.isEmpty)
    }

    func testVoidMethodsComplete() {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(#"{"deleted": true}"#))
        let box = CompletionBox<Void>()

        Stubbed.client(transport).tags.delete(tagId: "tag-1", force: true) { box.record($0) }
        spinMainRunLoop { box.calls > 0 }

        XCTAssertEqual(box.offMain, 0)
        XCTAssertNotNil(try? box.result?.get())
        XCTAssertEqual(Stubbed.query(transport.requests.first), ["force": "true"])
    }

    func testCancellingTheReturnedTaskDeliversCancellationError() {
        let client = AssinafyClient(
            configuration: AssinafyClientConfiguration(token: "test-token", defaultAccountId: Stubbed.accountId),
            transport: HangingTransport())
        let box = CompletionBox<PaginatedResult<WebhookDispatch>>()

        let task = client.webhooks.listDispatches { box.record($0) }
        task.cancel()
        spinMainRunLoop { box.calls > 0 }

        XCTAssertEqual(box.calls, 1)
        XCTAssertEqual(box.offMain, 0)
        guard case .failure(let error)? = box.result else { return XCTFail("expected a failure") }
        XCTAssertTrue(error is CancellationError, "got \(error)")
    }

    func testEveryWrapperOfTheseResourcesCallsItsAsyncTwinAndCompletesOnMain() {
        let transport = StubTransport(fallback: { _ in
            // One answer for every route: the point is routing and delivery, not decoding.
            RawResponse(statusCode: 200, body: Data(envelope("{}").utf8))
        })
        let client = Stubbed.client(transport)
        let box = CompletionBox<Int>()
        let done: @Sendable (Any) -> Void = { _ in box.record(.success(0)) }
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00])

        let auth = client.auth
        auth.login(LoginPayload(email: "ana@example.invalid", password: "pw"), completion: done)
        auth.verifyMFA(mfaToken: "t", code: "1", completion: done)
        auth.socialLogin(SocialLoginPayload(provider: .google, token: "t", hasAcceptedTerms: true), completion: done)
        auth.linkSocialLogin(LinkSocialLoginPayload(provider: .google, token: "t"), completion: done)
        auth.mfaStatus(completion: done)
        auth.enrollTOTP(completion: done)
        auth.confirmTOTP(methodId: "m", code: "1", completion: done)
        auth.regenerateRecoveryCodes(.password("pw"), completion: done)
        auth.removeMFAMethod(methodId: "m", reauthentication: .code("1"), completion: done)
        auth.requestPasswordReset(email: "ana@example.invalid", completion: done)
        auth.resetPassword(ResetPasswordPayload(email: "ana@example.invalid", newPassword: "n"), completion: done)
        auth.changePassword(
            ChangePasswordPayload(email: "ana@example.invalid", password: "o", newPassword: "n"), completion: done)
        auth.getAPIKey(completion: done)
        auth.createAPIKey(password: "pw", completion: done)
        auth.deleteAPIKey(completion: done)
        auth.currentUser(completion: done)
        auth.notificationPreferences(completion: done)
        auth.updateNotificationPreferences(NotificationPreferences(), completion: done)
        auth.userStats(completion: done)

        let workspaces = client.workspaces
        workspaces.list(completion: done)
        workspaces.create(CreateWorkspacePayload(name: "Acme"), completion: done)
        workspaces.get(completion: done)
        workspaces.update(UpdateWorkspacePayload(name: "Acme"), completion: done)
        workspaces.delete(completion: done)
        workspaces.theme(completion: done)
        workspaces.stats(completion: done)
        workspaces.uploadLogo(png, completion: done)
        workspaces.downloadLogo(completion: done)
        workspaces.deleteLogo(completion: done)

        let fields = client.fields
        fields.list(completion: done)
        fields.create(CreateFieldPayload(name: "F", type: "text"), completion: done)
        fields.get(fieldId: "f", completion: done)
        fields.update(fieldId: "f", payload: UpdateFieldPayload(name: "G"), completion: done)
        fields.delete(fieldId: "f", completion: done)
        fields.types(completion: done)
        fields.validate(fieldId: "f", value: "x", completion: done)
        fields.validate(fieldId: "f", value: JSONValue(.integer(1)), completion: done)
        fields.validateMultiple(items: [FieldValidateMultipleItem(fieldId: "f", value: "x")], completion: done)

        let tags = client.tags
        tags.list(completion: done)
        tags.create(CreateTagPayload(name: "T"), completion: done)
        tags.update(tagId: "t", payload: UpdateTagPayload(name: "U"), completion: done)
        tags.delete(tagId: "t", completion: done)
        tags.listDocumentTags(documentId: "d", completion: done)
        tags.appendDocumentTags(documentId: "d", tagIds: ["t"], completion: done)
        tags.replaceDocumentTags(documentId: "d", tagIds: [], completion: done)
        tags.detachDocumentTag(documentId: "d", tagId: "t", completion: done)

        let webhooks = client.webhooks
        webhooks.register(
            WebhookRegisterPayload(url: "https://example.invalid/h", email: "ops@example.invalid", events: []),
            completion: done)
        webhooks.get(completion: done)
        webhooks.inactivate(completion: done)
        webhooks.listEventTypes(completion: done)
        webhooks.listDispatches(completion: done)
        webhooks.retryDispatch(dispatchId: "d", completion: done)
        webhooks.retryDispatch(dispatchId: Optional("d"), completion: done)
        webhooks.listEndpoints(completion: done)
        webhooks.createEndpoint(
            CreateWebhookEndpointPayload(url: "https://example.invalid/h", email: "ops@example.invalid", events: []),
            completion: done)
        webhooks.getEndpoint(endpointId: "e", completion: done)
        webhooks.updateEndpoint(endpointId: "e", payload: UpdateWebhookEndpointPayload(), completion: done)
        webhooks.deleteEndpoint(endpointId: "e", completion: done)
        webhooks.endpointSecret(endpointId: "e", completion: done)
        webhooks.rotateEndpointSecret(endpointId: "e", completion: done)

        let expected = 19 + 10 + 9 + 8 + 14
        spinMainRunLoop(timeout: 10) { box.calls >= expected }

        XCTAssertEqual(box.calls, expected)
        XCTAssertEqual(box.offMain, 0)
        // Every wrapper reached the transport exactly once.
        XCTAssertEqual(transport.requests.count, expected)
    }
}
