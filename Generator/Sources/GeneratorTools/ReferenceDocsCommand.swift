import Foundation
import GeneratorCore

/// `assinafy-generator docs --title TEXT [--error-model FILE] [--output FILE]` and the options of
/// `coverage` (`--config`, `--spec`, `--overlay`, …): writes the API reference (to standard output
/// without `--output`). Unchanged files are not rewritten.
enum ReferenceDocsCommand {
    static func run(_ options: inout Options, out: (String) -> Void, err: (String) -> Void) throws -> Int32 {
        let output = options.value("--output")
        let title = try options.required("--title")
        let errorModelPath = options.value("--error-model")
        let inputs = try CoverageCommand.inputs(&options)
        try options.finish()
        guard options.positional.isEmpty else { throw UsageError(message: "docs takes no positional arguments") }
        let analysis = try CoverageAnalysis.analyse(inputs)
        for warning in analysis.warnings { err("warning: \(warning)") }
        let sources =
            ([inputs.specPath] + inputs.extraPaths
            + [inputs.configPath, inputs.namesPath, inputs.overlayPath].compactMap { $0 })
            .map { "`\($0)`" }.joined(separator: ", ")
        let errorModel = try errorModelPath.map { try String(contentsOfFile: $0, encoding: .utf8) }
        let text = ReferenceDocs.render(
            analysis, sources: sources,
            options: ReferenceDocs.Options(title: title, moduleName: inputs.moduleName, errorModel: errorModel))
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
