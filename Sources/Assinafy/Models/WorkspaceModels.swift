import APIRuntime
import AssinafyAPI
import Foundation

// The API calls workspaces "accounts"; the SDK's public vocabulary is "workspace", which
// assinafy-generator.yaml gives the generated account types (`Workspace`, `WorkspaceTheme`...).

@usableFromInline enum PNGCheck {
    /// The eight-byte PNG signature: checking it locally turns a wrong file into a
    /// `ValidationError` without a round trip.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @usableFromInline static func validate(_ data: Data, field: String) throws {
        guard data.count > signature.count, data.prefix(signature.count).elementsEqual(signature) else {
            throw ValidationError(
                "The image must be a PNG file", errors: [field: ["must start with the PNG signature"]])
        }
    }
}
