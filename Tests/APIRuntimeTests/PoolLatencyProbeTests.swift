import Foundation
import Testing

/// A measuring instrument, not a check: with `ASSINAFY_POOL_PROBE=<seconds>` it sleeps 50 ms at a
/// time for that long while the other suites run and prints how late the cooperative pool let it
/// resume (what a timing-sensitive test also waits). Off by default.
///
///     ASSINAFY_POOL_PROBE=15 swift test --skip-build --filter 'GeneratorTests|PoolLatencyProbe'
///     ASSINAFY_HEAVY_ON_POOL=1 ASSINAFY_POOL_PROBE=15 swift test ...   # heavy suites back on the pool
struct PoolLatencyProbeTests {
    @Test func cooperativePoolLatency() async throws {
        guard let value = ProcessInfo.processInfo.environment["ASSINAFY_POOL_PROBE"], let seconds = Double(value)
        else { return }
        var lateness: [Double] = []
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            let start = Date()
            try await Task.sleep(nanoseconds: 50_000_000)
            lateness.append(Date().timeIntervalSince(start) - 0.05)
        }
        let sorted = lateness.sorted()
        let p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        print(
            String(
                format: "pool probe: %d wake-ups, median late %.3f s, p99 %.3f s, max %.3f s", sorted.count,
                sorted[sorted.count / 2], p99, sorted.last ?? 0))
    }
}
