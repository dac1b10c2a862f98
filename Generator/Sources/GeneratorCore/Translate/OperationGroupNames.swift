/// The type each operation group is generated as.
///
/// A group is `<Tag>API`, named after its operations' top-level tag (`DefaultAPI` untagged). That
/// name may be one the module must not declare: tag `pets` in module `PetsAPI` would make a
/// struct `PetsAPI` inside module `PetsAPI`, and every `PetsAPI.Pet` an app writes would then look
/// in the struct and fail. Such a group is `<Tag>Operations` instead, with a warning at the tag.
/// The choice depends on the tag and the module's name alone, so reordering the document changes
/// nothing; nothing else ends in `Operations` without `API`, so the new name meets no other group.
enum OperationGroupNames {
    /// The group's type name, and why `<Tag>API` could not be used (nil when it is).
    static func name(of operation: Operation, tagTree: TagTree, module: String) -> (name: String, reason: String?) {
        let base = SwiftNames.typeName(operation.tags.first.map(tagTree.top(of:)) ?? "Default")
        let preferred = base + "API"
        guard let owner = SwiftNames.reservedTypeNameOwner(preferred, module: module) else { return (preferred, nil) }
        return (base + renamedSuffix, owner)
    }

    static let renamedSuffix = "Operations"

    /// The tag part of a group's name (`Pets` for `PetsAPI` and for `PetsOperations`): what its
    /// files are named after and its fallback doc comment says.
    static func base(of group: String) -> String {
        if group.hasSuffix("API") { return String(group.dropLast(3)) }
        if group.hasSuffix(renamedSuffix) { return String(group.dropLast(renamedSuffix.count)) }
        return group
    }

    /// One warning per renamed group, at the tag's declaration when the document declares it, else
    /// where the first operation (in route order) names it.
    static func warn(
        group: String, preferred: String, reason: String, operation: Operation, tagTree: TagTree,
        diagnostics: inout Diagnostics
    ) {
        let top = operation.tags.first.map(tagTree.top(of:))
        let pointer: JSONPointer
        if let top, let declared = tagTree.tag(named: top), !declared.pointer.tokens.isEmpty {
            pointer = declared.pointer
        } else if operation.tags.first != nil {
            pointer = operation.pointer / "tags" / "0"
        } else {
            pointer = operation.pointer
        }
        let tag = top.map { "tag '\($0)'" } ?? "operations without a tag"
        diagnostics.warn(
            "the operation group of \(tag) would be '\(preferred)', which is \(reason); it is generated as '\(group)'",
            at: pointer)
    }
}
