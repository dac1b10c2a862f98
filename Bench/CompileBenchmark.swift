import Foundation

/// Clean whole-module compiles of the generated module alone, against the APIRuntime module
/// the release build already produced, so only AssinafyAPI's own cost is timed.
enum CompileBenchmark {
    static let debugWhat = "clean compile of AssinafyAPI, -Onone (swiftc -wmo)"
    static let releaseWhat = "clean compile of AssinafyAPI, -O (swiftc -wmo)"
    static let debugTarget = "≤ 30 s"
    static let releaseTarget = "≤ 60 s"

    static func run(_ context: BenchContext) -> [ResultRow] {
        do {
            let modules = try runtimeModuleDirectory(context)
            let sources = try swiftFiles(in: context.root + "/Sources/AssinafyAPI")
            let cache = context.scratch + "/ModuleCache"
            try warmModuleCache(context, modules: modules, cache: cache)
            var debugTimes: [Double] = []
            var releaseTimes: [Double] = []
            var debugCPU: [Double] = []
            var releaseCPU: [Double] = []
            // Interleaved, so a burst of load elsewhere on the machine does not land on one kind only.
            for run in 0..<context.runs(2, quick: 1) {
                let debugRun = try compile(context, sources, modules: modules, cache: cache, release: false, run: run)
                debugTimes.append(debugRun.seconds)
                debugCPU.append(debugRun.cpuSeconds)
                let releaseRun = try compile(context, sources, modules: modules, cache: cache, release: true, run: run)
                releaseTimes.append(releaseRun.seconds)
                releaseCPU.append(releaseRun.cpuSeconds)
            }
            let debug = Summary(debugTimes)
            let release = Summary(releaseTimes)
            let note =
                "\(sources.count) files; `swiftc -wmo -parse-as-library -swift-version 6 -enable-upcoming-feature "
                + "ExistentialAny -strict-concurrency=complete -g -c -emit-module` with -Onone -enable-testing / -O, "
                + "-I the release APIRuntime module, shared warm module cache; wall time of the swiftc process"
            return [
                ResultRow(
                    what: debugWhat, measured: debug.formatted(unit: "s", digits: 1), target: debugTarget,
                    verdict: debug.median <= 30 ? .met : .missed,
                    notes: [
                        note,
                        "CPU (user+sys) of swiftc and its frontend: "
                            + Summary(debugCPU).formatted(unit: "s", digits: 1),
                    ]),
                ResultRow(
                    what: releaseWhat, measured: release.formatted(unit: "s", digits: 1), target: releaseTarget,
                    verdict: release.median <= 60 ? .met : .missed,
                    notes: [
                        "CPU (user+sys) of swiftc and its frontend: "
                            + Summary(releaseCPU).formatted(unit: "s", digits: 1)
                    ]),
            ]
        } catch {
            return [
                .failure(debugWhat, target: debugTarget, error), .failure(releaseWhat, target: releaseTarget, error),
            ]
        }
    }

    /// SwiftPM 6 keeps module files under `Modules/` beside the products; older layouts beside them.
    static func runtimeModuleDirectory(_ context: BenchContext) throws -> String {
        for candidate in [context.binDirectory + "/Modules", context.binDirectory]
        where FileManager.default.fileExists(atPath: candidate + "/APIRuntime.swiftmodule") {
            return candidate
        }
        throw BenchFailure("no APIRuntime.swiftmodule under \(context.binDirectory)")
    }

    static func commonFlags(modules: String, cache: String) -> [String] {
        [
            "-parse-as-library", "-swift-version", "6", "-enable-upcoming-feature", "ExistentialAny",
            "-strict-concurrency=complete", "-I", modules, "-module-cache-path", cache, "-g",
        ]
    }

    /// Builds the clang/Swift module cache (Foundation, Glibc) once, untimed: every real build
    /// has it warm after the first target.
    static func warmModuleCache(_ context: BenchContext, modules: String, cache: String) throws {
        let directory = context.scratch + "/compile-warmup"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let source = directory + "/Warmup.swift"
        try "import Foundation\nimport APIRuntime\npublic let warm = JSONValue.null\n"
            .write(toFile: source, atomically: true, encoding: .utf8)
        _ = try Subprocess.check(
            ["swiftc", "-module-name", "Warmup", "-wmo", "-Onone"] + commonFlags(modules: modules, cache: cache)
                + ["-c", source, "-o", directory + "/Warmup.o"])
    }

    static func compile(
        _ context: BenchContext, _ sources: [String], modules: String, cache: String, release: Bool, run: Int
    ) throws -> ProcessOutcome {
        let output = context.scratch + "/compile-\(release ? "release" : "debug")-\(run)"
        try? FileManager.default.removeItem(atPath: output)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        // The object is not named AssinafyAPI.o: with -g on Linux the driver also wraps the module
        // for the debugger into <module>.o beside it, and two producers of one file is fatal.
        let optimisation = release ? ["-O"] : ["-Onone", "-enable-testing", "-D", "DEBUG"]
        let outcome = try Subprocess.check(
            ["swiftc", "-module-name", "AssinafyAPI", "-wmo"] + optimisation
                + commonFlags(modules: modules, cache: cache)
                + ["-emit-module", "-emit-module-path", output + "/AssinafyAPI.swiftmodule", "-c"] + sources
                + ["-o", output + "/AssinafyAPI-code.o"])
        try? FileManager.default.removeItem(atPath: output)
        return outcome
    }
}
