import AssinafyAPI
import AssinafyRuntime
import Foundation

/// OAuth 2.1 with PKCE: discovery, authorization URL, code exchange, refresh, revocation, user info.
public struct OAuthResource: Sendable {
    let context: ClientContext
}
