import APIRuntime
import AssinafyAPI
import Foundation

/// The one workspace: read, theme and logo (the emulator's `h_accounts.py`, in part).
extension FakeServer {
    func accountsHandler(_ operation: String, _ context: FakeContext) throws -> FakeReply? {
        switch operation {
        case "listAccounts":
            return try .ok([workspace()])
        case "getAccount":
            try state.requireAccount(context.param("accountId"))
            return try .ok(workspace())
        case "getAccountTheme":
            try state.requireAccount(context.param("accountId"))
            return try .ok(
                WorkspaceTheme(
                    accountName: "Fake workspace", primaryColor: "#1a73e8", secondaryColor: "#ffffff",
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

    private func workspace() -> Workspace {
        Workspace(
            resource: "account", id: state.accountId, name: "Fake workspace", primaryColor: "#1a73e8",
            secondaryColor: "#ffffff", notificationSenderType: .user, roles: ["owner"],
            isDeleteAllowed: true, createdAt: state.clock.date)
    }
}
