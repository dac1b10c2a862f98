import APIRuntime
import AssinafyAPI
import Foundation

// The API calls workspaces "accounts"; the SDK's public vocabulary is "workspace", so the
// generated account types get workspace names here.

/// A workspace (an API "account").
public typealias Workspace = Account
/// Branding colours, name and logo URL of a workspace (`workspaces.theme()`).
public typealias WorkspaceTheme = AccountTheme
/// `name` and optional notification sender for `workspaces.create(_:)`.
public typealias CreateWorkspacePayload = CreateAccountRequest
/// Fields to change in `workspaces.update(_:accountId:)`.
public typealias UpdateWorkspacePayload = UpdateAccountRequest
/// The series granularity of `workspaces.stats(granularity:month:accountId:)`.
public typealias WorkspaceStatsGranularity = GetAccountStatsGranularity

enum PNGCheck {
    /// The eight-byte PNG signature: checking it locally turns a wrong file into a
    /// `ValidationError` without a round trip.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func validate(_ data: Data, field: String) throws {
        guard data.count > signature.count, data.prefix(signature.count).elementsEqual(signature) else {
            throw ValidationError(
                "The image must be a PNG file", errors: [field: ["must start with the PNG signature"]])
        }
    }
}
