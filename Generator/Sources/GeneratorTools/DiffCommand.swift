import Foundation
import GeneratorCore

/// `assinafy-generator diff OLD NEW [--format markdown|json] [--fail-on breaking|major] [--swift] [--config FILE]
/// [--module NAME]`: the contract comparison, or with `--swift` the generated Swift API's,
/// and in both the release verdict that takes both into account (`ReleaseVerdict`).
enum DiffCommand {
    static func run(_ options: inout Options, out: (String) -> Void, err: (String) -> Void) throws -> Int32 {
        let format = options.value("--format") ?? "markdown"
        let failOn = options.value("--fail-on")
        let swift = options.flag("--swift")
        let moduleName = options.value("--module")
        let configPath = options.value("--config")
        try options.finish()
        guard options.positional.count == 2 else {
            throw UsageError(message: "diff takes two documents, OLD and NEW")
        }
        guard ["markdown", "json"].contains(format) else {
            throw UsageError(message: "--format must be markdown or json")
        }
        guard failOn == nil || failOn == "breaking" || failOn == "major" else {
            throw UsageError(
                message: "--fail-on accepts 'breaking' (a breaking change in the printed comparison) or 'major' "
                    + "(the release verdict)")
        }
        let oldPath = options.positional[0]
        let newPath = options.positional[1]

        // Both comparisons run whichever is printed: the release verdict needs both.
        let configuration = try configPath.map(GeneratorCommand.readConfiguration)
        let names = configuration?.functionNames ?? [:]
        let (contract, diagnostics) = try SpecDiff.compare(oldPath: oldPath, newPath: newPath)
        // Loader warnings (the published `items: []`, say) do not change the comparison and
        // errors have already stopped it; the count is enough, `check` lists them.
        if !diagnostics.isEmpty && !swift {
            err("note: \(diagnostics.count) loader warnings (run `check` for details)")
        }
        let swiftReport: DiffReport?
        do {
            swiftReport = try SwiftAPIDiff.compare(
                oldPath: oldPath, newPath: newPath, names: names,
                moduleName: moduleName ?? configuration?.module ?? SwiftAPIDiff.defaultModuleName)
        } catch  where !swift {
            err("note: the Swift comparison could not run (\(error)); the release verdict is the contract's")
            swiftReport = nil
        }
        var report = swift ? swiftReport ?? contract : contract
        report.release = ReleaseVerdict(contract: contract, swift: swiftReport)
        if format == "json" {
            // Standard output stays one JSON document; the summary line goes beside it.
            out(try report.json())
            err(report.summaryLine)
        } else {
            out(report.markdown())
        }
        switch failOn {
        case "breaking": return report.breakingCount > 0 ? 1 : 0
        // The release verdict, whichever comparison was printed.
        case "major": return report.release?.level == .major ? 1 : 0
        default: return 0
        }
    }
}
