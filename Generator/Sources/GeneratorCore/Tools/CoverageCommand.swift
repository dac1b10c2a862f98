import Foundation

/// `assinafy-generator coverage [--config FILE] [--spec FILE] [--names FILE] [--extra FILE]… [--generated DIR] [--overlay DIR]
/// [--per-call-credential SCHEME]…`.
/// Exits 1 when some published operation is not reachable from `AssinafyClient`. Defaults are the
/// package's own files (`openapi-unpublished.yaml` as extra when `--spec` is not given and it exists).
enum CoverageCommand {
    static func inputs(_ options: inout Options) throws -> CoverageAnalysis.Inputs {
        let configPath =
            options.value("--config")
            ?? (FileManager.default.fileExists(atPath: "assinafy-generator.yaml") ? "assinafy-generator.yaml" : nil)
        let configuration = try configPath.map(GeneratorCommand.readConfiguration) ?? GeneratorConfiguration()
        let spec = options.value("--spec")
        var extras = options.values("--extra")
        // Run from the package root with no arguments, describe the package as `make generate` does.
        if spec == nil, configuration.documents.isEmpty, extras.isEmpty,
            FileManager.default.fileExists(atPath: "openapi-unpublished.yaml")
        {
            extras = ["openapi-unpublished.yaml"]
        }
        let documents =
            configuration.documents.isEmpty || spec != nil
            ? (spec: spec ?? "openapi.yaml", extras: extras)
            : try GeneratorCommand.documentPaths(
                spec: nil, extras: extras, configuration: configuration, configPath: configPath)
        var inputs = CoverageAnalysis.Inputs(
            specPath: documents.spec,
            namesPath: options.value("--names"),
            extraPaths: documents.extras,
            overlayPath: options.value("--overlay") ?? "Sources/Assinafy",
            // The default is only checked when it is there (a fixture package has none).
            generatedPath: options.value("--generated")
                ?? (FileManager.default.fileExists(atPath: "Sources/AssinafyAPI") ? "Sources/AssinafyAPI" : nil),
            perCallCredentialSchemes: Set(options.values("--per-call-credential")))
        inputs.configuration = configuration
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
            return "| `\(entry.operation.method) \(entry.operation.path)` | `\(entry.function)` | \(reached) |"
        }
        func table(_ entries: [CoverageAnalysis.Entry]) {
            lines += ["| Operation | Generated function | AssinafyClient members |", "|---|---|---|"]
            lines += entries.sorted { $0.function < $1.function }.map(row)
            lines.append("")
        }
        table(analysis.published)

        let unreached = analysis.published.filter { $0.reachedBy.isEmpty }.sorted { $0.function < $1.function }
        lines += ["## Not reachable from AssinafyClient (\(unreached.count))", ""]
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
