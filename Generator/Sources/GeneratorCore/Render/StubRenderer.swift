/// The testing module (`<Module>Testing`): `<Module>Stubs`, a value with one answer closure per
/// operation, and for each operation a `<Operation>Call` that reads the request the engine sent
/// back into the operation's typed arguments. Depends on the API module and `APITesting`.
public enum StubRenderer {
    /// The testing module's name for an API module.
    public static func moduleName(for apiModule: String) -> String { apiModule + "Testing" }

    /// `examples`: each operation's example success body by its Swift name (`ExampleAnswers`),
    /// written as `<Module>Stubs.examples`.
    public static func render(_ module: ModuleDecl, examples: [String: String] = [:]) -> [GeneratedFile] {
        let header = """
            \(FileLayout.headerMarker) from \(module.sourceName) — do not edit.
            // Regenerate with `\(module.regenerateCommand)`.

            import Foundation
            import APIRuntime
            import APITesting
            import \(module.moduleName)

            """
        let stubs = module.moduleName + "Stubs"
        var files = [
            GeneratedFile(name: stubs + ".swift", contents: header + "\n" + renderStubs(module, name: stubs)),
            GeneratedFile(
                name: module.moduleName + "Examples.swift",
                contents: header + "\n" + renderExamples(module, name: stubs, examples: examples)),
        ]
        var groups: [String] = []
        var byGroup: [String: [OperationDecl]] = [:]
        for operation in module.operations {
            if byGroup[operation.group] == nil { groups.append(operation.group) }
            byGroup[operation.group, default: []].append(operation)
        }
        for group in groups {
            var writer = SwiftWriter(access: module.access)
            writer.block("extension \(stubs)") { w in
                for (index, operation) in (byGroup[group] ?? []).enumerated() {
                    if index > 0 { w.line() }
                    StubCallRenderer.render(operation, into: &w)
                }
            }
            let base = OperationGroupNames.base(of: group)
            files.append(GeneratedFile(name: base + "Calls.swift", contents: header + "\n" + writer.text))
        }
        return files.sorted { $0.name < $1.name }
    }

    /// The stubs' own members, which an operation's closure must not take.
    static let reservedMembers: Set<String> = ["transport", "examples", "checkExamples", "init"]

    /// The closure property of an operation: its Swift name, with `Operation` added when that is
    /// one of the stubs' own members (the property's doc comment says so).
    static func member(_ operation: OperationDecl) -> String {
        let bare = SwiftNames.bare(operation.swiftName)
        return reservedMembers.contains(bare) ? bare + "Operation" : operation.swiftName
    }

    static func callTypeName(_ operation: OperationDecl) -> String {
        SwiftNames.capitalizeFirst(SwiftNames.bare(operation.swiftName)) + "Call"
    }

    private static func renderStubs(_ module: ModuleDecl, name: String) -> String {
        var writer = SwiftWriter(access: module.access)
        writer.docs([
            "Typed answers for the operations of `\(module.moduleName)`, for tests and previews: set the closure of",
            "each operation a test expects; a call to any other fails with `StubError.unimplemented` naming it.",
            "Requests go through the real engine (security, encoding, middlewares) to `transport`, which",
            "answers with the encoding of the typed value, as a server would.",
        ])
        writer.block(writer.head("struct", name, conformances: ["Sendable"])) { w in
            w.line(w.head("init") + "() {}")
            for operation in module.operations {
                let bare = SwiftNames.bare(operation.swiftName)
                let answer = "StubAnswer<\(answerType(operation).rendered)>"
                w.line()
                w.line("/// `\(operation.method.wire) \(operation.path)`")
                if member(operation) != operation.swiftName {
                    w.line("/// (`\(bare)` here is the stubs' own member, so this one is `\(member(operation))`.)")
                }
                w.line(
                    w.head("var", member(operation))
                        + ": @Sendable (\(callTypeName(operation))) async throws -> \(answer) ="
                )
                w.indent { w in w.line("{ _ in throw StubError.unimplemented(operation: \(swiftLiteral(bare))) }") }
            }
            w.line()
            w.line("/// Answers each call with the closure set for its operation when this is read.")
            w.block(w.head("var", "transport") + ": StubTransport") { w in
                // A document without operations: nothing to route (and no unused locals).
                guard !module.operations.isEmpty else { return w.line("StubTransport()") }
                w.line("let stubs = self")
                w.line("var transport = StubTransport()")
                for operation in module.operations { renderRoute(operation, into: &w) }
                w.line("return transport")
            }
        }
        return writer.text
    }

    private static func renderExamples(_ module: ModuleDecl, name: String, examples: [String: String]) -> String {
        var writer = SwiftWriter(access: module.access)
        // JSON and text answers have a body to write down; bytes are answered with placeholder bytes.
        let json = module.operations.filter { $0.successType != nil && (!$0.successIsBinary || $0.successIsText) }
        writer.block("extension \(name)") { w in
            w.docs([
                "Every operation answered with an example: the document's own where it has one, otherwise a",
                "value built from the operation's schema. `\(name).examples.transport` answers a whole app",
                "offline (previews); a test replaces the closures it cares about. An example that does not",
                "decode into the operation's type fails that call, naming the type (see `checkExamples()`).",
            ])
            w.block(w.head("var", "examples", modifiers: ["static"]) + ": Self") { w in
                guard !module.operations.isEmpty else { return w.line("Self()") }
                w.line("var stubs = Self()")
                for operation in module.operations {
                    let answer: String
                    if operation.successStream != nil, operation.successType == Self.rawEvent {
                        answer = ".ok([ServerSentEvent(data: ExampleBody.\(operation.swiftName))])"
                    } else if operation.successStream != nil {
                        answer = "try .example(item: ExampleBody.\(operation.swiftName))"
                    } else if operation.successIsText {
                        answer = ".ok(ExampleBody.\(operation.swiftName))"
                    } else if operation.successIsBinary {
                        // Bytes, not none: an empty body is a missing one to a validator.
                        answer = ".ok(Data(\"example\".utf8))"
                    } else if operation.successType != nil {
                        answer = "try .example(ExampleBody.\(operation.swiftName))"
                    } else {
                        answer = ".ok()"
                    }
                    w.line("stubs.\(member(operation)) = { _ in \(answer) }")
                }
                w.line("return stubs")
            }
            w.line()
            w.line("/// Decodes every JSON example into its operation's type; throws for the first that does not.")
            w.block(w.head("func", "checkExamples", modifiers: ["static"]) + "() throws") { w in
                for operation in json where !operation.successIsText && operation.successType != Self.rawEvent {
                    let type = answerType(operation).rendered
                    let argument = operation.successStream == nil ? "" : "item: "
                    w.line("_ = try StubAnswer<\(type)>.example(\(argument)ExampleBody.\(operation.swiftName))")
                }
            }
            w.line()
            w.line("/// The example bodies as JSON (or text), by operation: what `examples` answers with.")
            w.block(w.head("enum", "ExampleBody")) { w in
                for operation in json {
                    let fallback = operation.successIsText || operation.successType == Self.rawEvent ? "example" : "{}"
                    let text = swiftLiteral(examples[operation.swiftName] ?? fallback)
                    w.line(w.head("let", operation.swiftName, modifiers: ["static"]) + " = \(text)")
                }
            }
        }
        return writer.text
    }

    /// An event stream's item when its data has no documented type.
    static let rawEvent = SwiftType.named("ServerSentEvent")

    /// What a stub's closure answers with: the success type, or for a stream all of its items.
    static func answerType(_ operation: OperationDecl) -> SwiftType {
        let success = operation.successType ?? .named("Void")
        return operation.successStream == nil ? success : .array(success)
    }

    private static func renderRoute(_ operation: OperationDecl, into writer: inout SwiftWriter) {
        let bare = SwiftNames.bare(operation.swiftName)
        let status = operation.successStatus
        let encoding: String
        if let framing = operation.successStream {
            let type = swiftLiteral(operation.successStreamMediaType)
            encoding =
                operation.successType == Self.rawEvent
                ? ".events(defaultStatus: \(status), contentType: \(type))"
                : ".stream(defaultStatus: \(status), contentType: \(type), framing: .\(framing))"
        } else if operation.successIsText {
            let type = swiftLiteral(operation.successContentType ?? "text/plain")
            encoding = ".text(defaultStatus: \(status), contentType: \(type))"
        } else if operation.successIsBinary {
            let type = swiftLiteral(operation.successContentType ?? "application/octet-stream")
            encoding = ".binary(defaultStatus: \(status), contentType: \(type))"
        } else if operation.successType != nil {
            let type = operation.successContentType ?? "application/json"
            encoding =
                type == "application/json"
                ? ".json(defaultStatus: \(status))"
                : ".json(defaultStatus: \(status), contentType: \(swiftLiteral(type)))"
        } else {
            encoding = ".empty(defaultStatus: \(status))"
        }
        writer.line(
            "transport.route(\(swiftLiteral(bare)), pathTemplate: \(swiftLiteral(operation.path))) { request in")
        writer.indent { w in
            w.line("try await stubs.\(member(operation))(\(callTypeName(operation))(request))\(encoding)")
        }
        writer.line("}")
    }
}
