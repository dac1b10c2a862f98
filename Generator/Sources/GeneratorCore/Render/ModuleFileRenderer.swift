/// The module's own file: what the whole document shares, its security schemes and servers.
enum ModuleFileRenderer {
    static func render(_ module: ModuleDecl) -> String {
        var writer = SwiftWriter(access: module.access)
        if !module.securitySchemes.isEmpty {
            writer.line()
            writer.line("/// The security schemes the API description declares; operations list the ones they accept,")
            writer.line("/// and credentials are configured by scheme name.")
            writer.block("extension SecurityScheme") { w in
                for scheme in module.securitySchemes {
                    if !scheme.docs.isEmpty { w.line("/// \(scheme.docs)") }
                    if !scheme.sourceDocs.isEmpty {
                        if !scheme.docs.isEmpty { w.line("///") }
                        w.docs(scheme.sourceDocs)
                    }
                    w.line(
                        w.head("let", scheme.swiftName, modifiers: ["static"])
                            + " = SecurityScheme(\(swiftLiteral(scheme.name)), \(kind(scheme.kind)))"
                    )
                }
            }
        }
        if !module.sharedSecurity.isEmpty {
            let shared = SecurityDecl(alternatives: module.sharedSecurity, perCall: [])
            let security = RequestPlanRenderer.expression(SecurityExpression.spelledOut(shared.alternatives))
            writer.line()
            writer.line("/// The requirement most operations declare; one that differs spells out its own.")
            writer.block("extension [SecurityRequirement]") { w in
                w.line("/// \(shared.alternatives.count > 1 ? "Any one of " : "")\(shared.summary).")
                // Out of line: inlined, every operation would build the table itself.
                // `@usableFromInline`: operations are emitted into the module that calls them.
                w.line("@usableFromInline @inline(never) static var shared: Self { \(security) }")
            }
        }
        if !module.sharedErrors.isEmpty {
            let entries = module.sharedErrors.map { "\(swiftLiteral($0.code)): \($0.type.rendered).self" }
            let quoted = module.sharedErrors.map { "`\($0.code)`" }
            let codes =
                quoted.count == 1
                ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
            let noun = quoted.count == 1 ? "answer" : "answers"
            writer.line()
            writer.line("/// The error payloads most operations document; one with more adds them to these, one that")
            writer.line("/// differs spells out its own table.")
            writer.block("extension [String: any (Decodable & Sendable).Type]") { w in
                w.line("/// The payload types of the \(codes) \(noun).")
                w.list("@usableFromInline @inline(never) static var shared: Self { [", entries, "] }")
                w.line()
                w.line("/// These and an operation's own entries.")
                w.line("@usableFromInline @inline(never)")
                w.line("static func shared(adding own: Self) -> Self { shared.merging(own) { _, new in new } }")
            }
        }
        if !module.servers.isEmpty {
            writer.line()
            writer.line("/// The servers the API description lists, as base URLs for the client's configuration.")
            writer.block(writer.head("enum", "Servers")) { w in
                for server in module.servers {
                    w.docs(server.docs)
                    render(server, into: &w)
                }
            }
        }
        return writer.text
    }

    private static func kind(_ kind: SecuritySchemeDecl.Kind) -> String {
        switch kind {
        case .bearer: return ".bearer"
        case .basic: return ".basic"
        case .apiKey(let name, let location):
            return ".apiKey(name: \(swiftLiteral(name)), location: .\(location.rawValue))"
        }
    }

    private static func render(_ server: ServerDecl, into writer: inout SwiftWriter) {
        guard !server.variables.isEmpty else {
            let literal = swiftLiteral(server.url)
            if server.isRelative {
                let head = writer.head("func", server.swiftName, modifiers: ["static"])
                writer.block(head + "(relativeTo origin: URL) throws -> URL") { w in
                    w.line("try ServerURL.relative(\(literal), to: origin)")
                }
            } else {
                writer.line(
                    writer.head("let", server.swiftName, modifiers: ["static"]) + " = ServerURL.constant(\(literal))")
            }
            return
        }
        let parameters =
            (server.isRelative ? ["relativeTo origin: URL"] : [])
            + server.variables.map { "\($0.swiftName): String = \(swiftLiteral($0.defaultValue))" }
        let head = writer.head("func", server.swiftName, modifiers: ["static"])
        writer.block(head + "(\(parameters.joined(separator: ", "))) throws -> URL") {
            w in
            w.line("try ServerURL.expand(")
            w.indent { w in
                w.line("\(swiftLiteral(server.url)),")
                let entries = server.variables.map { variable in
                    let allowed = "[" + variable.values.map(swiftLiteral).joined(separator: ", ") + "]"
                    return "(\(swiftLiteral(variable.name)), \(variable.swiftName), \(allowed))"
                }
                let origin = server.isRelative ? ", relativeTo: origin" : ""
                w.line("[" + entries.joined(separator: ", ") + "]" + origin + ")")
            }
        }
    }
}
