import Foundation

// How values that can hold a secret print. A logging middleware's `print(request)`,
// `"\(configuration)"`, `dump(_:)` and a debugger's `po` all go through `description`,
// `debugDescription` or `customMirror`; each shows what a reader needs to recognise the value
// (scheme names, the operation, sizes) and never a credential's text. What is redacted:
// every credential value, header values a scheme of the request owns or that carry
// credentials by convention, query values a scheme owns, cookie values, and request bodies
// (only their kind, size and form-field names: token requests carry secrets in forms).

enum RedactedText {
    static let marker = "<redacted>"

    /// Header names whose values are credentials whatever the document says.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    /// Credentials by scheme name, each value as its redacting description, in name order.
    static func credentials(_ credentials: [String: CredentialValue]) -> [String] {
        credentials.keys.sorted().map { "\($0): \(credentials[$0].map(String.init(describing:)) ?? "nil")" }
    }
}

extension CredentialValue: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        switch self {
        case .token: return ".token(\(RedactedText.marker))"
        case .apiKey: return ".apiKey(\(RedactedText.marker))"
        case .basic(let username, _):
            return ".basic(username: \(String(reflecting: username)), password: \(RedactedText.marker))"
        }
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        switch self {
        case .token: return Mirror(self, children: ["token": RedactedText.marker], displayStyle: .enum)
        case .apiKey: return Mirror(self, children: ["apiKey": RedactedText.marker], displayStyle: .enum)
        case .basic(let username, _):
            return Mirror(
                self, children: ["username": username, "password": RedactedText.marker], displayStyle: .enum)
        }
    }
}

extension RequestBody: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The body's kind and size, never its bytes or field values.
    public var description: String {
        switch self {
        case .json(let data, let contentType): return ".json(\(data.count) bytes, \(contentType))"
        case .raw(let data, let contentType): return ".raw(\(data.count) bytes, \(contentType))"
        case .file(let url, let contentType): return ".file(\(url.lastPathComponent), \(contentType))"
        case .stream(let stream, let contentType): return ".stream(\(stream), \(contentType))"
        case .form(let fields): return ".form(fields: \(fields.map(\.name)))"
        case .multipart(let parts): return ".multipart(parts: \(parts.map(\.name)))"
        }
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["summary": description], displayStyle: .enum) }
}

extension APIRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Header and query names a security scheme of this request owns: their values are
    /// credentials even when a middleware put them there by hand.
    private var schemeOwnedNames: (headers: Set<String>, query: Set<String>) {
        var headers = RedactedText.credentialHeaders
        var query: Set<String> = []
        for case .apiKey(let name, let location) in security.flatMap(\.schemes).map(\.kind) {
            switch location {
            case .header: headers.insert(name.lowercased())
            case .query: query.insert(name.lowercased())
            case .cookie: break
            }
        }
        return (headers, query)
    }

    private var redactedHeaders: [String] {
        let owned = schemeOwnedNames.headers
        return headers.map { "\($0.name): \(owned.contains($0.name.lowercased()) ? RedactedText.marker : $0.value)" }
    }

    private var redactedQuery: [String] {
        let owned = schemeOwnedNames.query
        return query.map { "\($0.name)=\(owned.contains($0.name.lowercased()) ? RedactedText.marker : $0.value)" }
    }

    private var redactedCredentials: [String] { RedactedText.credentials(credentials) }

    public var description: String {
        var parts = ["\(operationName)", "\(method.rawValue) \(path)"]
        if !query.isEmpty { parts.append("query: \(redactedQuery)") }
        if !headers.fields.isEmpty { parts.append("headers: \(redactedHeaders)") }
        if !cookies.isEmpty { parts.append("cookies: \(cookies.map { "\($0.name)=\(RedactedText.marker)" })") }
        if let body { parts.append("body: \(body)") }
        if !credentials.isEmpty { parts.append("credentials: \(redactedCredentials)") }
        return "APIRequest(\(parts.joined(separator: ", ")))"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "operationName": operationName, "method": method, "pathTemplate": pathTemplate, "path": path,
                "query": redactedQuery, "headers": redactedHeaders,
                "cookies": cookies.map { "\($0.name)=\(RedactedText.marker)" }, "body": body as Any,
                "security": security, "credentials": redactedCredentials, "responseKind": responseKind,
                "timeout": timeout as Any, "retryable": retryable as Any, "followsRedirects": followsRedirects,
                "needsExclusiveConnection": needsExclusiveConnection,
                "maximumResponseBytes": maximumResponseBytes as Any,
                "downloadDestination": downloadDestination as Any,
            ], displayStyle: .struct)
    }
}

extension APIEngineConfiguration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private var redactedCredentials: [String] { RedactedText.credentials(credentials) }

    public var description: String {
        "APIEngineConfiguration(baseURL: \(baseURL), credentials: \(redactedCredentials), timeout: \(timeout), "
            + "userAgent: \(userAgent), allowsInsecureLoopback: \(allowsInsecureLoopback), "
            + "maximumResponseBytes: \(maximumResponseBytes), maximumDownloadBytes: \(maximumDownloadBytes))"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "baseURL": baseURL, "credentials": redactedCredentials, "timeout": timeout, "logger": logger,
                "allowsInsecureLoopback": allowsInsecureLoopback, "retryPolicy": retryPolicy,
                "userAgent": userAgent, "maximumResponseBytes": maximumResponseBytes,
                "maximumDownloadBytes": maximumDownloadBytes,
            ], displayStyle: .struct)
    }
}
