/// `<Operation>Call`: the typed arguments of one call, read back from the request the engine
/// sent, each the way `OperationRenderer` wrote it (so the closure sees what the app passed).
enum StubCallRenderer {
    static func render(_ operation: OperationDecl, into writer: inout SwiftWriter) {
        let bare = SwiftNames.bare(operation.swiftName)
        // The raw request's member must not take an argument's name.
        let labels = Set(operation.arguments.map { SwiftNames.bare($0.label) })
        let raw = labels.contains("request") ? "stubRequest" : "request"
        writer.line("/// The arguments of a `\(bare)` call, as the engine sent them.")
        writer.block(writer.head("struct", StubRenderer.callTypeName(operation), conformances: ["Sendable"])) { w in
            for argument in operation.arguments {
                // A body of several multipart forms is not read back into its enum: the closure
                // gets its parts, as they were sent, and says so.
                if isFormsBody(argument, of: operation) {
                    w.line("/// The multipart body's parts: which of its forms was sent is not read back.")
                    w.line(
                        w.head("let", SwiftNames.escaped(SwiftNames.bare(argument.label))) + ": [MultipartPart]"
                            + (argument.required ? "" : "?"))
                    continue
                }
                let type = argument.type.rendered + (argument.required ? "" : "?")
                w.line(w.head("let", SwiftNames.escaped(SwiftNames.bare(argument.label))) + ": \(type)")
            }
            w.line("/// The request as it reached the transport.")
            w.line(w.head("let", raw) + ": StubRequest")
            w.line()
            w.block(w.head("init") + "(_ request: StubRequest) throws") { w in
                w.line("self.\(raw) = request")
                for argument in operation.arguments {
                    let member = SwiftNames.escaped(SwiftNames.bare(argument.label))
                    let read = reading(argument, of: operation)
                    // A path parameter is never absent: a path that does not fit fails the route.
                    let value =
                        argument.required && !read.expression.hasPrefix("request.path")
                        ? "try request.required(\(read.expression), \(swiftLiteral(read.name)))"
                        : "try " + read.expression
                    w.line("self.\(member) = \(value)")
                }
            }
        }
    }

    private static func isFormsBody(_ argument: ArgumentDecl, of operation: OperationDecl) -> Bool {
        guard case .multipartForms(let typeName, _, _)? = operation.body else { return false }
        return argument.type.rendered == typeName
    }

    /// The expression that reads one argument (optional-valued) and the name a failure gives.
    private static func reading(_ argument: ArgumentDecl, of operation: OperationDecl) -> (
        expression: String, name: String
    ) {
        if let parameter = operation.parameters.first(where: { $0.localName == argument.localName }) {
            return (parameterReading(parameter), parameter.wireName)
        }
        if let credential = operation.security.perCall.first(where: { $0.localName == argument.localName }) {
            return (credentialReading(credential.scheme), credential.scheme.name)
        }
        switch operation.body {
        case .multipart(let fields, _)?:
            if let field = fields.first(where: { $0.parameter.localName == argument.localName }) {
                return (multipartReading(field), field.parameter.wireName)
            }
        case .form(let fields, _)?:
            if let field = fields.first(where: { $0.parameter.localName == argument.localName }) {
                return (formReading(field), field.parameter.wireName)
            }
        case .json(let type, _, _)?: return ("request.json(\(type.rendered).self)", "the body")
        case .multipartForms?: return ("request.parts()", "the body")
        case .raw?: return ("request.data()", "the body")
        case .text?: return ("request.text()", "the body")
        case nil: break
        }
        // Every argument is a parameter, a credential or the body: nothing else reaches here.
        return ("Optional<\(argument.type.rendered)>.none", argument.label)
    }

    private static func parameterReading(_ parameter: ParameterDecl) -> String {
        let name = swiftLiteral(parameter.wireName)
        if parameter.location == .querystring {
            let style = parameter.arrayStyle == "form" ? "form" : parameter.arrayStyle == "json" ? "json" : "text"
            return "request.querystring(\(name), as: \(parameter.type.rendered).self, style: .\(style))"
        }
        if parameter.arrayStyle == "deepObject" {
            return "request.deepObject(\(name), as: \(parameter.type.rendered).self)"
        }
        let style = parameter.arrayStyle.flatMap { $0 == "exploded" ? nil : ", style: .\($0)" } ?? ""
        switch (parameter.location, parameter.type) {
        case (.path, .array(let element)): return "request.pathArray(\(name), of: \(element.rendered).self)"
        case (.path, let type): return "request.path(\(name), as: \(type.rendered).self)"
        case (.query, .array(let element)): return "request.queryArray(\(name), of: \(element.rendered).self\(style))"
        case (.query, let type): return "request.query(\(name), as: \(type.rendered).self)"
        case (.header, .array(let element)): return "request.headerArray(\(name), of: \(element.rendered).self)"
        case (.header, let type): return "request.header(\(name), as: \(type.rendered).self)"
        case (.cookie, .array(let element)): return "request.cookieArray(\(name), of: \(element.rendered).self\(style))"
        case (.cookie, let type): return "request.cookie(\(name), as: \(type.rendered).self)"
        case (.querystring, _): return "request.querystring(\(name), as: \(parameter.type.rendered).self, style: .text)"
        }
    }

    private static func credentialReading(_ scheme: SecuritySchemeDecl) -> String {
        switch scheme.kind {
        case .bearer: return "request.bearerToken()"
        case .basic: return "request.header(\"Authorization\", as: String.self)"
        case .apiKey(let name, .header): return "request.header(\(swiftLiteral(name)), as: String.self)"
        case .apiKey(let name, .query): return "request.query(\(swiftLiteral(name)), as: String.self)"
        case .apiKey(let name, .cookie): return "request.cookie(\(swiftLiteral(name)), as: String.self)"
        }
    }

    private static func formReading(_ field: FormField) -> String {
        let name = swiftLiteral(field.parameter.wireName)
        if field.kind == .json { return "request.formJSON(\(name), as: \(field.parameter.type.rendered).self)" }
        if case .array(let element) = field.parameter.type {
            let style = field.parameter.arrayStyle.flatMap { $0 == "exploded" ? nil : ", style: .\($0)" } ?? ""
            return "request.formArray(\(name), of: \(element.rendered).self\(style))"
        }
        return "request.form(\(name), as: \(field.parameter.type.rendered).self)"
    }

    private static func multipartReading(_ field: FormField) -> String {
        let name = swiftLiteral(field.parameter.wireName)
        switch (field.kind, field.parameter.type) {
        case (.file, .array): return "request.partFiles(\(name))"
        case (.file, _): return "request.partFile(\(name))"
        case (.json, let type): return "request.partJSON(\(name), as: \(type.rendered).self)"
        case (.text, .array(let element)): return "request.partArray(\(name), of: \(element.rendered).self)"
        case (.text, let type): return "request.part(\(name), as: \(type.rendered).self)"
        }
    }
}
