/// The security requirement and the error payloads most operations repeat, named once.
///
/// A document usually states its credentials once (a root `security`) and reuses a few error
/// responses everywhere (`401`, `500`); spelled out in every request they are most of its
/// lines. A part is shared when more than half of the operations, and at least
/// `minimumUses`, have it: the module file then declares it as `.shared` (for
/// `[SecurityRequirement]` and for the error table), an operation with it names it, and one that
/// differs spells out its own. An operation's error table shares when it holds every shared
/// entry (same status, same type); its other entries are added to the shared ones.
enum SharedRequestParts {
    /// Below this, the module file's declaration costs more lines than the uses save.
    static let minimumUses = 4

    static func decide(_ module: inout ModuleDecl) {
        let operations = module.operations
        let needed = max(minimumUses, operations.count / 2 + 1)

        // The most frequent non-empty requirement, the first one seen on a tie.
        var securityUses: [[[SecuritySchemeDecl]]: Int] = [:]
        var securityOrder: [[[SecuritySchemeDecl]]] = []
        for operation in operations where !operation.security.alternatives.isEmpty {
            let alternatives = operation.security.alternatives
            if securityUses[alternatives] == nil { securityOrder.append(alternatives) }
            securityUses[alternatives, default: 0] += 1
        }
        // `max(by:)` keeps the first of equals.
        let best = securityOrder.max { securityUses[$0, default: 0] < securityUses[$1, default: 0] }
        if let best, securityUses[best, default: 0] >= needed { module.sharedSecurity = best }

        // Every entry (status and type) that enough operations document, in first-seen order.
        var entryUses: [String: Int] = [:]
        var entryOrder: [(code: String, type: SwiftType)] = []
        for operation in operations {
            for entry in operation.errorTypes {
                if entryUses[key(entry)] == nil { entryOrder.append(entry) }
                entryUses[key(entry), default: 0] += 1
            }
        }
        module.sharedErrors = entryOrder.filter { entryUses[key($0), default: 0] >= needed }

        let sharedKeys = Set(module.sharedErrors.map(key))
        for index in module.operations.indices {
            let operation = module.operations[index]
            module.operations[index].usesSharedSecurity =
                !module.sharedSecurity.isEmpty && operation.security.alternatives == module.sharedSecurity
            let keys = Set(operation.errorTypes.map(key))
            guard !sharedKeys.isEmpty, sharedKeys.isSubset(of: keys) else { continue }
            module.operations[index].usesSharedErrors = true
            module.operations[index].ownErrorTypes = operation.errorTypes.filter {
                !sharedKeys.contains(key($0))
            }
        }
    }

    /// An error entry's identity: its status and the type it decodes.
    private static func key(_ entry: (code: String, type: SwiftType)) -> String {
        entry.code + " " + entry.type.rendered
    }
}
