import Foundation

/// `print`, `dump`, `String(describing:)` and the debugger show a generated model as the members
/// it would send, `Booking(id: "b1", nights: 3, guest: (name: "Ana"))`, instead of its storage
/// (`Booking(_storage: ModelStorage<(…)>)`).
///
/// The mirror is built from the model's encoding, so one implementation serves every model and
/// an app pays for it once; labels are the wire names. Members whose names say they hold a
/// credential (a password, a secret, a token, an API key, an access code) show `<redacted>`, so a
/// model logged by accident does not leak one. A model is not given a `description`: many
/// documents name a member `description`, and a second one would make theirs ambiguous.
extension OpenAPIModel {
    public var customMirror: Mirror { ModelMirror.mirror(self) }
}

/// Not generic, so every model shares this one body: a generic implementation would be copied
/// and specialised for each model (about a kilobyte of an app each).
enum ModelMirror {
    @inline(never)
    static func mirror(_ model: any OpenAPIModel) -> Mirror {
        guard let encoded = try? TreeEncoder.encode(model) else {
            return Mirror(
                model, children: ["unencodable": "a value JSON cannot carry (a non-finite number)"],
                displayStyle: .struct)
        }
        switch encoded {
        case .object(let object):
            return Mirror(model, children: MirrorValue.children(of: object), displayStyle: .struct)
        default:
            // A union whose member is not an object: the member's value.
            return Mirror(model, children: ["value": MirrorValue.value(of: encoded, redacting: false)])
        }
    }
}

/// Mirror children for encoded values: scalars as Swift values, objects and arrays as views
/// that mirror their own members in turn.
enum MirrorValue {
    static let marker = "<redacted>"

    /// Parts of member names that mark a credential, compared without case, `_` or `-`.
    static let credentialWords = ["password", "passwd", "secret", "token", "apikey", "accesscode", "privatekey"]

    static func isCredential(_ name: String) -> Bool {
        let folded = name.lowercased().filter { $0 != "_" && $0 != "-" }
        return credentialWords.contains { folded.contains($0) }
    }

    static func children(of object: JSONObject) -> [(label: String?, value: Any)] {
        object.members.map { member in
            (label: member.key, value: value(of: member.value, redacting: isCredential(member.key)))
        }
    }

    static func value(of json: JSONValue, redacting: Bool) -> Any {
        if redacting, json != .null { return marker }
        switch json {
        case .null: return MirrorNull()
        case .bool(let value): return value
        case .integer(let value): return value
        case .bigInteger(let digits): return digits
        case .double(let value): return value
        case .string(let value): return value
        case .array(let elements): return elements.map { value(of: $0, redacting: false) }
        case .object(let object): return MirrorObject(object: object)
        }
    }
}

/// JSON `null`, shown as `nil`.
struct MirrorNull: CustomStringConvertible, CustomReflectable {
    var description: String { "nil" }
    var customMirror: Mirror { Mirror(self, children: []) }
}

/// A nested object of a model's encoding, shown as its members.
struct MirrorObject: CustomReflectable {
    let object: JSONObject
    var customMirror: Mirror {
        Mirror(self, children: MirrorValue.children(of: object), displayStyle: .tuple)
    }
}
