import APIRuntime
import AssinafyAPI
import Foundation

// Completion-handler variants of every public async method of `FieldsResource`, one per method with
// the same labels plus `completion:`. Each returns the `Task` doing the work: cancel it to stop
// the request (the handler then receives `CancellationError`). See `deliverOnMain`.
extension FieldsResource {
    /// Completion-handler variant of `list(includeInactive:includeStandard:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func list(
        includeInactive: Bool? = nil,
        includeStandard: Bool? = nil,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<PaginatedResult<Field>, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await list(includeInactive: includeInactive, includeStandard: includeStandard, accountId: accountId)
        }
    }

    /// Completion-handler variant of `create(_:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func create(
        _ payload: CreateFieldPayload,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Field, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await create(payload, accountId: accountId) }
    }

    /// Completion-handler variant of `get(fieldId:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func get(
        fieldId: String,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Field, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await get(fieldId: fieldId, accountId: accountId) }
    }

    /// Completion-handler variant of `update(fieldId:payload:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func update(
        fieldId: String,
        payload: UpdateFieldPayload,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Field, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await update(fieldId: fieldId, payload: payload, accountId: accountId) }
    }

    /// Completion-handler variant of `delete(fieldId:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func delete(
        fieldId: String,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await delete(fieldId: fieldId, accountId: accountId) }
    }

    /// Completion-handler variant of `types()`; `completion` runs on the main queue.
    @discardableResult
    public func types(
        completion: @escaping @Sendable (Result<PaginatedResult<FieldType>, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await types() }
    }

    /// Completion-handler variant of `validate(fieldId:value:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func validate(
        fieldId: String,
        value: String,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<FieldValidation, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await validate(fieldId: fieldId, value: value, accountId: accountId) }
    }

    /// Completion-handler variant of `validate(fieldId:value:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func validate(
        fieldId: String,
        value: JSONValue,
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<FieldValidation, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await validate(fieldId: fieldId, value: value, accountId: accountId) }
    }

    /// Completion-handler variant of `validateMultiple(items:accountId:)`; `completion` runs on the main queue.
    @discardableResult
    public func validateMultiple(
        items: [FieldValidateMultipleItem],
        accountId: String? = nil,
        completion: @escaping @Sendable (Result<[FieldValidationResult], any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await validateMultiple(items: items, accountId: accountId) }
    }
}
