import AssinafyTestSupport
import Foundation
import Testing

@testable import Assinafy

/// Counts fetches and serves whatever key set the test publishes.
actor FakeJWKSEndpoint {
    private(set) var fetchCount = 0
    private var published: JWKS

    init(_ keys: JWKS) { published = keys }

    func publish(_ keys: JWKS) { published = keys }

    func fetch() async throws -> JWKS {
        fetchCount += 1
        // Give concurrent callers a chance to pile up behind one fetch.
        try await Task.sleep(nanoseconds: 20_000_000)
        return published
    }
}

/// An endpoint that is down: counts the requests it refuses.
actor FailingJWKSEndpoint {
    struct Down: Error {}
    private(set) var fetchCount = 0

    func fetch() async throws -> JWKS {
        fetchCount += 1
        throw Down()
    }
}

final class ManualJWKSClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_750_000_000)

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(_ seconds: TimeInterval) {
        lock.lock()
        current += seconds
        lock.unlock()
    }
}

@Suite("JWKS cache", .enabled(if: ReferenceTool.hasOpenSSL, "openssl is not installed"))
struct IDTokenKeyCacheTests {
    let key: JWTTestKey
    let rotated: JWTTestKey
    let verifier = IDTokenVerifier(issuer: "https://api.assinafy.com.br", clientId: "client-123")
    let tokenTime = Date(timeIntervalSince1970: 1_750_000_000)

    init() throws {
        let pair = try JWTTestKey.pair.get()
        key = pair[0]
        rotated = pair[1]
    }

    func token(signedBy signer: JWTTestKey, kid: String) throws -> String {
        try signer.mint(
            header: ["alg": "RS256", "kid": .string(kid)],
            payload: [
                "iss": "https://api.assinafy.com.br", "sub": "user-42", "aud": "client-123",
                "exp": 1_750_000_600, "iat": 1_750_000_000,
            ])
    }

    @Test("keys are fetched once and reused")
    func caching() async throws {
        let endpoint = FakeJWKSEndpoint(JWKS(keys: [key.jwk]))
        let cache = JWKSCache()
        let fetch: @Sendable () async throws -> JWKS = { try await endpoint.fetch() }
        for _ in 0..<3 {
            _ = try await verifier.verify(try token(signedBy: key, kid: "k1"), cache: cache, fetch: fetch, nonce: nil, now: tokenTime)
        }
        #expect(await endpoint.fetchCount == 1)
    }

    @Test("an unknown kid refreshes the keys once, then verifies with the rotated key")
    func rotation() async throws {
        let clock = ManualJWKSClock()
        let endpoint = FakeJWKSEndpoint(JWKS(keys: [key.jwk]))
        let cache = JWKSCache(now: { clock.now })
        let fetch: @Sendable () async throws -> JWKS = { try await endpoint.fetch() }
        _ = try await verifier.verify(try token(signedBy: key, kid: "k1"), cache: cache, fetch: fetch, nonce: nil, now: tokenTime)

        clock.advance(3600)
        await endpoint.publish(JWKS(keys: [key.jwk, rotated.jwk]))
        let claims = try await verifier.verify(
            try token(signedBy: rotated, kid: "k2"), cache: cache, fetch: fetch, nonce: nil, now: tokenTime)
        #expect(claims.subject == "user-42")
        #expect(await endpoint.fetchCount == 2)

        // A kid nobody publishes: one refresh is allowed per interval, then the error stands.
        clock.advance(3600)
        await #expect(throws: IDTokenError.unknownKeyID("k9")) {
            try await verifier.verify(try token(signedBy: rotated, kid: "k9"), cache: cache, fetch: fetch, nonce: nil, now: tokenTime)
        }
        #expect(await endpoint.fetchCount == 3)
        await #expect(throws: IDTokenError.unknownKeyID("k9")) {
            try await verifier.verify(try token(signedBy: rotated, kid: "k9"), cache: cache, fetch: fetch, nonce: nil, now: tokenTime)
        }
        #expect(await endpoint.fetchCount == 3)
    }

    @Test("preloaded keys are refreshed on the first unknown kid")
    func preloaded() async throws {
        let endpoint = FakeJWKSEndpoint(JWKS(keys: [rotated.jwk]))
        let cache = JWKSCache(keys: JWKS(keys: [key.jwk]))
        let fetch: @Sendable () async throws -> JWKS = { try await endpoint.fetch() }
        _ = try await verifier.verify(try token(signedBy: key, kid: "k1"), cache: cache, fetch: fetch, nonce: nil, now: tokenTime)
        #expect(await endpoint.fetchCount == 0)
        _ = try await verifier.verify(try token(signedBy: rotated, kid: "k2"), cache: cache, fetch: fetch, nonce: nil, now: tokenTime)
        #expect(await endpoint.fetchCount == 1)
    }

    @Test("stale keys are refetched after maximumAge; concurrent callers share one fetch")
    func maximumAgeAndCoalescing() async throws {
        let clock = ManualJWKSClock()
        let endpoint = FakeJWKSEndpoint(JWKS(keys: [key.jwk]))
        let cache = JWKSCache(maximumAge: 600, now: { clock.now })
        let fetch: @Sendable () async throws -> JWKS = { try await endpoint.fetch() }
        try await withThrowingTaskGroup(of: JWKS.self) { group in
            for _ in 0..<10 { group.addTask { try await cache.keys(fetch: fetch) } }
            for try await keys in group { #expect(keys.keys.count == 1) }
        }
        #expect(await endpoint.fetchCount == 1)
        clock.advance(599)
        _ = try await cache.keys(fetch: fetch)
        #expect(await endpoint.fetchCount == 1)
        clock.advance(1)
        _ = try await cache.keys(fetch: fetch)
        #expect(await endpoint.fetchCount == 2)
        await cache.invalidate()
        _ = try await cache.keys(fetch: fetch)
        #expect(await endpoint.fetchCount == 3)
    }

    @Test("a failed fetch is reported and not cached")
    func fetchFailure() async throws {
        struct Offline: Error {}
        let clock = ManualJWKSClock()
        let cache = JWKSCache(now: { clock.now })
        await #expect(throws: Offline.self) { try await cache.keys(fetch: { throw Offline() }) }
        clock.advance(30)
        let keys = try await cache.keys(fetch: { JWKS(keys: []) })
        #expect(keys.keys.isEmpty)
    }

    @Test("failed fetches are rate-limited like successful ones")
    func failuresAreRateLimited() async throws {
        let clock = ManualJWKSClock()
        let endpoint = FailingJWKSEndpoint()
        let fetch: @Sendable () async throws -> JWKS = { try await endpoint.fetch() }
        // No keys yet: every call within the interval gets the failure without a new request.
        let empty = JWKSCache(now: { clock.now })
        for _ in 0..<5 {
            await #expect(throws: FailingJWKSEndpoint.Down.self) { try await empty.keys(fetch: fetch) }
        }
        #expect(await endpoint.fetchCount == 1)
        clock.advance(30)
        await #expect(throws: FailingJWKSEndpoint.Down.self) { try await empty.keys(fetch: fetch) }
        #expect(await endpoint.fetchCount == 2)

        // Known keys, then tokens naming an unknown kid while the endpoint fails: one fetch per
        // interval, and verification keeps failing on the unknown key, not on the endpoint.
        let cache = JWKSCache(keys: JWKS(keys: [key.jwk]), now: { clock.now })
        let before = await endpoint.fetchCount
        let unknown = try token(signedBy: rotated, kid: "k-unknown")
        for _ in 0..<10 {
            await #expect(throws: (any Error).self) {
                try await verifier.verify(unknown, cache: cache, fetch: fetch, nonce: nil, now: tokenTime)
            }
        }
        #expect(await endpoint.fetchCount == before + 1)
        clock.advance(30)
        _ = try? await verifier.verify(unknown, cache: cache, fetch: fetch, nonce: nil, now: tokenTime)
        #expect(await endpoint.fetchCount == before + 2)
    }
}
