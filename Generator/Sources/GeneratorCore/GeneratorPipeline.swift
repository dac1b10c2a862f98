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
        public var description: String {
            diagnostics.filter { $0.severity == .error }.map { $0.formatted(file: file) }.joined(separator: "\n")
        }
    }

    /// Reads and resolves a document; merges `extra` documents' paths and schemas in (used for
    /// descriptions of routes the published contract omits).
    public static func load(specPath: String, extraPaths: [String] = [], format: DocumentFormat? = nil) throws -> (
        OpenAPIDocument, [Diagnostic], Set<String>
    ) {
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
        return (document, all, extraIds)
    }

    public static func generate(
        specPath: String, moduleName: String, names: [String: String], extraPaths: [String] = [],
        perCallCredentialSchemes: Set<String> = [], format: DocumentFormat? = nil
    ) throws -> Output {
        let (document, loadDiagnostics, extraIds) = try load(
            specPath: specPath, extraPaths: extraPaths, format: format)
        let sourceName = ([specPath] + extraPaths).map { URL(fileURLWithPath: $0).lastPathComponent }.joined(
            separator: " + ")
        return generate(
            document: document, diagnostics: loadDiagnostics, sourceName: sourceName, moduleName: moduleName,
            names: names, unpublishedOperationIds: extraIds, perCallCredentialSchemes: perCallCredentialSchemes)
    }

    /// Generation from text, for tests and tools that hold the document in memory.
    public static func generate(
        text: String, sourceName: String, moduleName: String, names: [String: String] = [:],
        perCallCredentialSchemes: Set<String> = []
    ) throws -> Output {
        let (document, diagnostics) = DocumentLoader.load(try DocumentReader.read(text, file: sourceName))
        guard let document else { throw Failure(diagnostics: diagnostics, file: sourceName) }
        return generate(
            document: document, diagnostics: diagnostics, sourceName: sourceName, moduleName: moduleName, names: names,
            perCallCredentialSchemes: perCallCredentialSchemes)
    }

    static func generate(
        document: OpenAPIDocument, diagnostics: [Diagnostic], sourceName: String, moduleName: String,
        names: [String: String], unpublishedOperationIds: Set<String> = [], perCallCredentialSchemes: Set<String> = []
    ) -> Output {
        let options = Translator.Options(
            moduleName: moduleName, sourceName: sourceName, names: names,
            unpublishedOperationIds: unpublishedOperationIds, perCallCredentialSchemes: perCallCredentialSchemes)
        let (module, translateDiagnostics) = Translator.translate(document, options: options)
        return Output(
            files: FileLayout.render(module),
            diagnostics: diagnostics + translateDiagnostics.map { $0.attributed(document.sourceFileNames) },
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
            try writeUnsynced(file.contents, to: path)
        }
    }
}

/// Foundation's `Data.write` fsyncs every file (atomic or not), which on a large API was a
/// tenth of the run. Generated sources need no durability: a file cut short by an
/// interrupted run differs from what the next run produces, so that run rewrites it.
private func writeUnsynced(_ contents: String, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
    defer { close(descriptor) }
    let bytes = Array(contents.utf8)
    var written = 0
    while written < bytes.count {
        let result = bytes.withUnsafeBytes { buffer in
            write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
        }
        if result < 0 && errno == EINTR { continue }
        guard result > 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        written += result
    }
}
