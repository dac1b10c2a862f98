import Foundation

/// The generator as one call: read → load (resolve) → translate → render. Each stage is usable
/// alone; this only strings them together and gathers diagnostics.
public enum GeneratorPipeline {
    public struct Output: Sendable {
        public var files: [(name: String, contents: String)]
        public var diagnostics: [Diagnostic]
        public var operationCount: Int
        public var schemaCount: Int
    }

    public struct Failure: Error, CustomStringConvertible {
        public var diagnostics: [Diagnostic]
        public var file: String
        public init(diagnostics: [Diagnostic], file: String) {
            self.diagnostics = diagnostics
            self.file = file
        }
        public var description: String {
            diagnostics.filter { $0.severity == .error }.map { $0.formatted(file: file) }.joined(separator: "\n")
        }
    }

    /// Load's output: one resolved document with every merged document's operations in it.
    public struct LoadedDocument: Sendable {
        public var document: OpenAPIDocument
        public var diagnostics: [Diagnostic]
        /// Operation ids that came from the merged (`extra`) documents.
        public var supplementaryOperationIds: Set<String>
    }

    /// Reads and resolves a document; merges `extra` documents' paths and schemas in (used for
    /// descriptions of routes the main document omits).
    public static func load(specPath: String, extraPaths: [String] = [], format: DocumentFormat? = nil) throws
        -> LoadedDocument
    {
        let loaded = try DocumentLoader.load(contentsOf: specPath, format: format)
        guard var document = loaded.document else { throw Failure(diagnostics: loaded.diagnostics, file: specPath) }
        var all = loaded.diagnostics
        var extraIds = Set<String>()
        for path in extraPaths {
            // Numbered after the files read so far, so merged operations still name their files.
            let next = (document.sourceFileNames.keys.max() ?? 0) + 1
            let extraLoaded = try DocumentLoader.load(contentsOf: path, firstFileIndex: next)
            let extra = extraLoaded.document
            let extraDiagnostics = extraLoaded.diagnostics.map { diagnostic in
                var named = diagnostic
                if named.file == nil { named.file = path }
                return named
            }
            document.sourceFileNames.merge(extraLoaded.fileNames) { first, _ in first }
            all += extraDiagnostics
            guard let extra else { throw Failure(diagnostics: extraDiagnostics, file: path) }
            extraIds.formUnion(extra.operations.compactMap(\.operationId))
            document.operations += extra.operations
            for schema in extra.schemas where document.schema(named: schema.name) == nil {
                document.schemas.append(schema)
            }
        }
        return LoadedDocument(document: document, diagnostics: all, supplementaryOperationIds: extraIds)
    }

    public static func generate(
        specPath: String, moduleName: String, names: [String: String], extraPaths: [String] = [],
        perCallCredentialSchemes: Set<String> = [], format: DocumentFormat? = nil,
        preferredRequestMediaTypes: [String: String] = [:]
    ) throws -> Output {
        let loaded = try load(specPath: specPath, extraPaths: extraPaths, format: format)
        let fileNames = ([specPath] + extraPaths).map { URL(fileURLWithPath: $0).lastPathComponent }
        let note =
            extraPaths.isEmpty
            ? nil : "Described in \(fileNames.dropFirst().joined(separator: ", ")), not in \(fileNames[0])."
        return generate(
            document: loaded.document, diagnostics: loaded.diagnostics,
            sourceName: fileNames.joined(separator: " + "), moduleName: moduleName, names: names,
            unpublishedOperationIds: loaded.supplementaryOperationIds,
            perCallCredentialSchemes: perCallCredentialSchemes, supplementaryNote: note,
            preferredRequestMediaTypes: preferredRequestMediaTypes)
    }

    /// Generation from text, for tests and tools that hold the document in memory.
    public static func generate(
        text: String, sourceName: String, moduleName: String, names: [String: String] = [:],
        perCallCredentialSchemes: Set<String> = [], preferredRequestMediaTypes: [String: String] = [:]
    ) throws -> Output {
        let (document, diagnostics) = DocumentLoader.load(try DocumentReader.read(text, file: sourceName))
        guard let document else { throw Failure(diagnostics: diagnostics, file: sourceName) }
        return generate(
            document: document, diagnostics: diagnostics, sourceName: sourceName, moduleName: moduleName, names: names,
            perCallCredentialSchemes: perCallCredentialSchemes, preferredRequestMediaTypes: preferredRequestMediaTypes)
    }

    static func generate(
        document: OpenAPIDocument, diagnostics: [Diagnostic], sourceName: String, moduleName: String,
        names: [String: String], unpublishedOperationIds: Set<String> = [], perCallCredentialSchemes: Set<String> = [],
        supplementaryNote: String? = nil, preferredRequestMediaTypes: [String: String] = [:]
    ) -> Output {
        let options = Translator.Options(
            moduleName: moduleName, sourceName: sourceName, names: names,
            unpublishedOperationIds: unpublishedOperationIds, perCallCredentialSchemes: perCallCredentialSchemes,
            supplementaryNote: supplementaryNote, preferredRequestMediaTypes: preferredRequestMediaTypes)
        let translation = Translator.translate(document, options: options)
        return Output(
            files: FileLayout.render(translation.module),
            diagnostics: diagnostics + translation.diagnostics.map { $0.attributed(document.sourceFileNames) },
            operationCount: document.operations.count, schemaCount: document.schemas.count)
    }

    /// The name map file: a YAML (or JSON) mapping `operationId: swiftName`.
    public static func readNames(_ path: String) throws -> [String: String] {
        let root = try DocumentReader.read(contentsOf: path)
        var names: [String: String] = [:]
        for entry in root.entries ?? [] {
            if let name = entry.value.string { names[entry.key] = name }
        }
        return names
    }

    /// Writes `files` into `directory`, removing generated files that are no longer produced and
    /// leaving anything else alone. Unchanged files are not rewritten.
    public static func write(_ files: [(name: String, contents: String)], to directory: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let produced = Set(files.map(\.name))
        for existing in try manager.contentsOfDirectory(atPath: directory) where existing.hasSuffix(".swift") {
            guard !produced.contains(existing) else { continue }
            let path = (directory as NSString).appendingPathComponent(existing)
            if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasPrefix(FileLayout.headerMarker) {
                try manager.removeItem(atPath: path)
            }
        }
        for file in files {
            let path = (directory as NSString).appendingPathComponent(file.name)
            if let current = try? String(contentsOfFile: path, encoding: .utf8), current == file.contents { continue }
            try Data(file.contents.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        }
    }
}
