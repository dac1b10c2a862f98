/// Stage 2: turns a parsed node tree into an `OpenAPIDocument`, resolving references and
/// collecting diagnostics instead of stopping at the first problem.
public struct DocumentLoader {
    public static let httpMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    let root: Node
    /// 3.1 and 3.2 share JSON Schema 2020-12 as their schema dialect; the name stays from when
    /// only 3.1 had it.
    let isVersion31: Bool
    /// 3.2 adds the `query` method, `additionalOperations` and `in: querystring`.
    let isVersion32: Bool
    var diagnostics = Diagnostics()
    var inlineReferenceStack: [String] = []
    /// Security schemes left out because they are defined in another document.
    var externalSchemes: Set<String> = []
    /// The names under `components/schemas`, so checking a `$ref` is not a scan of all of them
    /// (which made loading quadratic in the number of components).
    let componentSchemaNames: Set<String>

    /// Loads `root`; the document is nil only when errors make it unusable.
    public static func load(_ root: Node) -> (document: OpenAPIDocument?, diagnostics: [Diagnostic]) {
        var loader = DocumentLoader(root: root)
        let document = loader.load()
        return (loader.diagnostics.hasErrors ? nil : document, loader.diagnostics.items)
    }

    init(root: Node) {
        self.root = root
        let version = root["openapi"]?.string ?? ""
        isVersion32 = version.hasPrefix("3.2")
        isVersion31 = version.hasPrefix("3.1") || isVersion32
        componentSchemaNames = Set((root["components"]?["schemas"]?.entries ?? []).map(\.key))
    }

    mutating func load() -> OpenAPIDocument {
        let top = JSONPointer()
        guard root.entries != nil else {
            diagnostics.error("the document must be a mapping", at: top, root)
            return emptyDocument
        }
        let version = root["openapi"]?.string ?? ""
        if root["swagger"] != nil {
            diagnostics.error(
                "Swagger 2.0 documents are not supported; convert to OpenAPI 3 first", at: top / "swagger",
                root["swagger"])
        } else if !(version.hasPrefix("3.0") || version.hasPrefix("3.1") || version.hasPrefix("3.2")) {
            diagnostics.error(
                "unsupported or missing 'openapi' version '\(version)'", at: top / "openapi", root["openapi"] ?? root)
        } else {
            diagnostics.append(contentsOf: DocumentRules.check(root, isVersion32: isVersion32))
        }
        let info = Info(
            title: root["info"]?["title"]?.string ?? "API",
            version: root["info"]?["version"]?.string ?? root["info"]?["version"]?.number.map { String($0) } ?? "",
            description: root["info"]?["description"]?.string)
        if root["info"] == nil { diagnostics.warn("missing 'info'", at: top / "info", root) }

        var schemas: [(String, Schema)] = []
        for entry in root["components"]?["schemas"]?.entries ?? [] {
            schemas.append((entry.key, schema(entry.value, at: top / "components" / "schemas" / entry.key)))
        }
        var schemes: [(String, SecurityScheme)] = []
        for entry in root["components"]?["securitySchemes"]?.entries ?? [] {
            let pointer = top / "components" / "securitySchemes" / entry.key
            // The generator never fetches: a scheme defined in another document is left out with a
            // warning, and a requirement naming it is reported where the requirement is translated.
            if let target = entry.value["$ref"]?.string, JSONPointer(reference: target) == nil {
                diagnostics.warn(
                    "security scheme '\(entry.key)' refers to another document ('\(target)'), which is never "
                        + "fetched; it is left out", at: pointer / "$ref", entry.value)
                externalSchemes.insert(entry.key)
                continue
            }
            if let node = follow(entry.value, at: pointer) { schemes.append((entry.key, securityScheme(node))) }
        }

        var operations: [Operation] = []
        // The Paths and Responses objects may carry extensions; a path begins with `/` and a
        // status code is a number, so an `x-` key there is never one of them.
        for entry in root["paths"]?.entries ?? [] where !entry.key.hasPrefix("x-") {
            let pointer = top / "paths" / entry.key
            let (path, query) = Self.splitPathKey(entry.key)
            var found = pathItem(entry.value, path: path, at: pointer)
            if !query.isEmpty {
                diagnostics.warn(
                    "path key '\(entry.key)' carries a query string, which a path may not; every call sends it "
                        + "as the constant query item(s) " + query.map { "'\($0.name)'" }.joined(separator: ", "),
                    at: pointer, entry.value)
                for index in found.indices { found[index].constantQuery = query }
            }
            operations += found
        }
        if !isVersion32 && root["paths"] == nil && root["webhooks"] == nil && root["components"] == nil {
            diagnostics.warn("the document has no paths, webhooks or components", at: top, root)
        }
        var webhooks: [Operation] = []
        for entry in root["webhooks"]?.entries ?? [] {
            webhooks += pathItem(entry.value, path: entry.key, at: top / "webhooks" / entry.key)
        }
        checkOperationIds(operations)

        var document = OpenAPIDocument(
            openapi: version, info: info, servers: servers(root["servers"], at: top / "servers"),
            operations: operations, webhooks: webhooks, schemas: schemas, securitySchemes: schemes,
            security: root["security"].map { securityRequirements($0, at: top / "security") },
            tags: tags(root["tags"], at: top / "tags"),
            recursiveSchemas: [],
            extensions: (root.entries ?? []).filter { $0.key.hasPrefix("x-") }.map { ($0.key, $0.value) })
        let graph = ComponentGraph(document.schemas)
        document.recursiveSchemas = graph.recursiveSchemas
        document.componentGraph = graph
        return document
    }

    private var emptyDocument: OpenAPIDocument {
        OpenAPIDocument(
            openapi: "", info: Info(title: "", version: ""), servers: [], operations: [], webhooks: [],
            schemas: [], securitySchemes: [], security: nil, tags: [], recursiveSchemas: [], extensions: [])
    }

    // MARK: References

    /// Follows `$ref` chains for non-schema components (parameters, responses, …).
    mutating func follow(_ node: Node, at pointer: JSONPointer) -> Node? {
        followWithPointer(node, at: pointer)?.node
    }

    /// Like `follow`, also returning where the target lives, so schemas inside a shared component
    /// keep one pointer however many operations use it.
    mutating func followWithPointer(_ node: Node, at pointer: JSONPointer) -> (node: Node, pointer: JSONPointer)? {
        var current = node
        var currentPointer = pointer
        var seen: [String] = []
        while let target = current["$ref"]?.string {
            guard !seen.contains(target) else {
                diagnostics.error("reference cycle: \((seen + [target]).joined(separator: " → "))", at: pointer, node)
                return nil
            }
            seen.append(target)
            guard let local = JSONPointer(reference: target), let resolved = root.resolve(local) else {
                diagnostics.error("unresolvable $ref '\(target)'", at: pointer / "$ref", current)
                return nil
            }
            current = resolved
            currentPointer = local
        }
        return (current, currentPointer)
    }

    /// The component name of a `#/components/<kind>/<name>` reference.
    func componentName(of node: Node, kind: String) -> String? {
        guard let target = node["$ref"]?.string, let pointer = JSONPointer(reference: target),
            pointer.tokens.count == 3, pointer.tokens[0] == "components", pointer.tokens[1] == kind
        else { return nil }
        return pointer.tokens[2]
    }

    // MARK: Paths and operations

    mutating func pathItem(_ node: Node, path: String, at pointer: JSONPointer) -> [Operation] {
        guard let item = follow(node, at: pointer) else { return [] }
        let shared = parameters(item["parameters"], at: pointer / "parameters")
        var result: [Operation] = []
        for method in isVersion32 ? Self.httpMethods + ["query"] : Self.httpMethods {
            guard let operationNode = item[method] else { continue }
            result.append(operation(operationNode, method: method, path: path, shared: shared, at: pointer / method))
        }
        // The key is the method as sent, capitalization included; the rules pass refuses one that
        // has a fixed field or is not a token.
        guard isVersion32 else { return result }
        for entry in item["additionalOperations"]?.entries ?? [] {
            let entryPointer = pointer / "additionalOperations" / entry.key
            result.append(operation(entry.value, method: entry.key, path: path, shared: shared, at: entryPointer))
        }
        return result
    }

    mutating func operation(_ node: Node, method: String, path: String, shared: [Parameter], at pointer: JSONPointer)
        -> Operation
    {
        var merged = shared
        for parameter in parameters(node["parameters"], at: pointer / "parameters") {
            merged.removeAll { $0.name == parameter.name && $0.location == parameter.location }
            merged.append(parameter)
        }
        for name in pathTemplateNames(path) where !merged.contains(where: { $0.location == .path && $0.name == name }) {
            diagnostics.warn(
                "path parameter '\(name)' is not declared; treating it as a required string", at: pointer, node)
            var schema = Schema()
            schema.types = ["string"]
            merged.append(
                Parameter(
                    name: name, location: .path, required: true, schema: schema, content: [], style: nil,
                    explode: nil, description: nil, deprecated: false, pointer: pointer))
        }
        var responses: [Response] = []
        for entry in node["responses"]?.entries ?? [] where !entry.key.hasPrefix("x-") {
            let responsePointer = pointer / "responses" / entry.key
            if let response = response(entry.value, code: entry.key, at: responsePointer) { responses.append(response) }
        }
        if node["responses"] == nil {
            diagnostics.warn("operation has no responses", at: pointer, node)
        }
        var requestBody: RequestBody?
        if let bodyNode = node["requestBody"],
            let (resolved, bodyPointer) = followWithPointer(bodyNode, at: pointer / "requestBody")
        {
            requestBody = RequestBody(
                required: resolved["required"]?.bool ?? false, description: resolved["description"]?.string,
                content: content(resolved["content"], at: bodyPointer / "content"),
                componentName: componentName(of: bodyNode, kind: "requestBodies"), pointer: pointer / "requestBody")
        }
        return Operation(
            method: OperationMethod(rawValue: method), path: path, operationId: node["operationId"]?.string,
            tags: node["tags"]?.elements?.compactMap(\.string) ?? [], summary: node["summary"]?.string,
            description: node["description"]?.string, parameters: merged, requestBody: requestBody,
            responses: responses, security: node["security"].map { securityRequirements($0, at: pointer / "security") },
            deprecated: node["deprecated"]?.bool ?? false,
            extensions: (node.entries ?? []).filter { $0.key.hasPrefix("x-") }.map { ($0.key, $0.value) },
            pointer: pointer, location: node.location)
    }

    /// `/oauth/token?refresh` → (`/oauth/token`, [refresh = ""]): a path key with a query string,
    /// as some documents write two operations on one path. The query is what every call sends, as
    /// a URL built from the key by concatenation would (what many generators do); its items are
    /// percent-decoded here and encoded again when sent.
    static func splitPathKey(_ key: String) -> (path: String, query: [(name: String, value: String)]) {
        guard let mark = key.firstIndex(of: "?") else { return (key, []) }
        let queryText = key[key.index(after: mark)...].split(separator: "#", maxSplits: 1).first ?? ""
        let items = queryText.split(separator: "&").map { item -> (name: String, value: String) in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ text: Substring) -> String { String(text).removingPercentEncoding ?? String(text) }
            return (decoded(parts[0]), parts.count > 1 ? decoded(parts[1]) : "")
        }
        return (String(key[..<mark]), items.filter { !$0.name.isEmpty })
    }

    func pathTemplateNames(_ path: String) -> [String] {
        var names: [String] = []
        var current: String?
        for character in path {
            if character == "{" {
                current = ""
            } else if character == "}" {
                if let name = current, !name.isEmpty { names.append(name) }
                current = nil
            } else if current != nil {
                current?.append(character)
            }
        }
        return names
    }

    static let ignoredHeaderParameters: Set<String> = ["accept", "content-type", "authorization"]

    mutating func parameters(_ node: Node?, at pointer: JSONPointer) -> [Parameter] {
        guard let node else { return [] }
        guard let items = node.elements else {
            diagnostics.error("'parameters' must be a list", at: pointer, node)
            return []
        }
        var result: [Parameter] = []
        for (index, item) in items.enumerated() {
            guard let (resolved, itemPointer) = followWithPointer(item, at: pointer / index) else { continue }
            guard let name = resolved["name"]?.string, let placeText = resolved["in"]?.string else {
                diagnostics.error("a parameter needs 'name' and 'in'", at: itemPointer, item)
                continue
            }
            guard let place = Parameter.Location(rawValue: placeText), place != .querystring || isVersion32 else {
                diagnostics.error("unknown parameter location '\(placeText)'", at: itemPointer / "in", resolved["in"])
                continue
            }
            // OpenAPI: a header parameter named Accept, Content-Type or Authorization "SHALL be
            // ignored" (the media types and security schemes say those); an argument for it would
            // be dropped by the engine, which owns these headers.
            if place == .header, Self.ignoredHeaderParameters.contains(name.lowercased()) {
                diagnostics.warn(
                    "header parameter '\(name)' is ignored, as OpenAPI says: the operation's media types and "
                        + "security schemes set that header", at: itemPointer, item)
                continue
            }
            let schemaNode = resolved["schema"]
            let parameter = Parameter(
                name: name, location: place, required: place == .path ? true : (resolved["required"]?.bool ?? false),
                schema: schemaNode.map { schema($0, at: itemPointer / "schema") },
                content: content(resolved["content"], at: itemPointer / "content"),
                style: resolved["style"]?.string, explode: resolved["explode"]?.bool,
                description: resolved["description"]?.string, deprecated: resolved["deprecated"]?.bool ?? false,
                pointer: itemPointer)
            if place == .querystring { checkQuerystring(parameter, at: itemPointer, resolved) }
            if parameter.schema == nil && parameter.content.isEmpty && place != .querystring {
                diagnostics.warn(
                    "parameter '\(name)' has neither schema nor content; reading it as a string", at: itemPointer, item)
            }
            result.append(parameter)
        }
        return result
    }

    mutating func content(_ node: Node?, at pointer: JSONPointer) -> [MediaType] {
        (node?.entries ?? []).compactMap { entry in
            // 3.2 media types may be `$ref`s to `components/mediaTypes`.
            guard let (media, mediaPointer) = followWithPointer(entry.value, at: pointer / entry.key) else {
                return nil
            }
            let encoding: [(String, MediaType.Encoding)] = (media["encoding"]?.entries ?? []).map {
                (
                    $0.key,
                    MediaType.Encoding(
                        contentType: $0.value["contentType"]?.string, style: $0.value["style"]?.string,
                        explode: $0.value["explode"]?.bool)
                )
            }
            var result = MediaType(
                contentType: entry.key, schema: media["schema"].map { schema($0, at: mediaPointer / "schema") },
                encoding: encoding, pointer: mediaPointer,
                itemSchema: media["itemSchema"].map { schema($0, at: mediaPointer / "itemSchema") })
            result.example = media["example"]
            for example in media["examples"]?.entries ?? [] where result.example == nil {
                let pointer = mediaPointer / "examples" / example.key
                guard let object = follow(example.value, at: pointer) else { continue }
                result.example = exampleValue(object, for: result, at: pointer)
            }
            return result
        }
    }

    mutating func response(_ node: Node, code: String, at pointer: JSONPointer) -> Response? {
        guard let (resolved, contentPointer) = followWithPointer(node, at: pointer) else { return nil }
        let valid =
            code == "default"
            || (code.count == 3 && code.first.map { "12345".contains($0) } == true
                && code.dropFirst().allSatisfy { $0.isNumber || $0 == "X" || $0 == "x" })
        if !valid { diagnostics.warn("unexpected response code '\(code)'", at: pointer, node) }
        var headers: [(String, Header)] = []
        for entry in resolved["headers"]?.entries ?? [] {
            let headerPointer = contentPointer / "headers" / entry.key
            guard let header = follow(entry.value, at: headerPointer) else { continue }
            headers.append(
                (
                    entry.key,
                    Header(
                        schema: header["schema"].map { schema($0, at: headerPointer / "schema") },
                        required: header["required"]?.bool ?? false, description: header["description"]?.string)
                ))
        }
        return Response(
            code: code == "default" ? code : code.uppercased(), description: resolved["description"]?.string,
            summary: resolved["summary"]?.string, headers: headers,
            content: content(resolved["content"], at: contentPointer / "content"),
            componentName: componentName(of: node, kind: "responses"), pointer: pointer)
    }

    // MARK: Security, servers

    mutating func securityRequirements(_ node: Node, at pointer: JSONPointer) -> [SecurityRequirement] {
        // A scheme left out because it lives in another document is needed once a requirement
        // names it: the generated code could not send that credential.
        for (index, alternative) in (node.elements ?? []).enumerated() {
            for entry in alternative.entries ?? [] where externalSchemes.contains(entry.key) {
                diagnostics.error(
                    "security scheme '\(entry.key)' is required here but is defined in another document, which is "
                        + "never fetched; define it in this document", at: pointer / index / entry.key, entry.value)
            }
        }
        return (node.elements ?? []).map { alternative in
            SecurityRequirement(
                schemes: (alternative.entries ?? []).map { ($0.key, $0.value.elements?.compactMap(\.string) ?? []) })
        }
    }

    func securityScheme(_ node: Node) -> SecurityScheme {
        var scheme = SecurityScheme(
            type: node["type"]?.string ?? "", scheme: node["scheme"]?.string?.lowercased(),
            bearerFormat: node["bearerFormat"]?.string, location: node["in"]?.string,
            parameterName: node["name"]?.string, description: node["description"]?.string)
        let urlFields = ["authorizationUrl", "deviceAuthorizationUrl", "tokenUrl", "refreshUrl"]
        scheme.oauthFlows = (node["flows"]?.entries ?? []).filter { !$0.key.hasPrefix("x-") }.map { flow in
            (flow.key, urlFields.compactMap { field in flow.value[field]?.string.map { (field, $0) } })
        }
        scheme.oauth2MetadataURL = node["oauth2MetadataUrl"]?.string
        scheme.openIdConnectURL = node["openIdConnectUrl"]?.string
        return scheme
    }

    func servers(_ node: Node?, at pointer: JSONPointer) -> [Server] {
        (node?.elements ?? []).compactMap { server in
            guard let url = server["url"]?.string else { return nil }
            let variables = (server["variables"]?.entries ?? []).map {
                (
                    $0.key, $0.value["default"]?.string ?? "",
                    $0.value["enum"]?.elements?.compactMap(\.string) ?? []
                )
            }
            return Server(url: url, description: server["description"]?.string, variables: variables)
        }
    }

    mutating func checkOperationIds(_ operations: [Operation]) {
        var seen: [String: JSONPointer] = [:]
        for operation in operations {
            guard let id = operation.operationId else { continue }
            if let first = seen[id] {
                diagnostics.warn(
                    "operationId '\(id)' is used again (first at \(first)); names are made unique",
                    at: operation.pointer / "operationId")
            } else {
                seen[id] = operation.pointer
            }
        }
    }
}
