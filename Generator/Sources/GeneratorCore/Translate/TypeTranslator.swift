/// Turns schemas into Swift types, registering a declaration for every object, enum and union
/// it meets (components under their own names, inline ones named from where they sit).
struct TypeTranslator {
    let document: OpenAPIDocument
    /// Every declaration made, in order: what the module emits.
    var emitted: [Declaration] = []
    /// Declaration name → its index in `emitted`.
    var emittedIndex: [String: Int] = [:]
    /// The declarations the current operation's types name (see `noteOperationType`): the scope
    /// the operation translation looks names up in. Not the whole module — a scan of every
    /// declaration per parameter and form field made generation quadratic (issue 17).
    var declarations: [Declaration] = []
    /// Component name → schema (the document keeps an array; looking names up in it per `$ref`
    /// was quadratic).
    let componentSchemas: [String: Schema]
    /// Swift type name → the component it was claimed for.
    var componentsByType: [String: String] = [:]
    var names: SwiftNames.Scope
    /// The generated module's name, and the types it declares itself (operation groups,
    /// `Servers`): no schema's type may take them (`SwiftNames.typeName(_:module:declared:)`).
    let moduleName: String?
    let moduleTypes: Set<String>
    /// Component schema name → Swift type name.
    var componentTypes: [String: String] = [:]
    /// Component names that request bodies reach: their nullable members can send explicit nulls.
    let requestComponents: Set<String>
    let graph: ComponentGraph
    var edges: [String: Set<String>] { graph.edges }
    let genericCensus: [String: Int]
    var diagnostics = Diagnostics()
    /// Widening warnings already made: a schema translated for both a request and a response, or
    /// merged into several components, is met more than once (see `reportWidening`).
    var reportedWidenings = Set<Diagnostic>()
    /// Components referenced while translating the current operation (for file grouping).
    var touchedComponents = Set<String>()
    /// Inline declarations created, in order (the current operation's are at the end).
    var createdDeclarations: [String] = []
    /// Inline declarations an operation reused from an earlier one (for file grouping).
    var usedDeclarations: [String] = []
    /// Inline schema (by where it is written) → what it translated to.
    var inlineCache: [InlineKey: CachedType] = [:]
    /// Generic wrappers detected in `allOf` (component name + member name → generic type name).
    var genericWrappers: [String: String] = [:]
    var nameMemo = NameMemo()
    var currentComponent: String?
    /// Depth of nested `type(for:)` calls: 0 outside any, so the outermost call is known.
    private var typeDepth = 0
    /// Set once operations are being translated (components never need an operation scope).
    private var inOperation = false

    init(document: OpenAPIDocument, moduleName: String? = nil, moduleTypes: Set<String> = []) {
        self.document = document
        self.moduleName = moduleName
        self.moduleTypes = moduleTypes
        names = SwiftNames.Scope(
            reserved: SwiftNames.reservedTypeNames.union(moduleTypes).union(moduleName.map { [$0] } ?? []))
        var schemas: [String: Schema] = [:]
        for (name, schema) in document.schemas where schemas[name] == nil { schemas[name] = schema }
        componentSchemas = schemas
        let graph = document.componentGraph ?? ComponentGraph(document.schemas)
        self.graph = graph
        var requestRoots = Set<String>()
        for operation in document.operations {
            for media in operation.requestBody?.content ?? [] {
                if let schema = media.schema { ReferenceGraph.collect(schema, into: &requestRoots) }
            }
        }
        var closure = requestRoots
        var stack = Array(requestRoots)
        while let next = stack.popLast() {
            for target in graph.edges[next] ?? [] where closure.insert(target).inserted { stack.append(target) }
        }
        requestComponents = closure
        genericCensus = GenericWrapperCensus.count(in: document)
        // Components claim their names first so inline names never take them, in `canonicalOrder`:
        // which of two colliding names gets the suffix must not depend on where they are written.
        for name in Self.canonicalOrder(schemas.keys, module: moduleName, moduleTypes: moduleTypes) {
            let claimed = names.claim(typeName(name))
            componentTypes[name] = claimed
            if componentsByType[claimed] == nil { componentsByType[claimed] = name }
            noteReservedName(name)
        }
    }

    /// Component names in the order they claim Swift names and are translated: a name that is
    /// already its own Swift type name first (a `FooBar` keeps `FooBar` over a `foo-bar`), then by
    /// their bytes, so the result depends on the names alone.
    static func canonicalOrder(
        _ names: some Sequence<String>, module: String? = nil, moduleTypes: Set<String> = []
    ) -> [String] {
        names.map { (exact: SwiftNames.typeName($0, module: module, declared: moduleTypes) == $0, name: $0) }.sorted {
            lhs, rhs in
            if lhs.exact != rhs.exact { return lhs.exact }
            return lhs.name.utf8.lexicographicallyPrecedes(rhs.name.utf8)
        }.map(\.name)
    }

    /// Declares component `name` under its claimed type name; returns the inline declarations
    /// it created.
    mutating func declareComponent(_ name: String) -> ArraySlice<String> {
        let before = createdDeclarations.count
        // Only operations read these; left to grow over every component, each inline schema's
        // bookkeeping cost more than the last (issue 17).
        touchedComponents = []
        usedDeclarations = []
        currentComponent = name
        declare(
            componentSchema(name) ?? Schema(),
            as: componentTypes[name] ?? typeName(name),
            forRequest: requestComponents.contains(name), fixedName: true)
        return createdDeclarations[before...]
    }

    /// The component schema called `name`.
    func componentSchema(_ name: String) -> Schema? { componentSchemas[name] }

    /// Starts the name scope of a new operation (see `declarations`).
    mutating func beginOperationScope() {
        declarations = []
        inOperation = true
    }

    /// Adds the declarations `type` names — following aliases, array elements and generic
    /// arguments — to the current operation's scope.
    mutating func noteOperationType(_ type: SwiftType, depth: Int = 0) {
        guard inOperation, depth < 32 else { return }
        switch type {
        case .named(let name):
            guard let index = emittedIndex[name] else { return }
            let declaration = emitted[index]
            declarations.append(declaration)
            if case .alias(_, let target, _) = declaration { noteOperationType(target, depth: depth + 1) }
        case .dateTime, .date: return
        case .array(let inner), .dictionary(let inner), .optional(let inner), .nullable(let inner):
            noteOperationType(inner, depth: depth + 1)
        case .generic(_, let arguments):
            for argument in arguments { noteOperationType(argument, depth: depth + 1) }
        }
    }

    // MARK: Types

    /// The Swift type for `schema`; `nullable` tells whether JSON null is allowed. An inline schema
    /// is translated once per place it is written, however many operations share it.
    mutating func type(for schema: Schema, suggestedName: String, forRequest: Bool) -> (type: SwiftType, nullable: Bool)
    {
        typeDepth += 1
        let result = cachedType(for: schema, suggestedName: suggestedName, forRequest: forRequest)
        typeDepth -= 1
        if typeDepth == 0 { noteOperationType(result.type) }
        return result
    }

    private mutating func cachedType(for schema: Schema, suggestedName: String, forRequest: Bool) -> (
        type: SwiftType, nullable: Bool
    ) {
        guard schema.ref == nil, !schema.pointer.tokens.isEmpty else {
            return uncachedType(for: schema, suggestedName: suggestedName, forRequest: forRequest)
        }
        let key = InlineKey(pointer: schema.pointer, forRequest: forRequest)
        if let cached = inlineCache[key] {
            touchedComponents.formUnion(cached.touched)
            usedDeclarations.append(contentsOf: cached.created)
            return (cached.type, cached.nullable)
        }
        // Swapped, never copied: a copy of the outer set per inline schema cost O(everything
        // touched so far) each time, which made generation superlinear (issue 17).
        var outer = Set<String>()
        swap(&outer, &touchedComponents)
        let createdBefore = createdDeclarations.count
        let result = uncachedType(for: schema, suggestedName: suggestedName, forRequest: forRequest)
        let created = Array(createdDeclarations[createdBefore...])
        var inner = Set<String>()
        swap(&inner, &touchedComponents)
        inlineCache[key] = CachedType(type: result.type, nullable: result.nullable, touched: inner, created: created)
        swap(&outer, &touchedComponents)
        touchedComponents.formUnion(inner)
        return result
    }

    /// The pointer itself, not a string joined from it for every lookup; its hash is taken once,
    /// since a lookup, the insert after a miss and every resize of the cache would each hash all
    /// of its tokens again (the cache was a twentieth of translation).
    struct InlineKey: Hashable {
        var pointer: JSONPointer
        var forRequest: Bool
        private let pointerHash: Int

        init(pointer: JSONPointer, forRequest: Bool) {
            self.pointer = pointer
            self.forRequest = forRequest
            pointerHash = pointer.hashValue
        }

        static func == (lhs: InlineKey, rhs: InlineKey) -> Bool {
            lhs.pointerHash == rhs.pointerHash && lhs.forRequest == rhs.forRequest && lhs.pointer == rhs.pointer
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(pointerHash)
            hasher.combine(forRequest)
        }
    }

    struct CachedType {
        var type: SwiftType
        var nullable: Bool
        var touched: Set<String>
        var created: [String]
    }

    private mutating func uncachedType(for schema: Schema, suggestedName: String, forRequest: Bool) -> (
        type: SwiftType, nullable: Bool
    ) {
        if let ref = schema.ref {
            touchedComponents.insert(ref)
            let name = componentTypes[ref] ?? typeName(ref)
            return (.named(name), schema.isNullable || isNullableComponent(ref))
        }
        let schema = schema.withoutRequirementAlternatives
        if let constant = schema.const {
            let type = constType(constant)
            if let reason = Self.constWidening(constant) { reportWidening(schema, to: type, reason) }
            return (type, constant.isNull)
        }
        if let values = schema.enumValues {
            return enumType(schema, values: values, suggestedName: suggestedName)
        }
        let alternatives = schema.oneOf.isEmpty ? schema.anyOf : schema.oneOf
        if !alternatives.isEmpty {
            return unionType(schema, alternatives: alternatives, suggestedName: suggestedName, forRequest: forRequest)
        }
        if !schema.allOf.isEmpty {
            return allOfType(schema, suggestedName: suggestedName, forRequest: forRequest)
        }
        let nullable = schema.isNullable
        let types = schema.nonNullTypes
        if types.count > 1 {
            if let reason = Self.typeListWidening(types) { reportWidening(schema, to: .named("JSONValue"), reason) }
            return (.named("JSONValue"), nullable)
        }
        switch types.first {
        case "string": return (stringType(schema.format), nullable)
        case "integer":
            switch schema.format {
            case "int32": return (.named("Int32"), nullable)
            case "int64": return (.named("Int64"), nullable)
            default: return (.named("Int"), nullable)
            }
        case "number": return (.named("Double"), nullable)
        case "boolean": return (.named("Bool"), nullable)
        case "array":
            guard let items = schema.items, schema.prefixItems.isEmpty else {
                if !schema.prefixItems.isEmpty {
                    reportWidening(schema, to: .array(.named("JSONValue")), Self.tupleWidening)
                }
                return (.array(.named("JSONValue")), nullable)
            }
            let element = type(for: items, suggestedName: suggestedName + "Item", forRequest: forRequest)
            return (.array(element.nullable ? .optional(element.type) : element.type), nullable)
        case "object":
            return (objectType(schema, suggestedName: suggestedName, forRequest: forRequest), nullable)
        case "null": return (.named("JSONValue"), true)
        default:
            if !schema.properties.isEmpty {
                return (objectType(schema, suggestedName: suggestedName, forRequest: forRequest), nullable)
            }
            if let items = schema.items {
                let element = type(for: items, suggestedName: suggestedName + "Item", forRequest: forRequest)
                return (.array(element.type), nullable)
            }
            if let reason = Self.untypedWidening(schema) { reportWidening(schema, to: .named("JSONValue"), reason) }
            return (.named("JSONValue"), true)
        }
    }

    private func stringType(_ format: String?) -> SwiftType {
        switch format {
        case "date-time": return .dateTime
        case "date": return .named("CalendarDate")
        case "binary", "byte": return .named("Data")
        default: return .named("String")
        }
    }

    private func constType(_ node: Node) -> SwiftType {
        switch node.value {
        case .string: return .named("String")
        case .int: return .named("Int")
        case .double: return .named("Double")
        case .bool: return .named("Bool")
        default: return .named("JSONValue")
        }
    }

    func isNullableComponent(_ name: String) -> Bool {
        guard let schema = componentSchemas[name] else { return false }
        return schema.isNullable && schema.ref == nil
    }

    private mutating func objectType(_ schema: Schema, suggestedName: String, forRequest: Bool) -> SwiftType {
        if schema.properties.isEmpty {
            if case .schema(let box) = schema.additionalProperties {
                let value = type(for: box.schema, suggestedName: suggestedName + "Value", forRequest: forRequest)
                return .dictionary(value.nullable ? .optional(value.type) : value.type)
            }
            if case .allowed(false) = schema.additionalProperties {
                reportWidening(schema, to: .named("JSONObject"), Self.emptyObjectWidening)
            }
            return .named("JSONObject")
        }
        let name = claimInline(suggestedName)
        declare(schema, as: name, forRequest: forRequest, fixedName: true)
        return .named(name)
    }

    private mutating func enumType(_ schema: Schema, values: [Node], suggestedName: String) -> (SwiftType, Bool) {
        let nullable = schema.isNullable || values.contains { $0.isNull }
        let concrete = values.filter { !$0.isNull }
        if concrete.allSatisfy({ $0.string != nil }) && !concrete.isEmpty {
            let name = claimInline(suggestedName)
            appendEnumDecl(name: name, schema: schema, rawType: "String", raws: concrete.compactMap(\.string))
            return (.named(name), nullable)
        }
        if concrete.allSatisfy({ $0.int != nil }) && !concrete.isEmpty {
            let name = claimInline(suggestedName)
            appendEnumDecl(
                name: name, schema: schema, rawType: "Int", raws: concrete.compactMap { $0.int.map { String($0) } })
            return (.named(name), nullable)
        }
        if concrete.allSatisfy({ $0.bool != nil }) && !concrete.isEmpty { return (.named("Bool"), nullable) }
        if let reason = Self.enumWidening(values) { reportWidening(schema, to: .named("JSONValue"), reason) }
        return (.named("JSONValue"), nullable)
    }

    mutating func claimInline(_ suggested: String) -> String {
        names.claim(typeName(suggested))
    }

    /// The type name `raw` suggests in this module (before the scope makes it unique).
    func typeName(_ raw: String) -> String {
        SwiftNames.typeName(raw, module: moduleName, declared: moduleTypes)
    }

    /// A component whose name is reserved (`SwiftNames.reservedTypeNameOwner`) is generated as
    /// `<Name>Model`: said at the schema, so the rename is never a surprise.
    private mutating func noteReservedName(_ component: String) {
        let name = SwiftNames.safeStart(SwiftNames.pascalCase(component))
        guard let owner = SwiftNames.reservedTypeNameOwner(name, module: moduleName, declared: moduleTypes)
        else { return }
        let schema = componentSchemas[component]
        let pointer = schema.map { $0.pointer.description } ?? "#/components/schemas/" + component
        diagnostics.append(contentsOf: [
            Diagnostic(
                .warning,
                "schema '\(component)' is generated as '\(componentTypes[component] ?? name + "Model")': '\(name)' is "
                    + "\(owner), which a type of that name would shadow",
                pointer: pointer, location: schema?.location)
        ])
    }

    func docs(_ schema: Schema) -> [String] {
        DocText.paragraph(schema.description ?? schema.title)
    }
}
