import Foundation
import GeneratorCore

/// Which operations the public surface of the client type (`Inputs.clientType`) reaches, computed from code: the generated
/// function of every operation comes from running the translator; the overlay's calls come from
/// scanning its sources (`OverlayIndex`).
public struct CoverageAnalysis: Sendable {
    public struct Entry: Sendable {
        public var operation: OperationDecl
        /// The response codes of the operation that are errors, with their descriptions.
        public var errors: [(code: String, description: String?)]
        /// Public overlay members that reach it, as apps write them: `documents.upload`.
        public var reachedBy: [String]
        public var unpublished: Bool
        public var function: String { "\(operation.group).\(SwiftNames.bare(operation.swiftName))" }
    }

    public struct Method: Sendable {
        /// `documents.upload` (a member of a resource property of the client type).
        public var path: String
        public var file: String
        public var line: Int
        /// Indexes into `entries`, in spec order.
        public var reaches: [Int]
        /// Every overload's declaration, `file` relative to the overlay directory.
        public var declarations: [Declaration] = []
        /// What the overloads' doc comments and attributes say (see `OverlayDocNotes`).
        public var notes = OverlayDocNotes()
    }

    public struct Declaration: Sendable, Hashable {
        public var file: String
        public var line: Int
    }

    public struct Inputs: Sendable {
        public var specPath: String
        public var extraPaths: [String]
        public var overlayPath: String
        public var generatedPath: String?
        /// As `generate --per-call-credential`: the schemes each call passes a value for.
        public var perCallCredentialSchemes: Set<String>
        /// The overlay type apps start from (its public members, and theirs, are the surface).
        public var clientType: String
        /// The generated module's name, as `generate --module` gives it.
        public var moduleName: String
        /// The overlay type whose properties hand out the generated groups, reached as
        /// `context.<accessor>.<function>(` (`var documentsAPI: DocumentsAPI { … }`).
        public var contextType: String
        /// As `generate --config`: names, types and schemes the same as the generated code's.
        public var configuration: GeneratorConfiguration
        public var configPath: String?

        public init(
            specPath: String, configuration: GeneratorConfiguration = GeneratorConfiguration(),
            extraPaths: [String] = [], overlayPath: String, generatedPath: String? = nil,
            perCallCredentialSchemes: Set<String> = [], clientType: String, moduleName: String, contextType: String
        ) {
            self.contextType = contextType
            self.clientType = clientType
            self.moduleName = moduleName
            self.specPath = specPath
            self.configuration = configuration
            self.extraPaths = extraPaths
            self.overlayPath = overlayPath
            self.generatedPath = generatedPath
            self.perCallCredentialSchemes = perCallCredentialSchemes
        }
    }

    public var entries: [Entry]
    public var methods: [Method]
    /// Problems worth a maintainer's attention: calls to functions that do not exist, stale sources.
    public var warnings: [String]
    public var clientType: String

    public var published: [Entry] { entries.filter { !$0.unpublished } }
    public var reachableCount: Int { published.filter { !$0.reachedBy.isEmpty }.count }
    public var summaryLine: String {
        "coverage: \(reachableCount)/\(published.count) operations reachable from \(clientType)"
    }

    public static func analyse(_ inputs: Inputs) throws -> CoverageAnalysis {
        let loaded = try GeneratorPipeline.load(specPath: inputs.specPath, extraPaths: inputs.extraPaths)
        let (document, extraIds) = (loaded.document, loaded.supplementaryOperationIds)
        var options = GeneratorPipeline.translatorOptions(
            inputs.configuration, document: document, moduleName: inputs.moduleName, sourceName: "coverage")
        options.unpublishedOperationIds = extraIds
        options.perCallCredentialSchemes.formUnion(inputs.perCallCredentialSchemes)
        let module = Translator.translate(document, options: options).module
        let overlay = try OverlayIndex.scan(directory: inputs.overlayPath)
        var analysis = analyse(
            document: document, module: module, overlay: overlay, clientType: inputs.clientType,
            contextType: inputs.contextType)
        analysis.readNotes(overlayDirectory: inputs.overlayPath)
        if let generated = inputs.generatedPath {
            analysis.warnings += try staleGenerated(module: module, directory: generated)
        }
        return analysis
    }

    static func analyse(
        document: OpenAPIDocument, module: ModuleDecl, overlay: OverlayIndex, clientType: String, contextType: String
    ) -> CoverageAnalysis {
        var warnings: [String] = []
        // The translator emits one declaration per operation, in document order.
        var entries: [Entry] = zip(document.operations, module.operations).map { operation, decl in
            Entry(
                operation: decl,
                errors: operation.responses.filter(\.isError).map { ($0.code, $0.description) },
                reachedBy: [], unpublished: decl.unpublished)
        }
        var entryByFunction: [String: Int] = [:]
        for (index, entry) in entries.enumerated() { entryByFunction[entry.function] = index }

        // `var documentsAPI: DocumentsAPI { … }` in the context type: accessor → generated group.
        // Other members (the transport, the configuration) are not generated groups.
        let groups = Set(module.operations.map(\.group))
        var groupByAccessor: [String: String] = [:]
        for property in overlay.properties
        where property.typeName == contextType && groups.contains(property.propertyType) {
            groupByAccessor[property.name] = property.propertyType
        }
        if groupByAccessor.isEmpty { warnings.append("no generated-group accessors found in \(contextType)") }

        // Direct reach of every overlay member (overloads share a name and are merged).
        var reach: [String: Set<Int>] = [:]
        var calls: [String: Set<String>] = [:]
        let memberNames = Set(overlay.functions.map { "\($0.typeName).\($0.name)" })
        var propertyTypes: [String: String] = [:]
        for property in overlay.properties {
            propertyTypes["\(property.typeName).\(property.name)"] = property.propertyType
        }
        for function in overlay.functions {
            let key = "\(function.typeName).\(function.name)"
            for call in function.generatedCalls {
                guard let group = groupByAccessor[call.accessor] else { continue }
                guard let index = entryByFunction["\(group).\(call.function)"] else {
                    warnings.append(
                        "\(function.file):\(call.line): \(group).\(call.function) is not a generated function")
                    continue
                }
                reach[key, default: []].insert(index)
            }
            for callee in function.localCalls where memberNames.contains("\(function.typeName).\(callee)") {
                calls[key, default: []].insert("\(function.typeName).\(callee)")
            }
            for callee in function.typeCalls where memberNames.contains(callee) {
                calls[key, default: []].insert(callee)
            }
            for call in function.memberCalls {
                let parts = call.split(separator: ".", maxSplits: 1).map(String.init)
                guard parts.count == 2, let held = propertyTypes["\(function.typeName).\(parts[0])"] else { continue }
                if groups.contains(held) {
                    // The type's own accessor (`private var api: OAuthAPI { … }`), used as `api.f(`.
                    if let index = entryByFunction["\(held).\(parts[1])"] {
                        reach[key, default: []].insert(index)
                    } else {
                        warnings.append("\(function.file): \(held).\(parts[1]) is not a generated function")
                    }
                } else if memberNames.contains("\(held).\(parts[1])") {
                    calls[key, default: []].insert("\(held).\(parts[1])")
                }
            }
        }
        // A member reaches what the siblings, in-place helpers (`Poller(…).wait(`) and held
        // resources (`documents.upload(` in the client) it calls reach.
        var changed = true
        while changed {
            changed = false
            for (caller, callees) in calls {
                for callee in callees {
                    let before = reach[caller]?.count ?? 0
                    reach[caller, default: []].formUnion(reach[callee] ?? [])
                    if reach[caller]?.count != before { changed = true }
                }
            }
        }

        var methods: [Method] = []
        for (path, function) in publicMembers(overlay, clientType: clientType) {
            let reached = (reach["\(function.typeName).\(function.name)"] ?? []).sorted()
            for index in reached where !entries[index].reachedBy.contains(path) {
                entries[index].reachedBy.append(path)
            }
            let declaration = Declaration(file: function.file, line: function.line)
            if let existing = methods.firstIndex(where: { $0.path == path }) {
                methods[existing].reaches = Array(Set(methods[existing].reaches).union(reached)).sorted()
                methods[existing].declarations.append(declaration)
            } else {
                methods.append(
                    Method(
                        path: path, file: function.file, line: function.line, reaches: reached,
                        declarations: [declaration]))
            }
        }
        for index in entries.indices { entries[index].reachedBy.sort() }
        return CoverageAnalysis(
            entries: entries, methods: methods.sorted { $0.path < $1.path }, warnings: warnings, clientType: clientType)
    }

    /// Public members of the client type and of the types its public properties hold, named by
    /// the property path an app writes (`documents.upload`, `documents.pages.list`).
    static func publicMembers(_ overlay: OverlayIndex, clientType: String) -> [(String, OverlayIndex.Function)] {
        let typesWithMembers = Set(overlay.functions.map(\.typeName)).union(overlay.properties.map(\.typeName))
        var result: [(String, OverlayIndex.Function)] = []
        var queue: [(typeName: String, prefix: String)] = [(clientType, "")]
        var visited = Set<String>()
        while !queue.isEmpty {
            let (typeName, prefix) = queue.removeFirst()
            guard visited.insert(typeName).inserted else { continue }
            for function in overlay.functions where function.typeName == typeName && function.isPublic {
                result.append((prefix + function.name, function))
            }
            for property in overlay.properties
            where property.typeName == typeName && property.isPublic
                && typesWithMembers.contains(property.propertyType) && property.propertyType != typeName
            {
                queue.append((property.propertyType, prefix + property.name + "."))
            }
        }
        return result
    }

    /// The committed generated sources should declare every function the translator produces;
    /// when not, `make generate` has not been run and the report describes code that is not there.
    static func staleGenerated(module: ModuleDecl, directory: String) throws -> [String] {
        guard FileManager.default.fileExists(atPath: directory) else { return ["\(directory) does not exist"] }
        let generated = try OverlayIndex.scan(directory: directory)
        let declared = Set(generated.functions.map { "\($0.typeName).\($0.name)" })
        return module.operations.map { "\($0.group).\(SwiftNames.bare($0.swiftName))" }
            .filter { !declared.contains($0) }
            .map { "\(directory) does not declare \($0): regenerate with `make generate`" }
    }
}
