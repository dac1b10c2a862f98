/// What a generated function looks like from outside and inside: its argument order, the local
/// name of every argument, the names its body declares, and its doc comment. Decided here, once,
/// so the renderer only prints and the diff tool compares exactly what apps call.
enum OperationSignature {
    /// Fills `arguments`, `locals`, `docs` and every parameter's local name and path form.
    static func decide(_ operation: inout OperationDecl, supplementaryNote: String?) {
        // `client` is the API struct's property the body calls through: no argument may shadow it.
        // Sized for every argument and the body's four locals; form fields add theirs below.
        var locals = SwiftNames.Scope(
            reserved: ["client"], expectedCount: operation.parameters.count + operation.security.perCall.count + 4)
        func local(_ swiftName: String) -> String { locals.claim(SwiftNames.localName(swiftName)) }

        for index in operation.parameters.indices {
            operation.parameters[index].localName = local(operation.parameters[index].swiftName)
            operation.parameters[index].pathText = pathText(operation.parameters[index].type)
        }
        for index in operation.security.perCall.indices {
            operation.security.perCall[index].localName = local(operation.security.perCall[index].swiftName)
        }
        var bodyLocal = operation.bodyParameterName
        switch operation.body {
        case .multipart(var fields, let required)?:
            locals.reserveCapacity(fields.count)
            for index in fields.indices { fields[index].parameter.localName = local(fields[index].parameter.swiftName) }
            operation.body = .multipart(fields: fields, required: required)
        case .form(var fields, let required)?:
            locals.reserveCapacity(fields.count)
            for index in fields.indices { fields[index].parameter.localName = local(fields[index].parameter.swiftName) }
            operation.body = .form(fields: fields, required: required)
        case .json?, .raw?, .text?, .multipartForms?:
            bodyLocal = local(operation.bodyParameterName)
        case nil:
            break
        }
        operation.locals = OperationLocals(
            body: bodyLocal, request: locals.claim("request"), form: locals.claim("form"), parts: locals.claim("parts"))
        if case .multipartForms(let typeName, var forms, let required)? = operation.body {
            // A case's values are bound inside the `switch`, where every local of the function is
            // in reach: none may shadow one.
            for index in forms.indices {
                var bound = locals
                for field in forms[index].fields.indices {
                    let swiftName = forms[index].fields[field].parameter.swiftName
                    forms[index].fields[field].parameter.localName = bound.claim(SwiftNames.localName(swiftName))
                }
            }
            operation.body = .multipartForms(typeName: typeName, forms: forms, required: required)
        }
        operation.arguments = arguments(operation, bodyLocal: bodyLocal)
        operation.docs = docs(operation, supplementaryNote: supplementaryNote)
    }

    /// Path parameters first (in path order), the per-call credential, required parameters and
    /// body fields, then everything optional: required arguments read first at a call site.
    private static func arguments(_ operation: OperationDecl, bodyLocal: String) -> [ArgumentDecl] {
        func argument(_ parameter: ParameterDecl) -> ArgumentDecl {
            ArgumentDecl(
                label: parameter.swiftName, localName: parameter.localName, type: parameter.type,
                required: parameter.required)
        }
        var result = operation.parameters.filter { $0.location == .path }.map(argument)
        for credential in operation.security.perCall {
            result.append(
                ArgumentDecl(
                    label: credential.swiftName, localName: credential.localName, type: .named("String"),
                    required: true))
        }
        result += operation.parameters.filter { $0.location != .path && $0.required }.map(argument)
        switch operation.body {
        case .json(let type, _, let required)?:
            result.append(
                ArgumentDecl(
                    label: operation.bodyParameterName, localName: bodyLocal, type: type, required: required))
        case .raw(_, let required)?:
            result.append(
                ArgumentDecl(
                    label: operation.bodyParameterName, localName: bodyLocal, type: .named("Data"), required: required
                ))
        case .text(_, let required)?:
            result.append(
                ArgumentDecl(
                    label: operation.bodyParameterName, localName: bodyLocal, type: .named("String"),
                    required: required))
        case .multipart(let fields, _)?, .form(let fields, _)?:
            let ordered = fields.filter(\.parameter.required) + fields.filter { !$0.parameter.required }
            result += ordered.map { argument($0.parameter) }
        case .multipartForms(let typeName, _, let required)?:
            result.append(
                ArgumentDecl(
                    label: operation.bodyParameterName, localName: bodyLocal, type: .named(typeName), required: required
                ))
        case nil:
            break
        }
        result += operation.parameters.filter { $0.location != .path && !$0.required }.map(argument)
        return result
    }

    private static func pathText(_ type: SwiftType) -> ParameterDecl.PathText {
        switch type {
        case .array: return .commaJoined
        case .dateTime, .date: return .parameterText
        case .named(let name) where ["Bool", "Double", "Float", "CalendarDate"].contains(name):
            return .parameterText
        default: return .interpolated
        }
    }

    private static func docs(_ operation: OperationDecl, supplementaryNote: String?) -> [String] {
        var docs: [String] = []
        if let summary = operation.summary { docs += DocText.paragraph(summary) }
        let description = DocText.paragraph(operation.description)
        if !description.isEmpty && description != docs {
            if !docs.isEmpty { docs.append("") }
            docs += description
        }
        if !docs.isEmpty { docs.append("") }
        let query = operation.constantQuery.map { $0.value.isEmpty ? $0.name : $0.name + "=" + $0.value }
        let route = operation.path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        docs.append("`\(operation.method.wire) \(route)` · security: \(operation.security.summary)")
        if let json = operation.streamedFormOf {
            docs.append("")
            docs.append(
                "The streamed form of `\(json)`: the same call, asking for `\(operation.successStreamMediaType)`.")
            docs.append("The server streams only when the request asks it to, as the API's documentation says.")
        }
        if !operation.tagPath.isEmpty {
            docs.append("")
            docs.append("Tag: " + operation.tagPath.map { "`\($0)`" }.joined(separator: " › ") + ".")
        }
        if !operation.responseHeadersTypeName.isEmpty {
            docs.append("")
            docs.append("Declared response headers: `\(operation.responseHeadersTypeName)(response.headers)`.")
        }
        if operation.unpublished, let supplementaryNote {
            docs.append("")
            docs.append("- Note: \(supplementaryNote)")
        }
        let documented = operation.parameters.filter { !($0.docs ?? "").isEmpty }
        // One `- Parameter name:` callout each (the Swift markup's form that needs no header line),
        // right under the route line: a list may start a Markdown block of its own.
        for parameter in documented {
            docs.append("- Parameter \(SwiftNames.bare(parameter.swiftName)): \(parameter.docs ?? "")")
        }
        let returns = DocText.paragraph(operation.successSummary).joined(separator: " ")
        if !returns.isEmpty { docs.append("- Returns: \(returns)") }
        return docs
    }
}
