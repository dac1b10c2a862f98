import Assinafy
import Foundation

/// Controls for the adversarial rows whose growth is the memory hierarchy's rather than an
/// algorithm's: the same input through the platform's own code, measured the same way
/// (interleaved sizes, fastest run). They are notes, never pass/fail rows: they show the floor
/// the standard library and Foundation have on this machine, so that a reader can tell a
/// regression in the runtime from a table outgrowing the caches.
enum AdversarialControls {
    typealias Subject = AdversarialScalingBenchmark.Subject

    /// The distinct names of a shape's top-level object, in order, read untimed.
    static func names(_ shape: AdversarialShape, _ bytes: Int) -> [String] {
        (try? JSONValue(parsing: Data(shape.json(bytes: bytes))).objectValue?.keys) ?? []
    }

    /// A `[String: Int]` as `JSONCoding.decode` builds one, from names already made: only the
    /// standard library's table.
    static var standardLibraryMap: Subject {
        Subject(name: "[String: Int] built from the names, no JSON") { shape, bytes in
            let keys = names(shape, bytes)
            return {
                var map = [String: Int](minimumCapacity: keys.count)
                for (value, key) in keys.enumerated() { map[key] = value }
                return map.count == keys.count ? nil : "lost names"
            }
        }
    }

    static var foundationDecoder: Subject {
        Subject(name: "Foundation JSONDecoder into [String: Int]") { shape, bytes in
            let data = Data(shape.json(bytes: bytes))
            return {
                _ = try JSONDecoder().decode([String: Int].self, from: data)
                return nil
            }
        }
    }

    static var foundationSerialization: Subject {
        Subject(name: "Foundation JSONSerialization") { shape, bytes in
            let data = Data(shape.json(bytes: bytes))
            return {
                _ = try JSONSerialization.jsonObject(with: data)
                return nil
            }
        }
    }

    /// The controls for a row, by its subject and shape; none for the others.
    static func controls(subject: String, shape: AdversarialShape) -> [Subject] {
        switch (subject.hasPrefix("runtime decode"), subject.hasPrefix("runtime parse"), shape) {
        case (true, _, .repeatedKeys), (true, _, .largeMap):
            return [standardLibraryMap, foundationDecoder, foundationSerialization]
        case (_, true, .wideObject), (_, true, .repeatedKeys), (_, true, .largeMap):
            return [foundationSerialization]
        default:
            return []
        }
    }

    /// One note line per control of the row: its CPU per MB at each size and its growth.
    static func notes(subject: String, shape: AdversarialShape, _ context: BenchContext) -> [String] {
        controls(subject: subject, shape: shape).map { control in
            do {
                let scaling = try AdversarialScalingBenchmark.scale(control, shape, context)
                let perMB = scaling.perMB.map { fixed($0, 4) }.joined(separator: " / ")
                let growth = scaling.complete ? "8 MB ÷ 1 MB: \(fixed(scaling.growth, 2))×" : "not every size ran"
                return "control (not a target): \(control.name), same input: \(perMB) s/MB (\(growth))"
            } catch {
                return "control (not a target): \(control.name) failed: \(error)"
            }
        }
    }
}
