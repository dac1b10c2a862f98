import APIRuntime
import AssinafyAPI
import Foundation

// Response members whose schema allows any JSON type. Each gets a lossless `JSONValue` view
// (`…JSON`) and the legacy text view (`…Text`): the string itself when the value is a JSON
// string, otherwise its compact JSON text. Both are `nil` when the member was absent.

extension DocumentActivity {
    /// `origin` (ip, user-agent and anything else the server sent) as JSON.
    @_alwaysEmitIntoClient public var originJSON: JSONValue? { origin.flatMap(AnyJSONView.value) }
    @_alwaysEmitIntoClient public var originText: String? { originJSON.flatMap(AnyJSONView.text) }
    /// `payload`, the event's snapshot, as JSON.
    @_alwaysEmitIntoClient public var payloadJSON: JSONValue? { payload.map { .object($0) } }
    @_alwaysEmitIntoClient public var payloadText: String? { payloadJSON.flatMap(AnyJSONView.text) }
}

extension AssignmentItem {
    /// `value`, the captured value (JSON `null` until completed).
    @_alwaysEmitIntoClient public var valueJSON: JSONValue? { value }
    @_alwaysEmitIntoClient public var valueText: String? { value.flatMap(AnyJSONView.text) }
}

extension TemplateFieldPlacement {
    /// `displaySettings`, the placement's rendering metadata.
    @_alwaysEmitIntoClient public var displaySettingsJSON: JSONValue? { displaySettings }
    @_alwaysEmitIntoClient public var displaySettingsText: String? { displaySettings.flatMap(AnyJSONView.text) }
}

@usableFromInline enum AnyJSONView {
    /// Any encodable model as JSON; its unnamed members come along through `additionalFields`.
    @usableFromInline @_alwaysEmitIntoClient static func value<T: Encodable>(_ model: T) -> JSONValue? {
        guard let data = try? JSONCoding.encode(model) else { return nil }
        return try? JSONCoding.decode(JSONValue.self, from: data)
    }

    @usableFromInline @_alwaysEmitIntoClient static func text(_ value: JSONValue) -> String? {
        if case .string(let text) = value { return text }
        guard let data = try? JSONCoding.encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
