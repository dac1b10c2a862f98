extension GeneratorPipeline {
    /// The configuration with the arguments that override it, resolved once for a document: what
    /// translation, layout, and the widening check read. Each entry point used to
    /// merge the arguments into the options and pick the configuration's fields apart on its own,
    /// so an override one of them forgot would silently not apply.
    struct ResolvedConfiguration {
        var options: Translator.Options
        var lineBudget: Int
        var testing: Bool
        var widening: GeneratorConfiguration.WideningRule?
    }

    /// Arguments win over the configuration: a module name, name-map entries, per-call schemes,
    /// preferred request media types.
    static func resolve(
        _ configuration: GeneratorConfiguration, document: OpenAPIDocument, moduleName: String?, sourceName: String,
        names: [String: String], perCallCredentialSchemes: Set<String>, preferredRequestMediaTypes: [String: String]
    ) -> ResolvedConfiguration {
        var options = translatorOptions(
            configuration, document: document, moduleName: moduleName, sourceName: sourceName)
        options.names.merge(names) { _, given in given }
        options.perCallCredentialSchemes.formUnion(perCallCredentialSchemes)
        options.preferredRequestMediaTypes.merge(preferredRequestMediaTypes) { _, given in given }
        return ResolvedConfiguration(
            options: options, lineBudget: configuration.lineBudget,
            testing: configuration.testing != nil, widening: configuration.widening)
    }

    /// Settings that cannot be honoured together; nothing is written.
    public struct ConfigurationConflict: Error, CustomStringConvertible {
        public var description: String
    }

    /// Generation as `resolved` says, refused when it asks widenings to be errors and there are some.
    static func generate(
        document: OpenAPIDocument, diagnostics: [Diagnostic], resolved: ResolvedConfiguration, file: String
    ) throws -> Output {
        // The testing module is another module: it cannot see an internal module's types, so its
        // every declaration would fail to compile.
        if resolved.testing, resolved.options.access == .internal {
            throw ConfigurationConflict(
                description:
                    "access: internal cannot have a testing module (testing, or --testing-output): "
                    + "<Module>Testing is another module and cannot see internal types; use access: package or public")
        }
        let output = generate(
            document: document, diagnostics: diagnostics, options: resolved.options,
            lineBudget: resolved.lineBudget, testing: resolved.testing)
        return try checkWidening(output, rule: resolved.widening, file: file)
    }
}
