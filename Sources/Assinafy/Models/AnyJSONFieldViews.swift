import APIRuntime
import AssinafyAPI
import Foundation

// Response members whose schema allows any JSON type. Each gets a lossless `JSONValue` view
// (`…JSON`) and the legacy text view (`…Text`): the string itself when the value is a JSON
// string, otherwise its compact JSON text. Both are `nil` when the member was absent.

extension DocumentActivity {
    /// `origin` (ip, user-agent and anything else the server sent) as JSON.
    public var originJSON: JSONValue? { origin.flatMap(AnyJSONView.value) }
    public var originText: String? { originJSON.flatMap(AnyJSONView.text) }
    /// `payload`, the event's snapshot, as JSON.
    public var payloadJSON: JSONValue? { payload.map { .object($0) } }
    public var payloadText: String? { payloadJSON.flatMap(AnyJSONView.text) }
}

extension AssignmentItem {
    /// `value`, the captured value (JSON `null` until completed).
    public var valueJSON: JSONValue? { value }
    public var valueText: String? { value.flatMap(AnyJSONView.text) }
}

extension TemplateFieldPlacement {
    /// `displaySettings`, the placement's rendering metadata.
    public var displaySettingsJSON: JSONValue? { displaySettings }
    public var displaySettingsText: String? { displaySettings.flatMap(AnyJSONView.text) }
}

enum AnyJSONView {
    /// Any encodable model as JSON; its unnamed members come along through `additionalFields`.
    static func value<T: Encodable>(_ model: T) -> JSONValue? {
        guard let data = try? JSONCoding.encode(model) else { return nil }
        return try? JSONCoding.decode(JSONValue.self, from: data)
    }

    static func text(_ value: JSONValue) -> String? {
        if case .string(let text) = value { return text }
        guard let data = try? JSONCoding.encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
