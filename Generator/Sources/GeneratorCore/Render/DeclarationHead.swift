/// The head of one generated declaration, as the model states it: its access level (the
/// configuration's `access`, carried by `ModuleDecl.access`), attributes, modifiers, keyword,
/// name, generic clause and conformances. Every renderer prints a declaration's head through
/// this value, so no access level is ever decided, or rewritten, in printed text.
struct DeclarationHead: Sendable, Hashable {
    typealias AccessLevel = GeneratorConfiguration.AccessLevel

    var access: AccessLevel
    /// Attributes on the declaration's line, in order (`@discardableResult`).
    var attributes: [String] = []
    /// `@_alwaysEmitIntoClient`: compiled into the module that calls it, so an app carries only
    /// what it uses (on ELF every public symbol survives dead stripping). Only a public
    /// declaration can be, so the attribute is printed only at `public` access.
    var emittedIntoClient = false
    /// `static`, `indirect`, … between the access level and the keyword.
    var modifiers: [String] = []
    /// `struct`, `enum`, `func`, `init`, `let`, `var`, `typealias`.
    var keyword: String
    /// Empty for `init`.
    var name: String = ""
    /// `<T: Codable & Hashable & Sendable>`, printed right after the name.
    var genericClause: String = ""
    var conformances: [String] = []

    /// `@_alwaysEmitIntoClient` when it applies, then `attributes`, space-separated.
    var attributeText: String {
        let all = (emittedIntoClient && access == .public ? [Self.emittedIntoClientAttribute] : []) + attributes
        return all.joined(separator: " ")
    }

    /// The head without its attributes: `public static func name<T>: A, B`.
    var declarationText: String {
        var text = access == .internal ? "" : access.rawValue + " "
        for modifier in modifiers { text += modifier + " " }
        text += keyword
        if !name.isEmpty { text += " " + name }
        text += genericClause
        if !conformances.isEmpty { text += ": " + conformances.joined(separator: ", ") }
        return text
    }

    /// The whole head on one line, attributes first.
    var text: String {
        let attributes = attributeText
        return attributes.isEmpty ? declarationText : attributes + " " + declarationText
    }

    static let emittedIntoClientAttribute = "@_alwaysEmitIntoClient"
}

extension SwiftWriter {
    /// A declaration head at the access level of the code this writer holds.
    func head(
        _ keyword: String, _ name: String = "", modifiers: [String] = [], attributes: [String] = [],
        emittedIntoClient: Bool = false, genericClause: String = "", conformances: [String] = []
    ) -> String {
        declarationHead(
            keyword, name, modifiers: modifiers, attributes: attributes, emittedIntoClient: emittedIntoClient,
            genericClause: genericClause, conformances: conformances
        ).text
    }

    func declarationHead(
        _ keyword: String, _ name: String = "", modifiers: [String] = [], attributes: [String] = [],
        emittedIntoClient: Bool = false, genericClause: String = "", conformances: [String] = []
    ) -> DeclarationHead {
        DeclarationHead(
            access: access, attributes: attributes, emittedIntoClient: emittedIntoClient, modifiers: modifiers,
            keyword: keyword, name: name, genericClause: genericClause, conformances: conformances)
    }
}
