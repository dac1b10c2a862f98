/// How a generated model keeps its stored members.
///
/// A tuple inside the runtime's `ModelStorage` costs an app least: the model is one reference
/// and its value witnesses are the runtime's. But a member is read by copying the whole tuple
/// out and taking one element, so the code a debug build emits for the readers grows with the
/// square of the width: a public document's 566-member model did not finish compiling in
/// twenty minutes. Past `tupleLimit` members the model keeps them as the stored properties of
/// a final class of its own, read one by one, so compile cost stays linear in the width.
///
/// The class's initialisers cost the compiler more than the square of the members they set
/// (definite initialisation tracks each member at each of them), so past `partLimit` members
/// the class keeps them in parts, structs of at most `partLimit` members each, and only the
/// parts are set together.
public enum ModelStorageShape: Sendable, Hashable {
    case tuple
    case storedClass
    case partedClass

    /// A class or a part sets at most this many members in one initialiser.
    public static let partLimit = 64

    /// Whether the members live in a class of the model's own (`storedClass`, `partedClass`).
    public var isClass: Bool { self != .tuple }

    /// Wider than any model of the repository's own document, narrow enough that the squared
    /// cost is still small.
    public static let tupleLimit = 32

    static func decide(_ declarations: [Declaration]) -> [Declaration] {
        declarations.map { declaration in
            guard case .structure(var decl) = declaration else { return declaration }
            let stored = decl.properties.count + (decl.keepsAdditionalFields ? 1 : 0)
            decl.storage = stored > partLimit ? .partedClass : stored > tupleLimit ? .storedClass : .tuple
            // A class's initialisers read members from a keyed container; a composed member
            // (`UnionComposition`) needs the decoder itself, which only the tuple's path has.
            if decl.properties.contains(where: \.composesObject) { decl.storage = .tuple }
            return .structure(decl)
        }
    }
}
