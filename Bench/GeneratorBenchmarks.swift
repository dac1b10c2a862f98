import Foundation
import GeneratorCore
import GeneratorTools
import SyntheticDocuments

/// What every benchmark needs to find its inputs and tools.
struct BenchContext: Sendable {
    /// The repository root (openapi.yaml, Sources/).
    var root: String
    /// Directory of the release products (assinafy-generator, Modules/).
    var binDirectory: String
    /// Scratch space, deleted and recreated per run (git-ignored `benchmarks/tmp`).
    var scratch: String
    /// Fewer runs, for developing the benchmarks themselves.
    var quick: Bool

    func runs(_ normal: Int, quick quickRuns: Int) -> Int { quick ? quickRuns : normal }

    /// The arguments `make generate` uses, minus the output directory.
    var generateArguments: [String] {
        ["--config", root + "/assinafy-generator.yaml"]
    }
}

enum GenerationBenchmark {
    static let what = "generate Sources/AssinafyAPI (process wall time)"
    static let target = "≤ 0.1 s"

    /// Wall time of the release generator as a fresh process, output into a scratch directory.
    /// One untimed run first so the page cache holds the binary and the spec.
    static func run(_ context: BenchContext) -> (row: ResultRow, output: String?) {
        let generator = context.binDirectory + "/assinafy-generator"
        let output = context.scratch + "/generated"
        do {
            var times: [Double] = []
            var cpu: [Double] = []
            for run in 0...context.runs(7, quick: 3) {
                try? FileManager.default.removeItem(atPath: output)
                let outcome = try Subprocess.check(
                    [generator, "generate"] + context.generateArguments + ["--output", output])
                if run > 0 {
                    times.append(outcome.seconds)
                    cpu.append(outcome.cpuSeconds)
                }
            }
            let summary = Summary(times)
            var row = ResultRow(
                what: what, measured: summary.formatted(unit: "s"), target: target,
                verdict: summary.median <= 0.1 ? .met : .missed)
            row.notes.append("`assinafy-generator generate \(context.generateArguments.joined(separator: " ").replacingOccurrences(of: context.root + "/", with: "")) --output <tmp>`")
            row.notes.append("runs: " + times.map { fixed($0, 3) }.joined(separator: ", ") + " s")
            row.notes.append(
                "CPU (user+sys) of the generator process: " + Summary(cpu).formatted(unit: "s")
                    + " — wall minus CPU is time spent waiting (for a core on a loaded machine, for fsync)")
            return (row, output)
        } catch {
            return (.failure(what, target: target, error), nil)
        }
    }
}

enum EmittedSizeBenchmark {
    static let what = "emitted Swift (Sources/AssinafyAPI)"
    static let target = "≤ 10,000 lines (≤ ~95/op)"

    /// Lines of the committed module, per operation (an operation is one `operationName:` in
    /// the generated calls). A fresh generation, when there is one, must count the same.
    static func run(_ context: BenchContext, freshOutput: String?) -> ResultRow {
        do {
            let directory = context.root + "/Sources/AssinafyAPI"
            let files = try swiftFiles(in: directory)
            var total = 0
            var operations = 0
            var perFile: [(String, Int)] = []
            for file in files {
                let lines = try lineCount(file)
                total += lines
                perFile.append(((file as NSString).lastPathComponent, lines))
                let text = try String(contentsOfFile: file, encoding: .utf8)
                operations += text.components(separatedBy: "operationName: \"").count - 1
            }
            let perOperation = operations > 0 ? Double(total) / Double(operations) : .nan
            var row = ResultRow(
                what: what, measured: "\(total) lines, \(operations) ops, \(fixed(perOperation, 1)) lines/op",
                target: target, verdict: total <= 10_000 && perOperation <= 95 ? .met : .missed)
            let biggest = perFile.sorted { $0.1 > $1.1 }.prefix(6).map { "\($0.0) \($0.1)" }
            let published = try operationCount(context.root + "/openapi.yaml")
            row.notes.append(
                "\(published) operations in openapi.yaml (\(fixed(Double(total) / Double(published), 1)) lines per published "
                    + "operation), \(operations - published) more from openapi-unpublished.yaml")
            row.notes.append("largest files: " + biggest.joined(separator: ", "))
            if let freshOutput, let fresh = try? swiftFiles(in: freshOutput) {
                let freshTotal = fresh.reduce(0) { $0 + ((try? lineCount($1)) ?? 0) }
                row.notes.append(
                    freshTotal == total
                        ? "a fresh generation has the same \(freshTotal) lines"
                        : "a fresh generation has \(freshTotal) lines: the committed module is stale (run `make generate`)")
            }
            return row
        } catch {
            return .failure(what, target: target, error)
        }
    }
}

/// Operations in an OpenAPI document: method keys under `paths`.
func operationCount(_ path: String) throws -> Int {
    let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
    let document = try DocumentReader.read(contentsOf: path)
    return (document["paths"]?.entries ?? []).reduce(0) { count, item in
        count + (item.value.entries ?? []).filter { methods.contains($0.key) }.count
    }
}

enum ReadBenchmark {
    static let target = "≤ 0.3 s"

    /// `DocumentReader.read` on the 3 MB synthetic document in-process, as YAML and as the same
    /// tree written out as JSON. One untimed read of each first (allocator and page warm-up).
    static func run(_ context: BenchContext) -> [ResultRow] {
        let yamlWhat = "read 3 MB YAML (DocumentReader.read)"
        let jsonWhat = "read same document as JSON"
        do {
            let yaml = SyntheticDocument.yaml(targetBytes: 3_000_000)
            let tree = try DocumentReader.read(yaml, file: "synthetic.yaml")
            let json = JSONEmitter.emit(tree)
            let runs = context.runs(7, quick: 3)
            var yamlTimes: [Double] = []
            var jsonTimes: [Double] = []
            _ = try DocumentReader.read(json, file: "synthetic.json")
            // Alternate the two so that machine load drifting during the run hits both alike.
            for _ in 0..<runs {
                yamlTimes.append(try measure { _ = try DocumentReader.read(yaml, file: "synthetic.yaml") })
                jsonTimes.append(try measure { _ = try DocumentReader.read(json, file: "synthetic.json") })
            }
            let yamlSummary = Summary(yamlTimes)
            let jsonSummary = Summary(jsonTimes)
            var yamlRow = ResultRow(
                what: yamlWhat, measured: yamlSummary.formatted(unit: "s"), target: target,
                verdict: yamlSummary.median <= 0.3 ? .met : .missed)
            yamlRow.notes.append(
                "\(yaml.utf8.count) bytes of YAML, \(fixed(Double(yaml.utf8.count) / 1e6 / yamlSummary.median, 1)) MB/s")
            var jsonRow = ResultRow(
                what: jsonWhat, measured: jsonSummary.formatted(unit: "s"), target: target,
                verdict: jsonSummary.median <= 0.3 ? .met : .missed)
            jsonRow.notes.append(
                "\(json.utf8.count) bytes of JSON, \(fixed(Double(json.utf8.count) / 1e6 / jsonSummary.median, 1)) MB/s")
            return [yamlRow, jsonRow]
        } catch {
            return [.failure(yamlWhat, target: target, error), .failure(jsonWhat, target: target, error)]
        }
    }
}

/// The smallest JSON writer that turns a reader tree back into text, so the JSON reading figure
/// uses exactly the document the YAML figure uses.
enum JSONEmitter {
    static func emit(_ node: Node) -> String {
        var output = ""
        output.reserveCapacity(4_000_000)
        write(node, into: &output)
        output += "\n"
        return output
    }

    private static func write(_ node: Node, into output: inout String) {
        switch node.value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let int): output += String(int)
        case .double(let double): output += double.isFinite ? String(double) : "null"
        case .string(let text): writeString(text, into: &output)
        case .sequence(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                write(item, into: &output)
            }
            output += "]"
        case .mapping(let entries):
            output += "{"
            for (index, entry) in entries.enumerated() {
                if index > 0 { output += "," }
                writeString(entry.key, into: &output)
                output += ":"
                write(entry.value, into: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                output += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
