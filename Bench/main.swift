import Foundation
import SyntheticDocuments

// `assinafy-bench`: the performance figures of issue 8, measured on release builds and written to
// benchmarks/results.md. Run through `make bench` (scripts/bench.sh), which builds first.
//
//   assinafy-bench [--root DIR] [--results FILE] [--quick] [--only a,b,...] [--build-note TEXT] [--match TEXT]
//     --match: only the adversarial rows whose reader or shape names contain TEXT (e.g. "runtime", "map"),
//              and only the package-compile modules whose rows name it (e.g. "corpus")
//     benchmarks: generate, size, read, multifile, calls, decode, upload, poll, compile, scaling, scaling-compile,
//     appsize, adversarial, package-compile
//   assinafy-bench synthetic large|classic BYTES   (a synthetic document on stdout, for profiling)
//   assinafy-bench child upload|poll ...   (internal: a fresh process for RSS and CPU figures)
//   assinafy-bench profile-decode N [SECONDS]   (one decode variant in a loop, for perf record)
//   assinafy-bench profile-calls 0|1|2 [SECONDS]  (client, raw URLSession or stubbed client calls in a loop, for perf record)
//   assinafy-bench profile-encode [SECONDS]     (JSONCoding.encode of a 50-document page in a loop, for perf record)

let usage = """
    usage: assinafy-bench [--root DIR] [--results FILE] [--quick] [--only LIST] [--build-note TEXT] [--match TEXT]
      LIST: comma-separated among generate, size, read, multifile, calls, decode, upload, poll, compile, scaling,
            scaling-compile, appsize, adversarial, package-compile
    """

struct BenchOptions {
    var root = FileManager.default.currentDirectoryPath
    var results: String?
    var quick = false
    var only: Set<String>?
    var buildNote: String?
    var match: String?

    init(_ arguments: [String]) throws {
        var index = 0
        func value() throws -> String {
            index += 1
            guard index < arguments.count else { throw BenchFailure("\(arguments[index - 1]) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--root": root = try value()
            case "--results": results = try value()
            case "--quick": quick = true
            case "--only": only = Set(try value().split(separator: ",").map(String.init))
            case "--build-note": buildNote = try value()
            case "--match": match = try value()
            default: throw BenchFailure("unknown option \(arguments[index])")
            }
            index += 1
        }
    }

    func wants(_ name: String) -> Bool { only?.contains(name) ?? true }
}

func progress(_ text: String) {
    FileHandle.standardError.write(Data("assinafy-bench: \(text)\n".utf8))
}

func runBenchmarks(_ options: BenchOptions) async -> Int32 {
    let loadAtStart = MachineDescription.loadAverage()
    let started = monotonicNanoseconds()
    let root = URL(fileURLWithPath: options.root).standardizedFileURL.path
    let scratch = root + "/benchmarks/tmp"
    try? FileManager.default.removeItem(atPath: scratch)
    do {
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    } catch {
        progress("cannot create \(scratch): \(error)")
        return 1
    }
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let context = BenchContext(
        root: root, binDirectory: (ownExecutablePath() as NSString).deletingLastPathComponent, scratch: scratch,
        quick: options.quick)

    var rows: [ResultRow] = []
    var generated: String?
    if options.wants("generate") {
        progress("generation (release assinafy-generator, fresh process per run)")
        let result = GenerationBenchmark.run(context)
        rows.append(result.row)
        generated = result.output
    }
    if options.wants("size") { rows.append(EmittedSizeBenchmark.run(context, freshOutput: generated)) }
    if options.wants("read") {
        progress("reading the 3 MB synthetic document (YAML and JSON)")
        rows += ReadBenchmark.run(context)
    }
    if options.wants("multifile") {
        progress("generating a 1,500-file multi-file document (in-process)")
        rows.append(MultiFileBenchmark.run(context))
    }
    if options.wants("decode") {
        progress("decoding a 50-document page")
        rows.append(DecodeBenchmark.run(context))
        rows.append(EncodeBenchmark.run(context))
    }
    if options.wants("calls") || options.wants("upload") || options.wants("poll") || options.wants("bomb")
        || options.wants("stream")
    {
        do {
            let server = try LoopbackServer()
            defer { server.stop() }
            if options.wants("calls") {
                progress("per-call overhead against the loopback server on port \(server.port)")
                rows.append(await CallOverheadBenchmark.run(context, server: server))
            }
            if options.wants("upload") {
                progress("25 MB upload, peak RSS (fresh process per run)")
                rows.append(ProcessBenchmarks.upload(context, server: server))
            }
            if options.wants("bomb") {
                progress("gzip bomb and uncoded flood against the response limit, peak RSS (fresh process per run)")
                rows += ProcessBenchmarks.bomb(context, server: server)
            }
            if options.wants("poll") {
                progress("waitUntilReady and paging CPU (fresh process)")
                rows += ProcessBenchmarks.poll(context, server: server)
            }
            if options.wants("stream") {
                progress("100 MB JSON Lines stream at a paced rate: RSS, first-item latency (fresh process per run)")
                rows += StreamBenchmark.run(context, server: server)
            }
        } catch {
            rows.append(.failure("loopback benchmarks", target: "", error))
        }
    }
    if options.wants("compile") {
        progress("clean compiles of AssinafyAPI (the longest part)")
        rows += CompileBenchmark.run(context)
    }
    if options.wants("scaling") { rows += ScalingBenchmark.run(context) }
    if options.wants("appsize") {
        progress("app size: a tiny release executable with and without the SDK")
        rows += AppSizeBenchmark.run(context)
    }
    if options.wants("adversarial") {
        progress("adversarial input shapes at 1/2/4/8 MB: the runtime's parser and decoder, the generator's readers")
        rows += AdversarialScalingBenchmark.run(context, matching: options.match)
    }
    if options.wants("scaling-compile") {
        // The 8 MB module takes too long to compile on a shared 2-core machine: 1 and 4 MB only
        // (--quick: a 50 KB document, to check the benchmark itself).
        rows.append(ScalingBenchmark.compile(context, sizesMB: context.quick ? [0.05] : [1, 4]))
    }

    if options.wants("package-compile") {
        progress("clean debug builds as a user builds them (SwiftPM package): synthetic, wide-model and corpus modules")
        rows += PackageCompileBenchmark.run(context, matching: options.match)
    }

    let total = Double(monotonicNanoseconds() - started) / 1e9
    let machine = MachineDescription.current(loadAtStart: loadAtStart)
    print("")
    print(Report.consoleTable(rows))
    for row in rows where !row.notes.isEmpty {
        print("\(row.what):")
        for note in row.notes { print("  - \(note)") }
    }
    print("")
    for (key, value) in machine.lines { print("\(key): \(value)") }

    let resultsPath = options.results.map { $0.hasPrefix("/") ? $0 : root + "/" + $0 } ?? root + "/benchmarks/results.md"
    var command = "make bench"
    if options.quick { command += " --quick" }
    if let only = options.only { command += " --only " + only.sorted().joined(separator: ",") }
    if let match = options.match { command += " --match \(match)" }
    let markdown = Report.markdown(
        rows, machine: machine, buildNote: options.buildNote, totalSeconds: total,
        command: command)
    do {
        try FileManager.default.createDirectory(
            atPath: (resultsPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try markdown.write(toFile: resultsPath, atomically: true, encoding: .utf8)
        print("\nwrote \(resultsPath) (\(fixed(total, 0)) s)")
    } catch {
        progress("cannot write \(resultsPath): \(error)")
        return 1
    }
    // Missed targets are results, not failures; a benchmark that could not run is, and so is an
    // input shape that costs more per MB as it grows (issue 33): a path an attacker can make quadratic.
    let adversarial = rows.filter { $0.what.hasPrefix(AdversarialScalingBenchmark.rowPrefix) && $0.verdict != .met }
    if !adversarial.isEmpty {
        print("\nFAIL: \(adversarial.count) adversarial input shapes cost more per MB as they grow (or did not run):")
        for row in adversarial { print("  \(row.what): \(row.measured)") }
    }
    return rows.contains { $0.verdict == .failed } || !adversarial.isEmpty ? 1 : 0
}

let arguments = Array(CommandLine.arguments.dropFirst())
// `assinafy-bench synthetic large|classic BYTES`: the benchmark's synthetic documents, for profiling.
if arguments.first == "synthetic", arguments.count == 3, let bytes = Int(arguments[2]) {
    print(arguments[1] == "large" ? LargeAPIDocument.yaml(targetBytes: bytes) : SyntheticDocument.yaml(targetBytes: bytes))
    exit(0)
}
if arguments.first == "child" {
    exit(await ProcessBenchmarks.runChild(Array(arguments.dropFirst())))
}
// `assinafy-bench profile-calls 0|1 [SECONDS]`: client (0) or raw URLSession (1) calls in a loop.
if arguments.first == "profile-calls", arguments.count >= 2, let kind = Int(arguments[1]) {
    do {
        try await CallOverheadBenchmark.profile(kind: kind, seconds: arguments.count > 2 ? Double(arguments[2]) ?? 3 : 3)
        exit(0)
    } catch {
        progress("\(error)")
        exit(1)
    }
}
if arguments.first == "profile-encode" {
    do {
        try EncodeBenchmark.profile(seconds: arguments.count > 1 ? Double(arguments[1]) ?? 3 : 3)
        exit(0)
    } catch {
        progress("\(error)")
        exit(1)
    }
}
// `assinafy-bench profile-adversarial SUBJECT SHAPE MB [render]`: one adversarial read (or, with
// `render`, only the input's rendering), to count its instructions under valgrind: the read's
// count is the difference.
if arguments.first == "profile-adversarial", arguments.count >= 4, let megabytes = Int(arguments[3]) {
    do {
        try AdversarialScalingBenchmark.profile(
            subject: arguments[1], shape: arguments[2], bytes: megabytes * 1_000_000,
            renderOnly: arguments.count > 4 && arguments[4] == "render")
        exit(0)
    } catch {
        progress("\(error)")
        exit(1)
    }
}
// `assinafy-bench profile-decode N [SECONDS]`: one decode variant in a loop, to run under `perf record`.
if arguments.first == "profile-decode", arguments.count >= 2, let variant = Int(arguments[1]) {
    do {
        try DecodeBenchmark.profile(variant: variant, seconds: arguments.count > 2 ? Double(arguments[2]) ?? 3 : 3)
        exit(0)
    } catch {
        progress("\(error)")
        exit(1)
    }
}
do {
    exit(await runBenchmarks(try BenchOptions(arguments)))
} catch {
    progress("\(error)\n\(usage)")
    exit(64)
}
