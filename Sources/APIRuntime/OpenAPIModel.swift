/// A generated model or union: `Codable`, `Hashable` and `Sendable`, whose equality and hashing
/// are those of the JSON it encodes to, and which shows as its members (`ModelMirror.swift`).
///
/// Two values are equal when they would be sent alike: the same members with the same values,
/// whatever the order of an object's members (a typed `additionalFields` dictionary has no order
/// to keep), timestamps as precisely as the wire carries them. One shared, unspecialised
/// implementation stands in for the `==` and `hash(into:)` the compiler would synthesise for each
/// model, so an app pays for it once rather than once per model. A value that cannot be encoded
/// (a non-finite number) equals nothing, not even itself, as `Double.nan` does.
public protocol OpenAPIModel: Codable, Hashable, Sendable, CustomReflectable {}

extension OpenAPIModel {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard let left = try? TreeEncoder.encode(lhs), let right = try? TreeEncoder.encode(rhs) else { return false }
        return WireIdentity.equal(left, right)
    }

    public func hash(into hasher: inout Hasher) {
        guard let encoded = try? TreeEncoder.encode(self) else {
            hasher.combine(WireIdentity.Tag.unencodable)
            return
        }
        WireIdentity.hash(encoded, into: &hasher)
    }

    // Stated here so the compiler does not derive one for each model.
    public var hashValue: Int {
        var hasher = Hasher()
        hash(into: &hasher)
        return hasher.finalize()
    }
}

/// Equality and hashing of encoded trees with objects as unordered maps.
enum WireIdentity {
    enum Tag: UInt8, Hashable { case unencodable, array, object }

    static func equal(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.object(let left), .object(let right)):
            guard left.members.count == right.members.count else { return false }
            if zip(left.members, right.members).allSatisfy({ $0.key == $1.key }) {
                return zip(left.members, right.members).allSatisfy { equal($0.value, $1.value) }
            }
            // An encoded object's keys are unique (a repeated key keeps its last value).
            var others: [String: JSONValue] = [:]
            for member in right.members { others[member.key] = member.value }
            return left.members.allSatisfy { member in others[member.key].map { equal(member.value, $0) } ?? false }
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1) }
        default:
            return left == right
        }
    }

    static func hash(_ value: JSONValue, into hasher: inout Hasher) {
        switch value {
        case .object(let object):
            hasher.combine(Tag.object)
            hasher.combine(object.members.count)
            // Order-independent, as `equal` is: a commutative sum of the members' own hashes.
            var sum = 0
            for member in object.members {
                var memberHasher = Hasher()
                memberHasher.combine(member.key)
                hash(member.value, into: &memberHasher)
                sum &+= memberHasher.finalize()
            }
            hasher.combine(sum)
        case .array(let elements):
            hasher.combine(Tag.array)
            hasher.combine(elements.count)
            for element in elements { hash(element, into: &hasher) }
        default:
            hasher.combine(value)
        }
    }
}

/// Where a generated model keeps its stored members: one immutable reference to a tuple of them.
///
/// The model is then a pointer wide, a copy retains once, and the code that copies and destroys
/// it is the runtime's shared code for a single reference rather than code emitted for each model
/// (most of an app's cost for a large API); a member that leads back to its own model needs no
/// box either. Members are read through the model's computed properties.
public final class ModelStorage<Value: Sendable>: Sendable {
    public let value: Value

    @inlinable
    public init(_ value: Value) { self.value = value }
}
