import AssinafyAPI
import AssinafyRuntime
import Foundation

/// Workspace tags and their attachment to documents.
public struct TagsResource: Sendable {
    let context: ClientContext
}
