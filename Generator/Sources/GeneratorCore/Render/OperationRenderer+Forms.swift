/// A multipart body of several forms (`BodyDecl.multipartForms`): its enum, and the `switch`
/// that turns the chosen case into parts.
extension OperationRenderer {
    /// `public enum <Operation>Request: Sendable { case beverage(name: String, …) }`.
    static func renderForms(
        _ operation: OperationDecl, typeName: String, forms: [MultipartForm], into writer: inout SwiftWriter
    ) {
        writer.line("/// The forms `\(SwiftNames.bare(operation.swiftName))` accepts as its multipart body.")
        writer.block(writer.head("enum", typeName, conformances: ["Sendable"])) { w in
            for form in forms {
                for constant in form.constants {
                    w.line("/// Sends `\(constant.name)` = `\(constant.value)`.")
                }
                guard !form.fields.isEmpty else {
                    w.line("case \(form.caseName)")
                    continue
                }
                let values = form.fields.map { field in
                    let type = field.parameter.type.rendered
                    return field.parameter.swiftName + ": " + type + (field.parameter.required ? "" : "? = nil")
                }
                w.list("case \(form.caseName)(", values, ")", closesLastLine: true)
            }
        }
    }

    /// `var parts …; switch body { case .beverage(let name, …): parts.append(…) }; request.body = …`,
    /// as lines indented relative to the function body.
    static func formsStatements(
        _ operation: OperationDecl, forms: [MultipartForm], required: Bool, at writer: SwiftWriter
    ) -> [String] {
        let request = operation.locals.request
        let parts = operation.locals.parts
        let body = operation.locals.body
        guard forms.contains(where: { !$0.fields.isEmpty || !$0.constants.isEmpty }) else {
            return required
                ? ["\(request).body = .multipart([])"] : ["if \(body) != nil { \(request).body = .multipart([]) }"]
        }
        var inner = writer.nested()
        let render = { (w: inout SwiftWriter) in
            w.line("var \(parts): [MultipartPart] = []")
            w.switchBlock("switch \(body)") { w in
                for form in forms {
                    let pattern = "case .\(form.caseName)"
                    if form.fields.isEmpty {
                        w.line(pattern + ":")
                    } else {
                        w.list(pattern + "(", form.fields.map { "let " + $0.parameter.localName }, "):")
                    }
                    w.indent { w in
                        for constant in form.constants {
                            let text = ".field(\(swiftLiteral(constant.name)), \(swiftLiteral(constant.value)))"
                            w.line("\(parts).append(\(text))")
                        }
                        for field in form.fields { w.line(multipartStatement(field, into: parts)) }
                    }
                }
            }
            w.line("\(request).body = .multipart(\(parts))")
        }
        if required {
            render(&inner)
        } else {
            inner.block("if let \(body)") { render(&$0) }
        }
        let lines = inner.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let base = lines.first.map { $0.prefix { $0 == " " }.count } ?? 0
        return lines.map { String($0.dropFirst(base)) }
    }
}
