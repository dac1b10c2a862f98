import Foundation
import Testing

/// Every public `async` method of a resource and of `AssinafyClient` has a completion-handler
/// twin with the same name, the same argument labels plus `completion:`, and a `Result` of the
/// same type; no wrapper outlives its async method. The wrappers are written by hand, so this
/// is what keeps them from drifting when the overlay grows.
@Suite struct CompletionParityTests {
    static let overlay = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/Assinafy")

    static func wrapped(_ type: String) -> Bool { type.hasSuffix("Resource") || type == "AssinafyClient" }

    /// Types are compared without whitespace, so line breaks inside a long type do not matter.
    struct Method: Hashable, CustomStringConvertible {
        var type: String
        var name: String
        var labels: [String]
        var parameterTypes: [String]
        var result: String
        init(type: String, name: String, parameters: ArraySlice<PublicFunctionScanner.Parameter>, result: String) {
            self.type = type
            self.name = name
            labels = parameters.map(\.label)
            parameterTypes = parameters.map { Self.compact($0.type) }
            self.result = Self.compact(result)
        }
        static func compact(_ text: String) -> String { text.filter { !$0.isWhitespace } }
        var description: String {
            "\(type).\(name)(\(zip(labels, parameterTypes).map { "\($0): \($1)" }.joined(separator: ", "))) -> \(result)"
        }
    }

    @Test func everyAsyncMethodHasACompletionTwinAndNoTwinIsOrphaned() throws {
        var asyncMethods: [Method] = []
        var wrappers: [Method] = []
        for file in try Self.swiftFiles() {
            let declarations = PublicFunctionScanner.scan(try String(contentsOf: file, encoding: .utf8))
            for declaration in declarations where Self.wrapped(declaration.type) {
                let parameters = declaration.parameters
                if file.path.contains("/Compatibility/") {
                    guard let completion = parameters.last, completion.label == "completion" else { continue }
                    let result = try #require(
                        Self.resultType(completion.type), "\(declaration.name): \(completion.type)")
                    wrappers.append(
                        Method(
                            type: declaration.type, name: declaration.name, parameters: parameters.dropLast(),
                            result: result))
                } else if declaration.isAsync {
                    asyncMethods.append(
                        Method(
                            type: declaration.type, name: declaration.name, parameters: parameters[...],
                            result: declaration.returnType ?? "Void"))
                }
            }
        }
        // The scan must see the overlay at all, or an empty comparison would pass.
        #expect(asyncMethods.count > 100)
        #expect(Set(asyncMethods.map(\.type)).count >= 11)
        let missing = Set(asyncMethods).subtracting(wrappers)
        let orphaned = Set(wrappers).subtracting(asyncMethods)
        #expect(
            missing.isEmpty,
            "no completion-handler twin (or a different Result type): \(missing.sorted { "\($0)" < "\($1)" })")
        #expect(
            orphaned.isEmpty,
            "completion-handler variant without an async twin: \(orphaned.sorted { "\($0)" < "\($1)" })")
        #expect(wrappers.count == Set(wrappers).count, "a wrapper is declared twice")
    }

    @Test func theScannerReadsSignaturesAsSwiftDoes() {
        let source = #"""
            public struct ThingsResource: Sendable {
                let note = "public func fake(x: Int) async throws -> Int {"
                /// public func documented(x: Int) async -> Int
                public func list(params: ListParams = ListParams(), filter: [String: Int] = [:]) async throws -> Page<(a: Int, b: String)> {
                    try await inner(closure: { (a: Int, b: Int) in a })
                }
                @discardableResult
                public func update(_ id: String, with payload: Payload, onProgress: @escaping @Sendable (Int64, Int64) -> Void)
                    async throws
                {
                    func nested() async throws -> Int { 1 }
                }
                func internalOnly() async throws {}
                public func sync() -> Int { 1 }
            }
            extension ThingsResource {
                public func create(text: String = "a, b)") async throws -> Thing where Thing: Sendable { fatalError() }
            }
            """#
        let found = PublicFunctionScanner.scan(source)
        #expect(found.map(\.name) == ["list", "update", "sync", "create"])
        #expect(found.allSatisfy { $0.type == "ThingsResource" })
        #expect(found[0].parameters.map(\.label) == ["params", "filter"])
        #expect(found[0].returnType == "Page<(a: Int, b: String)>")
        #expect(found[1].parameters.map(\.label) == ["_", "with", "onProgress"])
        #expect(found[1].isAsync && found[1].returnType == nil)
        #expect(!found[2].isAsync)
        #expect(found[3].parameters.map(\.label) == ["text"] && found[3].returnType == "Thing")
    }

    static func swiftFiles() throws -> [URL] {
        let enumerator = FileManager.default.enumerator(at: overlay, includingPropertiesForKeys: nil)
        let files = (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
        return files.sorted { $0.path < $1.path }
    }

    /// `@escaping @Sendable (Result<T, any Error>) -> Void` → `T`.
    static func resultType(_ type: String) -> String? {
        guard let start = type.range(of: "(Result<"), let end = type.range(of: ", any Error>)", options: .backwards)
        else { return nil }
        return String(type[start.upperBound..<end.lowerBound])
    }
}

/// Just enough of Swift to read public method signatures: comments and string literals are
/// skipped, brackets are balanced, and only functions directly inside a top-level type or
/// extension count (nested functions and closures do not).
enum PublicFunctionScanner {
    struct Parameter {
        var label: String
        var type: String
    }

    struct Declaration {
        var type: String
        var name: String
        var parameters: [Parameter]
        var isAsync: Bool
        var returnType: String?
    }

    static func scan(_ source: String) -> [Declaration] {
        let code = Array(stripped(source))
        var declarations: [Declaration] = []
        var depth = 0
        var currentType = ""
        var index = 0
        while index < code.count {
            let character = code[index]
            if character == "{" {
                depth += 1
            } else if character == "}" {
                depth -= 1
            } else if depth == 0,
                let name = word(after: ["struct", "class", "actor", "enum", "extension"], in: code, at: index)
            {
                currentType = name
            } else if depth == 1, matches("public func ", code, index),
                let declaration = function(in: code, from: index)
            {
                declarations.append(
                    Declaration(
                        type: currentType, name: declaration.name, parameters: declaration.parameters,
                        isAsync: declaration.isAsync, returnType: declaration.returnType))
                index = declaration.end
                continue
            }
            index += 1
        }
        return declarations
    }

    /// The source with comments removed and every string literal replaced by `""`.
    static func stripped(_ source: String) -> String {
        let characters = Array(source)
        var result = ""
        var index = 0
        while index < characters.count {
            if matches("//", characters, index) {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else if matches("/*", characters, index) {
                index += 2
                while index < characters.count, !matches("*/", characters, index) { index += 1 }
                index += 2
            } else if matches("\"\"\"", characters, index) {
                index += 3
                while index < characters.count, !matches("\"\"\"", characters, index) { index += 1 }
                index += 3
                result += "\"\""
            } else if characters[index] == "\"" {
                index += 1
                while index < characters.count, characters[index] != "\"" {
                    index += characters[index] == "\\" ? 2 : 1
                }
                index += 1
                result += "\"\""
            } else {
                result.append(characters[index])
                index += 1
            }
        }
        return result
    }

    static func matches(_ text: String, _ code: [Character], _ index: Int) -> Bool {
        let pattern = Array(text)
        guard index + pattern.count <= code.count else { return false }
        return Array(code[index..<index + pattern.count]) == pattern
    }

    /// The name after one of `keywords` when a declaration starts at `index`.
    static func word(after keywords: [String], in code: [Character], at index: Int) -> String? {
        guard index == 0 || !(code[index - 1].isLetter || code[index - 1].isNumber || code[index - 1] == "_") else {
            return nil
        }
        for keyword in keywords where matches(keyword + " ", code, index) {
            var cursor = index + keyword.count + 1
            var name = ""
            while cursor < code.count, code[cursor].isLetter || code[cursor].isNumber || code[cursor] == "_" {
                name.append(code[cursor])
                cursor += 1
            }
            return name.isEmpty ? nil : name
        }
        return nil
    }

    static func function(in code: [Character], from start: Int)
        -> (name: String, parameters: [Parameter], isAsync: Bool, returnType: String?, end: Int)?
    {
        var index = start + "public func ".count
        var name = ""
        while index < code.count, code[index] != "(", code[index] != "<" {
            name.append(code[index])
            index += 1
        }
        if index < code.count, code[index] == "<" { index = balanced(code, from: index, open: "<", close: ">") }
        guard index < code.count, code[index] == "(" else { return nil }
        let close = balanced(code, from: index, open: "(", close: ")")
        let parameterText = String(code[(index + 1)..<(close - 1)])
        var headerEnd = close
        while headerEnd < code.count, code[headerEnd] != "{" { headerEnd += 1 }
        let header = String(code[close..<headerEnd]).split(separator: " where ").first.map(String.init) ?? ""
        let effects = header.components(separatedBy: "->").first ?? ""
        let returnType =
            header.contains("->")
            ? header.components(separatedBy: "->").dropFirst().joined(separator: "->").trimmingCharacters(
                in: .whitespacesAndNewlines)
            : nil
        let parameters = topLevelSplit(parameterText).map { text -> Parameter in
            let colon = text.firstIndex(of: ":") ?? text.endIndex
            let names = text[..<colon].split(whereSeparator: \.isWhitespace).filter { !$0.hasPrefix("@") }
            let type = text[colon...].dropFirst().split(separator: "=").first.map(String.init) ?? ""
            return Parameter(
                label: String(names.first ?? ""), type: type.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let isAsync = effects.split(whereSeparator: { $0.isWhitespace }).contains("async")
        return (name.trimmingCharacters(in: .whitespaces), parameters, isAsync, returnType, headerEnd)
    }

    /// The index just past the bracket that closes the one at `start`.
    static func balanced(_ code: [Character], from start: Int, open: Character, close: Character) -> Int {
        var depth = 0
        var index = start
        while index < code.count {
            if code[index] == open { depth += 1 }
            if code[index] == close, !(close == ">" && index > 0 && code[index - 1] == "-") {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            index += 1
        }
        return code.count
    }

    /// Splits at commas outside brackets.
    static func topLevelSplit(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var previous: Character = " "
        for character in text {
            if "([<".contains(character) { depth += 1 }
            if ")]".contains(character) || (character == ">" && previous != "-") { depth -= 1 }
            if character == ",", depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        if !current.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { parts.append(current) }
        return parts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }
}
