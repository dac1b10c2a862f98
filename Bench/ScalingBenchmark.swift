import Foundation
import SyntheticDocuments

/// Issue 17: generation must stay linear in the document. The release generator, as a fresh
/// process, on synthetic documents of 1, 2, 4 and 8 MB shaped like the largest public APIs
/// (`LargeAPIDocument`), plus the older synthetic shape (`SyntheticDocument`) at 1.7 MB; then a
/// clean debug build of the 1 and 4 MB results the way SwiftPM compiles a target.
enum ScalingBenchmark {
    static let generateWhat = "scaling: generate large-API documents 1/2/4/8 MB (CPU s per MB)"
    static let generateTarget = "≤ 0.3 s/MB each, not growing"
    static let classicWhat = "scaling: generate 1.7 MB classic synthetic document"
    static let classicTarget = "≤ 0.5 s"
    static let sizesMB = [1, 2, 4, 8]

    struct Measured {
        var bytes: Int
        var wall: Summary
        var cpu: Summary
        var peakKiB: Int
        var lines: Int
        var operations: Int
        var files: Int
        var output: String

        var cpuPerMB: Double { cpu.median / (Double(bytes) / 1e6) }
        var linesPerOperation: Double { operations > 0 ? Double(lines) / Double(operations) : .nan }
    }

    /// Both generation rows; the generated modules of the 1 and 4 MB documents are left in the
    /// scratch directory for `compile`.
    static func run(_ context: BenchContext) -> [ResultRow] {
        var rows: [ResultRow] = []
        do {
            var measured: [Measured] = []
            for size in sizesMB {
                progress("scaling: generating the \(size) MB large-API document")
                let yaml = LargeAPIDocument.yaml(targetBytes: size * 1_000_000)
                measured.append(try generate(context, yaml: yaml, name: "large-\(size)mb"))
            }
            let perMB = measured.map(\.cpuPerMB)
            let growth = (perMB.last ?? .nan) / (perMB.first ?? .nan)
            let worst = perMB.max() ?? .nan
            var row = ResultRow(
                what: generateWhat,
                measured: perMB.map { fixed($0, 3) }.joined(separator: " / ")
                    + " s/MB (8 MB ÷ 1 MB: \(fixed(growth, 2))×)",
                target: generateTarget, verdict: worst <= 0.3 && growth <= 1.3 ? .met : .missed)
            for (size, result) in zip(sizesMB, measured) {
                row.notes.append(
                    "\(size) MB: \(result.bytes) bytes, \(result.operations) ops; wall \(result.wall.formatted(unit: "s")), "
                        + "CPU \(result.cpu.formatted(unit: "s")); peak RSS \(result.peakKiB / 1024) MiB; "
                        + "\(result.lines) lines in \(result.files) files, \(fixed(result.linesPerOperation, 1)) lines/op"
                )
            }
            row.notes.append(
                "verdict on the median CPU time (user+sys) of the generator process: the machine is shared, so wall "
                    + "time includes waiting for a core; 'not growing' means 8 MB ÷ 1 MB ≤ 1.3")
            rows.append(row)

            progress("scaling: generating the 1.7 MB classic synthetic document")
            let classic = try generate(
                context, yaml: SyntheticDocument.yaml(targetBytes: 1_700_000), name: "classic-1.7mb")
            rows.append(
                ResultRow(
                    what: classicWhat, measured: classic.cpu.formatted(unit: "s") + " CPU", target: classicTarget,
                    verdict: classic.cpu.median <= 0.5 ? .met : .missed,
                    notes: [
                        "\(classic.bytes) bytes, \(classic.operations) ops, wall \(classic.wall.formatted(unit: "s")), "
                            + "peak RSS \(classic.peakKiB / 1024) MiB, \(classic.lines) lines, "
                            + "\(fixed(classic.linesPerOperation, 1)) lines/op"
                    ]))
        } catch {
            rows.append(.failure(generateWhat, target: generateTarget, error))
        }
        return rows
    }

    /// Writes `yaml`, runs the release generator on it (one untimed run, then timed ones) and
    /// counts what it wrote.
    static func generate(_ context: BenchContext, yaml: String, name: String) throws -> Measured {
        let spec = context.scratch + "/\(name).yaml"
        let output = context.scratch + "/\(name)-generated"
        try yaml.write(toFile: spec, atomically: true, encoding: .utf8)
        let generator = context.binDirectory + "/assinafy-generator"
        var wall: [Double] = []
        var cpu: [Double] = []
        var peak = 0
        // A new directory per run, removed only at the end: writing hundreds of files where as
        // many were just deleted costs the file system more than a user's first generation does.
        var runDirectories: [String] = []
        defer { for directory in runDirectories { try? FileManager.default.removeItem(atPath: directory) } }
        for run in 0...context.runs(3, quick: 1) {
            let directory = run == 0 ? output : output + "-run\(run)"
            try? FileManager.default.removeItem(atPath: directory)
            if run > 0 { runDirectories.append(directory) }
            let outcome = try Subprocess.check(
                [generator, "generate", "--spec", spec, "--module", "Large", "--output", directory])
            guard run > 0 else { continue }
            wall.append(outcome.seconds)
            cpu.append(outcome.cpuSeconds)
            peak = max(peak, outcome.peakRSSKiB)
        }
        let files = try swiftFiles(in: output)
        var lines = 0
        var operations = 0
        for file in files {
            lines += try lineCount(file)
            let text = try String(contentsOfFile: file, encoding: .utf8)
            operations += text.components(separatedBy: "operationName: \"").count - 1
        }
        return Measured(
            bytes: yaml.utf8.count, wall: Summary(wall), cpu: Summary(cpu), peakKiB: peak, lines: lines,
            operations: operations, files: files.count, output: output)
    }

    // MARK: Compile

    static let compileWhat = "scaling: clean debug build of the generated 1 / 4 MB modules"
    static let compileTarget = "4 MB: ≤ ½ of before, < 1 GB per process"

    /// "Before" cannot be rerun here: it needs the generator of the issue's day, and that build
    /// does not finish. What was measured instead (2 shared cores, AMD EPYC, 2026-12-02): the
    /// generator at `7cbb0e8` on the 1 MB document (106,627 lines, 187 files; the 4 MB document
    /// repeats its schemas), the same swiftc command against that commit's runtime module, had
    /// compiled 4 of 187 files when it was stopped. Its CPU time then is a lower bound of the 1 MB
    /// build, hence of the 4 MB one, so the verdict compares against it.
    static let compileBeforeCPUSeconds = 920.0
    static let compileBeforeNote =
        "before (generator at 7cbb0e8, the issue's): the 1 MB module's clean debug build (106,627 lines) "
        + "was stopped unfinished after 1,769 s wall and \(Int(compileBeforeCPUSeconds)) s CPU with 4 of 187 "
        + "files compiled and a compiler process at 1,539 MiB; unions held whole models inline, so "
        + "layouts (and the code copying them) grew exponentially with the depth of expandable links"

    /// A clean `-Onone` build of the generated module the way SwiftPM builds a debug target (no
    /// `-wmo`, batch mode, two jobs), against the release AssinafyRuntime module: wall and CPU
    /// time and the largest compiler process.
    static func compile(_ context: BenchContext, sizesMB: [Double]) -> ResultRow {
        do {
            let modules = try CompileBenchmark.runtimeModuleDirectory(context)
            let cache = context.scratch + "/ModuleCache"
            try CompileBenchmark.warmModuleCache(context, modules: modules, cache: cache)
            var notes: [String] = []
            var measured: [String] = []
            var worstPeak = 0
            var largestCPU = 0.0
            for size in sizesMB {
                // The generation rows leave the 1 and 4 MB modules behind; other sizes are made here.
                let label = size == size.rounded() ? String(Int(size)) : String(size)
                let output = context.scratch + "/large-\(label)mb-generated"
                if !FileManager.default.fileExists(atPath: output) {
                    let yaml = LargeAPIDocument.yaml(targetBytes: Int(size * 1_000_000))
                    _ = try generate(context, yaml: yaml, name: "large-\(label)mb")
                }
                let sources = try swiftFiles(in: output)
                progress("scaling: clean debug build of the \(label) MB module (\(sources.count) files)")
                let objects = context.scratch + "/large-\(label)mb-objects"
                try? FileManager.default.removeItem(atPath: objects)
                try FileManager.default.createDirectory(atPath: objects, withIntermediateDirectories: true)
                let outcome = try Subprocess.check(
                    // Not "Large": with -g the driver wraps the module into <module>.o, which
                    // would collide with the object of the generated Large.swift.
                    [
                        "swiftc", "-module-name", "LargeSynthetic", "-Onone", "-enable-testing", "-D", "DEBUG", "-j",
                        "2",
                        "-enable-batch-mode",
                    ]
                        + CompileBenchmark.commonFlags(modules: modules, cache: cache)
                        + [
                            "-emit-module", "-emit-module-path", objects + "/LargeSynthetic.swiftmodule", "-c",
                            "-working-directory", objects,
                        ]
                        + sources)
                try? FileManager.default.removeItem(atPath: objects)
                let lines = try sources.reduce(0) { $0 + (try lineCount($1)) }
                measured.append("\(fixed(outcome.cpuSeconds, 0)) s CPU, \(outcome.peakRSSKiB / 1024) MiB")
                worstPeak = max(worstPeak, outcome.peakRSSKiB)
                if size == sizesMB.max() { largestCPU = outcome.cpuSeconds }
                notes.append(
                    "\(label) MB: \(lines) lines in \(sources.count) files; wall \(fixed(outcome.seconds, 1)) s, CPU "
                        + "\(fixed(outcome.cpuSeconds, 1)) s (\(fixed(outcome.cpuSeconds * 1000 / Double(lines), 2)) ms/line); "
                        + "largest compiler process \(outcome.peakRSSKiB / 1024) MiB")
            }
            notes.append(
                "`swiftc -Onone -enable-testing -j 2 -enable-batch-mode -g -emit-module -c <files>` (what SwiftPM runs "
                    + "for a debug target), -I the release APIRuntime module, warm module cache")
            notes.append(compileBeforeNote)
            // The 50 KB smoke run (--quick) checks the benchmark, not the target.
            let judged = sizesMB.max() ?? 0 >= 4
            let met = worstPeak < 1_048_576 && largestCPU <= compileBeforeCPUSeconds / 2
            return ResultRow(
                what: compileWhat, measured: measured.joined(separator: " / "), target: compileTarget,
                verdict: !judged ? .info : met ? .met : .missed, notes: notes)
        } catch {
            return .failure(compileWhat, target: compileTarget, error)
        }
    }
}
