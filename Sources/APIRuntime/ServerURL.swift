import Foundation

/// Base URLs from a document's `servers`, as generated `Servers` members build them.
public enum ServerURL {
    /// A server URL without variables. The generator only emits URLs it has parsed, so a
    /// failure here is a generator bug, not bad input.
    public static func constant(_ text: StaticString) -> URL {
        guard let url = URL(string: "\(text)") else { preconditionFailure("invalid server URL \(text)") }
        return url
    }

    /// `template` with each `{name}` replaced by its value; a value outside the variable's
    /// `enum`, or one that would change the URL's structure, is refused.
    @_alwaysEmitIntoClient public static func expand(
        _ template: String, _ variables: [(name: String, value: String, allowed: [String])]
    )
        throws -> URL
    {
        var text = template
        var errors: [String: [String]] = [:]
        for variable in variables {
            if !variable.allowed.isEmpty && !variable.allowed.contains(variable.value) {
                errors[variable.name, default: []].append(
                    "must be one of \(variable.allowed.joined(separator: ", "))")
            }
            if let problem = problem(with: variable.value, inPath: isInPath(variable.name, of: template)) {
                errors[variable.name, default: []].append(problem)
            }
            text = text.replacingOccurrences(of: "{\(variable.name)}", with: variable.value)
        }
        guard errors.isEmpty, let url = URL(string: text), url.host != nil else {
            if errors.isEmpty { errors["url", default: []].append("does not form an absolute URL") }
            throw RequestValidationError(Validation.summary("Invalid server variables", errors), errors: errors)
        }
        return url
    }

    /// Whether `{name}` first appears after the authority (`https://host:port`) of `template`.
    @usableFromInline @_alwaysEmitIntoClient static func isInPath(_ name: String, of template: String) -> Bool {
        guard let placeholder = template.range(of: "{\(name)}") else { return false }
        let afterScheme = template.range(of: "://").map(\.upperBound) ?? template.startIndex
        guard let pathStart = template[afterScheme...].firstIndex(of: "/") else { return false }
        return placeholder.lowerBound >= pathStart
    }

    /// In the authority a value must stay one label or port; in the path it may span segments
    /// (a `{basePath}` of `storage/v3`) but never add a query, a fragment or a `..` segment.
    @usableFromInline @_alwaysEmitIntoClient static func problem(with value: String, inPath: Bool) -> String? {
        let forbidden = inPath ? "?# " : "/?#@ "
        let unsafe =
            value.isEmpty
            || value.unicodeScalars.contains { forbidden.unicodeScalars.contains($0) || Validation.isControl($0) }
        if inPath {
            let climbs = value.split(separator: "/", omittingEmptySubsequences: false).contains {
                $0 == ".." || $0 == "."
            }
            return unsafe || climbs ? "must be non-empty path text without '?', '#', spaces or '..' segments" : nil
        }
        return unsafe ? "must be non-empty without '/', '?', '#', '@' or spaces" : nil
    }
}
