/// The plan of an operation's body, from the translated operation: after `SharedRequestParts`
/// (which table and requirement it names) and `OperationSignature` (its locals).
extension RequestPlan {
    init(_ operation: OperationDecl) {
        let request = operation.locals.request
        self.request = request
        operationName = SwiftNames.bare(operation.swiftName)
        method = operation.method.isFixedField ? .member(operation.method.rawValue) : .checked(operation.method.wire)
        pathTemplate = operation.path
        path = Self.pathPieces(operation)
        if operation.usesSharedSecurity {
            security = .shared
        } else if !operation.security.alternatives.isEmpty {
            security = .spelledOut(operation.security.alternatives)
        }
        if operation.usesSharedErrors {
            errors = .shared(adding: operation.ownErrorTypes.map { ErrorEntry(code: $0.code, type: $0.type) })
        } else if !operation.errorTypes.isEmpty {
            errors = .own(operation.errorTypes.map { ErrorEntry(code: $0.code, type: $0.type) })
        }
        steps = Self.steps(operation)
        response = Self.response(operation)
    }

    /// The statements after the initialiser, in `RequestStep`'s documented order.
    private static func steps(_ operation: OperationDecl) -> [RequestStep] {
        var steps = operation.security.perCall.map {
            RequestStep.setCredential(scheme: $0.scheme.name, local: $0.localName)
        }
        steps += operation.constantQuery.map { RequestStep.appendConstantQuery(name: $0.name, value: $0.value) }
        let parameters = operation.parameters
        for parameter in parameters where parameter.location == .query {
            steps.append(itemStep(parameter, to: .query))
        }
        for parameter in parameters where parameter.location == .querystring {
            steps.append(querystringStep(parameter))
        }
        for parameter in parameters where parameter.location == .header {
            steps.append(.addHeader(wireName: parameter.wireName, local: parameter.localName))
        }
        // Cookies travel in the engine's one `Cookie` header, next to any cookie credential.
        for parameter in parameters where parameter.location == .cookie {
            steps.append(itemStep(parameter, to: .cookies))
        }
        steps += bodySteps(operation)
        if operation.successStream != nil {
            steps.append(.streamResponse(mediaType: operation.successStreamMediaType))
        } else if operation.successIsBinary {
            steps.append(.setResponseKind(.binary))
        } else if operation.successType == nil {
            steps.append(.setResponseKind(.empty))
        }
        if let retryable = operation.retryable { steps.append(.setRetryable(retryable)) }
        if operation.needsExclusiveConnection { steps.append(.requireExclusiveConnection) }
        if !operation.followsRedirects { steps.append(.refuseRedirects) }
        return steps
    }

    private static func response(_ operation: OperationDecl) -> ResponseRead {
        if let framing = operation.successStream, let item = operation.successType {
            return item == .named("ServerSentEvent") ? .serverSentEvents : .stream(item: item, framing: framing)
        }
        if operation.successIsText { return .text }
        if operation.successIsBinary { return .data }
        if let type = operation.successType { return .decode(type) }
        return .empty
    }

    /// A query, cookie or form value: an object as `name[key]` items, an array in its style.
    private static func itemStep(_ parameter: ParameterDecl, to list: ItemList) -> RequestStep {
        if parameter.arrayStyle == "deepObject" {
            return .addDeepObject(to: list, wireName: parameter.wireName, local: parameter.localName)
        }
        var style: String?
        if case .array = parameter.type, let arrayStyle = parameter.arrayStyle, arrayStyle != "exploded" {
            style = arrayStyle
        }
        return .addItem(to: list, wireName: parameter.wireName, local: parameter.localName, style: style)
    }

    /// An `in: querystring` parameter is the whole query: a form's members as items, or one text.
    private static func querystringStep(_ parameter: ParameterDecl) -> RequestStep {
        switch parameter.arrayStyle {
        case "form": return .addQueryFormFields(wireName: parameter.wireName, local: parameter.localName)
        case "json": return .setWholeQuery(local: parameter.localName, encoding: .json)
        default: return .setWholeQuery(local: parameter.localName, encoding: .text)
        }
    }

    private static func bodySteps(_ operation: OperationDecl) -> [RequestStep] {
        let locals = operation.locals
        // An optional body argument is sent only when given.
        func whenGiven(_ required: Bool, _ body: BodyExpression) -> [RequestStep] {
            required ? [.setBody(body)] : [.ifLet(locals.body, [.setBody(body)])]
        }
        switch operation.body {
        case .json(_, let contentType, let required)?:
            let named = contentType == "application/json" ? nil : contentType
            return whenGiven(required, .encoding(local: locals.body, contentType: named))
        case .raw(let contentType, let required)?:
            return whenGiven(required, .raw(local: locals.body, contentType: contentType))
        case .text(let contentType, let required)?:
            return whenGiven(required, .utf8Text(local: locals.body, contentType: contentType))
        case .form(let fields, _)?:
            // A required body the document gives no field is still sent, empty, as declared.
            guard !fields.isEmpty else { return [.setBody(.form(nil))] }
            var steps: [RequestStep] = [.declareFormItems(locals.form)]
            for field in fields {
                let parameter = field.parameter
                guard field.kind == .json else {
                    steps.append(itemStep(parameter, to: .form(locals.form)))
                    continue
                }
                let add = RequestStep.addJSONItem(
                    form: locals.form, wireName: parameter.wireName, local: parameter.localName)
                steps.append(parameter.required ? add : .ifLet(parameter.localName, [add]))
            }
            return steps + [.setBody(.form(locals.form))]
        case .multipart(let fields, _)?:
            let single = fields.allSatisfy { field in
                guard field.parameter.required else { return false }
                if case .array = field.parameter.type, field.kind == .text { return false }
                return true
            }
            if single { return [.setMultipartBody(parts: locals.parts, fields.map(part))] }
            return [.declareParts(locals.parts)] + fields.map { partStep($0, into: locals.parts) }
                + [.setBody(.multipart(locals.parts))]
        case .multipartForms(_, let forms, let required)?:
            return formsSteps(forms, required: required, locals: locals)
        case nil:
            return []
        }
    }

    /// A body of several forms: the chosen case's values and constants appended as parts.
    private static func formsSteps(_ forms: [MultipartForm], required: Bool, locals: OperationLocals)
        -> [RequestStep]
    {
        guard forms.contains(where: { !$0.fields.isEmpty || !$0.constants.isEmpty }) else {
            let empty = RequestStep.setBody(.multipart(nil))
            return required ? [empty] : [.ifNotNil(locals.body, [empty])]
        }
        let cases = forms.map { form in
            FormCase(
                caseName: form.caseName, bound: form.fields.map(\.parameter.localName),
                steps: form.constants.map {
                    .appendPart(parts: locals.parts, .constant(name: $0.name, value: $0.value))
                }
                    + form.fields.map { partStep($0, into: locals.parts) })
        }
        let steps: [RequestStep] = [
            .declareParts(locals.parts), .switchForms(locals.body, cases), .setBody(.multipart(locals.parts)),
        ]
        return required ? steps : [.ifLet(locals.body, steps)]
    }

    /// One part as an expression (a text array is a loop, never this).
    private static func part(_ field: FormField) -> MultipartPartExpression {
        let local = field.parameter.localName
        let wireName = field.parameter.wireName
        switch field.kind {
        case .file: return .file(local: local, wireName: wireName, defaultContentType: field.contentType)
        case .json: return .json(wireName: wireName, local: local)
        case .text: return .field(wireName: wireName, local: local)
        }
    }

    private static func partStep(_ field: FormField, into parts: String) -> RequestStep {
        let parameter = field.parameter
        if field.kind == .text, case .array = parameter.type {
            return .appendTextParts(
                parts: parts, wireName: parameter.wireName, local: parameter.localName, optional: !parameter.required)
        }
        let append = RequestStep.appendPart(parts: parts, part(field))
        return parameter.required ? append : .ifLet(parameter.localName, [append])
    }

    /// The path's text and parameters, in template order.
    private static func pathPieces(_ operation: OperationDecl) -> [PathPiece] {
        var pieces: [PathPiece] = []
        var text = ""
        var name: String?
        for character in operation.path {
            if character == "{" {
                // A brace inside a name does not close it: what was read stays literal text.
                if let open = name { text += "{" + open }
                name = ""
            } else if character == "}", let current = name {
                if !text.isEmpty { pieces.append(.text(text)) }
                text = ""
                if let parameter = operation.parameters.first(where: { $0.location == .path && $0.wireName == current })
                {
                    pieces.append(.parameter(local: parameter.localName, form: parameter.pathText))
                } else {
                    pieces.append(.unmatched(current))
                }
                name = nil
            } else if name != nil {
                name?.append(character)
            } else {
                text.append(character)
            }
        }
        // An unclosed brace is literal text too: nothing of the path is dropped.
        if let open = name { text += "{" + open }
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }
}
