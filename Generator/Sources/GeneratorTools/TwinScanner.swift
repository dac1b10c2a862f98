import GeneratorCore

/// What `twins` reads from the overlay: every public `async` method of the selected types, with
/// its declaration quoted from the source (labels, types, defaults, generics, `@available`) so the
/// completion-handler twin repeats it exactly. Built on `SwiftScanner`'s tokens; like the coverage
/// index it does not parse Swift, it follows braces, and refuses what it could not copy faithfully.
struct TwinMethod: Equatable {
    struct Parameter: Equatable {
        /// `_` when the parameter has no argument label.
        var label: String
        var name: String
        /// The whole declaration, `for request: OAuthAuthorizationRequest = .init()`.
        var declaration: String

        /// How the twin passes it on: `request` for `_`, else `for: request`.
        var argument: String { label == "_" ? name : "\(label): \(name)" }
    }

    var typeName: String
    var name: String
    /// `@available(…)` attributes, as written.
    var availability: [String]
    var isStatic: Bool
    /// `<T: Decodable>`, or empty.
    var genericClause: String
    var parameters: [Parameter]
    var isThrowing: Bool
    /// `nil` when the method returns nothing.
    var returnType: String?
    /// `where T: Sendable`, or empty.
    var whereClause: String
    var file: String
    var line: Int

    /// `name(label:_:)`, as Swift spells a reference to it.
    var selector: String { "\(name)(\(parameters.map { "\($0.label):" }.joined()))" }
}

struct TwinScanError: Error, CustomStringConvertible {
    var description: String
}

/// The overlay's files, read by the caller and handed in with paths relative to the overlay.
struct TwinScanner {
    /// Which types get twins: exact names, or names ending with one of the suffixes.
    var typeNames: Set<String>
    var typeSuffixes: [String]

    private(set) var methods: [TwinMethod] = []
    /// `import` lines per file, so each twin file imports what its methods' files do.
    private(set) var imports: [String: [String]] = [:]

    init(typeNames: Set<String>, typeSuffixes: [String]) {
        self.typeNames = typeNames
        self.typeSuffixes = typeSuffixes
    }

    func selects(_ typeName: String) -> Bool {
        typeNames.contains(typeName) || typeSuffixes.contains { typeName.hasSuffix($0) }
    }

    private enum Scope {
        case type(name: String, publicExtension: Bool)
        case other
    }

    private static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "extension", "protocol"]
    private static let accessModifiers: Set<String> = ["private", "fileprivate", "internal", "package"]

    mutating func add(source: String, file: String) throws {
        let text = Array(source.unicodeScalars)
        let tokens = SwiftScanner.tokens(source)
        var stack: [Scope] = []
        var pendingType: (name: String, publicExtension: Bool)?
        var conditionalDepth = 0
        var fileImports: [String] = []
        var position = 0
        while position < tokens.count {
            let token = tokens[position]
            defer { position += 1 }
            if token.isPunctuation("#"), position + 1 < tokens.count {
                let directive = tokens[position + 1].text
                if directive == "if" { conditionalDepth += 1 }
                if directive == "endif" { conditionalDepth -= 1 }
                continue
            }
            if token.isPunctuation("{") {
                if let type = pendingType, !stack.contains(where: { if case .other = $0 { true } else { false } }) {
                    let outer = stack.last.flatMap { if case .type(let name, _) = $0 { name } else { nil } }
                    let name = type.name.contains(".") || outer == nil ? type.name : "\(outer ?? "").\(type.name)"
                    stack.append(.type(name: name, publicExtension: type.publicExtension))
                } else {
                    stack.append(.other)
                }
                pendingType = nil
                continue
            }
            if token.isPunctuation("}") {
                if !stack.isEmpty { stack.removeLast() }
                continue
            }
            guard token.kind == .identifier else { continue }
            if stack.isEmpty, token.text == "import", let name = Self.importedModule(tokens, after: position) {
                fileImports.append("import \(name)")
            } else if Self.typeKeywords.contains(token.text), position + 1 < tokens.count,
                tokens[position + 1].kind == .identifier, !Self.isModifierUse(tokens, position)
            {
                let isPublic = position > 0 && tokens[position - 1].isIdentifier("public")
                pendingType = (Self.dottedName(tokens, from: position + 1), token.text == "extension" && isPublic)
            } else if token.text == "func", case .type(let typeName, let publicExtension)? = stack.last,
                selects(typeName)
            {
                guard let method = Self.method(tokens, text, func: position, typeName: typeName, file: file) else {
                    continue
                }
                let modifiers = Self.modifiers(tokens, before: position)
                let isPublic =
                    modifiers.contains("public") || modifiers.contains("open")
                    || (publicExtension && modifiers.isDisjoint(with: Self.accessModifiers))
                guard isPublic, method.isAsync else { continue }
                if let problem = method.problem { throw TwinScanError(description: problem) }
                if conditionalDepth > 0 {
                    throw TwinScanError(
                        description: "\(file):\(token.line): \(typeName).\(method.method.selector) is inside #if; "
                            + "write its twin by hand")
                }
                var twin = method.method
                twin.isStatic = modifiers.contains("static")
                twin.availability = Self.availability(tokens, text, before: position)
                methods.append(twin)
            }
        }
        imports[file] = fileImports
    }

    /// `class func` and `class var` use `class` as a modifier, not to declare a class.
    private static func isModifierUse(_ tokens: [SwiftToken], _ position: Int) -> Bool {
        let next = tokens[position + 1].text
        return tokens[position].text == "class" && ["func", "var", "let", "subscript", "final"].contains(next)
    }

    private static func dottedName(_ tokens: [SwiftToken], from start: Int) -> String {
        var name = tokens[start].text
        var position = start + 1
        while position + 1 < tokens.count, tokens[position].isPunctuation("."), tokens[position + 1].kind == .identifier
        {
            name += "." + tokens[position + 1].text
            position += 2
        }
        return name
    }

    /// `import Foundation` → `Foundation`; `import struct A.B` and attributed imports are not copied.
    private static func importedModule(_ tokens: [SwiftToken], after position: Int) -> String? {
        guard position + 1 < tokens.count, tokens[position + 1].kind == .identifier,
            !typeKeywords.union(["typealias", "func", "var", "let"]).contains(tokens[position + 1].text),
            position == 0 || !tokens[position - 1].isPunctuation(")")
        else { return nil }
        return dottedName(tokens, from: position + 1)
    }

    /// The declaration modifiers right before `func` (attributes and their arguments skipped).
    private static func modifiers(_ tokens: [SwiftToken], before position: Int) -> Set<String> {
        var found: Set<String> = []
        for attribute in attributesAndModifiers(tokens, before: position)
        where !tokens[attribute.lowerBound].isPunctuation("@") {
            found.insert(tokens[attribute.lowerBound].text)
        }
        return found
    }

    private static func availability(_ tokens: [SwiftToken], _ text: [Unicode.Scalar], before position: Int) -> [String]
    {
        attributesAndModifiers(tokens, before: position).reversed().compactMap { range in
            tokens[range.lowerBound + 1].isIdentifier("available") ? quote(tokens[range], text) : nil
        }
    }

    /// Walks back from `func` over `@attr`, `@attr(…)` and modifier keywords, nearest first.
    private static func attributesAndModifiers(_ tokens: [SwiftToken], before position: Int) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        var cursor = position - 1
        while cursor >= 0 {
            let token = tokens[cursor]
            if token.kind == .identifier, cursor > 0, tokens[cursor - 1].isPunctuation("@") {
                ranges.append((cursor - 1)...cursor)
                cursor -= 2
            } else if token.kind == .identifier, OverlayIndex.modifiers.contains(token.text) {
                ranges.append(cursor...cursor)
                cursor -= 1
            } else if token.isPunctuation(")"), let open = opening(tokens, closing: cursor), open >= 2,
                tokens[open - 1].kind == .identifier, tokens[open - 2].isPunctuation("@")
            {
                ranges.append((open - 2)...cursor)
                cursor = open - 3
            } else {
                break
            }
        }
        return ranges
    }

    private static func opening(_ tokens: [SwiftToken], closing: Int) -> Int? {
        var depth = 0
        for position in stride(from: closing, through: 0, by: -1) {
            if tokens[position].isPunctuation(")") { depth += 1 }
            if tokens[position].isPunctuation("(") {
                depth -= 1
                if depth == 0 { return position }
            }
        }
        return nil
    }

    /// Reads `func name<…>(…) async throws -> R where …` starting at `func`.
    private static func method(
        _ tokens: [SwiftToken], _ text: [Unicode.Scalar], func position: Int, typeName: String, file: String
    ) -> (method: TwinMethod, isAsync: Bool, problem: String?)? {
        var cursor = position + 1
        guard cursor < tokens.count, tokens[cursor].kind == .identifier else { return nil }  // an operator
        let name = tokens[cursor].text
        cursor += 1
        var genericClause = ""
        if cursor < tokens.count, tokens[cursor].isPunctuation("<") {
            let end = closing(tokens, from: cursor)
            genericClause = quote(tokens[cursor..<end], text)
            cursor = end
        }
        guard cursor < tokens.count, tokens[cursor].isPunctuation("(") else { return nil }
        let parametersEnd = closing(tokens, from: cursor)
        let parameterTokens = tokens[(cursor + 1)..<max(cursor + 1, parametersEnd - 1)]
        var header: [Int] = []
        cursor = parametersEnd
        while cursor < tokens.count, !tokens[cursor].isPunctuation("{"), !tokens[cursor].isPunctuation("}"),
            !OverlayIndex.declarationKeywords.contains(tokens[cursor].text) || tokens[cursor].kind != .identifier
        {
            header.append(cursor)
            cursor += 1
        }
        let whereStart = header.firstIndex { tokens[$0].isIdentifier("where") }
        let signature = header[..<(whereStart ?? header.endIndex)]
        let arrow = signature.indices.dropLast().first {
            tokens[signature[$0]].isPunctuation("-") && tokens[signature[$0 + 1]].isPunctuation(">")
        }
        let effects = signature[..<(arrow ?? signature.endIndex)].map { tokens[$0].text }
        var returnType: String?
        if let arrow, arrow + 2 < signature.endIndex {
            returnType = quote(tokens[signature[arrow + 2]...signature[signature.endIndex - 1]], text)
        }
        if returnType == "Void" || returnType == "()" { returnType = nil }
        var whereClause = ""
        if let whereStart, let last = header.last { whereClause = quote(tokens[header[whereStart]...last], text) }
        let location = "\(file):\(tokens[position].line): \(typeName).\(name)"
        var parameters: [TwinMethod.Parameter] = []
        var problem: String?
        for part in split(parameterTokens) where !part.isEmpty {
            do {
                parameters.append(try parameter(part, text, location: location))
            } catch {
                problem = problem ?? error.description
            }
        }
        let method = TwinMethod(
            typeName: typeName, name: name, availability: [], isStatic: false, genericClause: genericClause,
            parameters: parameters, isThrowing: effects.contains("throws") || effects.contains("rethrows"),
            returnType: returnType, whereClause: whereClause, file: file, line: tokens[position].line)
        return (method, effects.contains("async"), problem)
    }

    private static func parameter(
        _ tokens: ArraySlice<SwiftToken>, _ text: [Unicode.Scalar], location: String
    ) throws(TwinScanError) -> TwinMethod.Parameter {
        guard let colon = tokens.firstIndex(where: { $0.isPunctuation(":") }) else {
            throw TwinScanError(description: "\(location): cannot read a parameter")
        }
        let names = tokens[..<colon].filter { $0.kind == .identifier }.map(\.text)
        guard let label = names.first, names.count <= 2 else {
            throw TwinScanError(description: "\(location): cannot read a parameter")
        }
        let declaration = quote(tokens, text)
        // The type ends at a top-level `=` (the default value is not part of it).
        var type = tokens[(colon + 1)...]
        var depth = 0
        for position in type.indices {
            depth += bracketDelta(type, position)
            if depth == 0, type[position].isPunctuation("=") {
                type = type[..<position]
                break
            }
        }
        // An arrow at the top level is a function type, non-escaping unless marked; one only inside
        // parentheses followed by `?` is an optional function, which is escaping already.
        var arrowDepth = 0
        var isFunction = false
        for position in type.indices.dropLast() {
            if arrowDepth == 0, type[position].isPunctuation("-"), type[position + 1].isPunctuation(">") {
                isFunction = true
            }
            arrowDepth += bracketDelta(type, position)
        }
        if !isFunction, type.last?.isPunctuation("?") != true, type.last?.isPunctuation("!") != true {
            isFunction = type.indices.dropLast().contains {
                type[$0].isPunctuation("-") && type[$0 + 1].isPunctuation(">")
            }
        }
        let isVariadic = type.indices.dropLast(2).contains {
            type[$0].isPunctuation(".") && type[$0 + 1].isPunctuation(".") && type[$0 + 2].isPunctuation(".")
        }
        // A twin captures its arguments in an escaping task: these cannot be passed on as they are.
        if type.contains(where: { $0.isIdentifier("inout") }) || isVariadic
            || (isFunction && !type.contains { $0.isIdentifier("escaping") })
        {
            throw TwinScanError(
                description: "\(location): parameter `\(declaration)` cannot be captured by a twin; write it by hand")
        }
        return TwinMethod.Parameter(label: label, name: names.last ?? label, declaration: declaration)
    }

    /// The position just past the bracket that closes the one at `start` (`(`, `[` or `<`).
    /// Angle brackets count only for a generic clause: inside a parameter list a default value
    /// may compare (`= 1 > 0`), and only parentheses, brackets and braces nest there.
    private static func closing(_ tokens: [SwiftToken], from start: Int) -> Int {
        var depth = 0
        let angles = tokens[start].isPunctuation("<")
        for position in start..<tokens.count {
            depth += bracketDelta(tokens[...], position, angles: angles)
            if depth == 0 { return position + 1 }
        }
        return tokens.count
    }

    /// +1 for an opening bracket, -1 for a closing one; the `>` of `->` is not a bracket.
    private static func bracketDelta(_ tokens: ArraySlice<SwiftToken>, _ position: Int, angles: Bool = true) -> Int {
        let token = tokens[position]
        guard token.kind == .punctuation else { return 0 }
        switch token.text {
        case "(", "[", "{": return 1
        case ")", "]", "}": return -1
        case "<": return angles ? 1 : 0
        case ">":
            return !angles || (position > tokens.startIndex && tokens[position - 1].isPunctuation("-")) ? 0 : -1
        default: return 0
        }
    }

    private static func split(_ tokens: ArraySlice<SwiftToken>) -> [ArraySlice<SwiftToken>] {
        var parts: [ArraySlice<SwiftToken>] = []
        var depth = 0
        var start = tokens.startIndex
        // In a type `<` and `>` nest (`[String: Result<A, B>]`); in a default value they compare.
        var inDefault = false
        for position in tokens.indices {
            depth += bracketDelta(tokens, position, angles: !inDefault)
            if depth == 0, tokens[position].isPunctuation("=") { inDefault = true }
            if depth == 0, tokens[position].isPunctuation(",") {
                parts.append(tokens[start..<position])
                start = position + 1
                inDefault = false
            }
        }
        if start < tokens.endIndex { parts.append(tokens[start...]) }
        return parts
    }

    /// The tokens' own source text, each gap between them (spaces, line breaks, comments) written
    /// as one space, or none where a line break follows an opening or precedes a closing bracket.
    static func quote(_ tokens: ArraySlice<SwiftToken>, _ text: [Unicode.Scalar]) -> String {
        var result = String.UnicodeScalarView()
        var previous: SwiftToken?
        for token in tokens {
            if let previous, previous.end < token.start {
                let gap = text[previous.end..<token.start]
                let hugs = ["(", "[", "<"].contains(previous.text) || [")", "]", ">"].contains(token.text)
                if !(gap.contains("\n") && hugs) { result.append(" ") }
            }
            result.append(contentsOf: text[token.start..<token.end])
            previous = token
        }
        return String(result)
    }
}
