/// Operation groups → one `public struct <Tag>API` per tag.
package enum OperationRenderer {
    static func render(group: String, docs: [String] = [], operations: [OperationDecl], into writer: inout SwiftWriter)
    {
        if docs.isEmpty {
            writer.line("/// The operations tagged `\(OperationGroupNames.base(of: group))`.")
        } else {
            for line in docs { writer.line(line.isEmpty ? "///" : "/// " + line) }
        }
        writer.block(writer.head("struct", group, conformances: ["Sendable"])) { w in
            w.line(w.head("let", "client") + ": any APIClientProtocol")
            w.line()
            w.line(w.head("init") + "(client: any APIClientProtocol) { self.client = client }")
            for operation in operations {
                w.line()
                renderOperation(operation, into: &w)
            }
        }
        for operation in operations { renderCompanions(operation, into: &writer) }
    }

    /// The types an operation declares beside its group: its response headers, its body's forms.
    static func renderCompanions(_ operation: OperationDecl, into writer: inout SwiftWriter) {
        if !operation.responseHeaders.isEmpty {
            writer.line()
            renderHeaders(operation, into: &writer)
        }
        if case .multipartForms(let typeName, let forms, _)? = operation.body {
            writer.line()
            renderForms(operation, typeName: typeName, forms: forms, into: &writer)
        }
    }

    /// `<Operation>Headers(response.headers)`: the declared response headers, typed; every header
    /// stays available raw in `APIResponse.headers`.
    static func renderHeaders(_ operation: OperationDecl, into writer: inout SwiftWriter) {
        let name = operation.responseHeadersTypeName
        writer.line("/// The response headers `\(SwiftNames.bare(operation.swiftName))` declares.")
        writer.block(writer.head("struct", name, conformances: ["Sendable", "Hashable"])) { w in
            for header in operation.responseHeaders {
                if let docs = header.docs, !docs.isEmpty { w.line("/// \(docs)") }
                w.line(w.head("let", header.swiftName) + ": \(header.type)?")
            }
            w.line()
            w.block(w.head("init") + "(_ headers: HeaderFields)") { w in
                for header in operation.responseHeaders {
                    let read = "headers[\(swiftLiteral(header.wireName))]"
                    let value = header.type == "String" ? read : "\(read).flatMap { \(header.type)($0) }"
                    w.line("self.\(header.swiftName) = \(value)")
                }
            }
        }
    }

    static func renderOperation(_ operation: OperationDecl, into writer: inout SwiftWriter) {
        writer.docs(operation.docs)
        if operation.deprecated { writer.line("@available(*, deprecated)") }
        let signature = operation.arguments.map { argument in
            let names =
                argument.label == argument.localName ? argument.label : argument.label + " " + argument.localName
            return names + ": " + argument.declaredType
        }
        // The attributes sit on the declaration's line, as Apple's own headers write them, unless
        // they alone would make a one-line signature wrap. `@_alwaysEmitIntoClient`: an operation
        // is compiled into the module that calls it, so an app carries only the operations it
        // uses (on ELF every public symbol survives dead stripping); a module that is not
        // public has no such attribute (`DeclarationHead`).
        let declaration = writer.declarationHead(
            "func", operation.swiftName, attributes: ["@discardableResult"], emittedIntoClient: true)
        let head = declaration.declarationText + "("
        let tail = ") async throws -> \(operation.returnType.rendered) {"
        let attribute = declaration.attributeText
        let oneLine = head + signature.joined(separator: ", ") + tail
        if writer.fits(oneLine) && !writer.fits(attribute + " " + oneLine) {
            writer.line(attribute)
            writer.line(oneLine)
        } else {
            writer.list(attribute + " " + head, signature, tail)
        }
        writer.indent { w in RequestPlanRenderer.render(operation.requestPlan, into: &w) }
        writer.line("}")
    }
}
