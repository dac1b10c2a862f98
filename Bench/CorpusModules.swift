import Foundation

/// The large documents of the real-world corpus (`../shared/corpus/documents`, beside the
/// repository on the maintainers' machines and in CI, not in a user's clone) as modules of the
/// package-compile benchmark: issue 31 holds them to the same cost per line as the synthetic
/// document. Without the corpus there are no such rows.
enum CorpusModules {
    /// A module of fewer lines is mostly the fixed cost of compiling any module (importing
    /// Foundation, the runtime's interface), which says nothing about the cost per line.
    static let smallestLines = 5_000

    /// Generates each corpus document into the package and keeps those of at least
    /// `smallestLines` lines; the others' folders are removed again.
    static func generate(
        _ context: BenchContext, at package: String, matching wanted: (PackageCompileBenchmark.Module) -> Bool
    ) throws -> [PackageCompileBenchmark.Module] {
        var kept: [PackageCompileBenchmark.Module] = []
        for (name, spec) in documents(context) {
            let module = PackageCompileBenchmark.Module(
                name: moduleName(name), spec: spec,
                what: "clean debug build as a user builds: the corpus document \(name) in a SwiftPM package",
                label: "the corpus document \(name)")
            guard wanted(module) else { continue }
            try PackageCompileBenchmark.generate(context, at: package, module)
            let folder = package + "/Sources/" + module.name
            let lines = try swiftFiles(in: folder).reduce(0) { $0 + (try lineCount($1)) }
            if lines >= smallestLines {
                kept.append(module)
            } else {
                try FileManager.default.removeItem(atPath: folder)
            }
        }
        return kept
    }

    /// `(name, path)` of each document, as `tools/corpus/corpus.py` finds them: a file of the
    /// folder, or the shallowest `openapi.yaml` of a subfolder.
    static func documents(_ context: BenchContext) -> [(String, String)] {
        let folder = URL(fileURLWithPath: context.root).deletingLastPathComponent()
            .appendingPathComponent("shared/corpus/documents").path
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(atPath: folder) else { return [] }
        var found: [(String, String)] = []
        for entry in entries.sorted() {
            let path = folder + "/" + entry
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            if !isFolder.boolValue {
                let stem = (entry as NSString).deletingPathExtension
                if ["yaml", "yml", "json"].contains((entry as NSString).pathExtension) { found.append((stem, path)) }
            } else if let root = shallowestRoot(in: path) {
                found.append((entry, root))
            }
        }
        return found
    }

    private static func shallowestRoot(in folder: String) -> String? {
        guard let paths = FileManager.default.subpaths(atPath: folder) else { return nil }
        return paths.filter { ($0 as NSString).lastPathComponent == "openapi.yaml" }
            .min { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
            .map { folder + "/" + $0 }
    }

    /// `xero-accounting` → `XeroAccountingAPI`.
    static func moduleName(_ name: String) -> String {
        name.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "API"
    }
}
