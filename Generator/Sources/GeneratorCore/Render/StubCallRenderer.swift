/// `<Operation>Call`: the typed arguments of one call, read back from the request the engine
/// sent, as `StubCallPlan` decided (so the closure sees what the app passed).
enum StubCallRenderer {
    static func render(_ operation: OperationDecl, into writer: inout SwiftWriter) {
        let plan = operation.stubCall
        writer.line("/// The arguments of a `\(SwiftNames.bare(operation.swiftName))` call, as the engine sent them.")
        writer.block(writer.head("struct", StubRenderer.callTypeName(operation), conformances: ["Sendable"])) { w in
            for member in plan.members {
                if member.isFormsParts {
                    w.line("/// The multipart body's parts: which of its forms was sent is not read back.")
                }
                w.line(w.head("let", member.name) + ": \(member.type.rendered)" + (member.isOptional ? "?" : ""))
            }
            w.line("/// The request as it reached the transport.")
            w.line(w.head("let", plan.rawMember) + ": StubRequest")
            w.line()
            w.block(w.head("init") + "(_ request: StubRequest) throws") { w in
                w.line("self.\(plan.rawMember) = request")
                for member in plan.members {
                    let read = member.read.map(expression) ?? "Optional<\(member.type.rendered)>.none"
                    let value =
                        member.requiredName.map { "try request.required(\(read), \(swiftLiteral($0)))" }
                        ?? "try " + read
                    w.line("self.\(member.name) = \(value)")
                }
            }
        }
    }

    /// `request.query("name", as: Int.self)`.
    static func expression(_ read: StubRead) -> String {
        var arguments: [String] = []
        if let name = read.name { arguments.append(swiftLiteral(name)) }
        if let type = read.type { arguments.append((read.typeLabel.map { $0 + ": " } ?? "") + type.rendered + ".self") }
        if let style = read.style { arguments.append("style: ." + style) }
        return "request.\(read.accessor)(\(arguments.joined(separator: ", ")))"
    }
}
