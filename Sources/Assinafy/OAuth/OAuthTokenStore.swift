import APIRuntime
import Foundation

/// Where an `OAuthSession` keeps one connection's tokens.
///
/// The session saves new tokens **before** handing them out, and re-reads the store after an
/// indeterminate refresh to find out whether someone else saved newer ones, so `load()` must
/// return what the last `save` stored. Errors may be of any type: the session wraps them in
/// `AssinafySDKError` (`reason=token_store_failed`). Implementations must never log tokens.
public protocol TokenStore: Sendable {
    func save(_ token: OAuthToken) async throws
    func load() async throws -> OAuthToken?
    func delete() async throws
}

/// What `AtomicTokenStore.update(_:)` does with the tokens it read.
public enum TokenStoreChange: Sendable, Equatable {
    case keep
    case save(OAuthToken)
    case delete
}

/// A store that reads, decides and writes as one step no other instance or process sharing it
/// can interleave with. `OAuthSession` uses it to compare before it deletes or rewrites tokens
/// after a failed refresh; with any other store it loads and then writes, which leaves a window.
public protocol AtomicTokenStore: TokenStore {
    /// Calls `change` with the stored tokens and applies its answer, all under the store's
    /// lock; returns the tokens stored afterwards.
    @discardableResult
    func update(_ change: (OAuthToken?) throws -> TokenStoreChange) async throws -> OAuthToken?
}

/// Keeps tokens in memory only: lost when the process ends. For tests and for apps that
/// reconnect on every launch.
public actor InMemoryTokenStore: TokenStore {
    private var token: OAuthToken?

    public init(_ token: OAuthToken? = nil) { self.token = token }

    public func save(_ token: OAuthToken) { self.token = token }
    public func load() -> OAuthToken? { token }
    public func delete() { token = nil }
}
