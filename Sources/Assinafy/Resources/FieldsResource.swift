import AssinafyAPI
import AssinafyRuntime
import Foundation

/// Field definitions, field types and value validation.
public struct FieldsResource: Sendable {
    let context: ClientContext
}
