/// What an operation's `<Operation>Call` (testing module) holds: each argument read back from the
/// request the engine sent, the way the request plan wrote it, decided here so that
/// `StubCallRenderer` only prints.
struct StubCallPlan: Sendable, Hashable {
    /// The member holding the raw request: `request`, unless an argument is labelled so.
    var rawMember = "request"
    var members: [StubCallMember] = []
}

/// One argument of the call, as a member.
struct StubCallMember: Sendable, Hashable {
    /// The argument's label, escaped where it is a keyword.
    var name: String
    /// Without the optional wrapper; see `isOptional`.
    var type: SwiftType
    var isOptional: Bool
    /// A multipart body of several forms is read back as its parts, not as its enum.
    var isFormsParts = false
    /// nil for an argument nothing reads back, which translation never makes: the member is then
    /// always absent.
    var read: StubRead?
    /// The name a missing value is reported under (`request.required(…, name)`); nil when the
    /// value may be absent, or cannot be (a path parameter fails the route instead).
    var requiredName: String?
}

/// `request.<accessor>("name", as: T.self, style: .x)`: a `StubRequest` accessor call; any of the
/// arguments may be absent.
struct StubRead: Sendable, Hashable {
    var accessor: String
    var name: String?
    /// `as: T.self` (a value) or `of: T.self` (an array's element).
    var typeLabel: String?
    var type: SwiftType?
    var style: String?

    init(
        _ accessor: String, _ name: String? = nil, _ typeLabel: String? = nil, _ type: SwiftType? = nil,
        style: String? = nil
    ) {
        self.accessor = accessor
        self.name = name
        self.typeLabel = typeLabel
        self.type = type
        self.style = style
    }
}

extension StubCallPlan {
    init(_ operation: OperationDecl) {
        let labels = Set(operation.arguments.map { SwiftNames.bare($0.label) })
        rawMember = labels.contains("request") ? "stubRequest" : "request"
        members = operation.arguments.map { argument in
            let read = Self.read(argument, of: operation)
            let formsParts: Bool
            if case .multipartForms(let typeName, _, _)? = operation.body {
                formsParts = argument.type.rendered == typeName
            } else {
                formsParts = false
            }
            return StubCallMember(
                name: SwiftNames.escaped(SwiftNames.bare(argument.label)),
                type: formsParts ? .array(.named("MultipartPart")) : argument.type, isOptional: !argument.required,
                isFormsParts: formsParts, read: read.read,
                requiredName: argument.required && !read.isPath ? read.name : nil)
        }
    }

    /// What reads one argument (optional-valued), the name a failure gives, and whether it is a
    /// path parameter.
    private static func read(_ argument: ArgumentDecl, of operation: OperationDecl) -> (
        read: StubRead?, name: String, isPath: Bool
    ) {
        if let parameter = operation.parameters.first(where: { $0.localName == argument.localName }) {
            return (parameterRead(parameter), parameter.wireName, parameter.location == .path)
        }
        if let credential = operation.security.perCall.first(where: { $0.localName == argument.localName }) {
            return (credentialRead(credential.scheme), credential.scheme.name, false)
        }
        switch operation.body {
        case .multipart(let fields, _)?:
            if let field = fields.first(where: { $0.parameter.localName == argument.localName }) {
                return (multipartRead(field), field.parameter.wireName, false)
            }
        case .form(let fields, _)?:
            if let field = fields.first(where: { $0.parameter.localName == argument.localName }) {
                return (formRead(field), field.parameter.wireName, false)
            }
        case .json(let type, _, _)?: return (StubRead("json", nil, nil, type), "the body", false)
        case .multipartForms?: return (StubRead("parts"), "the body", false)
        case .raw?: return (StubRead("data"), "the body", false)
        case .text?: return (StubRead("text"), "the body", false)
        case nil: break
        }
        // Every argument is a parameter, a credential or the body: nothing else reaches here.
        return (nil, argument.label, false)
    }

    /// `style:` for an array not written exploded.
    private static func arrayStyle(_ parameter: ParameterDecl) -> String? {
        parameter.arrayStyle.flatMap { $0 == "exploded" ? nil : $0 }
    }

    private static func parameterRead(_ parameter: ParameterDecl) -> StubRead {
        let name = parameter.wireName
        let type = parameter.type
        if parameter.location == .querystring {
            let style = parameter.arrayStyle == "form" ? "form" : parameter.arrayStyle == "json" ? "json" : "text"
            return StubRead("querystring", name, "as", type, style: style)
        }
        if parameter.arrayStyle == "deepObject" { return StubRead("deepObject", name, "as", type) }
        switch (parameter.location, type) {
        case (.path, .array(let element)): return StubRead("pathArray", name, "of", element)
        case (.query, .array(let element)):
            return StubRead("queryArray", name, "of", element, style: arrayStyle(parameter))
        case (.header, .array(let element)): return StubRead("headerArray", name, "of", element)
        case (.cookie, .array(let element)):
            return StubRead("cookieArray", name, "of", element, style: arrayStyle(parameter))
        case (.querystring, _): return StubRead("querystring", name, "as", type, style: "text")
        case (let location, _): return StubRead(location.rawValue, name, "as", type)
        }
    }

    private static func credentialRead(_ scheme: SecuritySchemeDecl) -> StubRead {
        let string = SwiftType.named("String")
        switch scheme.kind {
        case .bearer: return StubRead("bearerToken")
        case .basic: return StubRead("header", "Authorization", "as", string)
        case .apiKey(let name, let location): return StubRead(location.rawValue, name, "as", string)
        }
    }

    private static func formRead(_ field: FormField) -> StubRead {
        let parameter = field.parameter
        if field.kind == .json { return StubRead("formJSON", parameter.wireName, "as", parameter.type) }
        if case .array(let element) = parameter.type {
            return StubRead("formArray", parameter.wireName, "of", element, style: arrayStyle(parameter))
        }
        return StubRead("form", parameter.wireName, "as", parameter.type)
    }

    private static func multipartRead(_ field: FormField) -> StubRead {
        let name = field.parameter.wireName
        switch (field.kind, field.parameter.type) {
        case (.file, .array): return StubRead("partFiles", name)
        case (.file, _): return StubRead("partFile", name)
        case (.json, let type): return StubRead("partJSON", name, "as", type)
        case (.text, .array(let element)): return StubRead("partArray", name, "of", element)
        case (.text, let type): return StubRead("part", name, "as", type)
        }
    }
}
