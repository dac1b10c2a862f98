import Foundation

/// The generator as one call: read → load (resolve) → translate → render. Each stage is usable
/// alone; this only strings them together and gathers diagnostics.
public enum GeneratorPipeline {
    public struct Output: Sendable {
        public var files: [GeneratedFile]
        public var diagnostics: [Diagnostic]
        public var operationCount: Int
        public var schemaCount: Int
        /// The `<Module>Testing` module (`StubRenderer`); empty unless the configuration has `testing`.
        public var testingFiles: [GeneratedFile] = []
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
    public struct MergedDocument: Sendable {
        public var document: OpenAPIDocument
        public var diagnostics: [Diagnostic]
        /// Operation ids that came from the merged (`extra`) documents.
        public var supplementaryOperationIds: Set<String>
    }

    /// Where a document named by a path is read from: its source and its root file there (the
    /// tools pass files on disk; the core itself reads no file).
    public typealias SourceProvider = @Sendable (_ path: String) -> DocumentRoot

    /// A document's root file inside the source its references are read from.
    public struct DocumentRoot: Sendable {
        public var source: any DocumentSource
        public var rootFile: String

        public init(source: any DocumentSource, rootFile: String) {
            self.source = source
            self.rootFile = rootFile
        }
    }

    /// Resolves a document; merges `extra` documents' paths and schemas in (used for
    /// descriptions of routes the main document omits).
    public static func load(
        specPath: String, extraPaths: [String] = [], format: DocumentFormat? = nil, sources: SourceProvider
    ) throws -> MergedDocument {
        func read(_ path: String, firstFileIndex: Int32 = 1, format: DocumentFormat? = nil) throws -> LoadedDocument {
            let root = sources(path)
            return try DocumentLoader.load(
                root.rootFile, from: root.source, format: format, firstFileIndex: firstFileIndex)
        }
        let loaded = try read(specPath, format: format)
        guard var document = loaded.document else { throw Failure(diagnostics: loaded.diagnostics, file: specPath) }
        var all = loaded.diagnostics
        var extraIds = Set<String>()
        for path in extraPaths {
            // Numbered after the files read so far, so merged operations still name their files.
            let next = (document.sourceFileNames.keys.max() ?? 0) + 1
            let extraLoaded = try read(path, firstFileIndex: next)
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
        return MergedDocument(document: document, diagnostics: all, supplementaryOperationIds: extraIds)
    }

    /// Generation from files. `configuration` supplies what the arguments leave out; an argument
    /// given here (a module name, a name-map entry, a per-call scheme) wins over it.
    /// Throws `WideningRefused` when the configuration has `widening: error` and a schema was widened.
    public static func generate(
        specPath: String, moduleName: String? = nil, names: [String: String] = [:], extraPaths: [String] = [],
        perCallCredentialSchemes: Set<String> = [], format: DocumentFormat? = nil,
        preferredRequestMediaTypes: [String: String] = [:],
        configuration: GeneratorConfiguration = GeneratorConfiguration(), sources: SourceProvider
    ) throws -> Output {
        let loaded = try load(specPath: specPath, extraPaths: extraPaths, format: format, sources: sources)
        let fileNames = ([specPath] + extraPaths).map { URL(fileURLWithPath: $0).lastPathComponent }
        var resolved = resolve(
            configuration, document: loaded.document, moduleName: moduleName,
            sourceName: fileNames.joined(separator: " + "), names: names,
            perCallCredentialSchemes: perCallCredentialSchemes, preferredRequestMediaTypes: preferredRequestMediaTypes)
        resolved.options.unpublishedOperationIds = loaded.supplementaryOperationIds
        if !extraPaths.isEmpty {
            resolved.options.supplementaryNote =
                "Described in \(fileNames.dropFirst().joined(separator: ", ")), not in \(fileNames[0])."
        }
        return try generate(
            document: loaded.document, diagnostics: loaded.diagnostics, resolved: resolved, file: specPath)
    }

    /// Generation from text, for tests and tools that hold the document in memory.
    public static func generate(
        text: String, sourceName: String, moduleName: String? = nil, names: [String: String] = [:],
        perCallCredentialSchemes: Set<String> = [], preferredRequestMediaTypes: [String: String] = [:],
        configuration: GeneratorConfiguration = GeneratorConfiguration()
    ) throws -> Output {
        let (document, diagnostics) = DocumentLoader.load(try DocumentReader.read(text, file: sourceName))
        guard let document else { throw Failure(diagnostics: diagnostics, file: sourceName) }
        let resolved = resolve(
            configuration, document: document, moduleName: moduleName, sourceName: sourceName, names: names,
            perCallCredentialSchemes: perCallCredentialSchemes, preferredRequestMediaTypes: preferredRequestMediaTypes)
        return try generate(document: document, diagnostics: diagnostics, resolved: resolved, file: sourceName)
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
        return generate(document: document, diagnostics: diagnostics, options: options)
    }

    static func generate(
        document: OpenAPIDocument, diagnostics: [Diagnostic], options: Translator.Options,
        lineBudget: Int = FileLayout.defaultLineBudget, testing: Bool = false
    ) -> Output {
        let translation = Translator.translate(document, options: options)
        // The access level travels in the module (`options.access`), printed by `DeclarationHead`.
        let files = FileLayout.render(translation.module, lineBudget: lineBudget)
        var testingFiles: [GeneratedFile] = []
        var exampleDiagnostics: [Diagnostic] = []
        if testing {
            let examples = ExampleAnswers.examples(document, translation.module)
            testingFiles = StubRenderer.render(translation.module, examples: examples.examples)
            exampleDiagnostics = examples.diagnostics.map { $0.attributed(document.sourceFileNames) }
        }
        return Output(
            files: files,
            diagnostics: diagnostics + translation.diagnostics.map { $0.attributed(document.sourceFileNames) }
                + exampleDiagnostics,
            operationCount: document.operations.count, schemaCount: document.schemas.count,
            testingFiles: testingFiles)
    }

    /// The translator's options a configuration asks for (tools that translate without
    /// rendering, such as coverage, use the same so they see the same names).
    public static func translatorOptions(
        _ configuration: GeneratorConfiguration, document: OpenAPIDocument, moduleName: String? = nil,
        sourceName: String
    ) -> Translator.Options {
        var options = Translator.Options(
            moduleName: moduleName ?? configuration.module ?? GeneratorConfiguration.defaultModule,
            sourceName: sourceName, names: configuration.functionNames,
            perCallCredentialSchemes: Set(configuration.perCallCredentials))
        options.typeNames = configuration.types
        options.regenerateCommand = configuration.regenerateCommand
        options.access = configuration.access ?? .public
        for operation in document.operations {
            guard
                let settings = configuration.settings(
                    operationId: operation.operationId, method: operation.method.rawValue, path: operation.path)
            else { continue }
            let key =
                operation.operationId
                ?? GeneratorConfiguration.routeKey(method: operation.method.rawValue, path: operation.path)
            if settings.retry != nil || settings.exclusiveConnection == true || settings.followsRedirects == false {
                options.requestSettings[key] = Translator.RequestSettings(
                    retryable: settings.retry?.retryable,
                    needsExclusiveConnection: settings.exclusiveConnection ?? false,
                    followsRedirects: settings.followsRedirects ?? true)
            }
            if let mediaType = settings.requestMediaType { options.preferredRequestMediaTypes[key] = mediaType }
        }
        return options
    }

    /// One file for a build-tool plugin, which must name its outputs before the document is
    /// read: the files in order, each keeping its header (duplicate imports are allowed).
    public static func joined(_ files: [GeneratedFile]) -> String {
        files.map(\.contents).joined(separator: "\n")
    }
}
