import APIRuntime
import AssinafyAPI
import AssinafyAPITesting
import Foundation

/// The workspace: read, change, theme, logo and statistics (the emulator's `h_accounts.py`, in
/// part). Workspaces created through the API are listed and read back, but every other
/// operation serves only the fake's own `accountId` and answers 404 for them.
extension FakeServer {
    func accountsHandler(_ operation: String, _ context: FakeContext) throws -> FakeReply? {
        switch operation {
        case "listAccounts":
            return try .ok((state.workspaceDeleted ? [] : [workspace()]) + state.otherWorkspaces)
        case "getAccount":
            if let other = state.otherWorkspaces.first(where: { $0.id == context.param("accountId") }) {
                return try .ok(other)
            }
            try state.requireAccount(context.param("accountId"))
            return try .ok(workspace())
        case "createAccount":
            let call = try context.request.call(AssinafyAPIStubs.CreateAccountCall.init)
            let name = call.body.name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty else { throw FakeAPIError.invalid("name cannot be blank.") }
            let created = Workspace(
                resource: "account", id: state.newId("account"), name: name,
                notificationSenderType: call.body.notificationSenderType ?? .user, roles: ["owner"],
                isDeleteAllowed: true, createdAt: state.now)
            state.otherWorkspaces.append(created)
            return try .ok(created)
        case "updateAccount":
            let call = try context.request.call(AssinafyAPIStubs.UpdateAccountCall.init)
            try state.requireAccount(call.accountId)
            if let name = call.body.name {
                let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !trimmed.isEmpty else { throw FakeAPIError.invalid("name cannot be blank.") }
                state.workspaceName = trimmed
            }
            if let sender = call.body.notificationSenderType { state.notificationSenderType = sender }
            return try .ok(workspace())
        case "deleteAccount":
            return try deleteAccount(context)
        case "getAccountStats":
            let call = try context.request.call(AssinafyAPIStubs.GetAccountStatsCall.init)
            try state.requireAccount(call.accountId)
            return try .ok(try FakeStats.rows(state, granularity: call.granularity?.rawValue, month: call.month))
        case "getAccountTheme":
            try state.requireAccount(context.param("accountId"))
            return try .ok(
                WorkspaceTheme(
                    accountName: state.workspaceName, primaryColor: "#1a73e8", secondaryColor: "#ffffff",
                    logo: state.logo == nil
                        ? nil : "\(context.request.origin)/v1/accounts/\(state.accountId)/logo"))
        case "uploadAccountLogo":
            try state.requireAccount(context.param("accountId"))
            guard let part = try context.request.multipartPart(named: "file"), FakeArtifacts.isPNG(part.data) else {
                throw FakeAPIError.invalid("The logo must be a PNG image.")
            }
            state.logo = part.data
            return try .message("Logo salvo.")
        case "downloadAccountLogo":
            try state.requireAccount(context.param("accountId"))
            guard let logo = state.logo else { throw FakeAPIError.notFound() }
            return .binary(logo, contentType: "image/png")
        case "deleteAccountLogo":
            try state.requireAccount(context.param("accountId"))
            state.logo = nil
            return try .message("Logo removido.")
        default:
            return nil
        }
    }

    /// Only the owner, not an OAuth token, deletes a workspace; the fake's own has a paid
    /// subscription (as the emulator's seeded one), so it needs `force`, and then every call
    /// naming it answers 404. Workspaces created through the API go at once.
    private func deleteAccount(_ context: FakeContext) throws -> FakeReply {
        let id = context.param("accountId")
        if context.principal?.isOAuth == true { throw FakeAPIError.forbidden() }
        if let index = state.otherWorkspaces.firstIndex(where: { $0.id == id }) {
            state.otherWorkspaces.remove(at: index)
            return try .ok([JSONValue?]())
        }
        try state.requireAccount(id)
        let force = try context.request.object()["force"]?.boolValue == true
        if state.hasPaidSubscription && !force {
            var restrictions: [JSONValue] = [
                [
                    "code": "ActivePaidSubscription", "message": "Account has an active paid subscription.",
                    "account_ids": [.string(id)],
                ]
            ]
            if state.documents.values.contains(where: { $0.status == "pending_signature" }) {
                restrictions.append([
                    "code": "PendingDocuments", "message": "Account has documents pending signature.",
                    "account_ids": [.string(id)],
                ])
            }
            var error = FakeAPIError.invalid("Cannot delete while restrictions are active.")
            error.extra = ["restrictions": .array(restrictions)]
            throw error
        }
        state.workspaceDeleted = true
        state.hasPaidSubscription = false
        return try .ok([JSONValue?]())
    }

    private func workspace() -> Workspace {
        Workspace(
            resource: "account", id: state.accountId, name: state.workspaceName, primaryColor: "#1a73e8",
            secondaryColor: "#ffffff", notificationSenderType: state.notificationSenderType, roles: ["owner"],
            isDeleteAllowed: true, createdAt: state.clock.date)
    }
}
