import Assinafy
import Foundation

/// Writing JSON: the same 50-document page model through `JSONCoding.encode` (the SDK's
/// order-preserving tree encoder, used for every request body) and through `JSONEncoder` with
/// sorted keys, which the SDK used before because Linux's `JSONEncoder` has no stable key order.
/// No target in issue 8; reported so a regression shows.
enum EncodeBenchmark {
    static let what = "encode the decoded 50-document page: JSONCoding.encode vs JSONEncoder (.sortedKeys)"

    /// For `perf record`: `JSONCoding.encode` of the page in a loop for about `seconds`.
    static func profile(seconds: Double) throws {
        let model = try JSONCoding.decode(EnvelopeOf<[Document]>.self, from: DecodeBenchmark.page(unknown: true))
        let start = monotonicNanoseconds()
        var count = 0
        while Double(monotonicNanoseconds() - start) / 1e9 < seconds {
            _ = try JSONCoding.encode(model)
            count += 1
        }
        print("JSONCoding.encode: \(count) encodes, \(fixed(seconds / Double(count) * 1e6, 0)) µs each")
    }

    static func run(_ context: BenchContext) -> ResultRow {
        do {
            let model = try JSONCoding.decode(EnvelopeOf<[Document]>.self, from: DecodeBenchmark.page(unknown: true))
            let sorted = JSONEncoder()
            sorted.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
            let bytes = try [JSONCoding.encode(model).count, sorted.encode(model).count]
            let summaries = try interleavedCPU(
                [{ _ = try JSONCoding.encode(model) }, { _ = try sorted.encode(model) }],
                rounds: context.runs(15, quick: 5), batch: context.runs(20, quick: 10))
            let ours = summaries[0]
            let foundation = summaries[1]
            var row = ResultRow(
                what: what,
                measured: "\(fixed(foundation.median / ours.median, 2))× JSONEncoder's throughput "
                    + "(\(fixed(ours.median * 1e6, 0)) µs vs \(fixed(foundation.median * 1e6, 0)) µs per page)",
                target: "no target (request bodies use this path)", verdict: .info)
            row.notes.append(
                "thread CPU time per encode; JSONCoding.encode \(ours.formatted(unit: "µs", scale: 1e6, digits: 0)), "
                    + "JSONEncoder \(foundation.formatted(unit: "µs", scale: 1e6, digits: 0)); output \(bytes[0]) vs \(bytes[1]) bytes "
                    + "(same members; integral doubles are written with .0 by the SDK)")
            return row
        } catch {
            return .failure(what, target: "no target", error)
        }
    }
}
