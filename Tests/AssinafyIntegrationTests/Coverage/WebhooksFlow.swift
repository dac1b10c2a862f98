import Assinafy
import Foundation
import Testing

extension Flow {
    /// Subscription (register, get, inactivate), event types, endpoints (CRUD, secret get and
    /// rotate), then a real signed delivery to a listener of ours, checked with
    /// `WebhookSignature`, and its retry from the delivery history.
    func webhooks() async throws {
        // Answering late widens the window between our receipt and the emulator recording the
        // delivery: the history read below must wait for the record, as a real receiver would.
        let listener = try WebhookListener(answerDelay: 0.3)
        defer { listener.close() }
        let webhooks = client.webhooks

        let types = try await webhooks.listEventTypes()
        #expect(types.data.contains { $0.id == "document_uploaded" })
        #expect(try await webhooks.get().isActive != true, "nothing is subscribed yet")
        let subscription = try await webhooks.register(
            WebhookRegisterPayload(url: listener.url, email: "ops@example.invalid", events: ["document_uploaded"]))
        #expect(subscription.isActive == true && subscription.url == listener.url)
        #expect(try await webhooks.get().events == ["document_uploaded"])
        #expect(try await webhooks.inactivate().isActive == false)

        let endpoints = try await webhooks.listEndpoints()
        let endpointId = try #require(endpoints.data.first?.id)
        let enabled = try await webhooks.updateEndpoint(
            endpointId: endpointId, payload: UpdateWebhookEndpointPayload(isActive: true, signingEnabled: true))
        #expect(enabled.signingEnabled == true)
        #expect(try await webhooks.getEndpoint(endpointId: endpointId).isActive == true)
        let original = try await webhooks.endpointSecret(endpointId: endpointId)
        let secret = try await webhooks.rotateEndpointSecret(endpointId: endpointId)
        #expect(secret != original && secret.hasPrefix(WebhookSignature.secretPrefix))
        #expect(try await webhooks.endpointSecret(endpointId: endpointId) == secret)

        let second = try await webhooks.createEndpoint(
            CreateWebhookEndpointPayload(
                url: listener.url + "/second", email: "ops@example.invalid", events: ["document_ready"], name: "Segundo"
            ))
        try await webhooks.deleteEndpoint(endpointId: try #require(second.id))
        #expect(try await webhooks.listEndpoints().data.map(\.id) == [endpointId])

        // A real event: the upload makes the emulator deliver `document_uploaded` to us, signed.
        let uploaded = try await client.documents.upload(
            Samples.pdf(title: "Webhook"), options: .init(name: "Webhook.pdf"))
        let delivery = try #require(try await listener.waitFor(count: 1).first, "no webhook delivery arrived")
        #expect(delivery.path == "/hooks")
        #expect(WebhookSignature.verify(body: delivery.body, headers: delivery.headers, secret: secret))
        #expect(
            !WebhookSignature.verify(body: delivery.body, headers: delivery.headers, secret: original), "rotated out")
        #expect(
            !WebhookSignature.verify(body: delivery.body + Data(" ".utf8), headers: delivery.headers, secret: secret))
        let parsed = try WebhookDelivery.verifyAndParse(body: delivery.body, headers: delivery.headers, secret: secret)
        #expect(parsed.name.rawValue == "document_uploaded")
        #expect(parsed.event.object["id"]?.stringValue == uploaded.id)

        let dispatch = try await deliveredDispatch(event: "document_uploaded", endpointId: endpointId)
        let retried = try await webhooks.retryDispatch(dispatchId: dispatch.id)
        #expect(retried.delivered == true && retried.id != dispatch.id)
        let both = try await listener.waitFor(count: 2)
        let repeated = try #require(both.count == 2 ? both[1] : nil, "the retry was not delivered")
        // Same message id: a receiver de-duplicating by webhook-id sees it as the same event.
        #expect(repeated.headers["webhook-id"] == delivery.headers["webhook-id"])
        #expect(WebhookSignature.verify(body: repeated.body, headers: repeated.headers, secret: secret))
        try await webhooks.inactivate()
    }

    /// The delivery history entry for `event`, once the emulator has recorded it as delivered:
    /// it does so after our listener's answer arrives, which is after `waitFor` saw the body.
    private func deliveredDispatch(event: String, endpointId: String) async throws -> WebhookDispatch {
        try await eventually(seconds: 10) {
            "no delivered \(event) dispatch in the history"
        } attempt: {
            try await client.webhooks.listDispatches(
                params: WebhookDispatchListParams(endpointId: endpointId, delivered: true)
            ).data.first { $0.event == event }
        }
    }
}
