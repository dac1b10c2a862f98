import Foundation

/// Caches an OpenID provider's key set and refetches it when asked to, at most once per
/// `minimumRefreshInterval`, so a stream of tokens naming an unknown `kid` cannot turn into a
/// stream of requests to the provider. Failed fetches count too: for `minimumRefreshInterval`
/// after one, callers get the cached keys (or, with none, that fetch's error) without a new
/// request, so a failing endpoint is not hammered either.
///
/// Fetching is injected: the OAuth client supplies the HTTP call to `jwks_uri`. Concurrent
/// callers share one fetch.
public actor JWKSCache {
    private let maximumAge: TimeInterval?
    private let minimumRefreshInterval: TimeInterval
    private let clock: @Sendable () -> Date
    /// `fetched` is false for keys handed to `init`: their age counts for `maximumAge`, but the
    /// first forced refresh is never held back, since nobody knows how old they really are.
    private var cached: (keys: JWKS, since: Date, fetched: Bool)?
    private var inFlight: Task<JWKS, any Error>?
    /// The last failed fetch, answered from for `minimumRefreshInterval`.
    private var failure: (error: any Error, at: Date)?

    /// - Parameters:
    ///   - keys: a key set already known, e.g. persisted from a previous run.
    ///   - maximumAge: after this long cached keys are refetched on next use; nil keeps them
    ///     until a refresh is forced.
    ///   - minimumRefreshInterval: forced refreshes closer than this to the last fetch return
    ///     the cached keys.
    ///   - now: the clock, injectable for tests.
    public init(
        keys: JWKS? = nil, maximumAge: TimeInterval? = 24 * 60 * 60, minimumRefreshInterval: TimeInterval = 30,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.maximumAge = maximumAge
        self.minimumRefreshInterval = minimumRefreshInterval
        self.clock = now
        cached = keys.map { ($0, now(), false) }
    }

    /// The cached keys, fetching them when there are none, they are older than `maximumAge`,
    /// or `forceRefresh` is set and the last fetch is older than `minimumRefreshInterval`.
    public func keys(fetch: @escaping @Sendable () async throws -> JWKS, forceRefresh: Bool = false) async throws
        -> JWKS
    {
        if let inFlight { return try await inFlight.value }
        let now = clock()
        if let cached {
            let age = now.timeIntervalSince(cached.since)
            let stale = maximumAge.map { age >= $0 } ?? false
            let refreshAllowed = !cached.fetched || age >= minimumRefreshInterval
            if !stale && !(forceRefresh && refreshAllowed) { return cached.keys }
        }
        if let failure, now.timeIntervalSince(failure.at) < minimumRefreshInterval {
            guard let cached else { throw failure.error }
            return cached.keys
        }
        let task = Task { try await fetch() }
        inFlight = task
        defer { inFlight = nil }
        do {
            let keys = try await task.value
            cached = (keys, clock(), true)
            failure = nil
            return keys
        } catch {
            failure = (error, clock())
            throw error
        }
    }

    /// Drops the cached keys so the next call fetches (once any failure's back-off has passed).
    public func invalidate() { cached = nil }
}
