import APIRuntime
import AssinafyAPI
import Foundation

/// Workspaces (the API's "accounts"): CRUD, branding theme, statistics and logo — every
/// `Accounts` operation. `accountId` defaults to the client's `defaultAccountId`.
public struct WorkspacesResource: Sendable {
    @usableFromInline let context: ClientContext

    /// The workspaces the credential can reach. With an OAuth token this is exactly the one
    /// workspace the user connected.
    @_alwaysEmitIntoClient
    public func list() async throws -> PaginatedResult<Workspace> {
        try await context.accounts.listAccounts().page()
    }

    @_alwaysEmitIntoClient
    public func create(_ payload: CreateWorkspacePayload) async throws -> Workspace {
        try await context.accounts.createAccount(body: payload).payload()
    }

    @_alwaysEmitIntoClient
    public func get(accountId: String? = nil) async throws -> Workspace {
        try await context.accounts.getAccount(accountId: try context.accountId(accountId)).payload()
    }

    @discardableResult
    @_alwaysEmitIntoClient
    public func update(_ payload: UpdateWorkspacePayload, accountId: String? = nil) async throws -> Workspace {
        try await context.accounts.updateAccount(accountId: try context.accountId(accountId), body: payload).payload()
    }

    /// Deletes a workspace.
    ///
    /// - Parameter force: Asks the API to delete despite pending documents, where it allows that.
    /// - Throws: `APIError` whose `workspaceDeletionRestrictions` lists why the API refused
    ///   (an active paid subscription, pending documents) with the workspaces concerned.
    @_alwaysEmitIntoClient
    public func delete(accountId: String? = nil, force: Bool? = nil) async throws {
        let body = force.map { DeleteAccountRequest(force: $0) }
        try await context.accounts.deleteAccount(accountId: try context.accountId(accountId), body: body)
    }

    /// The workspace's branding: the canonical source of its colours.
    @_alwaysEmitIntoClient
    public func theme(accountId: String? = nil) async throws -> WorkspaceTheme {
        try await context.accounts.getAccountTheme(accountId: try context.accountId(accountId)).payload()
    }

    /// The workspace's document funnel.
    ///
    /// - Parameters:
    ///   - granularity: Monthly or daily series.
    ///   - month: `YYYY-MM`; needed for a daily series.
    @_alwaysEmitIntoClient
    public func stats(
        granularity: WorkspaceStatsGranularity? = nil, month: String? = nil, accountId: String? = nil
    ) async throws -> [DocumentStatsRow] {
        try await context.accounts.getAccountStats(
            accountId: try context.accountId(accountId), granularity: granularity, month: month
        ).payload()
    }

    /// Replaces the workspace logo.
    ///
    /// - Throws: `ValidationError`, before any request, when `pngData` is not a PNG.
    @_alwaysEmitIntoClient
    public func uploadLogo(_ pngData: Data, accountId: String? = nil) async throws {
        try PNGCheck.validate(pngData, field: "pngData")
        let file = MultipartFile(data: pngData, filename: "logo.png", contentType: "image/png")
        try await context.accounts.uploadAccountLogo(accountId: try context.accountId(accountId), file: file)
    }

    /// The logo image bytes.
    @_alwaysEmitIntoClient
    public func downloadLogo(accountId: String? = nil) async throws -> Data {
        try await context.accounts.downloadAccountLogo(accountId: try context.accountId(accountId)).body
    }

    @_alwaysEmitIntoClient
    public func deleteLogo(accountId: String? = nil) async throws {
        try await context.accounts.deleteAccountLogo(accountId: try context.accountId(accountId))
    }
}
