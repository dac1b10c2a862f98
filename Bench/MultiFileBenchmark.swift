import Foundation
import GeneratorCore
import GeneratorTools
import SyntheticDocuments

/// Generation of a document split over 1,500 files (issue 16): read every file from disk through
/// the CLI's file source, resolve the references between them, translate and render, in-process.
/// Writing the Swift files is left out: it is the same work as for a single-file document.
enum MultiFileBenchmark {
    static let target = "≤ 1 s"
    static let fileCount = 1_500

    static func run(_ context: BenchContext) -> ResultRow {
        let what = "generate a \(fileCount)-file document (read + resolve + render)"
        do {
            let folder = context.scratch + "/multifile"
            for (path, text) in SyntheticMultiFileDocument.files(count: fileCount) {
                let url = URL(fileURLWithPath: folder + "/" + path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            let spec = folder + "/openapi.yaml"
            // One untimed run warms the page cache and the allocator, as the read rows do.
            var output = try GeneratorPipeline.generate(specPath: spec, moduleName: "Synthetic", names: [:])
            var times: [Double] = []
            var cpuTimes: [Double] = []
            for _ in 0..<context.runs(7, quick: 3) {
                let cpuStart = threadCPUSeconds()
                times.append(
                    try measure {
                        output = try GeneratorPipeline.generate(specPath: spec, moduleName: "Synthetic", names: [:])
                    })
                cpuTimes.append(threadCPUSeconds() - cpuStart)
            }
            let loaded = try DocumentLoader.load(contentsOf: spec)
            let summary = Summary(times)
            var row = ResultRow(
                what: what, measured: summary.formatted(unit: "s"), target: target,
                verdict: summary.median <= 1 ? .met : .missed)
            row.notes.append(
                "\(loaded.files.count) files read, \(output.operationCount) operations, \(output.schemaCount) schemas, "
                    + "\(output.files.count) Swift files generated")
            // On a shared machine thread CPU time moves far less than wall time.
            row.notes.append("thread CPU time per run: \(Summary(cpuTimes).formatted(unit: "s"))")
            let readTime = try measure { _ = try DocumentLoader.load(contentsOf: spec) }
            row.notes.append("reading and resolving alone: \(fixed(readTime, 3)) s (wall)")
            return row
        } catch {
            return .failure(what, target: target, error)
        }
    }
}
