import Foundation
import GeneratorCore

/// `assinafy-generator diff OLD NEW [--format markdown|json] [--fail-on breaking] [--swift [--config FILE] [--names FILE] [--module NAME]]`.
enum DiffCommand {
    static func run(_ options: inout Options, out: (String) -> Void, err: (String) -> Void) throws -> Int32 {
        let format = options.value("--format") ?? "markdown"
        let failOn = options.value("--fail-on")
        let swift = options.flag("--swift")
        let namesPath = options.value("--names")
        let moduleName = options.value("--module")
        let configPath = options.value("--config")
        try options.finish()
        guard options.positional.count == 2 else {
            throw UsageError(message: "diff takes two documents, OLD and NEW")
        }
        guard ["markdown", "json"].contains(format) else {
            throw UsageError(message: "--format must be markdown or json")
        }
        guard failOn == nil || failOn == "breaking" else {
            throw UsageError(message: "--fail-on accepts only 'breaking'")
        }
        guard (namesPath == nil && moduleName == nil && configPath == nil) || swift else {
            throw UsageError(message: "--names, --config and --module only apply to --swift")
        }
        let oldPath = options.positional[0]
        let newPath = options.positional[1]

        let report: DiffReport
        if swift {
            let configuration = try configPath.map(GeneratorCommand.readConfiguration)
            var names = configuration?.functionNames ?? [:]
            names.merge(try namesPath.map(GeneratorPipeline.readNames) ?? [:]) { _, given in given }
            report = try SwiftAPIDiff.compare(
                oldPath: oldPath, newPath: newPath, names: names,
                moduleName: moduleName ?? configuration?.module ?? SwiftAPIDiff.defaultModuleName)
        } else {
            let (contract, diagnostics) = try SpecDiff.compare(oldPath: oldPath, newPath: newPath)
            // Loader warnings (the published `items: []`, say) do not change the comparison and
            // errors have already stopped it; the count is enough, `check` lists them.
            if !diagnostics.isEmpty { err("note: \(diagnostics.count) loader warnings (run `check` for details)") }
            report = contract
        }
        if format == "json" {
            // Standard output stays one JSON document; the summary line goes beside it.
            out(try report.json())
            err(report.summaryLine)
        } else {
            out(report.markdown())
        }
        return failOn == "breaking" && report.breakingCount > 0 ? 1 : 0
    }
}
