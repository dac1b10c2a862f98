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
        writer.indent { w in renderBody(operation, into: &w) }
        writer.line("}")
    }

    private static func renderBody(_ operation: OperationDecl, into writer: inout SwiftWriter) {
        let request = operation.locals.request
        var statements: [String] = []
        for item in operation.constantQuery {
            statements.append(
                "\(request).query.append(QueryItem(\(swiftLiteral(item.name)), \(swiftLiteral(item.value))))")
        }
        for parameter in operation.parameters where parameter.location == .query {
            statements.append(queryStatement(parameter, target: request + ".query"))
        }
        for parameter in operation.parameters where parameter.location == .querystring {
            statements.append(querystringStatement(parameter, request: request))
        }
        for parameter in operation.parameters where parameter.location == .header {
            statements.append("\(request).headers.add(\(swiftLiteral(parameter.wireName)), \(parameter.localName))")
        }
        // Cookies travel in the engine's one `Cookie` header, next to any cookie credential.
        for parameter in operation.parameters where parameter.location == .cookie {
            statements.append(queryStatement(parameter, target: request + ".cookies"))
        }
        if case .multipartForms(_, let forms, let required)? = operation.body {
            statements += formsStatements(operation, forms: forms, required: required, at: writer)
        } else {
            statements += bodyStatements(operation)
        }
        if operation.successStream != nil {
            statements.append("\(request).streamsResponse = true")
            statements.append(
                "\(request).headers.add(\"Accept\", \(swiftLiteral(operation.successStreamMediaType)))")
        } else if operation.successIsBinary {
            statements.append("\(request).responseKind = .binary")
        } else if operation.successType == nil {
            statements.append("\(request).responseKind = .empty")
        }
        // The error table is always the request's last argument: on one line when it fits there,
        // its entries packed one level deeper when it does not.
        let errorEntries = (operation.usesSharedErrors ? operation.ownErrorTypes : operation.errorTypes).map {
            "\(swiftLiteral($0.code)): \($0.type.rendered).self"
        }
        let (errorsOpening, errorsClosing) =
            operation.usesSharedErrors ? ("errors: .shared(adding: [", "])") : ("errors: [", "]")
        let errors =
            operation.usesSharedErrors && errorEntries.isEmpty
            ? "errors: .shared" : errorsOpening + errorEntries.joined(separator: ", ") + errorsClosing
        let hasErrors = !errorEntries.isEmpty || operation.usesSharedErrors
        let errorsFit = writer.fits(errors + ")", levels: 1)
        if let retryable = operation.retryable { statements.append("\(request).retryable = \(retryable)") }
        if operation.needsExclusiveConnection { statements.append("\(request).needsExclusiveConnection = true") }
        if !operation.followsRedirects { statements.append("\(request).followsRedirects = false") }
        let perCall = operation.security.perCall.map {
            "\(request).credentials[\(swiftLiteral($0.scheme.name))] = .apiKey(\($0.localName))"
        }
        statements = perCall + statements
        let security = operation.usesSharedSecurity ? ".shared" : securityExpression(operation.security)
        var arguments = [
            "operationName: \(swiftLiteral(SwiftNames.bare(operation.swiftName)))",
            "method: \(methodExpression(operation.method))", "pathTemplate: \(swiftLiteral(operation.path))",
            "path: \(pathExpression(operation))",
        ]
        if !security.isEmpty { arguments.append("security: " + security) }
        let opening = "\(statements.isEmpty ? "let" : "var") \(request) = APIRequest("
        if !hasErrors || errorsFit {
            if hasErrors { arguments.append(errors) }
            writer.list(opening, arguments, ")", closesLastLine: true)
        } else {
            writer.line(opening)
            writer.indent { w in
                w.pack(arguments + [errorsOpening])
                w.indent { w in w.pack(errorEntries) }
                w.line(errorsClosing + ")")
            }
        }
        for statement in statements { writer.line(statement) }
        if let framing = operation.successStream, let item = operation.successType {
            let read =
                item == .named("ServerSentEvent")
                ? "$0.serverSentEvents()" : "$0.stream(of: \(item.rendered).self, framing: .\(framing))"
            writer.line("return try await client.perform(\(request)) { \(read) }")
        } else if operation.successIsText {
            writer.line("return try await client.perform(\(request)) { try $0.text() }")
        } else if operation.successIsBinary {
            writer.line("return try await client.perform(\(request)) { $0.data() }")
        } else if let type = operation.successType {
            writer.line("return try await client.perform(\(request)) { try $0.decode(\(type.rendered).self) }")
        } else {
            writer.line("return try await client.perform(\(request)) { $0.empty() }")
        }
    }

    /// `[[.bearerAuth], [.apiKeyAuth]]`; empty when the operation sends no credential.
    static func securityExpression(_ security: SecurityDecl) -> String {
        guard !security.alternatives.isEmpty else { return "" }
        let alternatives = security.alternatives.map { set in
            "[" + set.map { "." + SwiftNames.bare($0.swiftName) }.joined(separator: ", ") + "]"
        }
        return "[" + alternatives.joined(separator: ", ") + "]"
    }

    /// `.get` for a method with a member of its own, else the checked name (the rules pass refused
    /// a name that is not a token, so the unwrap cannot fail).
    static func methodExpression(_ method: OperationMethod) -> String {
        method.isFixedField ? "." + method.rawValue : "RequestMethod(rawValue: \(swiftLiteral(method.wire)))!"
    }

    /// An `in: querystring` parameter is the whole query: a form's members as items, or one text.
    static func querystringStatement(_ parameter: ParameterDecl, request: String) -> String {
        let name = parameter.localName
        switch parameter.arrayStyle {
        case "form":
            return "try \(request).query.add(formFields: \(swiftLiteral(parameter.wireName)), encoding: \(name))"
        case "json": return "try \(request).setWholeQuery(json: \(name))"
        default: return "\(request).setWholeQuery(text: \(name))"
        }
    }

    static func queryStatement(_ parameter: ParameterDecl, target: String) -> String {
        if parameter.arrayStyle == "deepObject" {
            let name = swiftLiteral(parameter.wireName)
            return "try \(target).add(deepObject: \(name), encoding: \(parameter.localName))"
        }
        if case .array = parameter.type, let style = parameter.arrayStyle, style != "exploded" {
            return "\(target).add(\(swiftLiteral(parameter.wireName)), \(parameter.localName), style: .\(style))"
        }
        return "\(target).add(\(swiftLiteral(parameter.wireName)), \(parameter.localName))"
    }

    private static func bodyStatements(_ operation: OperationDecl) -> [String] {
        let body = operation.locals.body
        let request = operation.locals.request
        let form = operation.locals.form
        let parts = operation.locals.parts
        switch operation.body {
        case .json(_, let contentType, let required)?:
            let typeArgument = contentType == "application/json" ? "" : ", contentType: \(swiftLiteral(contentType))"
            return required
                ? ["\(request).body = try .encoding(\(body)\(typeArgument))"]
                : ["if let \(body) { \(request).body = try .encoding(\(body)\(typeArgument)) }"]
        case .raw(let contentType, let required)?:
            let value = ".raw(\(body), contentType: \(swiftLiteral(contentType)))"
            return required ? ["\(request).body = \(value)"] : ["if let \(body) { \(request).body = \(value) }"]
        case .text(let contentType, let required)?:
            let value = ".raw(Data(\(body).utf8), contentType: \(swiftLiteral(contentType)))"
            return required ? ["\(request).body = \(value)"] : ["if let \(body) { \(request).body = \(value) }"]
        case .form(let fields, _)?:
            // A required body the document gives no field is still sent, empty, as declared.
            guard !fields.isEmpty else { return ["\(request).body = .form([])"] }
            var lines = ["var \(form): [QueryItem] = []"]
            for field in fields {
                if field.kind == .json {
                    let name = field.parameter.localName
                    let encode = "String(decoding: try JSONCoding.encode(\(name)), as: UTF8.self)"
                    lines.append(
                        field.parameter.required
                            ? "\(form).add(\(swiftLiteral(field.parameter.wireName)), \(encode))"
                            : "if let \(name) { \(form).add(\(swiftLiteral(field.parameter.wireName)), \(encode)) }")
                } else {
                    lines.append(queryStatement(field.parameter, target: form))
                }
            }
            return lines + ["\(request).body = .form(\(form))"]
        case .multipart(let fields, _)?:
            // Every part present exactly once: the list is one expression when it fits on a line.
            let single = fields.allSatisfy { field in
                guard field.parameter.required else { return false }
                if case .array = field.parameter.type, field.kind == .text { return false }
                return true
            }
            if single {
                let items = fields.map(multipartPart)
                let needsTry = fields.contains { $0.kind == .json }
                let statement =
                    "\(request).body = \(needsTry ? "try " : "").multipart([\(items.joined(separator: ", "))])"
                if 8 + characterCount(statement) <= SwiftWriter.lineLength { return [statement] }
            }
            var lines = ["var \(parts): [MultipartPart] = []"]
            for field in fields { lines.append(multipartStatement(field, into: parts)) }
            return lines + ["\(request).body = .multipart(\(parts))"]
        case .multipartForms?, nil:
            return []
        }
    }

    /// One required part as an expression (a text array is a loop, never this).
    private static func multipartPart(_ field: FormField) -> String {
        let name = field.parameter.localName
        let wire = swiftLiteral(field.parameter.wireName)
        switch field.kind {
        case .file:
            let type = field.contentType.map { ", defaultContentType: \(swiftLiteral($0))" } ?? ""
            return "\(name).part(named: \(wire)\(type))"
        case .json: return ".json(\(wire), \(name))"
        case .text: return ".field(\(wire), \(name).parameterText)"
        }
    }

    static func multipartStatement(_ field: FormField, into parts: String) -> String {
        let name = field.parameter.localName
        let wire = swiftLiteral(field.parameter.wireName)
        let append: String
        switch field.kind {
        case .file:
            let type = field.contentType.map { ", defaultContentType: \(swiftLiteral($0))" } ?? ""
            append = "\(parts).append(\(name).part(named: \(wire)\(type)))"
        case .json:
            append = "\(parts).append(try .json(\(wire), \(name)))"
        case .text:
            if case .array = field.parameter.type {
                return field.parameter.required
                    ? "for value in \(name) { \(parts).append(.field(\(wire), value.parameterText)) }"
                    : "for value in \(name) ?? [] { \(parts).append(.field(\(wire), value.parameterText)) }"
            }
            append = "\(parts).append(.field(\(wire), \(name).parameterText))"
        }
        return field.parameter.required ? append : "if let \(name) { \(append) }"
    }

    /// `"/v1/accounts/\(accountId)/documents"`: path parameters percent-encoded by `RequestPath`.
    static func pathExpression(_ operation: OperationDecl) -> String {
        var result = ""
        var name: String?
        for character in operation.path {
            if character == "{" {
                name = ""
            } else if character == "}", let current = name {
                if let parameter = operation.parameters.first(where: { $0.location == .path && $0.wireName == current })
                {
                    result += "\\(" + interpolation(parameter) + ")"
                } else {
                    result += "{\(current)}"
                }
                name = nil
            } else if name != nil {
                name?.append(character)
            } else {
                result += String(character) == "\"" ? "\\\"" : String(character) == "\\" ? "\\\\" : String(character)
            }
        }
        return "\"" + result + "\""
    }

    private static func interpolation(_ parameter: ParameterDecl) -> String {
        switch parameter.pathText {
        case .commaJoined: return "\(parameter.localName).map(\\.parameterText).joined(separator: \",\")"
        case .parameterText: return "\(parameter.localName).parameterText"
        case .interpolated: return parameter.localName
        }
    }
}
