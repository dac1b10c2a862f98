/// Operations → `OperationDecl`s: names, parameters, bodies, responses and security.
extension TypeTranslator {
    mutating func operation(
        _ operation: Operation, swiftName: String, group: String, unpublished: Bool,
        schemes: [SecuritySchemeDecl] = [], perCallCredentialSchemes: Set<String> = [],
        preferredMediaType: String? = nil, streamedForm: Bool = false
    ) -> OperationDecl {
        let typePrefix = SwiftNames.pascalCase(swiftName)
        // Labels only need to differ from each other: locals are chosen apart (OperationSignature).
        var parameterNames = SwiftNames.Scope(expectedCount: operation.parameters.count)
        var parameters: [ParameterDecl] = []
        let security = security(
            for: operation, schemes: schemes, perCall: perCallCredentialSchemes, names: &parameterNames)
        for parameter in operation.parameters {
            if isCredential(parameter, of: security) { continue }
            parameters.append(parameterDecl(parameter, prefix: typePrefix, names: &parameterNames))
        }
        let bodyName = parameterNames.claim("body")
        let body = requestBody(operation, prefix: typePrefix, preferred: preferredMediaType, names: &parameterNames)
        let streamed = operation.responses.filter(\.isSuccess).sorted { $0.code < $1.code }
            .first { !$0.content.isEmpty }
            .flatMap { streamedSuccess($0, prefix: typePrefix, besideJSON: streamedForm) }
        let success = streamed.map { ($0.item, false) } ?? successType(operation, prefix: typePrefix)
        var errors: [(String, SwiftType)] = []
        for response in operation.responses where response.isError {
            guard let media = response.content.first(where: \.isJSON), let schema = media.schema else { continue }
            let suggested =
                response.componentName.map { SwiftNames.typeName($0) + "Response" }
                ?? typePrefix + SwiftNames.pascalCase(response.code == "default" ? "default" : "error" + response.code)
            errors.append((response.code, type(for: schema, suggestedName: suggested, forRequest: false).type))
        }
        var declaration = OperationDecl(
            group: group, swiftName: swiftName, operationId: operation.operationId, summary: operation.summary,
            description: operation.description, method: operation.method,
            path: operation.path,
            parameters: orderParameters(parameters), body: body, bodyParameterName: bodyName,
            successType: success.type, successIsBinary: success.binary, errorTypes: errors, security: security,
            deprecated: operation.deprecated, unpublished: unpublished)
        declaration.constantQuery = operation.constantQuery.map { ConstantField(name: $0.name, value: $0.value) }
        declaration.successIsText = success.binary && success.type == .named("String")
        declaration.successStream = streamed?.framing
        declaration.successStreamMediaType = streamed?.contentType ?? ""
        declaration.responseHeaders = responseHeaders(operation)
        // What a stub answers with: the success response the decoded type came from.
        let successes = operation.responses.filter(\.isSuccess).sorted { $0.code < $1.code }
        let answered = successes.first { !$0.content.isEmpty } ?? successes.first
        declaration.successStatus = answered.flatMap { Int($0.code) } ?? 200
        declaration.successSummary = answered?.summary
        declaration.successContentType =
            (answered?.content.first(where: \.isJSON) ?? answered?.content.first)?.contentType
        if !declaration.responseHeaders.isEmpty {
            declaration.responseHeadersTypeName = claimInline(typePrefix + "Headers")
        }
        return declaration
    }

    /// Path parameters in path order, then required, then optional ones (stable otherwise).
    private func orderParameters(_ parameters: [ParameterDecl]) -> [ParameterDecl] {
        parameters.filter { $0.location == .path } + parameters.filter { $0.location != .path && $0.required }
            + parameters.filter { $0.location != .path && !$0.required }
    }

    private mutating func parameterDecl(_ parameter: Parameter, prefix: String, names: inout SwiftNames.Scope)
        -> ParameterDecl
    {
        let swiftName = names.claim(nameMemo.memberName(parameter.name))
        var type = SwiftType.named("String")
        if let schema = parameter.schema ?? parameter.content.first?.schema {
            type =
                self.type(for: schema, suggestedName: prefix + nameMemo.pascalCase(parameter.name), forRequest: true)
                .type
        }
        if case .nullable(let inner) = type { type = inner }
        // A timestamp argument is a plain `Date` (sent as RFC 3339 text), as a model's member is:
        // the `DateTime` wrapper exists for timestamps nested in arrays and maps of models.
        switch type {
        case .dateTime: type = .date
        case .array(.dateTime): type = .array(.date)
        default: break
        }
        var style: String?
        if case .array = type {
            let explode = parameter.explode ?? ((parameter.style ?? "form") == "form")
            switch parameter.style {
            case "spaceDelimited": style = "spaceDelimited"
            case "pipeDelimited": style = "pipeDelimited"
            default: style = explode && parameter.location == .query ? "exploded" : "commaDelimited"
            }
        }
        if parameter.location == .querystring {
            // The loader admits only these media types for a querystring (DocumentLoader+Querystring).
            let media = parameter.content.first
            style = media.map(DocumentLoader.querystringForm) ?? "text"
        } else if parameter.style == "deepObject" && parameter.location == .query && !isSimpleParameterType(type) {
            // `name[key]=value` per member: the object keeps its generated type.
            style = "deepObject"
        } else if !isSimpleParameterType(type) {
            // Objects and unions in a query or header are sent as their JSON text.
            type = .named("String")
        }
        return ParameterDecl(
            swiftName: swiftName, wireName: parameter.name,
            location: ParameterDecl.Location(rawValue: parameter.location.rawValue) ?? .query,
            type: type, required: parameter.required,
            docs: DocText.paragraph(parameter.description).joined(separator: " "),
            arrayStyle: style, deprecated: parameter.deprecated)
    }

    /// Scalars, open enums and aliases of them, and flat arrays of those: what a query string,
    /// header or form field can carry as text.
    func isSimpleParameterType(_ type: SwiftType) -> Bool {
        switch type {
        case .dateTime, .date: return true
        case .named(let name):
            if ["String", "Int", "Int32", "Int64", "Double", "Bool", "CalendarDate"].contains(name) { return true }
            for declaration in declarations where declaration.name == name {
                switch declaration {
                case .openEnum: return true
                case .alias(_, let target, _): return isSimpleParameterType(target)
                default: return false
                }
            }
            return false
        case .array(let element):
            if case .array = element { return false }
            return isSimpleParameterType(element)
        default: return false
        }
    }

    // MARK: Bodies

    /// The media type the configuration prefers when the operation offers it, else the first one
    /// the document lists that is generated natively (the document's order is its preference:
    /// an OAuth token endpoint lists its form before JSON).
    private mutating func requestBody(
        _ operation: Operation, prefix: String, preferred: String?, names: inout SwiftNames.Scope
    ) -> BodyDecl? {
        guard let body = operation.requestBody, !body.content.isEmpty else { return nil }
        let content = body.content
        let media =
            preferred.flatMap { wanted in content.first { $0.contentType.lowercased() == wanted.lowercased() } }
            ?? content.first { Self.requestKind($0) != nil } ?? content[0]
        switch Self.requestKind(media) {
        case .json?:
            guard let schema = media.schema, !schema.isUnconstrained else {
                return .json(type: .named("JSONValue"), contentType: media.contentType, required: body.required)
            }
            let translated = type(for: schema, suggestedName: prefix + "Request", forRequest: true)
            return .json(type: translated.type, contentType: media.contentType, required: body.required)
        case .multipart?, .form?:
            if Self.requestKind(media) == .multipart, let forms = multipartForms(media, prefix: prefix) {
                return .multipartForms(typeName: forms.typeName, forms: forms.forms, required: body.required)
            }
            let fields = formFields(media, prefix: prefix, names: &names)
            if fields.isEmpty {
                if let schema = media.schema, !Self.declaresNothing(schema, components: componentSchemas) {
                    let message =
                        "\(media.contentType) body has no named properties; its free-form content is not generated"
                    diagnostics.append(contentsOf: [
                        Diagnostic(.warning, message, pointer: schema.pointer.description, location: schema.location)
                    ])
                }
                // An optional body with no field has nothing to send: a placeholder schema
                // (`properties: {}` on a GET) must not put an empty form on the wire.
                if !body.required { return nil }
            }
            return Self.requestKind(media) == .form
                ? .form(fields: fields, required: body.required) : .multipart(fields: fields, required: body.required)
        case .text?:
            return .text(contentType: media.contentType, required: body.required)
        case .binary?, nil:
            return .raw(contentType: media.contentType, required: body.required)
        }
    }

    enum RequestKind { case json, multipart, form, text, binary }

    /// An object schema that names no property and admits no other (`properties: {}`, or an
    /// object with no keywords): a form body of it carries nothing, so nothing is lost.
    static func declaresNothing(_ schema: Schema, components: [String: Schema], depth: Int = 0) -> Bool {
        if let ref = schema.ref {
            guard depth < 32, let target = components[ref] else { return false }
            return declaresNothing(target, components: components, depth: depth + 1)
        }
        guard schema.nonNullTypes.isEmpty || schema.nonNullTypes == ["object"], schema.properties.isEmpty,
            schema.oneOf.isEmpty, schema.anyOf.isEmpty,
            schema.allOf.allSatisfy({ declaresNothing($0, components: components, depth: depth + 1) })
        else { return false }
        switch schema.additionalProperties {
        case .unspecified, .allowed(false): return true
        case .allowed(true), .schema: return false
        }
    }

    /// How a request media type is generated; `nil` for one with no native encoding (XML with
    /// a structured schema), which is only used when the operation offers nothing else.
    static func requestKind(_ media: MediaType) -> RequestKind? {
        let base = media.contentType.split(separator: ";").first.map(String.init)?.trimmed.lowercased() ?? ""
        if media.isJSON { return .json }
        if base.hasPrefix("multipart/") { return .multipart }
        if base == "application/x-www-form-urlencoded" { return .form }
        if media.schema?.format == "binary" || base == "application/octet-stream" { return .binary }
        if base.hasPrefix("text/") { return .text }
        if base.hasSuffix("/xml") || base.hasSuffix("+xml") { return nil }
        return .binary
    }

    private mutating func formFields(_ media: MediaType, prefix: String, names: inout SwiftNames.Scope) -> [FormField] {
        guard let schema = media.schema, let object = mergedObject(schema, parts: schema.allOf) else { return [] }
        return formFields(object.properties, required: object.required, media: media, prefix: prefix, names: &names)
    }

    /// The fields of a form body whose object is `properties`.
    mutating func formFields(
        _ properties: [(name: String, schema: Schema)], required: [String], media: MediaType, prefix: String,
        names: inout SwiftNames.Scope
    ) -> [FormField] {
        names.reserveCapacity(properties.count)
        let urlencoded = Self.requestKind(media) == .form
        return properties.map { property in
            let swiftName = names.claim(nameMemo.memberName(property.name))
            let encoding = media.encoding.first { $0.name == property.name }?.encoding
            let isFile =
                property.schema.format == "binary" || property.schema.format == "byte"
                || (property.schema.nonNullTypes.isEmpty && encoding?.contentType != nil
                    && property.schema.properties.isEmpty)
            var type = SwiftType.named("MultipartFile")
            var kind = FormField.Kind.file
            if urlencoded, let binary = urlencodedBinary(property.schema, encoding: encoding, isFile: isFile) {
                // A urlencoded form is text: bytes go as base64 (`Data`'s `parameterText`), not
                // as a file part, which only multipart has.
                type = binary
                kind = .text
            } else if !isFile || urlencoded {
                type =
                    self.type(
                        for: property.schema, suggestedName: prefix + nameMemo.pascalCase(property.name),
                        forRequest: true
                    ).type
                if case .nullable(let inner) = type { type = inner }
                kind = isSimpleParameterType(type) ? .text : .json
            }
            let parameter = ParameterDecl(
                swiftName: swiftName, wireName: property.name, location: .query, type: type,
                required: required.contains(property.name),
                docs: DocText.paragraph(property.schema.description).joined(separator: " "),
                arrayStyle: { if case .array = type { return "exploded" } else { return nil } }(),
                deprecated: property.schema.deprecated)
            return FormField(parameter: parameter, kind: kind, contentType: encoding?.contentType)
        }
    }

    /// The type of a binary field of an `application/x-www-form-urlencoded` body: `Data`, or
    /// `[Data]` for an array of binary items; nil for any other field. The form is a text format,
    /// so its bytes are sent as base64: what `format: byte` states, and what OpenAPI asks of
    /// binary data in this media type; for `format: binary`, which names raw bytes, the choice is
    /// reported.
    private mutating func urlencodedBinary(_ schema: Schema, encoding: MediaType.Encoding?, isFile: Bool) -> SwiftType?
    {
        var field = schema
        var array = false
        if !isFile {
            guard schema.nonNullTypes == ["array"], let items = schema.items, items.ref == nil,
                items.format == "binary" || items.format == "byte"
            else { return nil }
            field = items
            array = true
        } else if let contentType = encoding?.contentType, schema.format == nil,
            MediaType(contentType: contentType, schema: nil, encoding: [], pointer: JSONPointer()).isJSON
        {
            // Untyped, declared JSON: its JSON text, as for any structured field.
            return nil
        }
        if field.format != "byte" {
            let message =
                "binary form field in an application/x-www-form-urlencoded body is sent as base64 text (the form "
                + "carries text only); use multipart/form-data to send raw bytes"
            diagnostics.append(contentsOf: [
                Diagnostic(.warning, message, pointer: field.pointer.description, location: field.location)
            ])
        }
        return array ? .array(.named("Data")) : .named("Data")
    }

    // MARK: Responses

    /// The headers of the first success response, typed where the schema is a plain scalar.
    private func responseHeaders(_ operation: Operation) -> [ResponseHeaderDecl] {
        guard let response = operation.responses.filter(\.isSuccess).sorted(by: { $0.code < $1.code }).first
        else { return [] }
        var names = SwiftNames.Scope(reserved: ["init", "raw"])
        return response.headers.map { name, header in
            let schema = header.schema
            var type = "String"
            switch schema?.nonNullTypes.first {
            case "integer": type = schema?.format == "int64" ? "Int64" : "Int"
            case "number": type = "Double"
            case "boolean": type = "Bool"
            default: type = "String"
            }
            return ResponseHeaderDecl(
                wireName: name, swiftName: names.claim(SwiftNames.memberName(name)), type: type,
                docs: DocText.paragraph(header.description).joined(separator: " "))
        }
    }

    private mutating func successType(_ operation: Operation, prefix: String) -> (type: SwiftType?, binary: Bool) {
        let successes = operation.responses.filter(\.isSuccess).sorted { $0.code < $1.code }
        for response in successes where !response.content.isEmpty {
            if let json = response.content.first(where: \.isJSON) {
                guard let schema = json.schema, !schema.isUnconstrained else { return (.named("JSONValue"), false) }
                let suggested =
                    response.componentName.map { SwiftNames.typeName($0) + "Response" } ?? prefix + "Response"
                let translated = type(for: schema, suggestedName: suggested, forRequest: false)
                return (translated.type, false)
            }
            // The first documented media type decides, as for request bodies: text is a String.
            let isText = response.content.first.map { Self.requestKind($0) == .text } ?? false
            return (.named(isText ? "String" : "Data"), true)
        }
        return (nil, false)
    }
}
