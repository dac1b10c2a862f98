import Foundation

/// Issue 17: what an app pays for the SDK. `assinafy-appsize-probe` (two `AssinafyClient` calls)
/// and `assinafy-appsize-baseline` (the same two requests with Foundation alone), both release
/// products SwiftPM linked as it links any app, stripped; the row is the difference.
enum AppSizeBenchmark {
    static let what = "app size: release executable with the SDK for two calls, minus without (stripped)"
    static let target = "≤ 2 MB"

    /// The frontend flags an app can build with (`swift build -c release -Xswiftc -Xfrontend
    /// -Xswiftc …` for each) so that unused public symbols, which Swift otherwise marks retained
    /// on ELF, are dropped by the linker's dead stripping. A dependency cannot set them for an app.
    static let internalizingFlags = ["-internalize-at-link", "-function-sections"]

    /// Where `scripts/bench.sh` puts the two apps built with `internalizingFlags`.
    static let internalizedBinEnvironment = "ASSINAFY_APPSIZE_INTERNALIZED_BIN"

    static func run(_ context: BenchContext) -> [ResultRow] {
        [defaultBuild(context), internalizedBuild(context)]
    }

    /// The same two apps built with `internalizingFlags`: what an app that opts in pays. Info only:
    /// the issue's figure is the default build.
    static func internalizedBuild(_ context: BenchContext) -> ResultRow {
        let what = "app size, the app built with \(internalizingFlags.joined(separator: " ")) (frontend flags)"
        guard let bin = ProcessInfo.processInfo.environment[internalizedBinEnvironment] else {
            return ResultRow(
                what: what, measured: "not built", target: "no target (an app's choice)", verdict: .info,
                notes: ["`make bench` builds these apps and sets \(internalizedBinEnvironment)"])
        }
        do {
            var other = context
            other.binDirectory = bin
            let probe = try stripped(other, "assinafy-appsize-probe")
            let baseline = try stripped(other, "assinafy-appsize-baseline")
            let growth = Double(probe.file - baseline.file) / 1_048_576
            return ResultRow(
                what: what, measured: "\(fixed(growth, 2)) MiB", target: "no target (an app's choice)", verdict: .info,
                notes: [
                    "with the SDK \(probe.file) bytes, without \(baseline.file) bytes; Swift marks every public symbol "
                        + "retained on ELF unless `-internalize-at-link`, and `-function-sections` lets the linker drop "
                        + "functions one by one; `make demo` passes with an SDK built this way"
                ])
        } catch {
            return .failure(what, target: "no target (an app's choice)", error)
        }
    }

    static func defaultBuild(_ context: BenchContext) -> ResultRow {
        do {
            let probe = try stripped(context, "assinafy-appsize-probe")
            let baseline = try stripped(context, "assinafy-appsize-baseline")
            let growth = Double(probe.file - baseline.file) / 1_048_576
            let textGrowth = Double(probe.text - baseline.text) / 1_048_576
            return ResultRow(
                what: what, measured: "\(fixed(growth, 2)) MiB (\(fixed(textGrowth, 2)) MiB of text)", target: target,
                verdict: growth <= 2 ? .met : .missed,
                notes: [
                    "with the SDK \(probe.file) bytes (text \(probe.text)), without \(baseline.file) bytes (text "
                        + "\(baseline.text)); `swift build -c release` products, `strip`, sizes from `size -A`; the "
                        + "Swift runtime and Foundation are shared libraries on Linux, so neither side counts them"
                ])
        } catch {
            return .failure(what, target: target, error)
        }
    }

    /// Bytes of the stripped copy of a release product, and of its `.text` section.
    static func stripped(_ context: BenchContext, _ product: String) throws -> (file: Int, text: Int) {
        let source = context.binDirectory + "/" + product
        guard FileManager.default.fileExists(atPath: source) else {
            throw BenchFailure("\(source) is missing: build it with `swift build -c release --product \(product)`")
        }
        let copy = context.scratch + "/\(product)-stripped"
        try? FileManager.default.removeItem(atPath: copy)
        _ = try Subprocess.check(["strip", "-o", copy, source])
        let file = (try FileManager.default.attributesOfItem(atPath: copy)[.size] as? NSNumber)?.intValue ?? 0
        let sections = try Subprocess.check(["size", "-A", copy]).stdout
        var text = 0
        for line in sections.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 2, fields[0] == ".text", let bytes = Int(fields[1]) { text = bytes }
        }
        return (file, text)
    }
}
