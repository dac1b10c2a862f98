/// Stage 3: OpenAPI document → Swift declaration model.
public enum Translator {
    public struct Options: Sendable {
        public var moduleName: String
        public var sourceName: String
        /// `operationId` → Swift function name (the committed name map).
        public var names: [String: String]
        /// Operation ids described outside the published contract (marked in doc comments).
        public var unpublishedOperationIds: Set<String>
        /// Security schemes whose value each call passes (configuration; see `SecurityTranslator`).
        public var perCallCredentialSchemes: Set<String>

        public init(
            moduleName: String, sourceName: String, names: [String: String] = [:],
            unpublishedOperationIds: Set<String> = [], perCallCredentialSchemes: Set<String> = []
        ) {
            self.moduleName = moduleName
            self.sourceName = sourceName
            self.names = names
            self.unpublishedOperationIds = unpublishedOperationIds
            self.perCallCredentialSchemes = perCallCredentialSchemes
        }
    }

    public static func translate(_ document: OpenAPIDocument, options: Options) -> (ModuleDecl, [Diagnostic]) {
        var types = TypeTranslator(document: document)
        var componentOwned: [String: String] = [:]
        for (name, _) in document.schemas {
            for created in types.declareComponent(name) { componentOwned[created] = name }
        }
        types.currentComponent = nil

        let schemes = types.securitySchemeDecls()
        var operations: [OperationDecl] = []
        var groupScopes: [String: SwiftNames.Scope] = [:]
        var directUsers: [String: ComponentGraph.Users] = [:]
        var groupsByDeclaration: [String: Set<String>] = [:]
        for operation in document.operations {
            let group = SwiftNames.typeName(operation.tags.first ?? "Default") + "API"
            var scope = groupScopes[group] ?? SwiftNames.Scope(reserved: ["client", "init"])
            let name = scope.claim(functionName(for: operation, names: options.names, diagnostics: &types.diagnostics))
            groupScopes[group] = scope
            let before = types.createdDeclarations.count
            types.touchedComponents = []
            types.usedDeclarations = []
            types.beginOperationScope()
            let unpublished = operation.operationId.map(options.unpublishedOperationIds.contains) ?? false
            operations.append(
                types.operation(
                    operation, swiftName: name, group: group, unpublished: unpublished, schemes: schemes,
                    perCallCredentialSchemes: options.perCallCredentialSchemes))
            for created in types.createdDeclarations[before...] + types.usedDeclarations {
                groupsByDeclaration[created, default: []].insert(group)
            }
            for component in types.touchedComponents { directUsers[component, default: .none].add(.one(group)) }
        }

        var webhookPayloads: [(String, String, SwiftType)] = []
        let webhookEventTypeName = document.webhooks.isEmpty ? "" : types.claimInline("WebhookEventName")
        for webhook in document.webhooks {
            guard let media = webhook.requestBody?.content.first(where: \.isJSON), let schema = media.schema else {
                continue
            }
            let suggested = SwiftNames.typeName(webhook.path) + "Webhook"
            let payload = types.type(for: schema, suggestedName: suggested, forRequest: false).type
            let alias =
                payload == .named(SwiftNames.typeName(suggested)) ? payload.rendered : types.claimInline(suggested)
            webhookPayloads.append((webhook.path, alias, payload))
        }

        var declarationGroups: [String: String] = [:]
        for (name, groups) in groupsByDeclaration where groups.count == 1 {
            declarationGroups[name] = groups.first
        }
        // Components reached by one group's operations only (directly or through other components).
        let users = types.graph.users(direct: directUsers)
        for (component, user) in users {
            guard case .one(let group) = user, let typeName = types.componentTypes[component] else { continue }
            declarationGroups[typeName] = group
        }
        for (declaration, component) in componentOwned {
            if case .one(let group) = users[component] {
                declarationGroups[declaration] = group
            } else {
                declarationGroups[declaration] = nil
            }
        }
        var module = ModuleDecl(
            moduleName: options.moduleName, sourceName: options.sourceName,
            declarations: DeclarationDedup.merge(types.emitted, components: Set(types.componentTypes.values)),
            declarationGroups: declarationGroups, operations: operations,
            webhookNames: document.webhooks.map(\.path), webhookEventTypeName: webhookEventTypeName,
            webhookPayloads: webhookPayloads)
        module.securitySchemes = schemes
        module.servers = types.serverDecls()
        return (module, types.diagnostics.items)
    }

    /// The name map first; otherwise the operationId, unless it is opaque; otherwise a readable name
    /// from the summary or method + path, with a warning so the map can be completed.
    static func functionName(for operation: Operation, names: [String: String], diagnostics: inout Diagnostics)
        -> String
    {
        if let id = operation.operationId, let mapped = names[id] { return SwiftNames.memberName(mapped) }
        // The operationId is the document's stable name (editing a summary must not rename a
        // public function); the summary, then method and path, only when it is missing or opaque.
        let derived: String
        if let id = operation.operationId, !looksOpaque(id) {
            derived = SwiftNames.memberName(id)
        } else if let summary = operation.summary, (1...6).contains(SwiftNames.words(summary).count) {
            derived = SwiftNames.memberName(summary)
        } else {
            let segments = operation.path.split(separator: "/").filter { !$0.hasPrefix("{") }.map(String.init)
            derived = SwiftNames.memberName(([operation.method] + segments).joined(separator: "_"))
        }
        if !names.isEmpty || operation.operationId.map(looksOpaque) == true {
            diagnostics.warn(
                "operation \(operation.operationId ?? "without operationId") has no entry in the name map; using '\(derived)'",
                at: operation.pointer)
        }
        return derived
    }

    /// Hash-like ids (`3afeb0e00a024f92298a557cf8475184`) make useless function names.
    static func looksOpaque(_ id: String) -> Bool {
        id.count >= 16 && id.allSatisfy { $0.isHexDigit }
    }
}

extension SwiftNames.Scope {
    init(reserved: [String]) { self.init(reserved: Set(reserved)) }
}
