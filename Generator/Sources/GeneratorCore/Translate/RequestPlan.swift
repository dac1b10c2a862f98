/// What a generated operation's body does, decided once by translation (`RequestPlan+Building`)
/// from the operation and the local names `OperationSignature` gave it, so that the renderer only
/// lays it out (`Render/RequestPlanRenderer.swift`).
///
/// The body is always the same three parts: the `APIRequest(…)` initialiser, the steps that
/// complete the request, and the call that performs it and reads the answer. Each case below is
/// one kind of statement or expression those parts hold: the model covers what generated code
/// says and nothing more general, so that a case names an intent and the printer needs no
/// knowledge of the API to print it.
struct RequestPlan: Sendable, Hashable {
    /// The request's local name (`request`, unless an argument took it).
    var request = "request"
    /// `operationName:`: the operation's function name, without backticks.
    var operationName = ""
    var method = MethodExpression.member("get")
    /// `pathTemplate:`: the path as the document writes it.
    var pathTemplate = ""
    /// `path:`: the pieces of the interpolated path string.
    var path: [PathPiece] = []
    /// `security:`; nil when the operation sends no credential (the argument is left out).
    var security: SecurityExpression?
    /// `errors:`; nil when the operation documents no error payload (the argument is left out).
    var errors: ErrorTable?
    /// In the order they run, which is the order `RequestStep` lists its cases in.
    var steps: [RequestStep] = []
    var response = ResponseRead.empty
}

/// `.get`, or for a method without a member of its own, the checked name.
enum MethodExpression: Sendable, Hashable {
    /// `.get`: a member of `RequestMethod`.
    case member(String)
    /// `RequestMethod(rawValue: "…")!`: the rules pass refused a name that is not a token, so the
    /// unwrap cannot fail.
    case checked(String)
}

/// A piece of `"/v1/accounts/\(accountId)/documents"`.
enum PathPiece: Sendable, Hashable {
    /// Literal text of the path.
    case text(String)
    /// A path parameter's value, written the way `form` says (`RequestPath` percent-encodes it).
    case parameter(local: String, form: ParameterDecl.PathText)
    /// A template name no path parameter declares: kept as written, braces included.
    case unmatched(String)
}

/// The requirement a request carries: alternatives (OR) of schemes applied together (AND).
enum SecurityExpression: Sendable, Hashable {
    /// The module's shared requirement (`SharedRequestParts`).
    case shared
    /// `[[.bearerAuth], [.apiKeyAuth]]`: each scheme by its `SecurityScheme` member name.
    case alternatives([[String]])

    /// The scheme members of `alternatives`, as `SecurityScheme` names them.
    static func spelledOut(_ alternatives: [[SecuritySchemeDecl]]) -> SecurityExpression {
        .alternatives(alternatives.map { set in set.map { SwiftNames.bare($0.swiftName) } })
    }
}

/// The error payload types by status, the request's last argument.
enum ErrorTable: Sendable, Hashable {
    /// The module's shared table plus these (`.shared` alone when there are none).
    case shared(adding: [ErrorEntry])
    /// The operation's own table.
    case own([ErrorEntry])
}

/// `"404": NotFound.self`.
struct ErrorEntry: Sendable, Hashable {
    var code: String
    var type: SwiftType
}

/// One statement that completes the request, in the order the cases are listed here: per-call
/// credentials, the path key's constant query, query, querystring, header and cookie parameters,
/// the body, what the answer is read as, then the configuration's settings. Nested steps (inside
/// `ifLet`, `ifNotNil`, `switchForms`) build the body.
indirect enum RequestStep: Sendable, Hashable {
    /// `request.credentials["scheme"] = .apiKey(local)`.
    case setCredential(scheme: String, local: String)
    /// `request.query.append(QueryItem("name", "value"))`.
    case appendConstantQuery(name: String, value: String)
    /// `<items>.add("name", local)`, with `style: .<style>` for an array not written exploded.
    case addItem(to: ItemList, wireName: String, local: String, style: String?)
    /// `try <items>.add(deepObject: "name", encoding: local)`: `name[key]=value` per member.
    case addDeepObject(to: ItemList, wireName: String, local: String)
    /// `<form>.add("name", <local's JSON text>)`: a form field whose value is a JSON document.
    case addJSONItem(form: String, wireName: String, local: String)
    /// `try request.query.add(formFields: "name", encoding: local)`: a querystring's members.
    case addQueryFormFields(wireName: String, local: String)
    /// `request.setWholeQuery(…: local)`: a querystring as JSON or as text.
    case setWholeQuery(local: String, encoding: WholeQuery)
    /// `request.headers.add("Name", local)`.
    case addHeader(wireName: String, local: String)
    /// `var form: [QueryItem] = []`.
    case declareFormItems(String)
    /// `var parts: [MultipartPart] = []`.
    case declareParts(String)
    /// `parts.append(<part>)`.
    case appendPart(parts: String, MultipartPartExpression)
    /// `for value in local { parts.append(.field("name", value.parameterText)) }`: one text part
    /// per element; `optional` reads a missing array as empty.
    case appendTextParts(parts: String, wireName: String, local: String, optional: Bool)
    /// Every part present exactly once: one `request.body = .multipart([…])` expression, or,
    /// where that does not fit a line, the same parts appended to the `parts` local.
    case setMultipartBody(parts: String, [MultipartPartExpression])
    /// `request.body = <body>`.
    case setBody(BodyExpression)
    /// `if let local { … }`: steps for an optional argument that has a value.
    case ifLet(String, [RequestStep])
    /// `if local != nil { … }`: steps that need the argument's presence, not its value.
    case ifNotNil(String, [RequestStep])
    /// `switch local { case .form(let a, …): … }`: one case per form of a multipart body.
    case switchForms(String, [FormCase])
    /// `request.streamsResponse = true` and an `Accept` header asking for `mediaType`.
    case streamResponse(mediaType: String)
    /// `request.responseKind = .binary` or `.empty`.
    case setResponseKind(ResponseKind)
    /// `request.retryable = …`: the configuration overrides the client's retry policy.
    case setRetryable(Bool)
    /// `request.needsExclusiveConnection = true`.
    case requireExclusiveConnection
    /// `request.followsRedirects = false`.
    case refuseRedirects
}

/// Where `addItem` adds: the request's query or cookies, or a form body's items local.
enum ItemList: Sendable, Hashable {
    case query
    case cookies
    case form(String)
}

enum WholeQuery: Sendable, Hashable { case json, text }

enum ResponseKind: String, Sendable, Hashable { case binary, empty }

/// One part of a multipart body.
enum MultipartPartExpression: Sendable, Hashable {
    /// `local.part(named: "name", defaultContentType: "…")`: a file.
    case file(local: String, wireName: String, defaultContentType: String?)
    /// `.json("name", local)`.
    case json(wireName: String, local: String)
    /// `.field("name", local.parameterText)`.
    case field(wireName: String, local: String)
    /// `.field("name", "value")`: a part a form always sends.
    case constant(name: String, value: String)

    /// Encoding a value as JSON can fail: the expression needs `try`.
    var canThrow: Bool {
        if case .json = self { return true }
        return false
    }
}

/// What `request.body` is set to.
enum BodyExpression: Sendable, Hashable {
    /// `try .encoding(local)`, naming the content type unless it is `application/json`.
    case encoding(local: String, contentType: String?)
    /// `.raw(local, contentType: "…")`: octets as given.
    case raw(local: String, contentType: String)
    /// `.raw(Data(local.utf8), contentType: "…")`: text sent as UTF-8.
    case utf8Text(local: String, contentType: String)
    /// `.form(items)`; `.form([])` without a local.
    case form(String?)
    /// `.multipart(parts)`; `.multipart([])` without a local.
    case multipart(String?)
}

/// One `case` of `switchForms`: the form's enum case, its values bound by these locals.
struct FormCase: Sendable, Hashable {
    var caseName: String
    var bound: [String]
    var steps: [RequestStep]
}

/// How `client.perform` reads the answer.
enum ResponseRead: Sendable, Hashable {
    /// `$0.serverSentEvents()`: events whose data has no type.
    case serverSentEvents
    /// `$0.stream(of: Item.self, framing: .<framing>)`.
    case stream(item: SwiftType, framing: String)
    /// `try $0.text()`.
    case text
    /// `$0.data()`.
    case data
    /// `try $0.decode(T.self)`.
    case decode(SwiftType)
    /// `$0.empty()`.
    case empty
}
