/// OpenAPI 3.2's methods and `in: querystring` parameters, as the loader reads them.
extension DocumentLoader {
    /// How a querystring parameter's value becomes the query: `form` (the members as fields),
    /// `json` (the encoded text) or `text` (a string as it is).
    static func querystringForm(_ media: MediaType) -> String {
        let base = media.contentType.split(separator: ";").first.map(String.init)?.trimmed.lowercased() ?? ""
        if base == "application/x-www-form-urlencoded" { return "form" }
        return media.isJSON ? "json" : "text"
    }

    /// A querystring the generated code cannot write is refused by name, never dropped: one
    /// media type, and a string unless the media type is a form or JSON.
    mutating func checkQuerystring(_ parameter: Parameter, at pointer: JSONPointer, _ node: Node) {
        guard parameter.content.count == 1, let media = parameter.content.first else {
            diagnostics.error(
                "querystring parameter '\(parameter.name)' needs exactly one media type in 'content'", at: pointer,
                node)
            return
        }
        guard Self.querystringForm(media) == "text", let schema = media.schema else { return }
        let isString = schema.ref == nil && schema.types == ["string"]
        if !isString {
            diagnostics.error(
                "querystring parameter '\(parameter.name)': a '\(media.contentType)' query is generated only for "
                    + "a string schema (forms and JSON take any schema)", at: pointer / "content", node)
        }
    }
}
