import Assinafy
import Foundation
import Testing

extension Flow {
    /// Workspaces: CRUD, the deletion restrictions of a paid workspace, theme, logo, statistics.
    func workspaces() async throws {
        let workspaces = client.workspaces
        #expect(try await workspaces.list().data.map(\.id) == [state.accountId])
        let created = try await workspaces.create(CreateWorkspacePayload(name: "Filial Integração"))
        let createdId = try #require(created.id)
        #expect(try await workspaces.get().id == state.accountId)
        let renamed = try await workspaces.update(UpdateWorkspacePayload(name: "Workspace Emulado"))
        #expect(renamed.name == "Workspace Emulado")

        // The seeded workspace has a paid subscription: the API refuses and says why.
        let refusal = await #expect(throws: APIError.self) { try await workspaces.delete() }
        #expect(refusal?.statusCode == 400)
        #expect(refusal?.workspaceDeletionRestrictions.isEmpty == false)
        try await workspaces.delete(accountId: createdId, force: true)
        #expect(try await workspaces.list().data.map(\.id) == [state.accountId])

        try await workspaces.uploadLogo(Samples.png)
        #expect(try await workspaces.downloadLogo() == Samples.png)
        #expect(try await workspaces.theme().logo?.hasSuffix("/logo") == true)
        try await workspaces.deleteLogo()
        #expect(try await workspaces.theme().logo?.isEmpty ?? true)

        let daily = try await workspaces.stats(granularity: .daily, month: "2026-02")
        #expect(daily.count == 28)
        let everywhere = try await client.auth.userStats()
        #expect(everywhere.count == 12)
    }

    /// Field definitions: types, CRUD, validation of one and of several values.
    func fields() async throws {
        let fields = client.fields
        let types = try await fields.types()
        #expect(types.data.contains { $0.type == "cpf" })
        let created = try await fields.create(CreateFieldPayload(name: "Documento", type: "cpf", isRequired: true))
        let fieldId = try #require(created.id)
        let listed = try await fields.list(includeStandard: true)
        #expect(listed.data.contains { $0.id == fieldId } && listed.data.contains { $0.isStandard == true })
        #expect(try await fields.get(fieldId: fieldId).type == "cpf")
        try await fields.update(fieldId: fieldId, payload: UpdateFieldPayload(name: "CPF do cliente"))
        #expect(try await fields.get(fieldId: fieldId).name == "CPF do cliente")

        let valid = try await fields.validate(fieldId: fieldId, value: "529.982.247-25")
        #expect(valid.success == true)
        let results = try await fields.validateMultiple(items: [
            FieldValidateMultipleItem(fieldId: fieldId, value: "123"),
            FieldValidateMultipleItem(fieldId: fieldId, value: "529.982.247-25"),
        ])
        #expect(results.map(\.success) == [false, true])
        try await fields.delete(fieldId: fieldId)
        #expect(try await fields.list().data.contains { $0.id == fieldId } == false)
    }

    /// Templates: list, price a document from one, create it (a collect request for the role).
    func templates(signerId: String) async throws {
        let template = try #require(try await client.templates.list().data.first { $0.id == state.templateId })
        let roleId = try #require(template.roles?.first?.id)
        let roles = [TemplateSigner(roleId: roleId, id: signerId)]
        let cost = try await client.documents.estimateCostFromTemplate(templateId: state.templateId, signers: roles)
        #expect(cost.hasSufficientResources)
        let document = try await client.documents.createFromTemplate(
            templateId: state.templateId, signers: roles,
            options: CreateDocumentFromTemplateOptions(name: "Contrato de modelo.pdf", message: "Assine, por favor"))
        #expect(document.templateId == state.templateId)
        #expect(document.lifecycleStatus == .pendingSignature)
    }
}
