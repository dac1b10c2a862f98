import Foundation

/// One entry of a document's `components.securitySchemes`, as generated code names it.
///
/// The engine attaches a scheme's credential only to requests for the base origin, and only in
/// the place the scheme declares (a header, the query or a cookie): a credential never goes
/// anywhere the document did not say.
public struct SecurityScheme: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `http` `bearer`, `oauth2` and `openIdConnect`: `Authorization: Bearer <token>`.
        case bearer
        /// `http` `basic`: `Authorization: Basic base64(user:password)`.
        case basic
        /// `apiKey`: the value under `name` in the header, the query or a cookie.
        case apiKey(name: String, location: Location)
    }

    public enum Location: String, Sendable, Hashable {
        case header, query, cookie
    }

    /// The key of the scheme in `components.securitySchemes`; credentials are looked up by it.
    public let name: String
    public let kind: Kind

    public init(_ name: String, _ kind: Kind) {
        self.name = name
        self.kind = kind
    }
}

/// One alternative of an operation's `security`: every scheme in it must be satisfied (AND).
/// An empty requirement (`{}` in the document) means the operation may also be called without
/// any credential.
public struct SecurityRequirement: Sendable, Hashable, ExpressibleByArrayLiteral {
    public var schemes: [SecurityScheme]

    public init(_ schemes: [SecurityScheme]) { self.schemes = schemes }
    public init(arrayLiteral elements: SecurityScheme...) { schemes = elements }
}

/// A credential for one security scheme.
public enum CredentialValue: Sendable, Hashable {
    /// For `bearer` schemes (also `oauth2` and `openIdConnect`).
    case token(String)
    /// For `basic` schemes.
    case basic(username: String, password: String)
    /// For `apiKey` schemes, wherever they travel.
    case apiKey(String)

    /// Every form in which the value may appear on the wire (for redaction).
    var secrets: [String] {
        switch self {
        case .token(let token): return [token]
        case .apiKey(let key): return [key]
        case .basic(let user, let password):
            return [password, Data("\(user):\(password)".utf8).base64EncodedString()]
        }
    }

    var isWellFormed: Bool {
        switch self {
        case .token(let value), .apiKey(let value): return Validation.isSafeCredential(value)
        case .basic(let user, let password):
            // RFC 7617: the user-id cannot contain a colon.
            return !user.contains(":") && Validation.isSafeCredential(user) && !password.isEmpty
                && !password.unicodeScalars.contains(where: Validation.isControl)
        }
    }
}

/// What one request carries after its security requirements were matched against the
/// credentials available to it.
struct AppliedCredentials: Sendable {
    var headers: [(name: String, value: String)] = []
    var query: [QueryItem] = []
    var cookies: [(name: String, value: String)] = []
    /// Names the caller may not set themselves because a scheme of this request owns them.
    var reservedHeaderNames: Set<String> = []
    var reservedQueryNames: Set<String> = []
    var secrets: [String] = []
    /// Schemes whose configured value is of the wrong kind (a password for a bearer scheme).
    var mismatchedSchemes: [String] = []

    /// The first alternative whose every scheme has a value wins; an empty alternative wins
    /// with nothing attached. When none can be satisfied, nothing is attached and the server
    /// decides (it answers 401, which is the error an app expects).
    init(security: [SecurityRequirement], values: (String) -> CredentialValue?) {
        for requirement in security {
            for scheme in requirement.schemes {
                switch scheme.kind {
                case .bearer, .basic: reservedHeaderNames.insert("authorization")
                case .apiKey(let name, .header): reservedHeaderNames.insert(name.lowercased())
                case .apiKey(let name, .query): reservedQueryNames.insert(name.lowercased())
                case .apiKey(_, .cookie): reservedHeaderNames.insert("cookie")
                }
            }
        }
        for requirement in security {
            let found = requirement.schemes.map { scheme in values(scheme.name).map { (scheme, $0) } }
            guard found.allSatisfy({ $0 != nil }) else { continue }
            for case (let scheme, let value)? in found { attach(value, for: scheme) }
            return
        }
    }

    private mutating func attach(_ value: CredentialValue, for scheme: SecurityScheme) {
        secrets.append(contentsOf: value.secrets)
        switch (scheme.kind, value) {
        case (.bearer, .token(let token)), (.bearer, .apiKey(let token)):
            headers.append((name: "Authorization", value: "Bearer \(token)"))
        case (.basic, .basic(let user, let password)):
            let encoded = Data("\(user):\(password)".utf8).base64EncodedString()
            headers.append((name: "Authorization", value: "Basic \(encoded)"))
        case (.apiKey(let name, let location), .apiKey(let key)), (.apiKey(let name, let location), .token(let key)):
            switch location {
            case .header: headers.append((name: name, value: key))
            case .query: query.append(QueryItem(name, key))
            case .cookie:
                // Encoded as cookie parameters are (RFC 6265 cookie-octets): a `;` in the value
                // must not end this cookie and start one the caller never configured. Logs
                // redact the text as it travels, too.
                let encoded = CookieText.encode(key)
                if encoded != key { secrets.append(encoded) }
                cookies.append((name: name, value: encoded))
            }
        default:
            // Never sent: the engine refuses the request before any I/O.
            mismatchedSchemes.append(scheme.name)
        }
    }
}
