import Foundation

/// Values a test collects from inside `@Sendable` stub closures (the calls an operation saw, the
/// bodies it was sent), read back after the calls: swift-dependencies' `LockIsolated` for this
/// one purpose, without the dependency.
///
///     let calls = StubRecorder<PetClinicAPIStubs.ListPetsCall>()
///     stubs.listPets = { call in calls.record(call); return .ok([]) }
///     …
///     #expect(calls.values.first?.limit == 5)
public final class StubRecorder<Value: Sendable>: @unchecked Sendable {
    // Every access holds the lock, which is what makes the unchecked Sendable sound.
    private let lock = NSLock()
    private var stored: [Value] = []

    public init() {}

    /// Everything recorded so far, in order.
    public var values: [Value] { lock.withLock { stored } }

    public func record(_ value: Value) { lock.withLock { stored.append(value) } }
}
