import Foundation
import GeneratorCore

/// `assinafy-generator docs --title TEXT [--error-model FILE] [--credential-class CLASS=NAME]… [--regenerate COMMAND]
/// [--output FILE]` and the options of
/// `coverage` (`--config`, `--spec`, `--overlay`, …): writes the API reference (to standard output
/// without `--output`). Unchanged files are not rewritten.
enum ReferenceDocsCommand {
    static func run(_ options: inout Options, out: (String) -> Void, err: (String) -> Void) throws -> Int32 {
        let output = options.value("--output")
        let title = try options.required("--title")
        let errorModelPath = options.value("--error-model")
        let regenerate = options.value("--regenerate") ?? "assinafy-generator docs"
        // `--credential-class per-call=signer`: the page's word for a credential class.
        var credentialClassNames: [String: String] = [:]
        for pair in options.values("--credential-class") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                throw UsageError(message: "--credential-class wants CLASS=NAME, not \(pair)")
            }
            credentialClassNames[parts[0]] = parts[1]
        }
        let inputs = try CoverageCommand.inputs(&options)
        try options.finish()
        guard options.positional.isEmpty else { throw UsageError(message: "docs takes no positional arguments") }
        let analysis = try CoverageAnalysis.analyse(inputs)
        for warning in analysis.warnings { err("warning: \(warning)") }
        let sources =
            ([inputs.specPath] + inputs.extraPaths
            + [inputs.configPath, inputs.overlayPath].compactMap { $0 })
            .map { "`\($0)`" }.joined(separator: ", ")
        let errorModel = try errorModelPath.map { try String(contentsOfFile: $0, encoding: .utf8) }
        let text = ReferenceDocs.render(
            analysis, sources: sources,
            options: ReferenceDocs.Options(
                title: title, moduleName: inputs.moduleName, errorModel: errorModel,
                credentialClassNames: credentialClassNames,
                regenerateCommand: regenerate))
        guard let output else {
            out(String(text.dropLast()))
            return 0
        }
        if (try? String(contentsOfFile: output, encoding: .utf8)) != text {
            let directory = (output as NSString).deletingLastPathComponent
            if !directory.isEmpty {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        }
        out(
            "wrote \(output): \(analysis.methods.filter { !$0.reaches.isEmpty }.count) client members; \(analysis.summaryLine)"
        )
        return 0
    }
}
