/// The configuration's `types` overrides, applied to the finished module: keyed by the name the
/// generator gives a type, so an override means the same thing however that name came about
/// (a component, an inline schema, a deduplicated alias) and renaming a parent leaves its
/// children's names, and so their overrides, alone.
struct TypeRenaming {
    let names: [String: String]

    init(_ names: [String: String]) { self.names = names }

    func apply(to module: inout ModuleDecl, diagnostics: inout Diagnostics) {
        var existing = Set(module.declarations.map(\.name))
        existing.formUnion(module.operations.map(\.responseHeadersTypeName).filter { !$0.isEmpty })
        if let events = module.webhookEvents { existing.insert(events.name) }
        existing.formUnion(module.webhookPayloads.compactMap(\.alias))
        // What the module declares itself: its operation groups and `Servers`.
        var declared = Set(module.operations.map(\.group))
        if !module.servers.isEmpty { declared.insert("Servers") }
        var table: [String: String] = [:]
        for (old, new) in names.sorted(by: { $0.key < $1.key }) {
            guard existing.contains(old) else {
                diagnostics.warn(
                    "types: '\(old)' names no generated type; the override does nothing", at: JSONPointer())
                continue
            }
            // A rename onto a type that stays would declare it twice.
            if existing.contains(new), names[new] == nil {
                diagnostics.warn(
                    "types: '\(new)' is already a generated type; '\(old)' keeps its name", at: JSONPointer())
                continue
            }
            // A rename onto a reserved name would shadow Foundation's, the runtime's or the module's own.
            if let owner = SwiftNames.reservedTypeNameOwner(new, module: module.moduleName, declared: declared) {
                diagnostics.warn(
                    "types: '\(new)' is \(owner), which a generated type would shadow; '\(old)' keeps its name",
                    at: JSONPointer())
                continue
            }
            table[old] = new
        }
        guard !table.isEmpty else { return }
        let rename = Renamer(table: table)
        module.declarations = module.declarations.map(rename.declaration)
        module.declarationGroups = Dictionary(
            module.declarationGroups.map { (rename.name($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        module.operations = module.operations.map(rename.operation)
        if let events = module.webhookEvents { module.webhookEvents?.name = rename.name(events.name) }
        module.webhookPayloads = module.webhookPayloads.map {
            WebhookPayloadDecl(event: $0.event, alias: $0.alias.map(rename.name), type: rename.type($0.type))
        }
    }
}

private struct Renamer {
    let table: [String: String]

    func name(_ name: String) -> String { table[name] ?? name }

    func type(_ type: SwiftType) -> SwiftType {
        switch type {
        case .named(let name): return .named(self.name(name))
        case .dateTime, .date: return type
        case .array(let element): return .array(self.type(element))
        case .dictionary(let value): return .dictionary(self.type(value))
        case .optional(let wrapped): return .optional(self.type(wrapped))
        case .nullable(let wrapped): return .nullable(self.type(wrapped))
        case .generic(let name, let arguments): return .generic(self.name(name), arguments.map(self.type))
        }
    }

    func declaration(_ declaration: Declaration) -> Declaration {
        switch declaration {
        case .structure(var decl):
            decl.name = name(decl.name)
            decl.properties = decl.properties.map(property)
            decl.additionalFieldsType = decl.additionalFieldsType.map(type)
            return .structure(decl)
        case .openEnum(var decl):
            decl.name = name(decl.name)
            return .openEnum(decl)
        case .union(var decl):
            decl.name = name(decl.name)
            var renamedCase = false
            decl.members = decl.members.map { member in
                var member = member
                // A case named after its member's type (not after a discriminator value or a
                // title the document gave) takes the type's new name.
                if member.caseFollowsType, case .named(let old) = member.type, let new = table[old] {
                    member.caseBase = SwiftNames.memberName(new)
                    renamedCase = true
                }
                member.type = type(member.type)
                return member
            }
            if renamedCase {
                let caseNames = UnionCaseNames.unique(decl.members.map(\.caseBase))
                for index in decl.members.indices { decl.members[index].caseName = caseNames[index] }
            }
            return .union(decl)
        case .alias(let alias, let target, let docs):
            return .alias(name: name(alias), type: type(target), docs: docs)
        }
    }

    func property(_ property: PropertyDecl) -> PropertyDecl {
        var property = property
        property.type = type(property.type)
        return property
    }

    func parameter(_ parameter: ParameterDecl) -> ParameterDecl {
        var parameter = parameter
        parameter.type = type(parameter.type)
        return parameter
    }

    func field(_ field: FormField) -> FormField {
        var field = field
        field.parameter = parameter(field.parameter)
        return field
    }

    func operation(_ operation: OperationDecl) -> OperationDecl {
        var operation = operation
        operation.parameters = operation.parameters.map(parameter)
        switch operation.body {
        case .json(let body, let contentType, let required)?:
            operation.body = .json(type: type(body), contentType: contentType, required: required)
        case .multipart(let fields, let required)?:
            operation.body = .multipart(fields: fields.map(field), required: required)
        case .form(let fields, let required)?:
            operation.body = .form(fields: fields.map(field), required: required)
        case .multipartForms(let typeName, var forms, let required)?:
            for index in forms.indices { forms[index].fields = forms[index].fields.map(field) }
            operation.body = .multipartForms(typeName: name(typeName), forms: forms, required: required)
        case .raw?, .text?, nil:
            break
        }
        operation.successType = operation.successType.map(type)
        operation.errorTypes = operation.errorTypes.map { ($0.code, type($0.type)) }
        if !operation.responseHeadersTypeName.isEmpty {
            operation.responseHeadersTypeName = name(operation.responseHeadersTypeName)
        }
        return operation
    }
}
