import Foundation

extension MemberWriter {
    /// A writer whose object starts with the members `value` encodes to, leaving out those in
    /// `known`, which the chain that follows writes. A generated model that is an `allOf` of a
    /// union and an object holds the union as one member: its members and the model's own share
    /// one JSON object, and a key both name carries the model's value, the one set through it.
    ///
    /// The members are gathered first, rather than `value` writing into this encoder directly:
    /// a value that is not an object (a union's unknown member holding a string, say) would
    /// otherwise be replaced without a word, or stop a `JSONEncoder` on a precondition.
    public init<T: Encodable>(_ encoder: any Encoder, startingWith value: T, except known: MemberNames) throws {
        let encoded = try TreeEncoder.encode(value)
        guard case .object(let object) = encoded else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription: "\(T.self) must encode as a JSON object to share one with the model's members"))
        }
        self.init(encoder)
        try sink.writeAdditionalFields(object.kept { !known.contains($0) })
    }
}
