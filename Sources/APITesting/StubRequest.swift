import APIRuntime
import Foundation

/// What the engine sent for one stubbed operation, read back into parts: the path parameters by
/// the operation's path template, the query, headers, cookies and the body bytes. Generated
/// `<Operation>Call` types decode their typed arguments from it; it stays available to a test
/// that wants the raw request (`call.request`).
public struct StubRequest: Sendable {
    /// Exactly what reached the transport (after security, encoding and every middleware).
    public let transportRequest: TransportRequest
    public let operationName: String
    public let pathTemplate: String
    /// Path parameters by name, percent-decoded.
    public let pathParameters: [String: String]
    /// Query items in order, percent-decoded.
    public let query: [QueryItem]
    public let cookies: [QueryItem]
    /// The query as sent, still percent-encoded (an `in: querystring` parameter is all of it).
    public let encodedQuery: String?
    /// The body as sent (a body streamed from a file is read whole; stubs are for tests).
    public let body: Data

    public var method: RequestMethod { transportRequest.method }
    public var url: URL { transportRequest.url }
    public var headers: HeaderFields { transportRequest.headers }

    public init(_ request: TransportRequest, operationName: String, pathTemplate: String) throws {
        transportRequest = request
        self.operationName = operationName
        self.pathTemplate = pathTemplate
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        pathParameters = try Self.match(template: pathTemplate, path: components?.percentEncodedPath ?? "")
            .orThrow(StubError.pathMismatch(operation: operationName, template: pathTemplate, url: request.url))
        encodedQuery = components?.percentEncodedQuery
        query = Self.queryItems(encodedQuery)
        cookies = Self.cookies(request.headers.values(for: "Cookie"))
        switch request.body {
        case .data(let data)?: body = data
        case .file(let url, _)?: body = try Data(contentsOf: url)
        case nil: body = Data()
        }
    }

    /// The template's segments matched against the URL path's last segments: the server URL's
    /// own path (`/api/v1`) comes first and is not part of the template.
    static func match(template: String, path: String) -> [String: String]? {
        let wanted = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let actual = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard actual.count >= wanted.count else { return nil }
        var parameters: [String: String] = [:]
        for (pattern, segment) in zip(wanted, actual.suffix(wanted.count)) {
            if pattern.hasPrefix("{") && pattern.hasSuffix("}") {
                parameters[String(pattern.dropFirst().dropLast())] =
                    String(segment).removingPercentEncoding ?? String(segment)
            } else if pattern != segment {
                return nil
            }
        }
        return parameters
    }

    static func queryItems(_ encoded: String?) -> [QueryItem] {
        guard let encoded, !encoded.isEmpty else { return [] }
        return encoded.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return QueryItem(decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    static func cookies(_ headers: [String]) -> [QueryItem] {
        headers.flatMap { $0.split(separator: ";") }.compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard let name = parts.first?.trimmingCharacters(in: .whitespaces) else { return nil }
            let value = parts.count > 1 ? String(parts[1]) : ""
            return QueryItem(name, value.removingPercentEncoding ?? value)
        }
    }
}

extension Optional {
    func orThrow(_ error: @autoclosure () -> some Error) throws -> Wrapped {
        guard let self else { throw error() }
        return self
    }
}
