import APIRuntime
import Foundation
import Testing

@testable import Assinafy

@Suite struct WorkspacesResourceTests {
    static let accountJSON = """
        {"resource": "account", "id": "acc-test-1", "name": "Acme", "primary_color": "#112233",
         "secondary_color": "#445566", "notification_sender_type": "Account", "roles": ["owner"],
         "is_delete_allowed": true, "created_at": "2026-01-10T09:30:00Z", "plan": "pro"}
        """
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])

    @Test func listReturnsAPageWithMetaFromHeaders() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(
            envelope("[\(Self.accountJSON)]"),
            headers: [
                "X-Pagination-Current-Page": "1", "X-Pagination-Page-Count": "1", "X-Pagination-Per-Page": "50",
                "X-Pagination-Total-Count": "1",
            ])
        let page = try await Stubbed.client(transport).workspaces.list()

        #expect(Stubbed.route(transport.requests.first) == "GET /v1/accounts")
        #expect(transport.requests.first?.credential == .account)
        #expect(page.data.first?.id == "acc-test-1")
        #expect(page.data.first?.notificationSenderType == .account)
        #expect(page.data.first?.additionalFields["plan"] == "pro")
        #expect(page.meta?.total == 1)
    }

    @Test func createSendsNameAndSender() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(Self.accountJSON))
        let workspace = try await Stubbed.client(transport).workspaces.create(
            CreateWorkspacePayload(name: "Acme", notificationSenderType: .account))
        #expect(Stubbed.route(transport.requests.first) == "POST /v1/accounts")
        #expect(
            Stubbed.body(transport.requests.first)
                == Stubbed.canonical(["name": "Acme", "notification_sender_type": "Account"]))
        #expect(workspace.name == "Acme")
    }

    @Test func getUsesTheDefaultAccountUnlessOverridden() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(Self.accountJSON))
        transport.enqueueJSON(envelope(Self.accountJSON))
        let workspaces = Stubbed.client(transport).workspaces

        _ = try await workspaces.get()
        _ = try await workspaces.get(accountId: "acc-other")

        #expect(transport.requests.map(Stubbed.route) == ["GET /v1/accounts/acc-test-1", "GET /v1/accounts/acc-other"])
    }

    @Test func accountScopedCallWithoutAnyAccountFailsBeforeIO() async throws {
        let transport = StubTransport()
        let workspaces = Stubbed.client(transport, defaultAccountId: nil).workspaces
        let error = try await #require(throws: ValidationError.self) { try await workspaces.theme() }
        #expect(error.errors["accountId"] != nil)
        #expect(transport.requests.isEmpty)
    }

    @Test func updateSendsOnlyTheChangedMembers() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(Self.accountJSON))
        try await Stubbed.client(transport).workspaces.update(UpdateWorkspacePayload(name: "Acme Ltda"))
        #expect(Stubbed.route(transport.requests.first) == "PUT /v1/accounts/acc-test-1")
        #expect(Stubbed.body(transport.requests.first) == Stubbed.canonical(["name": "Acme Ltda"]))
    }

    @Test func deleteSendsForceOnlyWhenAsked() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope("[]"))
        transport.enqueueJSON(envelope("[]"))
        let workspaces = Stubbed.client(transport).workspaces

        try await workspaces.delete()
        try await workspaces.delete(accountId: "acc-other", force: true)

        let requests = transport.requests
        #expect(requests.map(Stubbed.route) == ["DELETE /v1/accounts/acc-test-1", "DELETE /v1/accounts/acc-other"])
        #expect(requests[0].body == nil)
        #expect(Stubbed.body(requests[1]) == Stubbed.canonical(["force": true]))
    }

    @Test func blockedDeletionSurfacesTheRestrictions() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(
            """
            {"status": 400, "message": "A conta não pode ser excluída.", "data": null,
             "restrictions": [
               {"code": "ActivePaidSubscription", "message": "Cancele a assinatura.", "account_ids": ["acc-test-1"]},
               {"code": "PendingDocuments", "message": "Há documentos pendentes.", "account_ids": ["acc-test-1", 42]}
             ]}
            """, status: 400)
        let workspaces = Stubbed.client(transport).workspaces

        let error = try await #require(throws: APIError.self) { try await workspaces.delete() }
        #expect(error.statusCode == 400)
        #expect(error.workspaceDeletionRestrictions.map(\.code) == ["ActivePaidSubscription", "PendingDocuments"])
        #expect(error.workspaceDeletionRestrictions.last?.accountIds == ["acc-test-1", "42"])
    }

    @Test func themeAndStats() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(
            envelope(
                ##"{"account_name": "Acme", "primary_color": "#112233", "secondary_color": "#445566", "logo": null}"##))
        transport.enqueueJSON(envelope(#"[{"period": "2026-05", "documents_sent": 12, "documents_certified": 9}]"#))
        let workspaces = Stubbed.client(transport).workspaces

        let theme = try await workspaces.theme()
        let stats = try await workspaces.stats(granularity: .monthly)

        #expect(theme.primaryColor == "#112233")
        #expect(theme.logo == nil)
        #expect(stats.first?.documentsCertified == 9)
        let requests = transport.requests
        #expect(
            requests.map(Stubbed.route) == ["GET /v1/accounts/acc-test-1/theme", "GET /v1/accounts/acc-test-1/stats"])
        #expect(Stubbed.query(requests[1]) == ["granularity": "monthly"])
    }

    @Test func uploadLogoRefusesNonPNGWithoutSendingAnything() async throws {
        let transport = StubTransport()
        let workspaces = Stubbed.client(transport).workspaces

        for bytes in [Data("%PDF-1.7 not an image".utf8), Data(), Data(Self.png.prefix(8))] {
            let error = try await #require(throws: ValidationError.self) { try await workspaces.uploadLogo(bytes) }
            #expect(error.errors["pngData"] != nil)
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func uploadLogoSendsOnePNGFilePart() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(#"{"status": 200, "message": "Logo atualizado"}"#)
        try await Stubbed.client(transport).workspaces.uploadLogo(Self.png)

        let request = try #require(transport.requests.first)
        #expect(Stubbed.route(request) == "POST /v1/accounts/acc-test-1/logo")
        guard case .multipart(let parts)? = request.body else {
            Issue.record("expected a multipart body")
            return
        }
        #expect(parts.count == 1)
        #expect(parts.first?.name == "file")
        #expect(parts.first?.contentType == "image/png")
        #expect(parts.first?.content == .data(Self.png))
    }

    @Test func downloadAndDeleteLogo() async throws {
        let transport = StubTransport()
        transport.enqueue { _ in RawResponse(statusCode: 200, headers: ["Content-Type": "image/png"], body: Self.png) }
        transport.enqueueJSON(#"{"status": 200, "message": "Logo removido"}"#)
        let workspaces = Stubbed.client(transport).workspaces

        let bytes = try await workspaces.downloadLogo(accountId: "acc-other")
        try await workspaces.deleteLogo()

        #expect(bytes == Self.png)
        let requests = transport.requests
        #expect(
            requests.map(Stubbed.route) == ["GET /v1/accounts/acc-other/logo", "DELETE /v1/accounts/acc-test-1/logo"])
        #expect(requests[0].responseKind == .binary)
    }
}
