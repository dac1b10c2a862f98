import Assinafy
import Foundation
import GeneratorCore

#if canImport(Glibc)
import Glibc
#endif

/// Issue 33: a standing check for algorithmic attacks. Fuzzing with small inputs does not find
/// quadratic paths, so every reader and decoder that takes untrusted bytes reads each
/// `AdversarialShape` at 1, 2, 4 and 8 MB, and its CPU time per MB must not grow with the size
/// (8 MB ÷ 1 MB ≤ 1.3). A shape that grows fails the row, and the whole `assinafy-bench` run
/// (see main.swift): a regression to a quadratic path must not pass as a slow figure.
enum AdversarialScalingBenchmark {
    static let sizesMB = [1, 2, 4, 8]
    static let growthLimit = 1.3
    static let target = "8 MB ÷ 1 MB ≤ \(growthLimit)"
    static let rowPrefix = "adversarial:"

    /// A reader or decoder under attack. `prepare` renders a shape at a size (untimed) and
    /// returns the work to time, which tells whether the input was refused and why.
    struct Subject {
        var name: String
        /// Whether this subject must refuse the shape (the generator refuses repeated keys); a
        /// refusal elsewhere, or its absence here, fails the row.
        var refuses: (AdversarialShape) -> Bool = { _ in false }
        var prepare: (AdversarialShape, Int) -> () throws -> String?
    }

    static var subjects: [Subject] {
        [
            Subject(name: "runtime parse (JSONValue(parsing:))") { shape, bytes in
                let data = Data(shape.json(bytes: bytes))
                return {
                    _ = try JSONValue(parsing: data)
                    return nil
                }
            },
            Subject(name: "runtime decode (JSONCoding.decode)") { shape, bytes in
                let data = Data(shape.json(bytes: bytes))
                return { () throws -> String? in
                    try decode(shape, data)
                    return nil
                }
            },
            Subject(
                name: "generator JSON reader (DocumentReader.read)", refuses: { $0 == .repeatedKeys },
                prepare: { shape, bytes in
                    let text = String(decoding: shape.json(bytes: bytes), as: UTF8.self)
                    return { try readDocument(text, file: "adversarial.json") }
                }),
            Subject(
                name: "generator YAML reader (DocumentReader.read)", refuses: { $0 == .repeatedKeys },
                prepare: { shape, bytes in
                    let text = String(decoding: shape.yaml(bytes: bytes), as: UTF8.self)
                    return { try readDocument(text, file: "adversarial.yaml") }
                }),
        ]
    }

    /// What each shape decodes into: what generated code would ask for given such a body.
    static func decode(_ shape: AdversarialShape, _ data: Data) throws {
        switch shape {
        case .repeatedKeys, .largeMap: _ = try JSONCoding.decode([String: Int].self, from: data)
        case .wideObject: _ = try JSONCoding.decode(Document.self, from: data)
        case .longStrings: _ = try JSONCoding.decode(DocumentTagsItem.self, from: data)
        case .smallObjects: _ = try JSONCoding.decode([DocumentTagsItem].self, from: data)
        case .deepNesting: _ = try JSONCoding.decode(NestedArrays.self, from: data)
        case .escapes: _ = try JSONCoding.decode([String].self, from: data)
        }
    }

    static func decodedType(_ shape: AdversarialShape) -> String {
        switch shape {
        case .repeatedKeys, .largeMap: return "[String: Int]"
        case .wideObject: return "Document (generated; unknown members kept)"
        case .longStrings: return "DocumentTagsItem (generated)"
        case .smallObjects: return "[DocumentTagsItem] (generated)"
        case .deepNesting: return "a recursive Decodable of nested arrays"
        case .escapes: return "[String]"
        }
    }

    /// Reads a document, returning the reader's error message when it refuses it.
    static func readDocument(_ text: String, file: String) throws -> String? {
        do {
            _ = try DocumentReader.read(text, file: file)
            return nil
        } catch let error as ParseError {
            return "\(error.location): \(error.message)"
        }
    }

    /// One shape through one subject: CPU seconds per size, until a size takes too long.
    struct Scaling {
        var bytes: [Int] = []
        var samples: [[Double]] = []
        var refusal: String?
        /// Why the larger sizes were not run, when they were not.
        var stopped: String?

        /// CPU seconds per MB of the least disturbed run of each size: on a shared machine other
        /// work only ever adds to a run's CPU time (evicted caches, a busy sibling thread).
        var perMB: [Double] { zip(samples, bytes).map { ($0.min() ?? .nan) / (Double($1) / 1e6) } }
        /// The last measured size's CPU per MB over the first's: 8 MB ÷ 1 MB when all ran.
        var growth: Double { perMB.count >= 2 ? perMB[perMB.count - 1] / perMB[0] : .nan }
        var complete: Bool { samples.count == AdversarialScalingBenchmark.sizesMB.count }
        var met: Bool { complete && growth <= AdversarialScalingBenchmark.growthLimit }
    }

    /// A run longer than this (thread CPU) that already costs more per MB than 1 MB did ends the
    /// shape: a quadratic path takes 4× as long at each next size, and `make bench` must not
    /// take hours. A run 4× longer ends it whatever its growth.
    static func capSeconds(_ context: BenchContext) -> Double { context.quick ? 1 : 4 }

    /// Every size rendered first; one round in increasing size, stopping where a run gets too
    /// slow; then more rounds over the sizes that ran, each starting at the next size, while
    /// they are cheap. Interleaved, so that load drifting over the minutes the shape takes hits
    /// every size alike.
    static func scale(_ subject: Subject, _ shape: AdversarialShape, _ context: BenchContext) throws -> Scaling {
        let cap = capSeconds(context)
        let works = sizesMB.map { subject.prepare(shape, $0 * 1_000_000) }
        var result = Scaling(bytes: sizesMB.map { $0 * 1_000_000 }, samples: sizesMB.map { _ in [] })
        var spent = 0.0
        func run(_ index: Int) throws -> Double {
            let start = threadCPUSeconds()
            let refusal = try works[index]()
            let seconds = threadCPUSeconds() - start
            if subject.refuses(shape) != (refusal != nil) {
                throw BenchFailure(
                    refusal.map { "\(shape.rawValue) at \(sizesMB[index]) MB refused: \($0)" }
                        ?? "\(shape.rawValue) at \(sizesMB[index]) MB was accepted; it must be refused")
            }
            result.refusal = result.refusal ?? refusal
            result.samples[index].append(seconds)
            spent += seconds
            return seconds
        }
        var active = sizesMB.count
        for index in sizesMB.indices {
            let seconds = try run(index)
            let perMB = result.perMB
            let growing = index > 0 && perMB[index] / perMB[0] > growthLimit
            if index + 1 < sizesMB.count, seconds > 4 * cap || (seconds > cap && growing) {
                active = index + 1
                result.stopped =
                    "stopped after \(sizesMB[index]) MB: a run took \(fixed(seconds, 1)) s CPU "
                    + "(cap \(fixed(cap, 0)) s once it grows, \(fixed(4 * cap, 0)) s in any case); "
                    + sizesMB[active...].map { "\($0) MB" }.joined(separator: ", ") + " not run"
                break
            }
        }
        result.bytes = Array(result.bytes.prefix(active))
        result.samples = Array(result.samples.prefix(active))
        var round = 1
        while round < context.runs(7, quick: 2) && spent < (context.quick ? 1 : 8) {
            for offset in 0..<active { _ = try run((round + offset) % active) }
            round += 1
        }
        return result
    }

    static func row(_ subject: Subject, _ shape: AdversarialShape, _ scaling: Scaling) -> ResultRow {
        let perMB = scaling.perMB
        var cells = perMB.map { fixed($0, 4) }
        while cells.count < sizesMB.count { cells.append("–") }
        let last = sizesMB[max(0, perMB.count - 1)]
        let growth =
            perMB.count >= 2 ? "\(last) MB ÷ 1 MB: \(fixed(scaling.growth, 2))×" : "only 1 MB ran"
        let failing = !scaling.met ? "FAIL " : ""
        var row = ResultRow(
            what: "\(rowPrefix) \(subject.name), \(shape.rawValue)",
            measured: "\(failing)\(cells.joined(separator: " / ")) s/MB (\(growth))", target: target,
            verdict: scaling.met ? .met : .missed)
        row.notes.append(
            zip(sizesMB, scaling.samples).map { size, runs in "\(size) MB: \(Summary(runs).formatted(unit: "s"))" }
                .joined(separator: "; ") + " thread CPU per read (median (min–max))")
        if let stopped = scaling.stopped { row.notes.append(stopped) }
        if let refusal = scaling.refusal { row.notes.append("refused, as it must be (time to the error): \(refusal)") }
        if subject.name.hasPrefix("runtime decode") { row.notes.append("decoded into \(decodedType(shape))") }
        return row
    }

    /// One read of `shape` by the subject whose name contains `subject` (main.swift's
    /// `profile-adversarial`).
    static func profile(subject: String, shape: String, bytes: Int, renderOnly: Bool) throws {
        guard let chosen = subjects.first(where: { $0.name.localizedCaseInsensitiveContains(subject) }),
            let form = AdversarialShape.allCases.first(where: { $0.rawValue.localizedCaseInsensitiveContains(shape) })
        else { throw BenchFailure("no subject matching \(subject) or shape matching \(shape)") }
        let work = chosen.prepare(form, bytes)
        if !renderOnly { _ = try work() }
    }

    /// glibc maps large blocks afresh and hands freed heap back to the kernel past a threshold,
    /// so an 8 MB read pays page faults (and the kernel's zeroing) that a 1 MB read, served from
    /// memory the heap kept, does not: a step in CPU per MB that says nothing about the reader.
    /// Keeping every block on the heap, and the heap's pages, makes all sizes pay alike.
    static func keepHeapPages() -> Bool {
        #if canImport(Glibc)
        // Glibc's module map leaves out <malloc.h>: mallopt through the dynamic linker, with
        // that header's M_TRIM_THRESHOLD (-1) and M_MMAP_THRESHOLD (-3).
        guard let symbol = dlsym(nil, "mallopt") else { return false }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        return mallopt(-3, 32 << 20) == 1 && mallopt(-1, 1 << 30) == 1
        #else
        return false
        #endif
    }

    /// Every subject and shape, or (`matching`) those whose names contain the text: a fix to
    /// one reader can be checked in a minute instead of the row's ten.
    static func run(_ context: BenchContext, matching: String? = nil) -> [ResultRow] {
        var rows: [ResultRow] = []
        let heapKept = keepHeapPages()
        for subject in subjects {
            for shape in AdversarialShape.allCases {
                if let matching, !"\(subject.name), \(shape.rawValue)".localizedCaseInsensitiveContains(matching) {
                    continue
                }
                progress(
                    "adversarial: \(subject.name), \(shape.rawValue), \(sizesMB.map(String.init).joined(separator: "/")) MB"
                )
                do {
                    var measured = row(subject, shape, try scale(subject, shape, context))
                    if !context.quick {
                        measured.notes += AdversarialControls.notes(subject: subject.name, shape: shape, context)
                    }
                    rows.append(measured)
                } catch {
                    rows.append(.failure("\(rowPrefix) \(subject.name), \(shape.rawValue)", target: target, error))
                }
            }
        }
        let failing = rows.filter { $0.verdict != .met }
        if !failing.isEmpty {
            progress(
                "adversarial: FAIL: \(failing.count) of \(rows.count) shapes grow with the size or did not run:\n  "
                    + failing.map { $0.what }.joined(separator: "\n  "))
        }
        if var first = rows.first {
            first.notes.append(
                "every row: thread CPU time of one read divided by the input's MB, for the fastest of up to "
                    + "\(context.runs(7, quick: 2)) runs per size (fewer once a shape has taken "
                    + "\(context.quick ? 1 : 8) s), the sizes interleaved; inputs rendered beforehand, untimed; a run "
                    + "over \(fixed(capSeconds(context), 0)) s that already costs more per MB than at 1 MB (or any "
                    + "run over \(fixed(4 * capSeconds(context), 0)) s) ends the shape, and its row fails; "
                    + (heapKept
                        ? "glibc's malloc told to keep blocks up to 32 MB and freed pages on the heap (mallopt), so no "
                            + "size pays page faults the others do not"
                        : "the allocator's thresholds left as they are (no glibc)"))
            rows[0] = first
        }
        return rows
    }
}

/// Arrays nested in arrays around integers, decoded level by level through the decoder's
/// containers (the deep-nesting shape); counts its integers.
struct NestedArrays: Decodable {
    var leaves: Int

    init(from decoder: any Decoder) throws {
        guard var items = try? decoder.unkeyedContainer() else {
            _ = try decoder.singleValueContainer().decode(Int.self)
            leaves = 1
            return
        }
        var count = 0
        while !items.isAtEnd { count += try items.decode(NestedArrays.self).leaves }
        leaves = count
    }
}
