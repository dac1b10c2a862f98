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
        /// The doc-comment note on operations from a merged supplementary document.
        public var supplementaryNote: String?
        /// `operationId` → the request media type to generate when the operation offers several
        /// (otherwise the first one the document lists that the generator supports).
        public var preferredRequestMediaTypes: [String: String]
        /// The name a type would get → the name it gets (applied last, see `TypeRenaming`).
        public var typeNames: [String: String] = [:]
        /// Request settings by `operationId` or `METHOD path` (never retried, own connection).
        public var requestSettings: [String: RequestSettings] = [:]
        /// The command the generated files' header tells readers to run.
        public var regenerateCommand: String?
        /// The access level of the generated declarations (the configuration's `access`).
        var access: GeneratorConfiguration.AccessLevel = .public

        public init(
            moduleName: String, sourceName: String, names: [String: String] = [:],
            unpublishedOperationIds: Set<String> = [], perCallCredentialSchemes: Set<String> = [],
            supplementaryNote: String? = nil, preferredRequestMediaTypes: [String: String] = [:]
        ) {
            self.moduleName = moduleName
            self.sourceName = sourceName
            self.names = names
            self.unpublishedOperationIds = unpublishedOperationIds
            self.perCallCredentialSchemes = perCallCredentialSchemes
            self.supplementaryNote = supplementaryNote
            self.preferredRequestMediaTypes = preferredRequestMediaTypes
        }

        /// An `operationId` entry first, then a `METHOD path` one.
        func lookup<Value>(_ table: [String: Value], _ operation: Operation) -> Value? {
            if let id = operation.operationId, let value = table[id] { return value }
            return table[GeneratorConfiguration.routeKey(method: operation.method.rawValue, path: operation.path)]
        }
    }

    /// What the generated request carries beyond the document: `APIRequest.retryable`,
    /// `APIRequest.needsExclusiveConnection` and `APIRequest.followsRedirects`.
    public struct RequestSettings: Sendable, Hashable {
        public var retryable: Bool?
        public var needsExclusiveConnection: Bool
        public var followsRedirects: Bool

        public init(retryable: Bool? = nil, needsExclusiveConnection: Bool = false, followsRedirects: Bool = true) {
            self.retryable = retryable
            self.needsExclusiveConnection = needsExclusiveConnection
            self.followsRedirects = followsRedirects
        }
    }

    /// Translate's output: the declarations to print, and what it had to say about the document.
    public struct Translation: Sendable {
        public var module: ModuleDecl
        public var diagnostics: [Diagnostic]
    }

    public static func translate(_ document: OpenAPIDocument, options: Options) -> Translation {
        let tagTree = TagTree(document.tags)
        // What the module declares itself (its operation groups, its `Servers`): no schema's type
        // may take these names either.
        var moduleTypes = Set(
            document.operations.map {
                OperationGroupNames.name(of: $0, tagTree: tagTree, module: options.moduleName).name
            })
        if !document.servers.isEmpty { moduleTypes.insert("Servers") }
        var types = TypeTranslator(document: document, moduleName: options.moduleName, moduleTypes: moduleTypes)
        // Components and operations are translated in an order that depends on their names and
        // routes alone, so which of two colliding names gets the suffix, which inline copy the
        // others become aliases of, and which owner names a shared inline schema never depend on
        // where the document writes them; declarations are then put back in document order
        // (`rank`: the document position of what made them), which is how readers find them.
        var rank: [String: Int] = [:]
        var componentIndex: [String: Int] = [:]
        for (index, entry) in document.schemas.enumerated() where componentIndex[entry.name] == nil {
            componentIndex[entry.name] = index
        }
        var componentOwned: [String: String] = [:]
        for name in TypeTranslator.canonicalOrder(
            componentIndex.keys, module: options.moduleName, moduleTypes: moduleTypes)
        {
            for created in types.declareComponent(name) {
                componentOwned[created] = name
                rank[created] = componentIndex[name]
            }
        }
        types.currentComponent = nil

        let schemes = types.securitySchemeDecls()
        var operations: [(index: Int, decl: OperationDecl)] = []
        var groupScopes: [String: SwiftNames.Scope] = [:]
        var directUsers: [String: ComponentGraph.Users] = [:]
        var groupsByDeclaration: [String: Set<String>] = [:]
        var groupTags: [String: String] = [:]
        // Names first, every operation's before any streamed form's (below), so a method the
        // document names never yields its name to one the generator adds.
        var planned: [(index: Int, group: String, top: String?, name: String)] = []
        var renamedGroups = Set<String>()
        for operationIndex in canonicalOrder(document.operations) {
            let operation = document.operations[operationIndex]
            // One group per top-level tag: an operation tagged with a nested tag joins its top ancestor's.
            let top = operation.tags.first.map(tagTree.top(of:))
            let (group, renamedBecause) = OperationGroupNames.name(
                of: operation, tagTree: tagTree, module: options.moduleName)
            if let reason = renamedBecause, renamedGroups.insert(group).inserted {
                OperationGroupNames.warn(
                    group: group, preferred: OperationGroupNames.base(of: group) + "API", reason: reason,
                    operation: operation, tagTree: tagTree, diagnostics: &types.diagnostics)
            }
            if let top, groupTags[group] == nil { groupTags[group] = top }
            var scope = groupScopes[group] ?? SwiftNames.Scope(reserved: ["client", "init"])
            let name = scope.claim(functionName(for: operation, options: options, diagnostics: &types.diagnostics))
            groupScopes[group] = scope
            planned.append((operationIndex, group, top, name))
        }
        // OpenAI's style: one response offers JSON and a stream, and the request decides which
        // comes back. The JSON form keeps the operation's name; the stream gets a method of its
        // own, so neither answer is lost.
        var streamedNames: [Int: String] = [:]
        for plan in planned where types.offersStreamBesideJSON(document.operations[plan.index]) {
            streamedNames[plan.index] = groupScopes[plan.group, default: SwiftNames.Scope()].claim(
                SwiftNames.bare(plan.name) + "Stream")
        }
        for (operationIndex, group, top, name) in planned {
            let operation = document.operations[operationIndex]
            let before = types.createdDeclarations.count
            types.touchedComponents = []
            types.usedDeclarations = []
            types.beginOperationScope()
            let unpublished = operation.operationId.map(options.unpublishedOperationIds.contains) ?? false
            for streamedName in [nil] + [streamedNames[operationIndex]].compactMap({ $0 }) {
                var decl = types.operation(
                    operation, swiftName: streamedName ?? name, group: group, unpublished: unpublished,
                    schemes: schemes, perCallCredentialSchemes: options.perCallCredentialSchemes,
                    preferredMediaType: options.lookup(options.preferredRequestMediaTypes, operation),
                    streamedForm: streamedName != nil)
                if let tag = operation.tags.first, tag != top { decl.tagPath = tagTree.path(to: tag) }
                if let settings = options.lookup(options.requestSettings, operation) {
                    decl.retryable = settings.retryable
                    decl.needsExclusiveConnection = settings.needsExclusiveConnection
                    decl.followsRedirects = settings.followsRedirects
                }
                if streamedName != nil { decl.streamedFormOf = SwiftNames.bare(name) }
                operations.append((operationIndex * 2 + (streamedName == nil ? 0 : 1), decl))
            }
            for created in types.createdDeclarations[before...] {
                rank[created] = document.schemas.count + operationIndex
            }
            for created in types.createdDeclarations[before...] + types.usedDeclarations {
                groupsByDeclaration[created, default: []].insert(group)
            }
            for component in types.touchedComponents { directUsers[component, default: .none].add(.one(group)) }
        }

        let webhooks = WebhookTranslator.translate(document.webhooks, types: &types)

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
        let components = Set(types.componentTypes.values)
        let merged = DeclarationDedup.merge(nameOrder(types.emitted, components), components: components)
        var module = ModuleDecl(
            moduleName: options.moduleName, sourceName: options.sourceName,
            declarations: documentOrder(
                ModelStorageShape.decide(UnionStorage.decide(merged)), rank: rank, made: types.emittedIndex),
            declarationGroups: declarationGroups, operations: operations.sorted { $0.index < $1.index }.map(\.decl),
            webhookEvents: webhooks.events, webhookPayloads: webhooks.payloads)
        module.securitySchemes = schemes
        module.groupDocs = GroupDocs.decide(groupTags, tree: tagTree)
        module.servers = types.serverDecls()
        module.regenerateCommand = options.regenerateCommand ?? ModuleDecl.defaultRegenerateCommand
        module.access = options.access
        if !options.typeNames.isEmpty {
            TypeRenaming(options.typeNames).apply(to: &module, diagnostics: &types.diagnostics)
        }
        SharedRequestParts.decide(&module)
        // Last, so signatures and doc comments see the final type names.
        for index in module.operations.indices {
            OperationSignature.decide(&module.operations[index], supplementaryNote: options.supplementaryNote)
            module.operations[index].requestPlan = RequestPlan(module.operations[index])
            module.operations[index].stubCall = StubCallPlan(module.operations[index])
        }
        return Translation(module: module, diagnostics: types.diagnostics.items)
    }

    /// Operation indices by route, then method: the order they claim function and type names in.
    static func canonicalOrder(_ operations: [Operation]) -> [Int] {
        operations.indices.sorted { lhs, rhs in
            let left = operations[lhs]
            let right = operations[rhs]
            if left.path != right.path { return left.path.utf8.lexicographicallyPrecedes(right.path.utf8) }
            if left.method != right.method {
                return left.method.rawValue.utf8.lexicographicallyPrecedes(right.method.rawValue.utf8)
            }
            // Path keys that differ only in their query (`/token` and `/token?refresh`).
            let leftQuery = left.constantQuery.map { $0.name + "=" + $0.value }.joined(separator: "&")
            let rightQuery = right.constantQuery.map { $0.name + "=" + $0.value }.joined(separator: "&")
            if leftQuery != rightQuery { return leftQuery.utf8.lexicographicallyPrecedes(rightQuery.utf8) }
            return lhs < rhs
        }
    }

    /// Components, then the other declarations, each shortest name first (the least nested), then
    /// by bytes: the order in which the first of identical declarations is the one the others
    /// become aliases of (`DeclarationDedup`), so that an inline copy of a component is always an
    /// alias of the component, and which of two inline copies stays depends on their names alone.
    static func nameOrder(_ declarations: [Declaration], _ components: Set<String>) -> [Declaration] {
        declarations.map { (component: components.contains($0.name), name: $0.name, declaration: $0) }
            .sorted { lhs, rhs in
                if lhs.component != rhs.component { return lhs.component }
                if lhs.name.utf8.count != rhs.name.utf8.count { return lhs.name.utf8.count < rhs.name.utf8.count }
                return lhs.name.utf8.lexicographicallyPrecedes(rhs.name.utf8)
            }.map(\.declaration)
    }

    /// `declarations` ordered by the document position of the component or operation that made
    /// each (webhook payloads last), then by the order they were made in (`made`).
    static func documentOrder(_ declarations: [Declaration], rank: [String: Int], made: [String: Int])
        -> [Declaration]
    {
        declarations.map { (rank: rank[$0.name] ?? Int.max, made: made[$0.name] ?? Int.max, declaration: $0) }
            .sorted { ($0.rank, $0.made) < ($1.rank, $1.made) }.map(\.declaration)
    }

    /// The name map first; otherwise the operationId, unless it is opaque; otherwise a readable name
    /// from the summary or method + path, with a warning so the map can be completed.
    static func functionName(for operation: Operation, options: Options, diagnostics: inout Diagnostics) -> String {
        let names = options.names
        if let mapped = options.lookup(names, operation) { return SwiftNames.memberName(mapped) }
        // The operationId is the document's stable name (editing a summary must not rename a
        // public function); the summary, then method and path, only when it is missing or opaque.
        let derived: String
        if let id = operation.operationId, !looksOpaque(id) {
            derived = SwiftNames.memberName(id)
        } else if let summary = operation.summary, (1...6).contains(SwiftNames.words(summary).count) {
            derived = SwiftNames.memberName(summary)
        } else {
            let segments = operation.path.split(separator: "/").filter { !$0.hasPrefix("{") }.map(String.init)
            derived = SwiftNames.memberName(([operation.method.rawValue] + segments).joined(separator: "_"))
        }
        // A readable operationId is a name already; only a name made up from prose or the route
        // (which changes when they do) is worth a warning.
        if operation.operationId.map(looksOpaque) ?? true {
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
