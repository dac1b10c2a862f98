/// The constraints of the OpenAPI Object that the loader does not need in order to build the
/// model but that a valid document must keep (mutually exclusive fields, header and path names,
/// where `allowReserved` and `in: querystring` may stand). Every object is looked at once where it
/// is defined; `$ref`s are followed only to count querystring parameters, so the pass stays linear.
///
/// For 3.2 documents a broken rule is an error. Documents of 3.0/3.1 generated before these rules
/// existed, so there a rule those versions already had is a warning and a rule 3.2 introduced is
/// not applied (its fields are unknown to those versions and were never read).
struct DocumentRules {
    /// A rule's name starts its message, so a finding can be looked up and tested by it.
    enum Rule: String {
        case documentContainers = "document-containers"
        case unknownRootField = "unknown-root-field"
        case serversArray = "servers-array"
        case serverVariableEnum = "server-variable-enum"
        case exampleFields = "example-fields"
        case exampleOrExamples = "example-or-examples"
        case encodingExclusive = "encoding-exclusive"
        case headerAllowReserved = "header-allow-reserved"
        case headerNameToken = "header-name-token"
        case pathParameterName = "path-parameter-name"
        case allowReservedLocation = "allow-reserved-location"
        case querystringContent = "querystring-content"
        case querystringOnce = "querystring-once"
        case querystringWithQuery = "querystring-with-query"
        case contentWithStyle = "content-with-style"
        case xmlNodeType = "xml-node-type"
        case schemaType = "schema-type"
        case additionalOperationMethod = "additional-operation-method"

        /// What the rule is for a 3.0/3.1 document: nil when only 3.2 has it.
        var olderVersions: Diagnostic.Severity? {
            switch self {
            case .unknownRootField, .serversArray, .serverVariableEnum, .exampleFields, .exampleOrExamples,
                .headerNameToken, .pathParameterName, .schemaType:
                return .warning
            default: return nil
            }
        }
    }

    static let rootFields: Set<String> = [
        "openapi", "$self", "info", "jsonSchemaDialect", "servers", "paths", "webhooks", "components", "security",
        "tags", "externalDocs",
    ]
    static let fixedMethods = DocumentLoader.httpMethods + ["query"]

    let root: Node
    let isVersion32: Bool
    var diagnostics = Diagnostics()

    init(root: Node, isVersion32: Bool) {
        self.root = root
        self.isVersion32 = isVersion32
    }

    /// The findings for `root`.
    static func check(_ root: Node, isVersion32: Bool) -> [Diagnostic] {
        var rules = DocumentRules(root: root, isVersion32: isVersion32)
        rules.checkRoot()
        return rules.diagnostics.items
    }

    mutating func report(_ rule: Rule, _ message: String, at pointer: JSONPointer, _ node: Node?) {
        let text = "\(rule.rawValue): \(message)"
        if isVersion32 {
            diagnostics.error(text, at: pointer, node)
        } else if rule.olderVersions == .warning {
            diagnostics.warn(text, at: pointer, node)
        }
    }

    // MARK: Root

    mutating func checkRoot() {
        let top = JSONPointer()
        guard let entries = root.entries else { return }
        if isVersion32, root["paths"] == nil, root["webhooks"] == nil, root["components"] == nil {
            report(
                .documentContainers, "the document needs at least one of 'paths', 'components' or 'webhooks'",
                at: top, root)
        }
        for entry in entries where !entry.key.hasPrefix("x-") && !Self.rootFields.contains(entry.key) {
            report(
                .unknownRootField, "'\(entry.key)' is not a field of the OpenAPI Object", at: top / entry.key,
                entry.value)
        }
        servers(root["servers"], at: top / "servers")
        for entry in root["paths"]?.entries ?? [] where !entry.key.hasPrefix("x-") {
            pathItem(entry.value, at: top / "paths" / entry.key)
        }
        for entry in root["webhooks"]?.entries ?? [] {
            pathItem(entry.value, at: top / "webhooks" / entry.key)
        }
        if let components = root["components"] { self.components(components, at: top / "components") }
    }

    mutating func servers(_ node: Node?, at pointer: JSONPointer) {
        guard let node else { return }
        guard let list = node.elements else {
            report(.serversArray, "'servers' must be a list of Server Objects", at: pointer, node)
            return
        }
        for (index, server) in list.enumerated() {
            for variable in server["variables"]?.entries ?? [] {
                if let values = variable.value["enum"], values.elements?.isEmpty == true {
                    report(
                        .serverVariableEnum, "a server variable's 'enum' must not be empty",
                        at: pointer / index / "variables" / variable.key / "enum", values)
                }
            }
        }
    }

    mutating func components(_ node: Node, at pointer: JSONPointer) {
        for entry in node["schemas"]?.entries ?? [] { schema(entry.value, at: pointer / "schemas" / entry.key) }
        for entry in node["responses"]?.entries ?? [] { response(entry.value, at: pointer / "responses" / entry.key) }
        for entry in node["parameters"]?.entries ?? [] {
            parameter(entry.value, at: pointer / "parameters" / entry.key)
        }
        for entry in node["examples"]?.entries ?? [] { example(entry.value, at: pointer / "examples" / entry.key) }
        for entry in node["requestBodies"]?.entries ?? [] {
            content(entry.value["content"], at: pointer / "requestBodies" / entry.key / "content")
        }
        for entry in node["headers"]?.entries ?? [] { header(entry.value, at: pointer / "headers" / entry.key) }
        for entry in node["callbacks"]?.entries ?? [] { callback(entry.value, at: pointer / "callbacks" / entry.key) }
        for entry in node["pathItems"]?.entries ?? [] { pathItem(entry.value, at: pointer / "pathItems" / entry.key) }
        for entry in node["mediaTypes"]?.entries ?? [] {
            mediaType(entry.value, at: pointer / "mediaTypes" / entry.key)
        }
    }

    // MARK: Path items and operations

    mutating func pathItem(_ node: Node, at pointer: JSONPointer) {
        // A referenced path item is checked where it is defined.
        guard node["$ref"] == nil else { return }
        servers(node["servers"], at: pointer / "servers")
        let shared = parameterList(node["parameters"], at: pointer / "parameters")
        let methods = isVersion32 ? Self.fixedMethods : DocumentLoader.httpMethods
        for method in methods {
            if let operation = node[method] { self.operation(operation, shared: shared, at: pointer / method) }
        }
        guard isVersion32, let additional = node["additionalOperations"] else { return }
        for entry in additional.entries ?? [] {
            let entryPointer = pointer / "additionalOperations" / entry.key
            if Self.fixedMethods.contains(entry.key.lowercased()) {
                report(
                    .additionalOperationMethod,
                    "'\(entry.key)' has its own Path Item field ('\(entry.key.lowercased())'); it must not be in "
                        + "'additionalOperations'", at: entryPointer, entry.value)
            } else if !HTTPToken.isToken(entry.key) {
                report(
                    .additionalOperationMethod, "'\(entry.key)' is not an HTTP method name (an RFC 9110 token)",
                    at: entryPointer, entry.value)
            }
            operation(entry.value, shared: shared, at: entryPointer)
        }
    }

    /// Where a list's parameters live, resolved, to check them together with an operation's.
    typealias Placed = (node: Node, pointer: JSONPointer)

    mutating func parameterList(_ node: Node?, at pointer: JSONPointer) -> [Placed] {
        var result: [Placed] = []
        for (index, item) in (node?.elements ?? []).enumerated() {
            let itemPointer = pointer / index
            if item["$ref"] == nil { parameter(item, at: itemPointer) }
            if let resolved = resolved(item) { result.append((resolved, itemPointer)) }
        }
        if isVersion32 { querystringPlacement(result) }
        return result
    }

    mutating func operation(_ node: Node, shared: [Placed], at pointer: JSONPointer) {
        let own = parameterList(node["parameters"], at: pointer / "parameters")
        if isVersion32, !own.isEmpty, !shared.isEmpty {
            // An operation's parameter replaces a path item's of the same name and location.
            let key = { (placed: Placed) in "\(placed.node["in"]?.string ?? "") \(placed.node["name"]?.string ?? "")" }
            let ownKeys = Set(own.map(key))
            querystringPlacement(shared.filter { !ownKeys.contains(key($0)) } + own, ownOnly: own.count)
        }
        if let body = node["requestBody"], body["$ref"] == nil {
            content(body["content"], at: pointer / "requestBody" / "content")
        }
        for entry in node["responses"]?.entries ?? [] where !entry.key.hasPrefix("x-") {
            response(entry.value, at: pointer / "responses" / entry.key)
        }
        for entry in node["callbacks"]?.entries ?? [] { callback(entry.value, at: pointer / "callbacks" / entry.key) }
        servers(node["servers"], at: pointer / "servers")
    }

    mutating func callback(_ node: Node, at pointer: JSONPointer) {
        guard node["$ref"] == nil else { return }
        for entry in node.entries ?? [] where !entry.key.hasPrefix("x-") {
            pathItem(entry.value, at: pointer / entry.key)
        }
    }

    /// At most one querystring parameter, and none beside a query parameter. `ownOnly` counts the
    /// operation's own parameters at the end of `list`, so a pair already inside one list is not
    /// reported again when the path item's and the operation's lists are checked together.
    mutating func querystringPlacement(_ list: [Placed], ownOnly: Int? = nil) {
        let querystrings = list.filter { $0.node["in"]?.string == "querystring" }
        guard let first = querystrings.first else { return }
        let fresh = { (index: Int) in ownOnly == nil || index >= list.count - (ownOnly ?? 0) }
        let firstIndex = list.firstIndex { $0.pointer == first.pointer } ?? 0
        for extra in querystrings.dropFirst() {
            let index = list.firstIndex { $0.pointer == extra.pointer } ?? 0
            guard ownOnly == nil || fresh(index) != fresh(firstIndex) else { continue }
            report(
                .querystringOnce,
                "an operation can have only one 'in: querystring' parameter (another is at "
                    + "\(first.pointer))", at: extra.pointer, extra.node)
        }
        for (index, query) in list.enumerated() where query.node["in"]?.string == "query" {
            guard ownOnly == nil || fresh(index) != fresh(firstIndex) else { continue }
            report(
                .querystringWithQuery,
                "an 'in: query' parameter cannot stand beside the 'in: querystring' "
                    + "parameter at \(first.pointer)", at: query.pointer, query.node)
        }
    }

    func resolved(_ node: Node) -> Node? {
        var current = node
        var steps = 0
        while let target = current["$ref"]?.string {
            steps += 1
            guard steps < 32, let pointer = JSONPointer(reference: target), let next = root.resolve(pointer) else {
                return nil
            }
            current = next
        }
        return current
    }
}
