/// The small Swift declaration model the translator produces and the renderer prints.
public indirect enum SwiftType: Hashable, Sendable {
    case named(String)
    /// APIRuntime's `DateTime`: a `date-time` string nested in arrays, maps and unions, kept with
    /// the text it came as.
    case dateTime
    /// Foundation's `Date`: a `date-time` model member or argument, coded as RFC 3339 text by the
    /// generated code (`encodeDateTime`), not by `Date`'s own `Codable`.
    case date
    case array(SwiftType)
    case dictionary(SwiftType)
    case optional(SwiftType)
    /// `Nullable<T>`: can carry an explicit JSON null.
    case nullable(SwiftType)
    case generic(String, [SwiftType])

    public var rendered: String {
        switch self {
        case .named(let name): return name
        case .dateTime: return "DateTime"
        case .date: return "Date"
        case .array(let element): return "[\(element.rendered)]"
        case .dictionary(let value): return "[String: \(value.rendered)]"
        case .optional(let wrapped):
            if case .optional = wrapped { return wrapped.rendered }
            return wrapped.rendered + "?"
        case .nullable(let wrapped): return "Nullable<\(wrapped.rendered)>"
        case .generic(let name, let arguments): return "\(name)<\(arguments.map(\.rendered).joined(separator: ", "))>"
        }
    }

    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    public var unwrapped: SwiftType {
        if case .optional(let wrapped) = self { return wrapped.unwrapped }
        return self
    }

    public var isDate: Bool { self == .date }
}

public struct PropertyDecl: Sendable, Hashable {
    public var swiftName: String
    public var wireName: String
    /// Without the optional wrapper; see `isOptional`.
    public var type: SwiftType
    public var isOptional: Bool
    public var docs: [String]
    public var deprecated: Bool
    /// A `const`: not an initialiser argument, checked on decode.
    public var constValue: String?
    /// Listed in `required`: encoded even when nil (as `null`), so the output stays valid.
    public var isRequired = false
    /// Not a property of the JSON object but a value decoded from all of it and encoded into it
    /// first (the union of `UnionComposition`); `wireName` is empty.
    var composesObject = false

    public var declaredType: SwiftType { isOptional ? .optional(type) : type }
}

public struct StructDecl: Sendable, Hashable {
    public var name: String
    public var docs: [String]
    public var properties: [PropertyDecl]
    /// Members the schema does not name are kept (`JSONObject`) unless it forbids them.
    public var keepsAdditionalFields: Bool
    /// `additionalProperties: <schema>` beside named properties.
    public var additionalFieldsType: SwiftType?
    public var genericParameters: [String]
    public var deprecated: Bool
    public var storage: ModelStorageShape = .tuple
}

public struct EnumDecl: Sendable, Hashable {
    public var name: String
    public var docs: [String]
    /// `String` or `Int`.
    public var rawType: String
    public var cases: [(name: String, raw: String)]
    public var deprecated: Bool

    public static func == (lhs: EnumDecl, rhs: EnumDecl) -> Bool {
        lhs.name == rhs.name && lhs.rawType == rhs.rawType && lhs.cases.map(\.name) == rhs.cases.map(\.name)
            && lhs.cases.map(\.raw) == rhs.cases.map(\.raw)
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

public struct UnionDecl: Sendable, Hashable {
    public struct Member: Sendable, Hashable {
        public var caseName: String
        public var type: SwiftType
        /// Discriminator values that select this member.
        public var discriminatorValues: [String]
        /// The payload is a generated model kept behind a reference (`indirect case`), decided by
        /// `UnionStorage` once every declaration is known.
        public var isIndirect = false
        /// `caseName` before it was made unique, and whether a `types:` rename of the member's type
        /// renames the case (see `UnionCaseNames`).
        var caseBase = ""
        var caseFollowsType = false
    }
    public var name: String
    public var docs: [String]
    public var members: [Member]
    public var discriminator: String?
    public var deprecated: Bool
    /// A member reaches the union itself, so the enum must be `indirect`.
    public var isIndirect = false
}

public enum Declaration: Sendable, Hashable {
    case structure(StructDecl)
    case openEnum(EnumDecl)
    case union(UnionDecl)
    case alias(name: String, type: SwiftType, docs: [String])

    public var name: String {
        switch self {
        case .structure(let decl): return decl.name
        case .openEnum(let decl): return decl.name
        case .union(let decl): return decl.name
        case .alias(let name, _, _): return name
        }
    }
}

public struct ParameterDecl: Sendable, Hashable {
    public enum Location: String, Sendable, Hashable { case path, query, header, cookie, querystring }
    public var swiftName: String
    public var wireName: String
    public var location: Location
    public var type: SwiftType
    public var required: Bool
    public var docs: String?
    /// How arrays are written: `exploded`, `commaDelimited`, `spaceDelimited`, `pipeDelimited`;
    /// `deepObject` for an object in a query (`name[key]=value`). For a `querystring` parameter,
    /// how the whole query is written: `form` (members as fields), `json` or `text`.
    public var arrayStyle: String?
    public var deprecated: Bool
    /// The name inside the generated function (a keyword label such as `class` gets `_class`),
    /// unique among the function's parameters and locals.
    public var localName = ""
    /// How the value is written into a path.
    public var pathText: PathText = .interpolated

    public enum PathText: Sendable, Hashable {
        /// `\(value)`: strings, integers and open enums print as their wire text.
        case interpolated
        /// `\(value.parameterText)`: booleans, numbers and dates have a wire form of their own.
        case parameterText
        /// Array items joined with commas (`style: simple`).
        case commaJoined
    }
}

/// One argument of a generated function, in the order the signature lists it.
public struct ArgumentDecl: Sendable, Hashable {
    public var label: String
    public var localName: String
    public var type: SwiftType
    /// Optional arguments are `T? = nil`; required ones have no default.
    public var required: Bool

    /// `T` or `T? = nil`, as the signature writes it (and the diff compares).
    public var declaredType: String { type.rendered + (required ? "" : "? = nil") }
}

/// The names a generated function body declares for itself, claimed after its parameters so
/// that no parameter (a form field called `form`, a multipart one called `parts`) shadows them.
public struct OperationLocals: Sendable, Hashable {
    /// The JSON or raw body argument's local name.
    public var body = "body"
    public var request = "request"
    public var form = "form"
    public var parts = "parts"
}

public enum BodyDecl: Sendable, Hashable {
    case json(type: SwiftType, contentType: String, required: Bool)
    /// Fields flattened into parameters.
    case multipart(fields: [FormField], required: Bool)
    case form(fields: [FormField], required: Bool)
    /// Octets as `Data` (`application/octet-stream`, `format: binary`, images, PDFs...).
    case raw(contentType: String, required: Bool)
    /// `text/*` as a `String`, sent as UTF-8.
    case text(contentType: String, required: Bool)
    /// A multipart body that is one of several forms (`oneOf`/`anyOf` of objects): the argument
    /// is an enum named `typeName` with one case per form, each sent as that form's parts.
    case multipartForms(typeName: String, forms: [MultipartForm], required: Bool)
}

/// One form of a `multipartForms` body: a case of its enum, the case's values its fields.
public struct MultipartForm: Sendable, Hashable {
    public var caseName: String
    public var fields: [FormField]
    /// Parts the form always sends (its discriminator value, a `const` property): not arguments.
    public var constants: [ConstantField]
}

/// A name and the text it always carries: a part of a form, or an item of a query.
public struct ConstantField: Sendable, Hashable {
    public var name: String
    public var value: String
}

public struct FormField: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case file, text, json }
    public var parameter: ParameterDecl
    public var kind: Kind
    public var contentType: String?
}

public struct ResponseHeaderDecl: Sendable, Hashable {
    public var wireName: String
    public var swiftName: String
    /// `String`, `Int`, `Int64`, `Double` or `Bool`; anything else is read as `String`.
    public var type: String
    public var docs: String?
}

/// The credential class of an operation in the terms the reference docs use: any configured
/// credential, a credential passed per call, or none.
public enum CredentialDecl: Sendable, Hashable {
    case account
    /// Only schemes configured as per-call credentials: the value is the `parameter` argument.
    case perCall(parameter: String)
    case none

    public var className: String {
        switch self {
        case .account: return "account"
        case .perCall: return "per-call"
        case .none: return "public"
        }
    }
}

/// One `components.securitySchemes` entry the runtime can attach.
public struct SecuritySchemeDecl: Sendable, Hashable {
    public enum Location: String, Sendable, Hashable { case header, query, cookie }
    public enum Kind: Sendable, Hashable {
        case bearer, basic
        case apiKey(name: String, location: Location)
    }
    /// The `SecurityScheme` constant's name.
    public var swiftName: String
    /// The key in `components.securitySchemes`.
    public var name: String
    public var kind: Kind
    public var docs: String
    /// Where a bearer scheme's tokens come from (OAuth 2.0 flows, metadata, OpenID discovery).
    public var sourceDocs: [String] = []
}

/// A scheme whose value each call passes as an argument.
public struct PerCallCredentialDecl: Sendable, Hashable {
    public var scheme: SecuritySchemeDecl
    public var swiftName: String
    public var localName = ""
}

/// An operation's security requirements: alternatives (OR) of schemes that apply together (AND).
public struct SecurityDecl: Sendable, Hashable {
    public var alternatives: [[SecuritySchemeDecl]]
    public var perCall: [PerCallCredentialDecl]

    /// `bearerAuth` or `apiKeyAuth`, for doc comments.
    public var summary: String {
        guard !alternatives.isEmpty else { return "none" }
        return alternatives.map { set in
            set.isEmpty ? "none" : set.map { "`\($0.name)`" }.joined(separator: " and ")
        }.joined(separator: " or ")
    }

    /// The reference docs' vocabulary: per-call schemes only → a per-call credential, any other
    /// scheme → the client's credential, nothing → none.
    public var credential: CredentialDecl {
        let schemes = alternatives.joined()
        if schemes.contains(where: { scheme in !perCall.contains { $0.scheme == scheme } }) { return .account }
        if let first = perCall.first { return .perCall(parameter: first.swiftName) }
        return .none
    }
}

/// One entry of the document's `servers`.
public struct ServerDecl: Sendable, Hashable {
    public struct Variable: Sendable, Hashable {
        public var name: String
        public var swiftName: String
        public var defaultValue: String
        public var values: [String]
    }
    public var swiftName: String
    public var url: String
    public var docs: [String]
    public var variables: [Variable]
    /// A URL without a scheme and host (`/api/v1`): OpenAPI reads it against where the description
    /// is served, so the member takes that origin from the app.
    public var isRelative: Bool = false
}

public struct OperationDecl: Sendable, Hashable {
    public var group: String
    public var swiftName: String
    public var operationId: String?
    public var summary: String?
    public var description: String?
    /// `wire` is what is sent and shown (`GET`, `QUERY`, an additional method as written).
    public var method: OperationMethod
    public var path: String
    /// Query items the document's path key carries (`?refresh`), sent on every call.
    public var constantQuery: [ConstantField] = []
    public var parameters: [ParameterDecl]
    public var body: BodyDecl?
    public var bodyParameterName: String
    /// `nil` for no content; `Data` for binary.
    public var successType: SwiftType?
    public var successIsBinary: Bool
    /// A `text/*` success: `String`, decoded with the answer's charset (still `.binary` on the wire).
    public var successIsText = false
    /// The status of the success response `successType` comes from (`2XX` and none: 200), and
    /// its media type: what a stub of the operation answers with.
    public var successStatus = 200
    public var successContentType: String?
    /// That response's OpenAPI 3.2 `summary`, for the doc comment's `- Returns:`.
    public var successSummary: String? = nil
    /// A streamed success: its `StreamFraming` case (`successType` is then the item type) and
    /// the media type asked for.
    public var successStream: String? = nil
    public var successStreamMediaType = ""
    /// This method is the streamed form of the operation whose method is named here (the same
    /// call, asking for the response's streamed media type instead of its JSON).
    public var streamedFormOf: String? = nil
    /// Headers the success response declares, read into a typed `<Operation>Headers` value.
    public var responseHeaders: [ResponseHeaderDecl] = []
    public var responseHeadersTypeName = ""
    public var errorTypes: [(code: String, type: SwiftType)]
    public var security: SecurityDecl
    /// Decided by `SharedRequestParts`: the request names the module's shared requirement
    /// instead of spelling it out, and its error table is the shared one plus `ownErrorTypes`.
    public var usesSharedSecurity = false
    public var usesSharedErrors = false
    public var ownErrorTypes: [(code: String, type: SwiftType)] = []
    public var deprecated: Bool
    public var unpublished: Bool
    /// Its first tag's ancestry, top-level tag first, when that tag is nested (OpenAPI 3.2 `parent`).
    public var tagPath: [String] = []
    /// Decided by `OperationSignature` once the rest is known.
    public var arguments: [ArgumentDecl] = []
    public var locals = OperationLocals()
    public var docs: [String] = []
    /// From the configuration: `APIRequest.retryable` (`nil`: the client's retry policy decides).
    public var retryable: Bool? = nil
    /// From the configuration: `APIRequest.needsExclusiveConnection`.
    public var needsExclusiveConnection = false
    /// From the configuration: `APIRequest.followsRedirects`.
    public var followsRedirects = true
    /// What the generated body does, decided once the rest is known (`RequestPlan`).
    var requestPlan = RequestPlan()
    /// How the testing module's `<Operation>Call` reads the arguments back (`StubCallPlan`).
    var stubCall = StubCallPlan()

    public var credential: CredentialDecl { security.credential }
    public var returnType: SwiftType {
        let body = successType ?? .named("Void")
        return .generic("APIResponse", [successStream == nil ? body : .generic("ResponseStream", [body])])
    }

    public static func == (lhs: OperationDecl, rhs: OperationDecl) -> Bool {
        lhs.swiftName == rhs.swiftName && lhs.group == rhs.group && lhs.path == rhs.path && lhs.method == rhs.method
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(swiftName) }
}

/// The body type of one webhook event, and the alias that names it when the type has another name.
public struct WebhookPayloadDecl: Sendable, Hashable {
    public var event: String
    /// nil when `type` is already the name the event suggests (nothing to alias).
    public var alias: String?
    public var type: SwiftType
    /// The name apps write for this event's body.
    public var publicName: String { alias ?? type.rendered }
}

/// Everything one generation produces before rendering.
public struct ModuleDecl: Sendable {
    public var moduleName: String
    public var sourceName: String
    public var declarations: [Declaration]
    /// Declaration name → the operation group (tag type) that first used it; nil for shared ones.
    public var declarationGroups: [String: String]
    public var operations: [OperationDecl]
    /// The open enum of webhook event names; nil when the document declares none.
    public var webhookEvents: EnumDecl?
    public var webhookPayloads: [WebhookPayloadDecl]
    public var securitySchemes: [SecuritySchemeDecl] = []
    /// Operation group → its doc comment's lines (`GroupDocs`); a group not listed gets the default line.
    public var groupDocs: [String: [String]] = [:]
    public var servers: [ServerDecl] = []
    /// What most operations' requests share, named once in the module file (`SharedRequestParts`).
    public var sharedSecurity: [[SecuritySchemeDecl]] = []
    public var sharedErrors: [(code: String, type: SwiftType)] = []
    /// What the files' header says to run to regenerate them.
    public var regenerateCommand = ModuleDecl.defaultRegenerateCommand
    /// The access level of every declaration the module's files hold (the configuration's
    /// `access`); `DeclarationHead` prints it.
    var access: GeneratorConfiguration.AccessLevel = .public

    /// Without a configuration: the generator itself, which is all a reader can be told.
    public static let defaultRegenerateCommand = "assinafy-generator generate"
}
