import AssinafyAPI
import AssinafyRuntime
import Foundation

/// Signature requests: list, create, estimate, sign, decline, resend, expiration, WhatsApp notifications.
public struct AssignmentsResource: Sendable {
    let context: ClientContext
}
