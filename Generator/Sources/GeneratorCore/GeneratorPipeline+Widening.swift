/// `widening: error`: a generation whose types admit more than the document's schemas fails.
extension GeneratorPipeline {
    /// Generation refused because schemas were widened (see `GeneratorConfiguration.widening`);
    /// nothing is written. `diagnostics` holds every diagnostic, the widenings as errors.
    public struct WideningRefused: Error, CustomStringConvertible {
        public var diagnostics: [Diagnostic]
        public var file: String

        public init(diagnostics: [Diagnostic], file: String) {
            self.diagnostics = diagnostics
            self.file = file
        }

        public var widenings: [Diagnostic] { diagnostics.filter { $0.category == .widening } }

        public var description: String {
            let count = widenings.count
            let places = count == 1 ? "1 schema is" : "\(count) schemas are"
            let heading = "\(places) generated wider than the document says, refused by `widening: error`:"
            // One line each, unindented: the `file:line:col: error:` form editors and build logs pick up.
            return ([heading] + widenings.map { $0.formatted(file: file) }).joined(separator: "\n")
        }
    }

    /// `output` unchanged unless `rule` is `error` and it holds widenings, which are then thrown.
    static func checkWidening(
        _ output: Output, rule: GeneratorConfiguration.WideningRule?, file: String
    ) throws -> Output {
        guard rule == .error, output.diagnostics.contains(where: { $0.category == .widening }) else { return output }
        let diagnostics = output.diagnostics.map { diagnostic in
            var promoted = diagnostic
            if promoted.category == .widening { promoted.severity = .error }
            return promoted
        }
        throw WideningRefused(diagnostics: diagnostics, file: file)
    }
}
