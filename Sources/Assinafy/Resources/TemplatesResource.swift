import AssinafyAPI
import AssinafyRuntime
import Foundation

/// Templates: listing and definition management.
public struct TemplatesResource: Sendable {
    let context: ClientContext
}
