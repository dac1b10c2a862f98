/// The parts of an OpenAPI 3.0/3.1 document the generator understands, with every reference to a
/// parameter, response, request body or header already resolved. Schemas keep `$ref`s to
/// components (see `Schema.ref`).
public struct OpenAPIDocument: Sendable {
    public var openapi: String
    public var info: Info
    public var servers: [Server]
    public var operations: [Operation]
    public var webhooks: [Operation]
    public var schemas: [(name: String, schema: Schema)] {
        didSet { componentGraph = nil }
    }
    public var securitySchemes: [(name: String, scheme: SecurityScheme)]
    public var security: [SecurityRequirement]?
    public var tags: [Tag]
    /// Component schemas that reach themselves through references.
    public var recursiveSchemas: Set<String>
    public var extensions: [(name: String, value: Node)]
    /// The files other than the root a multi-file document was read from, by the number their
    /// nodes' locations carry (`SourceLocation.fileIndex`).
    public var sourceFileNames: [Int32: String] = [:]
    /// The reference graph of `schemas` as the loader built it, so translation need not build it
    /// again (a few percent of generation); dropped whenever `schemas` changes.
    var componentGraph: ComponentGraph?

    /// Whether schemas are JSON Schema 2020-12 (3.1 and 3.2) rather than 3.0's dialect.
    public var isVersion31: Bool { openapi.hasPrefix("3.1") || openapi.hasPrefix("3.2") }

    public func schema(named name: String) -> Schema? {
        schemas.first { $0.name == name }?.schema
    }
    public func securityScheme(named name: String) -> SecurityScheme? {
        securitySchemes.first { $0.name == name }?.scheme
    }
}

public struct Info: Sendable {
    public var title: String
    public var version: String
    public var description: String?
}

public struct Server: Sendable {
    public var url: String
    public var description: String?
    public var variables: [(name: String, defaultValue: String, values: [String])]
}

public struct Tag: Sendable {
    public var name: String
    public var description: String?
    /// OpenAPI 3.2: a short title, the tag this one is nested under, and what the tag is for
    /// (`nav`, `badge`, `audience`, … as the document spells it).
    public var summary: String? = nil
    public var parent: String? = nil
    public var kind: String? = nil
    /// Where the tag is declared, for diagnostics about the type its operations are grouped in.
    var pointer = JSONPointer()
}

/// An operation's method: a fixed Path Item field (`get` … `trace`, and OpenAPI 3.2's `query`),
/// or an `additionalOperations` key exactly as written, since method names are case-sensitive.
public struct OperationMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// As the document spells it: the Path Item field or the `additionalOperations` key.
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    /// One of the Path Item's own fields, which have a `RequestMethod` member of their own.
    public var isFixedField: Bool { DocumentRules.fixedMethods.contains(rawValue) }
    /// As sent: a fixed field in capitals, an `additionalOperations` key as written.
    public var wire: String { isFixedField ? rawValue.uppercased() : rawValue }
    public var description: String { rawValue }
}

public struct Operation: Sendable {
    public var method: OperationMethod
    public var path: String
    public var operationId: String?
    public var tags: [String]
    public var summary: String?
    public var description: String?
    /// Path-level and operation-level parameters merged (operation wins by name + location).
    public var parameters: [Parameter]
    public var requestBody: RequestBody?
    public var responses: [Response]
    /// `nil` when the operation does not say (the root `security` then applies).
    public var security: [SecurityRequirement]?
    public var deprecated: Bool
    public var extensions: [(name: String, value: Node)]
    /// Query items the path key itself carries (`/oauth/token?refresh`): sent on every call.
    public var constantQuery: [(name: String, value: String)] = []
    /// The files other than the root a multi-file document was read from, by the number their
    /// nodes' locations carry (`SourceLocation.fileIndex`).
    public var sourceFileNames: [Int32: String] = [:]
    public var pointer: JSONPointer
    public var location: SourceLocation?
}

public struct Parameter: Sendable {
    /// `querystring` (3.2): the whole query string is this one parameter's `content`.
    public enum Location: String, Sendable { case path, query, header, cookie, querystring }
    public var name: String
    public var location: Location
    public var required: Bool
    public var schema: Schema?
    /// The `content` form of a parameter (one media type).
    public var content: [MediaType]
    public var style: String?
    public var explode: Bool?
    public var description: String?
    public var deprecated: Bool
    public var pointer: JSONPointer
}

public struct RequestBody: Sendable {
    public var required: Bool
    public var description: String?
    public var content: [MediaType]
    public var componentName: String?
    public var pointer: JSONPointer
}

public struct MediaType: Sendable {
    public var contentType: String
    public var schema: Schema?
    public var encoding: [(name: String, encoding: Encoding)]
    public var pointer: JSONPointer
    /// `example`, else the first of `examples` that has a `value` (an `externalValue` is not read).
    public var example: Node? = nil
    /// OpenAPI 3.2 `itemSchema`: the shape of each item of a streamed body.
    public var itemSchema: Schema? = nil

    public struct Encoding: Sendable {
        public var contentType: String?
        public var style: String?
        public var explode: Bool?
    }

    /// `application/json`, `application/problem+json`, `text/json`.
    public var isJSON: Bool {
        let base = contentType.split(separator: ";").first.map(String.init)?.trimmed.lowercased() ?? ""
        return base == "application/json" || base.hasSuffix("+json") || base == "text/json"
    }
}

public struct Response: Sendable {
    /// `200`, `2XX`, `default`.
    public var code: String
    public var description: String?
    /// OpenAPI 3.2: a short summary of the response.
    public var summary: String? = nil
    public var headers: [(name: String, header: Header)]
    public var content: [MediaType]
    public var componentName: String?
    public var pointer: JSONPointer

    public var isSuccess: Bool { code.hasPrefix("2") }
    public var isError: Bool { code.hasPrefix("4") || code.hasPrefix("5") || code == "default" }
}

public struct Header: Sendable {
    public var schema: Schema?
    public var required: Bool
    public var description: String?
}

public struct SecurityScheme: Sendable {
    /// `http`, `apiKey`, `oauth2`, `openIdConnect`, `mutualTLS`.
    public var type: String
    public var scheme: String?
    public var bearerFormat: String?
    /// For `apiKey`: where and under which name.
    public var location: String?
    public var parameterName: String?
    public var description: String?
    /// For `oauth2`: each flow as written (`authorizationCode`, 3.2's `deviceAuthorization`, …)
    /// with its URL fields in the specification's order, and 3.2's `oauth2MetadataUrl`.
    public var oauthFlows: [(flow: String, urls: [(field: String, url: String)])] = []
    public var oauth2MetadataURL: String? = nil
    /// For `openIdConnect`: the discovery document.
    public var openIdConnectURL: String? = nil
}

/// One alternative of a `security` list: every scheme in it applies together.
public struct SecurityRequirement: Sendable {
    public var schemes: [(name: String, scopes: [String])]
}

extension String {
    package var trimmed: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
