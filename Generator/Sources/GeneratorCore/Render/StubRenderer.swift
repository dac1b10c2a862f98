/// The testing module (`<Module>Testing`): `<Module>Stubs`, a value with one answer closure per
/// operation, and for each operation a `<Operation>Call` that reads the request the engine sent
/// back into the operation's typed arguments. Depends on the API module and `APITesting`.
public enum StubRenderer {
    /// The testing module's name for an API module.
    public static func moduleName(for apiModule: String) -> String { apiModule + "Testing" }

    public static func render(_ module: ModuleDecl) -> [GeneratedFile] {
        let header = """
            \(FileLayout.headerMarker) from \(module.sourceName) — do not edit.
            // Regenerate with `\(module.regenerateCommand)`.

            import Foundation
            import APIRuntime
            import APITesting
            import \(module.moduleName)

            """
        let stubs = module.moduleName + "Stubs"
        var files = [GeneratedFile(name: stubs + ".swift", contents: header + "\n" + renderStubs(module, name: stubs))]
        var groups: [String] = []
        var byGroup: [String: [OperationDecl]] = [:]
        for operation in module.operations {
            if byGroup[operation.group] == nil { groups.append(operation.group) }
            byGroup[operation.group, default: []].append(operation)
        }
        for group in groups {
            var writer = SwiftWriter()
            writer.block("extension \(stubs)") { w in
                for (index, operation) in (byGroup[group] ?? []).enumerated() {
                    if index > 0 { w.line() }
                    StubCallRenderer.render(operation, into: &w)
                }
            }
            let base = group.hasSuffix("API") ? String(group.dropLast(3)) : group
            files.append(GeneratedFile(name: base + "Calls.swift", contents: header + "\n" + writer.text))
        }
        return files.sorted { $0.name < $1.name }
    }

    static func callTypeName(_ operation: OperationDecl) -> String {
        SwiftNames.capitalizeFirst(SwiftNames.bare(operation.swiftName)) + "Call"
    }

    private static func renderStubs(_ module: ModuleDecl, name: String) -> String {
        var writer = SwiftWriter()
        writer.docs([
            "Typed answers for the operations of `\(module.moduleName)`, for tests and previews: set the closure of",
            "each operation a test expects; a call to any other fails with `StubError.unimplemented` naming it.",
            "Requests go through the real engine (security, encoding, middlewares) to `transport`, which",
            "answers with the encoding of the typed value, as a server would.",
        ])
        writer.block("public struct \(name): Sendable") { w in
            w.line("public init() {}")
            for operation in module.operations {
                let bare = SwiftNames.bare(operation.swiftName)
                let answer = "StubAnswer<\((operation.successType ?? .named("Void")).rendered)>"
                w.line()
                w.line("/// `\(operation.method) \(operation.path)`")
                w.line(
                    "public var \(operation.swiftName): @Sendable (\(callTypeName(operation))) async throws -> \(answer) ="
                )
                w.indent { w in w.line("{ _ in throw StubError.unimplemented(operation: \(swiftLiteral(bare))) }") }
            }
            w.line()
            w.line("/// Answers each call with the closure set for its operation when this is read.")
            w.block("public var transport: StubTransport") { w in
                w.line("let stubs = self")
                w.line("var transport = StubTransport()")
                for operation in module.operations { renderRoute(operation, into: &w) }
                w.line("return transport")
            }
        }
        return writer.text
    }

    private static func renderRoute(_ operation: OperationDecl, into writer: inout SwiftWriter) {
        let bare = SwiftNames.bare(operation.swiftName)
        let status = operation.successStatus
        let encoding: String
        if operation.successIsText {
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
            w.line("try await stubs.\(operation.swiftName)(\(callTypeName(operation))(request))\(encoding)")
        }
        writer.line("}")
    }
}
