/// Calls `attempt` every `interval` until it returns a value, and once more after `seconds` have
/// passed, so a condition that comes true while the last interval sleeps is still seen; `nil`
/// when it never does. The one bounded wait the test targets share: each used to write its own
/// deadline loop. Measured on the monotonic clock, so a clock change cannot end it early.
///
/// - Throws: what `attempt` throws, or `CancellationError` when the waiting task is cancelled.
public func waitForValue<Value>(
    within seconds: Double, every interval: Duration, _ attempt: () async throws -> Value?
) async throws -> Value? {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(seconds))
    while true {
        if let value = try await attempt() { return value }
        guard clock.now < deadline else { return nil }
        try await Task.sleep(for: interval)
    }
}

/// `waitForValue` for a condition: whether it held within `seconds`.
public func waitUntil(
    within seconds: Double, every interval: Duration, _ condition: () async throws -> Bool
) async throws -> Bool {
    try await waitForValue(within: seconds, every: interval) { try await condition() ? () : nil } != nil
}
