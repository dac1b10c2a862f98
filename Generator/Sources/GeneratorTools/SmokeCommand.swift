import Foundation
import GeneratorCore

/// `assinafy-generator smoke --spec FILE --module NAME --output FILE [--limit N]`: writes the
/// corpus suite's driver (SmokeDriver) for the module `generate --spec FILE --module NAME` writes.
enum SmokeCommand {
    static func run(_ options: inout Options, out: (String) -> Void, err: (String) -> Void) throws -> Int32 {
        let spec = try options.required("--spec")
        let moduleName = try options.required("--module")
        let output = try options.required("--output")
        let limitText = options.value("--limit")
        try options.finish()
        guard options.positional.isEmpty else { throw UsageError(message: "smoke takes no positional arguments") }
        let limit = try limitText.map { text in
            guard let value = Int(text), value > 0 else { throw UsageError(message: "--limit needs a positive number") }
            return value
        }
        try InputFiles.requireReadable(spec)
        let loaded = try GeneratorPipeline.load(specPath: spec)
        var translatorOptions = GeneratorPipeline.translatorOptions(
            GeneratorConfiguration(), document: loaded.document, moduleName: moduleName,
            sourceName: URL(fileURLWithPath: spec).lastPathComponent)
        translatorOptions.unpublishedOperationIds = loaded.supplementaryOperationIds
        let module = Translator.translate(loaded.document, options: translatorOptions).module
        let source = SmokeDriver.render(module, limit: limit)
        try Data(source.utf8).write(to: URL(fileURLWithPath: output))
        let plans = SmokeDriver.plans(module)
        let skipped = plans.filter { $0.call == nil }
        for plan in skipped { err("smoke: \(plan.key) not called: \(plan.skipReason ?? "")") }
        out("smoke: \(plans.count - skipped.count) of \(plans.count) operations called, driver in \(output)")
        return 0
    }
}
