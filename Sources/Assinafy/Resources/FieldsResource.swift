import APIRuntime
import AssinafyAPI
import Foundation

/// Field definitions (values collected from signers), field types and value validation — every
/// `Fields` operation. `accountId` defaults to the client's `defaultAccountId`.
public struct FieldsResource: Sendable {
    @usableFromInline let context: ClientContext

    /// The workspace's field definitions.
    ///
    /// - Parameters:
    ///   - includeInactive: Also list deactivated fields.
    ///   - includeStandard: Also list the built-in fields.
    @_alwaysEmitIntoClient
    public func list(
        includeInactive: Bool? = nil, includeStandard: Bool? = nil, accountId: String? = nil
    ) async throws -> PaginatedResult<Field> {
        try await context.fieldsAPI.listFields(
            accountId: try context.accountId(accountId), includeInactive: includeInactive,
            includeStandard: includeStandard
        ).page()
    }

    /// Every field definition, as an `AsyncSequence` like the other resources' `listAll`.
    ///
    /// The API answers this list in one response (the contract gives it no `page` parameter), so
    /// the sequence makes exactly one request; it exists so that code walking any list reads the same.
    @_alwaysEmitIntoClient
    public func listAll(
        includeInactive: Bool? = nil, includeStandard: Bool? = nil, accountId: String? = nil
    ) -> PageSequence<Field> {
        PageSequence(firstPage: 1, maxPages: 1) { _ in
            try await list(includeInactive: includeInactive, includeStandard: includeStandard, accountId: accountId)
        }
    }

    @_alwaysEmitIntoClient
    public func create(_ payload: CreateFieldPayload, accountId: String? = nil) async throws -> Field {
        try await context.fieldsAPI.createField(accountId: try context.accountId(accountId), body: payload).payload()
    }

    @_alwaysEmitIntoClient
    public func get(fieldId: String, accountId: String? = nil) async throws -> Field {
        try await context.fieldsAPI.getField(accountId: try context.accountId(accountId), fieldId: fieldId).payload()
    }

    @discardableResult
    @_alwaysEmitIntoClient
    public func update(fieldId: String, payload: UpdateFieldPayload, accountId: String? = nil) async throws -> Field {
        try await context.fieldsAPI.updateField(
            accountId: try context.accountId(accountId), fieldId: fieldId, body: payload
        ).payload()
    }

    @_alwaysEmitIntoClient
    public func delete(fieldId: String, accountId: String? = nil) async throws {
        try await context.fieldsAPI.deleteField(accountId: try context.accountId(accountId), fieldId: fieldId)
    }

    /// The field types the API knows (`text`, `date`, `cpf`, …).
    @_alwaysEmitIntoClient
    public func types() async throws -> PaginatedResult<FieldType> {
        try await context.fieldsAPI.listFieldTypes().page()
    }

    /// Checks a text value against a field.
    @_alwaysEmitIntoClient
    public func validate(fieldId: String, value: String, accountId: String? = nil) async throws -> FieldValidation {
        try await validate(fieldId: fieldId, value: JSONValue.string(value), accountId: accountId)
    }

    /// Checks a value of any JSON type against a field; the value is sent unchanged.
    @_alwaysEmitIntoClient
    public func validate(fieldId: String, value: JSONValue, accountId: String? = nil) async throws -> FieldValidation {
        let body = ValidateFieldValueRequest(value: .value(value))
        return try await context.fieldsAPI.validateFieldValue(
            accountId: try context.accountId(accountId), fieldId: fieldId, body: body
        ).payload()
    }

    /// Checks several values at once; results come back per field.
    @_alwaysEmitIntoClient
    public func validateMultiple(
        items: [FieldValidateMultipleItem], accountId: String? = nil
    ) async throws -> [FieldValidationResult] {
        try await context.fieldsAPI.validateFieldValues(
            accountId: try context.accountId(accountId), body: items.map(\.request)
        ).payload()
    }
}
