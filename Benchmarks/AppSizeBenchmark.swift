import Foundation

/// Issue 17: what an app pays for the SDK. `assinafy-appsize-probe` (two `AssinafyClient` calls)
/// and `assinafy-appsize-baseline` (the same two requests with Foundation alone), both release
/// products SwiftPM linked as it links any app, stripped; the row is the difference.
enum AppSizeBenchmark {
    static let what = "app size: release executable with the SDK for two calls, minus without (stripped)"
    static let target = "≤ 2 MB"

    static func run(_ context: BenchContext) -> ResultRow {
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
