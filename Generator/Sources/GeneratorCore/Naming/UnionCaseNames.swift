/// Case names of a `oneOf`/`anyOf` enum, taken from what the document says about each member so
/// that reordering, adding or removing another member leaves them alone: the discriminator value
/// that selects the member, the component it refers to, its `title`, its JSON type when no other
/// member shares it, and only then its position (`option2`).
enum UnionCaseNames {
    /// Names every union enum declares besides its member cases.
    static let reserved: Set<String> = ["unknown", "init"]

    /// Where a member's case name comes from, strongest first.
    enum Source: Sendable, Hashable {
        /// A value of the discriminator's explicit `mapping`: the document's word for the member.
        case mappingValue(String)
        /// The member's type is a component (a `$ref`, or the implicit mapping, which is the
        /// component's name): the case follows the type's name, including a `types:` rename.
        case typeName(String)
        case title(String)
        /// `string`, `integer`, `array`…: used only while no other member has the same word.
        case primitive(String)
        /// Nothing names the member: `option` and its position among the alternatives, from 1. The
        /// case follows a `types:` rename of the member's type, the first name anyone gave it.
        case position
    }

    /// The base name (before making it unique) of the member at `position` (from 1), and whether
    /// a rename of the member's type renames its case.
    static func base(_ source: Source, position: Int, sharedPrimitives: Set<String>)
        -> (name: String, followsType: Bool)
    {
        switch source {
        case .mappingValue(let value): return (SwiftNames.caseName(value), false)
        case .typeName(let name): return (SwiftNames.memberName(name), true)
        case .title(let title): return (SwiftNames.memberName(title), false)
        case .primitive(let word) where !sharedPrimitives.contains(word): return (word, false)
        case .primitive, .position: return ("option\(position)", true)
        }
    }

    /// Unique, valid case names for `bases`, in member order (the order the document lists the
    /// members in, which is part of the schema, so numbering by it is stable).
    static func unique(_ bases: [String]) -> [String] {
        var scope = SwiftNames.Scope(reserved: reserved, expectedCount: bases.count)
        return bases.map { scope.claim($0) }
    }

    /// The word for a type the generator does not declare (the names union cases always had).
    static func primitiveWord(for type: SwiftType) -> String {
        switch type {
        case .named("String"): return "string"
        case .named("Int"), .named("Int32"), .named("Int64"): return "integer"
        case .named("Double"): return "number"
        case .named("Bool"): return "bool"
        case .named("JSONObject"), .dictionary: return "object"
        case .array: return "array"
        case .named(let name): return SwiftNames.memberName(name)
        case .dateTime: return "dateTime"
        case .date: return "date"
        default: return "value"
        }
    }

    /// Whether a `title` gives a usable name (`"---"` has no words).
    static func usableTitle(_ title: String?) -> String? {
        guard let title, !SwiftNames.words(title).isEmpty else { return nil }
        return title
    }
}
