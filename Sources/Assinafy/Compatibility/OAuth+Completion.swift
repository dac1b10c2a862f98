import APIRuntime
import AssinafyAPI
import Foundation

// Completion-handler variants of every public async method of `OAuthResource`, one per method with
// the same labels plus `completion:`. Each returns the `Task` doing the work: cancel it to stop
// the request (the handler then receives `CancellationError`). See `deliverOnMain`.
extension OAuthResource {
    /// Completion-handler variant of `protectedResourceMetadata()`; `completion` runs on the main queue.
    @discardableResult
    public func protectedResourceMetadata(
        completion: @escaping @Sendable (Result<OAuthProtectedResourceMetadata, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await protectedResourceMetadata() }
    }

    /// Completion-handler variant of `authorizationServerMetadata(issuer:)`; `completion` runs on the main queue.
    @discardableResult
    public func authorizationServerMetadata(
        issuer: String,
        completion: @escaping @Sendable (Result<OAuthAuthorizationServerMetadata, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await authorizationServerMetadata(issuer: issuer) }
    }

    /// Completion-handler variant of `jsonWebKeySet(server:forceRefresh:)`; `completion` runs on the main queue.
    @discardableResult
    public func jsonWebKeySet(
        server: OAuthAuthorizationServerMetadata,
        forceRefresh: Bool = false,
        completion: @escaping @Sendable (Result<JWKS, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await jsonWebKeySet(server: server, forceRefresh: forceRefresh) }
    }

    /// Completion-handler variant of `verifyIDToken(_:clientId:nonce:server:)`; `completion` runs on the main queue.
    @discardableResult
    public func verifyIDToken(
        _ idToken: String,
        clientId: String,
        nonce: String?,
        server: OAuthAuthorizationServerMetadata,
        completion: @escaping @Sendable (Result<IDTokenClaims, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await verifyIDToken(idToken, clientId: clientId, nonce: nonce, server: server) }
    }

    /// Completion-handler variant of `exchangeAuthorizationCode(_:server:)`; `completion` runs on the main queue.
    @discardableResult
    public func exchangeAuthorizationCode(
        _ payload: OAuthAuthorizationCodePayload,
        server: OAuthAuthorizationServerMetadata? = nil,
        completion: @escaping @Sendable (Result<OAuthToken, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await exchangeAuthorizationCode(payload, server: server) }
    }

    /// Completion-handler variant of `exchangeAuthorizationCode(code:for:server:)`; `completion` runs on the main queue.
    @discardableResult
    public func exchangeAuthorizationCode(
        code: String,
        for request: OAuthAuthorizationRequest,
        server: OAuthAuthorizationServerMetadata? = nil,
        completion: @escaping @Sendable (Result<OAuthToken, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await exchangeAuthorizationCode(code: code, for: request, server: server) }
    }

    /// Completion-handler variant of `refreshAccessToken(_:server:)`; `completion` runs on the main queue.
    @discardableResult
    public func refreshAccessToken(
        _ payload: OAuthRefreshTokenPayload,
        server: OAuthAuthorizationServerMetadata? = nil,
        completion: @escaping @Sendable (Result<OAuthToken, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await refreshAccessToken(payload, server: server) }
    }

    /// Completion-handler variant of `revoke(_:)`; `completion` runs on the main queue.
    @discardableResult
    public func revoke(
        _ payload: OAuthRevokePayload,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await revoke(payload) }
    }

    /// Completion-handler variant of `userInfo()`; `completion` runs on the main queue.
    @discardableResult
    public func userInfo(
        completion: @escaping @Sendable (Result<OAuthUserInfo, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await userInfo() }
    }
}
