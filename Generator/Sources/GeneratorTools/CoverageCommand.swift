import Foundation
import GeneratorCore

/// `assinafy-generator coverage --spec FILE --overlay DIR --client TYPE --context TYPE --module NAME [--names FILE]
/// [--extra FILE]… [--generated DIR] [--per-call-credential SCHEME]…`.
/// Exits 1 when some published operation is not reachable from the client type. Every path and
/// name is an argument (the Makefile's scripts pass the package's own).
enum CoverageCommand {
    static func inputs(_ options: inout Options) throws -> CoverageAnalysis.Inputs {
        CoverageAnalysis.Inputs(
            specPath: try options.required("--spec"), namesPath: options.value("--names"),
            extraPaths: options.values("--extra"), overlayPath: try options.required("--overlay"),
            generatedPath: options.value("--generated"),
            perCallCredentialSchemes: Set(options.values("--per-call-credential")),
            clientType: try options.required("--client"), moduleName: try options.required("--module"),
            contextType: try options.required("--context"))
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
            return "| `\(entry.operation.method) \(entry.operation.path)` | `\(entry.function)` | \(reached) |"
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
            : unreached.map { "- `\($0.operation.method) \($0.operation.path)` → `\($0.function)`" }
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
