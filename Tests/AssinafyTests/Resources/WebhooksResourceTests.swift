import APIRuntime
import Foundation
import Testing

@testable import Assinafy

@Suite struct WebhooksResourceTests {
    static let subscriptionJSON = """
        {"events": ["document_ready"], "is_active": true, "url": "https://example.invalid/hooks/assinafy",
         "email": "ops@example.invalid", "updated_at": "2026-06-01T10:00:00Z"}
        """
    static let inactiveJSON = """
        {"events": ["document_ready"], "is_active": false, "url": "https://example.invalid/hooks/assinafy",
         "email": "ops@example.invalid"}
        """
    static let dispatchJSON = """
        {"resource": "activity_dispatching_history", "id": "dsp-1", "event": "document_ready", "activity_id": 456,
         "endpoint_id": "ep-1", "endpoint": "https://example.invalid/hooks/assinafy",
         "payload": {"id": 184467, "event": "document_ready", "amount": 12345678901234, "nested": {"z": 1, "a": [true, null]}},
         "delivered": false, "http_status": 502, "response_body": "Bad Gateway", "error": null,
         "created_at": "2026-06-01T10:00:00Z", "updated_at": "2026-06-01T10:00:03Z"}
        """
    static let endpointJSON = """
        {"id": "ep-1", "name": "Primary", "url": "https://example.invalid/hooks/assinafy", "email": "ops@example.invalid",
         "events": ["document_ready", "signer_signed_document"], "is_active": true, "signing_enabled": true,
         "created_at": "2026-06-01T10:00:00Z", "updated_at": "2026-06-01T10:00:00Z"}
        """

    @Test func registerSwitchesTheSubscriptionOn() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(Self.subscriptionJSON))
        let subscription = try await Stubbed.client(transport).webhooks.register(
            WebhookRegisterPayload(
                url: "https://example.invalid/hooks/assinafy", email: "ops@example.invalid", events: ["document_ready"])
        )

        let request = try #require(transport.requests.first)
        #expect(Stubbed.route(request) == "PUT /v1/accounts/acc-test-1/webhooks/subscriptions")
        #expect(request.credential == .account)
        #expect(
            Stubbed.body(request)
                == Stubbed.canonical([
                    "events": ["document_ready"], "is_active": true, "url": "https://example.invalid/hooks/assinafy",
                    "email": "ops@example.invalid",
                ]))
        #expect(subscription.isActive == true)
    }

    @Test func getAndInactivate() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(Self.subscriptionJSON))
        transport.enqueueJSON(envelope(Self.inactiveJSON))
        let webhooks = Stubbed.client(transport).webhooks

        let current = try await webhooks.get()
        let stopped = try await webhooks.inactivate()

        #expect(current.events == ["document_ready"])
        #expect(stopped.isActive == false)
        #expect(
            transport.requests.map(Stubbed.route) == [
                "GET /v1/accounts/acc-test-1/webhooks/subscriptions", "PUT /v1/accounts/acc-test-1/webhooks/inactivate",
            ])
    }

    @available(*, deprecated, message: "exercises the deprecated delete()")
    @Test func deprecatedDeleteForwardsToInactivate() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(Self.inactiveJSON))
        let result = try await Stubbed.client(transport).webhooks.delete(accountId: "acc-other")
        // Never a DELETE: the API has no destructive delete for subscriptions.
        #expect(transport.requests.map(Stubbed.route) == ["PUT /v1/accounts/acc-other/webhooks/inactivate"])
        #expect(result.isActive == false)
    }

    @Test func listEventTypes() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(
            envelope(
                #"[{"id": "document_ready", "description": "Documento pronto"}, {"id": "brand_new_event", "description": "?"}]"#
            ))
        let types = try await Stubbed.client(transport, defaultAccountId: nil).webhooks.listEventTypes()
        #expect(Stubbed.route(transport.requests.first) == "GET /v1/webhooks/event-types")
        #expect(types.data.map(\.id) == ["document_ready", "brand_new_event"])
    }

    @Test func listDispatchesSendsFiltersAndPaging() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(
            envelope("[\(Self.dispatchJSON)]"),
            headers: [
                "X-Pagination-Current-Page": "2", "X-Pagination-Page-Count": "3", "X-Pagination-Per-Page": "20",
                "X-Pagination-Total-Count": "41",
            ])
        let attempts = try await Stubbed.client(transport).webhooks.listDispatches(
            params: WebhookDispatchListParams(
                page: 2, perPage: 20, endpointId: "ep-1", event: "document_ready", delivered: false,
                from: Date(timeIntervalSince1970: 1_790_000_000.9), to: Date(timeIntervalSince1970: 1_790_086_400)))

        let request = try #require(transport.requests.first)
        #expect(Stubbed.route(request) == "GET /v1/accounts/acc-test-1/webhooks")
        #expect(
            Stubbed.query(request) == [
                "endpoint_id": "ep-1", "event": "document_ready", "delivered": "false", "from": "1790000000",
                "to": "1790086400", "page": "2", "per-page": "20",
            ])
        #expect(attempts.meta?.currentPage == 2)
        #expect(attempts.meta?.lastPage == 3)
        #expect(attempts.meta?.total == 41)
        #expect(attempts.data[0].httpStatus == 502)
    }

    @Test func dispatchPayloadJSONIsLossless() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope("[\(Self.dispatchJSON), {\"id\": \"dsp-2\", \"payload\": null}]"))
        let attempts = try await Stubbed.client(transport).webhooks.listDispatches()

        let payload = try #require(attempts.data[0].payloadJSON)
        #expect(attempts.data[0].payloadText?.contains("12345678901234") == true)
        #expect(payload["amount"] == .integer(12_345_678_901_234))
        #expect(payload["nested"]?["z"] == 1)
        #expect(payload["nested"]?["a"] == [true, nil])
        #expect(attempts.data[1].payloadJSON == nil)
        #expect(attempts.data[1].payloadText == nil)
        // Defaults: first page, 50 per page, no filters.
        #expect(Stubbed.query(transport.requests.first) == ["page": "1", "per-page": "50"])
    }

    @Test func retryDispatchTakesTheListedId() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope("[\(Self.dispatchJSON)]"))
        transport.enqueueJSON(envelope(Self.dispatchJSON.replacingOccurrences(of: "dsp-1", with: "dsp-9")))
        let webhooks = Stubbed.client(transport).webhooks

        let attempts = try await webhooks.listDispatches()
        let retried = try await webhooks.retryDispatch(dispatchId: attempts.data[0].id)

        #expect(Stubbed.route(transport.requests.last) == "POST /v1/accounts/acc-test-1/webhooks/dsp-1/retry")
        #expect(retried.id == "dsp-9")
    }

    @Test func retryingADispatchWithoutAnIdFailsBeforeIO() async throws {
        let transport = StubTransport()
        let webhooks = Stubbed.client(transport).webhooks
        let missing: String? = nil
        await #expect(throws: ValidationError.self) { try await webhooks.retryDispatch(dispatchId: missing) }
        #expect(transport.requests.isEmpty)
    }

    @Test func endpointsCRUD() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope("[\(Self.endpointJSON)]"))
        for _ in 0..<3 { transport.enqueueJSON(envelope(Self.endpointJSON)) }
        transport.enqueueJSON(envelope("[]"))
        let webhooks = Stubbed.client(transport).webhooks

        let endpoints = try await webhooks.listEndpoints()
        let created = try await webhooks.createEndpoint(
            CreateWebhookEndpointPayload(
                url: "https://example.invalid/hooks/assinafy", email: "ops@example.invalid", events: ["document_ready"],
                name: "Primary", signingEnabled: true))
        _ = try await webhooks.getEndpoint(endpointId: "ep-1")
        try await webhooks.updateEndpoint(endpointId: "ep-1", payload: UpdateWebhookEndpointPayload(isActive: false))
        try await webhooks.deleteEndpoint(endpointId: "ep-1")

        #expect(endpoints.data.first?.signingEnabled == true)
        #expect(created.id == "ep-1")
        let requests = transport.requests
        #expect(
            requests.map(Stubbed.route) == [
                "GET /v1/accounts/acc-test-1/webhooks/endpoints", "POST /v1/accounts/acc-test-1/webhooks/endpoints",
                "GET /v1/accounts/acc-test-1/webhooks/endpoints/ep-1",
                "PUT /v1/accounts/acc-test-1/webhooks/endpoints/ep-1",
                "DELETE /v1/accounts/acc-test-1/webhooks/endpoints/ep-1",
            ])
        #expect(
            Stubbed.body(requests[1])
                == Stubbed.canonical([
                    "url": "https://example.invalid/hooks/assinafy", "email": "ops@example.invalid",
                    "events": ["document_ready"], "name": "Primary", "signing_enabled": true,
                ]))
        #expect(Stubbed.body(requests[3]) == Stubbed.canonical(["is_active": false]))
    }

    @Test func signingSecretGetAndRotate() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(#"{"secret": "whsec_dGVzdC1zZWNyZXQtb25l"}"#))
        transport.enqueueJSON(envelope(#"{"secret": "whsec_dGVzdC1zZWNyZXQtdHdv"}"#))
        transport.enqueueJSON(envelope("{}"))
        let webhooks = Stubbed.client(transport).webhooks

        let secret = try await webhooks.endpointSecret(endpointId: "ep-1")
        let rotated = try await webhooks.rotateEndpointSecret(endpointId: "ep-1")
        await #expect(throws: AssinafySDKError.self) { try await webhooks.endpointSecret(endpointId: "ep-1") }

        #expect(secret == "whsec_dGVzdC1zZWNyZXQtb25l")
        #expect(rotated == "whsec_dGVzdC1zZWNyZXQtdHdv")
        #expect(
            transport.requests.prefix(2).map(Stubbed.route) == [
                "GET /v1/accounts/acc-test-1/webhooks/endpoints/ep-1/secret",
                "POST /v1/accounts/acc-test-1/webhooks/endpoints/ep-1/secret/rotate",
            ])
    }
}
