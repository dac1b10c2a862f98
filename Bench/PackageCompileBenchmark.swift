import Foundation
import SyntheticDocuments

/// Generated modules built the way a user builds them (issue 31): a package of their own that
/// depends on this repository by path, `swift build` in debug, from a clean scratch directory.
/// The other compile rows call `swiftc` directly against the release runtime and a warm module
/// cache, which costs about half of what a user's build does per line.
///
/// The runtime is built first, timed apart, as the dependency every generated module has; each
/// module is then built alone, so its CPU time is its own and divides by its own lines.
enum PackageCompileBenchmark {
    static let syntheticWhat = "clean debug build as a user builds: the synthetic module in a SwiftPM package"
    static let wideWhat = "clean debug build as a user builds: a 600-member model in a SwiftPM package"
    static let target = "≤ 2 ms CPU per line"
    static let targetMilliseconds = 2.0

    struct Module {
        var name: String
        var spec: String
        var what: String
        var label: String
    }

    /// Every module, or (`matching`) those whose row names contain the text.
    static func run(_ context: BenchContext, matching: String? = nil) -> [ResultRow] {
        let wanted = { (module: Module) in matching.map { module.what.localizedCaseInsensitiveContains($0) } ?? true }
        let sizeMB = context.quick ? 0.05 : 4
        let package = context.scratch + "/user-package"
        do {
            let synthetic = context.scratch + "/user-package-synthetic.yaml"
            try LargeAPIDocument.yaml(targetBytes: Int(sizeMB * 1_000_000))
                .write(toFile: synthetic, atomically: true, encoding: .utf8)
            let modules = [
                Module(
                    name: "SyntheticAPI", spec: synthetic, what: syntheticWhat,
                    label: "the \(sizeMB == sizeMB.rounded() ? String(Int(sizeMB)) : String(sizeMB)) MB synthetic "
                        + "document"),
                Module(
                    name: "WideModelAPI",
                    spec: context.root + "/Tests/GeneratorTests/Fixtures/Documents/widemodel-3.1.json",
                    what: wideWhat, label: "widemodel-3.1.json (one model of 600 optional members of every kind)"),
            ].filter(wanted)
            try? FileManager.default.removeItem(atPath: package)
            try generate(context, at: package, modules: modules)
            let corpus = try CorpusModules.generate(context, at: package, matching: wanted)
            let all = modules + corpus
            try writeManifest(context, at: package, modules: all)
            progress("user package: swift build --target APIRuntime (debug, clean)")
            let runtime = try build(package, target: "APIRuntime")
            let runtimeNote =
                "APIRuntime, built first in the same clean package: \(fixed(runtime.cpuSeconds, 1)) s CPU, "
                + "\(fixed(runtime.seconds, 1)) s wall"
            return all.map { module in
                do {
                    return try row(package, module, runtimeNote: runtimeNote)
                } catch {
                    return .failure(module.what, target: target, error)
                }
            }
        } catch {
            return [.failure(syntheticWhat, target: target, error), .failure(wideWhat, target: target, error)]
        }
    }

    static func row(_ package: String, _ module: Module, runtimeNote: String) throws -> ResultRow {
        let sources = try swiftFiles(in: package + "/Sources/" + module.name)
        let lines = try sources.reduce(0) { $0 + (try lineCount($1)) }
        progress("user package: swift build --target \(module.name) (\(lines) lines)")
        let outcome = try build(package, target: module.name)
        let perLine = outcome.cpuSeconds * 1000 / Double(max(lines, 1))
        return ResultRow(
            what: module.what, measured: "\(fixed(perLine, 2)) ms/line", target: target,
            verdict: perLine <= targetMilliseconds ? .met : .missed,
            notes: [
                "\(module.label): \(lines) lines in \(sources.count) files; CPU \(fixed(outcome.cpuSeconds, 1)) s, "
                    + "wall \(fixed(outcome.seconds, 1)) s, largest process \(outcome.peakRSSKiB / 1024) MiB",
                "`swift build --target \(module.name)` (debug) in a package depending on this repository by path; "
                    + runtimeNote,
            ])
    }

    /// `swift build` of one target; CPU time is SwiftPM's and every compiler process it waited for.
    static func build(_ package: String, target: String) throws -> ProcessOutcome {
        try Subprocess.check(
            ["swift", "build", "--package-path", package, "--scratch-path", package + "/.build", "--target", target])
    }

    /// Each module generated into its own target's folder by the benchmark's generator.
    static func generate(_ context: BenchContext, at package: String, modules: [Module]) throws {
        for module in modules { try generate(context, at: package, module) }
    }

    static func generate(_ context: BenchContext, at package: String, _ module: Module) throws {
        let output = package + "/Sources/" + module.name
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        _ = try Subprocess.check(
            [context.binDirectory + "/assinafy-generator", "generate", "--spec", module.spec, "--module", module.name,
             "--output", output])
    }

    /// The package's manifest: one target per module, each depending on this repository's runtime.
    static func writeManifest(_ context: BenchContext, at package: String, modules: [Module]) throws {
        // A path dependency is known by its directory's name.
        let identity = URL(fileURLWithPath: context.root).lastPathComponent.lowercased()
        let targets = modules.map { module in
            "        .target(name: \"\(module.name)\", dependencies: "
                + "[.product(name: \"APIRuntime\", package: \"\(identity)\")]),"
        }
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "UserApp",
                dependencies: [.package(path: "\(context.root)")],
                targets: [
            \(targets.joined(separator: "\n"))
                ]
            )

            """
        try manifest.write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
    }
}
