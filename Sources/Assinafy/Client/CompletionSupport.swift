import Foundation

/// Runs `operation(arguments)` in a new task and hands its result to `completion` on the main queue.
///
/// Every completion-handler variant goes through here, so they all behave alike: the handler is
/// called exactly once, always on the main queue (apps update UI from it directly), also when the
/// returned task is cancelled — then with `CancellationError` — and errors are the same values
/// the async method throws.
///
/// Shaped for size (issue 17), as it runs once per completion-handler call, beside a network
/// round trip: one generic body serves every result type through its metadata, instead of a copy
/// per type (~75 KB of an app). Its callers are the twins, emitted into the app, so they reach it
/// across the module boundary, where only this unspecialised body exists: the body calls a private
/// function, so it can never be copied into a client for specialising. The twin passes its receiver
/// and arguments in `arguments` rather than capturing them, so its closure needs no context or
/// forwarding thunk (~40 KB).
@discardableResult
@inline(never)
@usableFromInline func deliverOnMain<Arguments: Sendable, T: Sendable>(
    _ completion: @escaping @Sendable (Result<T, any Error>) -> Void,
    _ arguments: Arguments,
    _ operation: @escaping @Sendable (Arguments) async throws -> T
) -> Task<Void, Never> {
    Task {
        let result: Result<T, any Error>
        do {
            result = .success(try await operation(arguments))
        } catch {
            result = .failure(error)
        }
        onMainQueue { completion(result) }
    }
}

/// Out of line and private: see `deliverOnMain`.
private func onMainQueue(_ work: @escaping @Sendable () -> Void) { DispatchQueue.main.async(execute: work) }
