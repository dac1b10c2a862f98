import AssinafyAPI
import AssinafyRuntime
import Foundation

/// Workspace accounts: CRUD, theme, statistics and logo.
public struct WorkspacesResource: Sendable {
    let context: ClientContext
}
