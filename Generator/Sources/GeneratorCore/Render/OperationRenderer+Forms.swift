/// A multipart body of several forms (`BodyDecl.multipartForms`): its enum (the `switch` that
/// turns the chosen case into parts is a step of the request plan, `RequestStep.switchForms`).
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
}
