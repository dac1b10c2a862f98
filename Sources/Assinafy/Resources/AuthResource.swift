import AssinafyAPI
import AssinafyRuntime
import Foundation

/// Login, social login, passwords, API keys, the current user, two-factor authentication.
public struct AuthResource: Sendable {
    let context: ClientContext
}
