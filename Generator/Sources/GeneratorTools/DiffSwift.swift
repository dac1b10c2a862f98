import Foundation
import GeneratorCore

/// `diff --swift`: what regenerating the generated module from the new document would do to its public
/// Swift API, found by translating both documents and comparing the declaration models. The
/// verdicts are about source compatibility: code that compiled against the old API.
public enum SwiftAPIDiff {
    /// The module name matters only to the translator's bookkeeping, not to what is compared.
    public static let defaultModuleName = "GeneratedAPI"

    public static func compare(
        oldPath: String, newPath: String, names: [String: String], moduleName: String = defaultModuleName
    ) throws -> DiffReport {
        let old = try GeneratorPipeline.load(specPath: oldPath).document
        let new = try GeneratorPipeline.load(specPath: newPath).document
        return compare(old: old, new: new, names: names, moduleName: moduleName, oldName: oldPath, newName: newPath)
    }

    public static func compare(
        old: OpenAPIDocument, new: OpenAPIDocument, names: [String: String],
        moduleName: String = defaultModuleName, oldName: String = "old", newName: String = "new"
    ) -> DiffReport {
        let options = Translator.Options(moduleName: moduleName, sourceName: "diff", names: names)
        let oldModule = Translator.translate(old, options: options).module
        let newModule = Translator.translate(new, options: options).module
        return compare(old: oldModule, new: newModule, oldName: oldName, newName: newName)
    }

    public static func compare(old: ModuleDecl, new: ModuleDecl, oldName: String, newName: String) -> DiffReport {
        var changes = compareOperations(old.operations, new.operations)
        changes += compareDeclarations(old.declarations, new.declarations)
        changes += compareWebhooks(old, new)
        let breaking = changes.contains { $0.severity == .breaking }
        let semver = breaking ? "major" : (changes.isEmpty ? "patch" : "minor")
        return DiffReport(oldName: oldName, newName: newName, changes: changes, semver: semver)
    }

    static func change(_ severity: SpecChange.Severity, _ area: SpecChange.Area, _ subject: String, _ message: String)
        -> SpecChange
    {
        SpecChange(severity, area, subject: subject, pointer: "", message: message)
    }

    // MARK: Functions

    static func functionName(_ operation: OperationDecl) -> String {
        "\(operation.group).\(SwiftNames.bare(operation.swiftName))"
    }

    static func route(_ operation: OperationDecl) -> String {
        operation.method.wire + " "
            + operation.path.replacingOccurrences(
                of: "\\{[^}]*\\}", with: "{}", options: .regularExpression)
    }

    static func compareOperations(_ old: [OperationDecl], _ new: [OperationDecl]) -> [SpecChange] {
        var changes: [SpecChange] = []
        let oldByName = Dictionary(old.map { (functionName($0), $0) }, uniquingKeysWith: { a, _ in a })
        let newByName = Dictionary(new.map { (functionName($0), $0) }, uniquingKeysWith: { a, _ in a })
        let newByRoute = Dictionary(new.map { (route($0), $0) }, uniquingKeysWith: { a, _ in a })
        var renamedTargets = Set<String>()
        for operation in old where newByName[functionName(operation)] == nil {
            let name = functionName(operation)
            if let moved = newByRoute[route(operation)], oldByName[functionName(moved)] == nil {
                renamedTargets.insert(functionName(moved))
                changes.append(change(.breaking, .function, name, "renamed to `\(functionName(moved))`"))
                changes += compareSignature(operation, moved, subject: name)
            } else {
                changes.append(
                    change(.breaking, .function, name, "removed (`\(operation.method.wire) \(operation.path)`)"))
            }
        }
        for operation in new
        where oldByName[functionName(operation)] == nil && !renamedTargets.contains(functionName(operation)) {
            changes.append(
                change(
                    .additive, .function, functionName(operation),
                    "added (`\(operation.method.wire) \(operation.path)`)")
            )
        }
        for operation in old {
            guard let updated = newByName[functionName(operation)] else { continue }
            changes += compareSignature(operation, updated, subject: functionName(operation))
        }
        return changes
    }

    /// Argument lists as the renderer writes them. Callers use labels, so an argument keeps its
    /// identity by label; defaulted arguments may appear anywhere without breaking a call.
    static func compareSignature(_ old: OperationDecl, _ new: OperationDecl, subject: String) -> [SpecChange] {
        var changes: [SpecChange] = []
        func label(_ argument: ArgumentDecl) -> String { argument.label }
        let oldArguments = old.arguments
        let newArguments = new.arguments
        let newByLabel = Dictionary(newArguments.map { (label($0), $0) }, uniquingKeysWith: { a, _ in a })
        let oldLabels = Set(oldArguments.map(label))
        for argument in oldArguments {
            let name = label(argument)
            guard let updated = newByLabel[name] else {
                changes.append(change(.breaking, .function, subject, "argument `\(name)` removed"))
                continue
            }
            guard argument.declaredType != updated.declaredType else { continue }
            // `T` → `T? = nil` still accepts every call that passed a `T`.
            let relaxed = argument.required && !updated.required && updated.type == argument.type
            changes.append(
                change(
                    relaxed ? .additive : .breaking, .function, subject,
                    "argument `\(name)` changed from `\(argument.declaredType)` to `\(updated.declaredType)`"))
        }
        for argument in newArguments where !oldLabels.contains(label(argument)) {
            changes.append(
                change(
                    argument.required ? .breaking : .additive, .function, subject,
                    "new \(argument.required ? "required" : "defaulted") argument `\(label(argument)): \(argument.declaredType)`"
                ))
        }
        let keptOld = oldArguments.map(label).filter { newByLabel[$0] != nil }
        let keptNew = newArguments.map(label).filter { oldLabels.contains($0) }
        if keptOld != keptNew {
            changes.append(change(.breaking, .function, subject, "argument order changed"))
        }
        let oldReturn = old.returnType.rendered
        let newReturn = new.returnType.rendered
        if oldReturn != newReturn {
            changes.append(change(.breaking, .function, subject, "returns `\(newReturn)` instead of `\(oldReturn)`"))
        }
        if old.deprecated != new.deprecated {
            changes.append(
                change(.additive, .function, subject, new.deprecated ? "deprecated" : "no longer deprecated"))
        }
        return changes
    }

    // MARK: Webhooks

    static func compareWebhooks(_ old: ModuleDecl, _ new: ModuleDecl) -> [SpecChange] {
        var changes: [SpecChange] = []
        let oldPayloads = Dictionary(old.webhookPayloads.map { ($0.event, $0) }, uniquingKeysWith: { a, _ in a })
        let newPayloads = Dictionary(new.webhookPayloads.map { ($0.event, $0) }, uniquingKeysWith: { a, _ in a })
        for payload in new.webhookPayloads where oldPayloads[payload.event] == nil {
            changes.append(change(.additive, .webhookPayload, payload.event, "added as `\(payload.publicName)`"))
        }
        for payload in old.webhookPayloads where newPayloads[payload.event] == nil {
            changes.append(change(.breaking, .webhookPayload, payload.event, "removed (`\(payload.publicName)`)"))
        }
        for payload in old.webhookPayloads {
            guard let updated = newPayloads[payload.event] else { continue }
            if payload.publicName != updated.publicName || payload.type != updated.type {
                changes.append(
                    change(
                        .breaking, .webhookPayload, payload.event,
                        "`\(payload.publicName)` (\(payload.type.rendered)) became `\(updated.publicName)` (\(updated.type.rendered))"
                    ))
            }
        }
        return changes
    }
}
