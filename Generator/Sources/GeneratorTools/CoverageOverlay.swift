import Foundation
import GeneratorCore

/// What `coverage` needs to know about the hand-written overlay: its types, their members, and
/// inside each function the generated calls (`context.<accessor>.<function>(`) and the calls to
/// sibling methods of the same type.
struct OverlayIndex {
    struct Function {
        var typeName: String
        var name: String
        var isPublic: Bool
        var file: String
        var line: Int
        /// For functions (not computed properties): labels, types, `async` and result.
        var signature: OverlaySignature?
        /// `(accessor, function)` pairs of `context.<accessor>.<function>(` calls.
        var generatedCalls: [(accessor: String, function: String, line: Int)] = []
        /// Names called as `name(` or `self.name(`; resolved against the type's methods later.
        var localCalls: Set<String> = []
        /// `Type.method` for `Type(…).method(` and `Type.method(`: helpers such as a poller that
        /// a resource builds in place. Kept only when `Type` is an overlay type with that member.
        var typeCalls: Set<String> = []
        /// `property.method` for `property.method(` / `self.property.method(`: the client's own
        /// orchestration calling its resources, or a type's own generated-group accessor. Kept
        /// only when the property holds an overlay type or a generated group.
        var memberCalls: Set<String> = []
    }

    struct Property {
        var typeName: String
        var name: String
        var propertyType: String
        var isPublic: Bool
    }

    var functions: [Function] = []
    var properties: [Property] = []

    /// Every `.swift` file under `directory`, in path order so results do not depend on the file system.
    static func scan(directory: String) throws -> OverlayIndex {
        var index = OverlayIndex()
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(atPath: directory) else {
            throw UsageError(message: "cannot read overlay directory \(directory)")
        }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".swift") { files.append(relative) }
        }
        for relative in files.sorted() {
            let path = (directory as NSString).appendingPathComponent(relative)
            let source = try String(contentsOfFile: path, encoding: .utf8)
            index.add(source: source, file: relative)
        }
        return index
    }

    private enum Scope {
        case type(name: String, publicByDefault: Bool)
        case function(index: Int)
        case block
    }

    private enum Pending {
        case type(name: String, publicByDefault: Bool)
        case function(Function)
        /// A `var` that may turn out to be computed (then it is reached like a method).
        case property(Function)
    }

    static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "extension", "protocol"]
    static let declarationKeywords: Set<String> = [
        "func", "var", "let", "case", "init", "deinit", "subscript", "typealias", "struct", "class", "enum", "actor",
        "extension", "protocol", "associatedtype",
    ]
    static let modifiers: Set<String> = [
        "public", "open", "internal", "private", "fileprivate", "package", "static", "class", "final", "mutating",
        "nonmutating", "nonisolated", "override", "dynamic", "lazy", "weak", "unowned", "convenience", "required",
        "indirect", "isolated", "consuming", "borrowing",
    ]

    mutating func add(source: String, file: String) {
        let tokens = SwiftScanner.tokens(source)
        var stack: [Scope] = []
        var pending: (Pending, depth: Int)?
        var depth = 0  // parentheses and brackets

        func enclosingFunction() -> Int? {
            for scope in stack.reversed() { if case .function(let index) = scope { return index } }
            return nil
        }

        var position = 0
        while position < tokens.count {
            let token = tokens[position]
            defer { position += 1 }
            switch token.kind {
            case .string: continue
            case .punctuation:
                switch token.text {
                case "(", "[": depth += 1
                case ")", "]": depth -= 1
                case "=":
                    // `var x: T = …` is stored: the next brace is not its body.
                    if case (.property, let pendingDepth)? = pending, pendingDepth == depth { pending = nil }
                case "{":
                    if let (waiting, pendingDepth) = pending, pendingDepth == depth {
                        switch waiting {
                        case .type(let name, let isPublic): stack.append(.type(name: name, publicByDefault: isPublic))
                        case .function(let function), .property(let function):
                            functions.append(function)
                            stack.append(.function(index: functions.count - 1))
                        }
                        pending = nil
                    } else {
                        stack.append(.block)
                    }
                case "}":
                    if pending.map({ $0.depth == depth }) == true { pending = nil }  // a bodiless requirement
                    if !stack.isEmpty { stack.removeLast() }
                default: break
                }
                continue
            case .identifier: break
            }

            if let current = enclosingFunction() {
                recordCalls(tokens, at: position, into: current)
                continue
            }
            let memberOf: (name: String, publicByDefault: Bool)? = {
                if case .type(let name, let isPublic)? = stack.last { return (name, isPublic) }
                return nil
            }()
            if pending.map({ $0.depth == depth }) == true, Self.declarationKeywords.contains(token.text) {
                pending = nil  // the previous declaration had no body
            }
            let words = modifiers(before: position, in: tokens)
            if Self.typeKeywords.contains(token.text), position + 1 < tokens.count,
                tokens[position + 1].kind == .identifier,
                !Self.declarationKeywords.contains(tokens[position + 1].text) || token.text == "extension"
            {
                var name = tokens[position + 1].text
                var look = position + 2
                while look + 1 < tokens.count, tokens[look].isPunctuation("."), tokens[look + 1].kind == .identifier {
                    name = tokens[look + 1].text  // `extension Outer.Inner`: members belong to Inner
                    look += 2
                }
                let isPublic = token.text == "extension" ? words.contains("public") || words.contains("open") : false
                pending = (.type(name: name, publicByDefault: isPublic), depth)
            } else if token.text == "func", let owner = memberOf, position + 1 < tokens.count {
                let isPublic = Self.isPublic(words, publicByDefault: owner.publicByDefault)
                let function = Function(
                    typeName: owner.name, name: tokens[position + 1].text, isPublic: isPublic, file: file,
                    line: token.line, signature: OverlaySignature.read(tokens, name: position + 1))
                pending = (.function(function), depth)
            } else if token.text == "let" || token.text == "var", let owner = memberOf {
                let isPublic = Self.isPublic(words, publicByDefault: owner.publicByDefault)
                recordProperty(tokens, at: position, owner: owner.name, isPublic: isPublic)
                if token.text == "var", position + 1 < tokens.count, tokens[position + 1].kind == .identifier {
                    // A computed property is reached like a method (`documents.all`); a `=` first
                    // means a stored one and cancels this.
                    let function = Function(
                        typeName: owner.name, name: tokens[position + 1].text, isPublic: isPublic, file: file,
                        line: token.line)
                    pending = (.property(function), depth)
                }
            }
        }
    }

    static func isPublic(_ words: Set<String>, publicByDefault: Bool) -> Bool {
        if words.contains("public") || words.contains("open") { return true }
        if words.contains("private") || words.contains("fileprivate") || words.contains("internal") { return false }
        return publicByDefault
    }

    /// The modifiers and attributes written before the keyword at `position`.
    private func modifiers(before position: Int, in tokens: [SwiftToken]) -> Set<String> {
        var words = Set<String>()
        var look = position - 1
        while look >= 0 {
            let token = tokens[look]
            if token.kind == .identifier, Self.modifiers.contains(token.text) {
                words.insert(token.text)
            } else if token.isPunctuation(")"), look >= 1 {
                // `private(set)`, `@available(…)`: step over the parenthesised part.
                var nesting = 0
                while look >= 0 {
                    if tokens[look].isPunctuation(")") { nesting += 1 }
                    if tokens[look].isPunctuation("(") {
                        nesting -= 1
                        if nesting == 0 { break }
                    }
                    look -= 1
                }
            } else if token.kind == .identifier, look >= 1, tokens[look - 1].isPunctuation("@") {
                look -= 1  // an attribute such as `@discardableResult`
            } else {
                break
            }
            look -= 1
        }
        return words
    }

    private mutating func recordProperty(_ tokens: [SwiftToken], at position: Int, owner: String, isPublic: Bool) {
        guard position + 3 < tokens.count, tokens[position + 1].kind == .identifier,
            tokens[position + 2].isPunctuation(":")
        else { return }
        var look = position + 3
        while look < tokens.count, ["any", "some"].contains(tokens[look].text) { look += 1 }
        guard look < tokens.count, tokens[look].kind == .identifier else { return }
        properties.append(
            Property(
                typeName: owner, name: tokens[position + 1].text, propertyType: tokens[look].text, isPublic: isPublic))
    }

    /// Inside a function body: `context.<a>.<f>(` (possibly `self.context…`, across lines) and
    /// `name(` / `self.name(` calls that may be sibling methods.
    private mutating func recordCalls(_ tokens: [SwiftToken], at position: Int, into function: Int) {
        let token = tokens[position]
        func punctuation(_ offset: Int, _ text: String) -> Bool {
            position + offset < tokens.count && tokens[position + offset].isPunctuation(text)
        }
        func identifier(_ offset: Int) -> String? {
            guard position + offset < tokens.count, tokens[position + offset].kind == .identifier else { return nil }
            return tokens[position + offset].text
        }
        let previousIsDot = position > 0 && tokens[position - 1].isPunctuation(".")
        let previousIsSelfDot = position > 1 && previousIsDot && tokens[position - 2].isIdentifier("self")
        if token.text == "context", !previousIsDot || previousIsSelfDot, punctuation(1, "."),
            let accessor = identifier(2),
            punctuation(3, "."), let name = identifier(4), punctuation(5, "(")
        {
            functions[function].generatedCalls.append((accessor, name, token.line))
            return
        }
        if punctuation(1, "("), !previousIsDot || previousIsSelfDot {
            functions[function].localCalls.insert(token.text)
        }
        if !previousIsDot || previousIsSelfDot, token.text.first?.isLowercase == true, punctuation(1, "."),
            let member = identifier(2), punctuation(3, "(")
        {
            functions[function].memberCalls.insert("\(token.text).\(member)")
        }
        guard !previousIsDot, token.text.first?.isUppercase == true else { return }
        if punctuation(1, "."), let member = identifier(2), punctuation(3, "(") {
            functions[function].typeCalls.insert("\(token.text).\(member)")
        } else if punctuation(1, "(") {
            var nesting = 0
            var look = position + 1
            while look < tokens.count {
                if tokens[look].isPunctuation("(") { nesting += 1 }
                if tokens[look].isPunctuation(")") {
                    nesting -= 1
                    if nesting == 0 { break }
                }
                look += 1
            }
            if look + 3 < tokens.count, tokens[look + 1].isPunctuation("."), tokens[look + 2].kind == .identifier,
                tokens[look + 3].isPunctuation("(")
            {
                functions[function].typeCalls.insert("\(token.text).\(tokens[look + 2].text)")
            }
        }
    }
}
