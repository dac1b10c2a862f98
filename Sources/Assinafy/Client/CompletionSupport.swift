import Foundation

/// Runs `operation` in a new task and hands its result to `completion` on the main queue.
///
/// Every completion-handler variant goes through here, so they all behave alike: the handler is
/// called exactly once, always on the main queue (apps update UI from it directly), also when the
/// returned task is cancelled — then with `CancellationError` — and errors are the same values
/// the async method throws.
///
/// Never specialised: a copy of this task's body per result type (~200 twins, 100+ types) cost
/// an app about 75 KB of code (issue 17); one generic body handles every `T` through its metadata,
/// and it runs once per completion-handler call, beside a network round trip.
@discardableResult
@_semantics("optimize.sil.specialize.generic.never")
@inline(never)
func deliverOnMain<T: Sendable>(
    _ completion: @escaping @Sendable (Result<T, any Error>) -> Void,
    _ operation: @escaping @Sendable () async throws -> T
) -> Task<Void, Never> {
    Task {
        let result: Result<T, any Error>
        do {
            result = .success(try await operation())
        } catch {
            result = .failure(error)
        }
        DispatchQueue.main.async { completion(result) }
    }
}
