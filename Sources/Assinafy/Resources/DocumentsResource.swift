import AssinafyAPI
import AssinafyRuntime
import Foundation

/// Documents: upload, list, read, processing, pages, artifacts, activities, verification, templates, public token flow.
public struct DocumentsResource: Sendable {
    let context: ClientContext
}
