import APIRuntime
import AssinafyAPI
import Foundation

/// One value to check in `fields.validateMultiple(items:accountId:)`.
///
/// Most fields take text, so a plain `String` is the common case; a field that takes another
/// JSON type (a number, a list) takes a `JSONValue`, sent unchanged.
public struct FieldValidateMultipleItem: Sendable, Hashable {
    public var fieldId: String
    public var value: JSONValue

    @_alwaysEmitIntoClient public init(fieldId: String, value: String) {
        self.init(fieldId: fieldId, value: .string(value))
    }

    @_alwaysEmitIntoClient public init(fieldId: String, value: JSONValue) {
        self.fieldId = fieldId
        self.value = value
    }

    @usableFromInline var request: ValidateFieldValuesRequestItem {
        ValidateFieldValuesRequestItem(fieldId: fieldId, value: .value(value))
    }
}
