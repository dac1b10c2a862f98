import Foundation
import GeneratorCore

/// `assinafy-generator coverage --overlay DIR --client TYPE --context TYPE --module NAME [--config FILE]
/// [--spec FILE] [--extra FILE]… [--generated DIR] [--per-call-credential SCHEME]…`.
/// Exits 1 when some operation is not reachable from the client type. The documents come from
/// `--spec`/`--extra` or the configuration's `documents`; every other path and name is an
/// argument (the Makefile's scripts pass the package's own).
enum CoverageCommand {
    static func inputs(_ options: inout Options) throws -> CoverageAnalysis.Inputs {
        let configPath = options.value("--config")
        let configuration = try configPath.map(GeneratorCommand.readConfiguration) ?? GeneratorConfiguration()
        let spec = options.value("--spec")
        let extras = options.values("--extra")
        guard spec != nil || !configuration.documents.isEmpty else {
            throw UsageError(message: "coverage needs --spec FILE or a --config naming its documents")
        }
        let documents =
            spec != nil
            ? (spec: spec ?? "", extras: extras)
            : try GeneratorCommand.documentPaths(
                spec: nil, extras: extras, configuration: configuration, configPath: configPath)
        var inputs = CoverageAnalysis.Inputs(
            specPath: documents.spec, configuration: configuration, extraPaths: documents.extras,
            overlayPath: try options.required("--overlay"), generatedPath: options.value("--generated"),
            perCallCredentialSchemes: Set(options.values("--per-call-credential")),
            clientType: try options.required("--client"),
            moduleName: try options.value("--module") ?? configuration.module ?? options.required("--module"),
            contextType: try options.required("--context"))
        inputs.configPath = configPath
        return inputs
    }

    static func run(_ options: inout Options, out: (String) -> Void, err: (String) -> Void) throws -> Int32 {
        let inputs = try inputs(&options)
        try options.finish()
        guard options.positional.isEmpty else { throw UsageError(message: "coverage takes no positional arguments") }
        let analysis = try CoverageAnalysis.analyse(inputs)
        for warning in analysis.warnings { err("warning: \(warning)") }
        out(render(analysis, extraPaths: inputs.extraPaths))
        return analysis.reachableCount == analysis.published.count ? 0 : 1
    }

    static func render(_ analysis: CoverageAnalysis, extraPaths: [String]) -> String {
        var lines = ["# Operation coverage", ""]
        func row(_ entry: CoverageAnalysis.Entry) -> String {
            let reached = entry.reachedBy.isEmpty ? "—" : entry.reachedBy.map { "`\($0)`" }.joined(separator: ", ")
            return "| `\(entry.operation.method.wire) \(entry.operation.path)` | `\(entry.function)` | \(reached) |"
        }
        func table(_ entries: [CoverageAnalysis.Entry]) {
            lines += ["| Operation | Generated function | \(analysis.clientType) members |", "|---|---|---|"]
            lines += entries.sorted { $0.function < $1.function }.map(row)
            lines.append("")
        }
        table(analysis.published)

        let unreached = analysis.published.filter { $0.reachedBy.isEmpty }.sorted { $0.function < $1.function }
        lines += ["## Not reachable from \(analysis.clientType) (\(unreached.count))", ""]
        lines +=
            unreached.isEmpty
            ? ["None."]
            : unreached.map { "- `\($0.operation.method.wire) \($0.operation.path)` → `\($0.function)`" }
        lines.append("")

        let unpublished = analysis.entries.filter(\.unpublished)
        if !unpublished.isEmpty || !extraPaths.isEmpty {
            lines += ["## Unpublished operations (\(extraPaths.joined(separator: ", ")))", ""]
            if unpublished.isEmpty { lines += ["None.", ""] } else { table(unpublished) }
        }
        lines.append(analysis.summaryLine)
        return lines.joined(separator: "\n")
    }
}
