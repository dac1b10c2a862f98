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
    public static func expand(_ template: String, _ variables: [(name: String, value: String, allowed: [String])])
        throws -> URL
    {
        var text = template
        var errors: [String: [String]] = [:]
        for variable in variables {
            if !variable.allowed.isEmpty && !variable.allowed.contains(variable.value) {
                errors[variable.name, default: []].append(
                    "must be one of \(variable.allowed.joined(separator: ", "))")
            }
            if variable.value.isEmpty
                || variable.value.unicodeScalars.contains(where: {
                    "/?#@ ".unicodeScalars.contains($0) || Validation.isControl($0)
                })
            {
                errors[variable.name, default: []].append("must be non-empty without '/', '?', '#', '@' or spaces")
            }
            text = text.replacingOccurrences(of: "{\(variable.name)}", with: variable.value)
        }
        guard errors.isEmpty, let url = URL(string: text), url.host != nil else {
            if errors.isEmpty { errors["url", default: []].append("does not form an absolute URL") }
            throw RequestValidationError(Validation.summary("Invalid server variables", errors), errors: errors)
        }
        return url
    }
}
