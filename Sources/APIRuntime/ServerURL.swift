import Foundation

/// Base URLs from a document's `servers`, as generated `Servers` members build them.
public enum ServerURL {
    /// A server URL without variables. The generator only emits URLs it has parsed, so a
    /// failure here is a generator bug, not bad input.
    public static func constant(_ text: StaticString) -> URL {
        guard let url = URL(string: "\(text)") else { preconditionFailure("invalid server URL \(text)") }
        return url
    }

    /// A relative server URL (`servers: [{url: /api/v1}]`), which OpenAPI reads against where the
    /// description is served: resolved against `origin`, the address the app gives (RFC 3986
    /// reference resolution, so `/api/v1` keeps the origin's scheme, host and port only).
    public static func relative(_ text: StaticString, to origin: URL) throws -> URL {
        try resolve("\(text)", against: origin)
    }

    /// `template`, a relative server URL with variables, expanded as `expand(_:_:)` does, then
    /// resolved against `origin` as `relative(_:to:)` does.
    public static func expand(
        _ template: String, _ variables: [(name: String, value: String, allowed: [String])], relativeTo origin: URL
    ) throws -> URL {
        try resolve(substitute(template, variables), against: origin)
    }

    static func resolve(_ text: String, against origin: URL) throws -> URL {
        guard origin.scheme != nil, origin.host != nil, let url = URL(string: text, relativeTo: origin)?.absoluteURL,
            url.host != nil
        else {
            let errors = ["origin": ["must be an absolute URL with a host for the relative server URL '\(text)'"]]
            throw RequestValidationError(Validation.summary("Invalid server origin", errors), errors: errors)
        }
        return url
    }

    /// `template` with each `{name}` replaced by its value; a value outside the variable's
    /// `enum`, or one that would change the URL's structure, is refused.
    ///
    /// The template is expanded in one pass, as RFC 6570 expanders do: a value is copied, never
    /// read again for placeholders, so one variable cannot smuggle another's text into the
    /// host. Each value is checked where it lands (authority or path) both as written and
    /// percent-decoded, so `%2e%2e` is the `..` it stands for.
    @_alwaysEmitIntoClient public static func expand(
        _ template: String, _ variables: [(name: String, value: String, allowed: [String])]
    )
        throws -> URL
    {
        let text = try substitute(template, variables)
        guard let url = URL(string: text), url.host != nil else {
            let errors = ["url": ["does not form an absolute URL"]]
            throw RequestValidationError(Validation.summary("Invalid server variables", errors), errors: errors)
        }
        return url
    }

    /// The template with its variables' values in place, each checked (see `expand(_:_:)`).
    @usableFromInline static func substitute(
        _ template: String, _ variables: [(name: String, value: String, allowed: [String])]
    ) throws -> String {
        var errors: [String: [String]] = [:]
        func refuse(_ name: String, _ problem: String) {
            if errors[name]?.contains(problem) != true { errors[name, default: []].append(problem) }
        }
        for variable in variables where !variable.allowed.isEmpty && !variable.allowed.contains(variable.value) {
            refuse(variable.name, "must be one of \(variable.allowed.joined(separator: ", "))")
        }
        var text = ""
        var rest = template[...]
        let pathStart = pathStart(of: template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            text += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            if let variable = variables.first(where: { $0.name == name }) {
                let inPath = pathStart.map { open >= $0 } ?? false
                if let problem = problem(with: variable.value, inPath: inPath) { refuse(name, problem) }
                text += variable.value
            } else {
                text += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        guard errors.isEmpty else {
            throw RequestValidationError(Validation.summary("Invalid server variables", errors), errors: errors)
        }
        return text
    }

    /// Where the path of `template` begins: the first `/` after its authority (`https://host:port`).
    @usableFromInline @_alwaysEmitIntoClient static func pathStart(of template: String) -> String.Index? {
        // A relative template has no authority: all of it is path.
        guard let afterScheme = template.range(of: "://")?.upperBound else { return template.startIndex }
        return template[afterScheme...].firstIndex(of: "/")
    }

    /// In the authority a value must stay one label or port; in the path it may span segments
    /// (a `{basePath}` of `storage/v3`) but never add a query, a fragment or a `.`/`..` segment,
    /// written out or percent-encoded.
    @usableFromInline @_alwaysEmitIntoClient static func problem(with value: String, inPath: Bool) -> String? {
        // What the server will read: an undecodable escape is refused rather than guessed at.
        guard let decoded = value.removingPercentEncoding else {
            return "must not hold a malformed percent escape"
        }
        let forbidden = inPath ? "?#\\{} " : "/?#@%\\{} "
        let unsafe =
            value.isEmpty
            || [value, decoded].contains { text in
                text.unicodeScalars.contains { forbidden.unicodeScalars.contains($0) || Validation.isControl($0) }
            }
        if inPath {
            let climbs = decoded.split(separator: "/", omittingEmptySubsequences: false).contains {
                $0 == ".." || $0 == "."
            }
            return unsafe || climbs
                ? "must be non-empty path text without '?', '#', '\\', braces, spaces or '.'/'..' segments" : nil
        }
        return unsafe ? "must be non-empty without '/', '?', '#', '@', '%', '\\', braces or spaces" : nil
    }
}
