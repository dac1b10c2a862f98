import AssinafyAPI
import AssinafyRuntime
import Foundation

/// Workspace signers and the signer's own (access-code) side of the flow.
public struct SignersResource: Sendable {
    let context: ClientContext
}
