import Foundation
import GeneratorCore

/// What `twins` needs; every path and name comes from the caller (arguments today, a
/// configuration file later), none is built in.
struct TwinOptions: Equatable {
    /// The hand-written sources whose async methods get twins.
    var overlayPath: String
    /// Where the twin files go; generated files there that no type produces any more are removed.
    var outputPath: String
    /// Types that get twins: exact names, and names with one of these suffixes.
    var typeNames: [String]
    var typeSuffixes: [String]
    /// The overlay's function that runs the async method in a task and calls the handler:
    /// `f(completion, arguments) { arguments in … }`, the receiver and the call's arguments packed
    /// in one value (a tuple beyond the receiver alone) that the closure unpacks.
    var deliveryFunction = "deliverOnMain"
    /// Quoted in each file's header as the way to rewrite it.
    var regenerateCommand = "`make generate`"
}

/// `assinafy-generator twins --overlay DIR --output DIR [--type NAME]… [--type-suffix SUFFIX]…
/// [--delivery FUNCTION] [--regenerate COMMAND]`: writes a completion-handler twin of every public
/// async method of the selected types. Unchanged files are not rewritten.
enum TwinsCommand {
    static func options(_ options: inout Options) throws -> TwinOptions {
        var result = TwinOptions(
            overlayPath: try options.required("--overlay"), outputPath: try options.required("--output"),
            typeNames: options.values("--type"), typeSuffixes: options.values("--type-suffix"))
        if let delivery = options.value("--delivery") { result.deliveryFunction = delivery }
        if let command = options.value("--regenerate") { result.regenerateCommand = command }
        try options.finish()
        guard options.positional.isEmpty else { throw UsageError(message: "twins takes no positional arguments") }
        guard !result.typeNames.isEmpty || !result.typeSuffixes.isEmpty else {
            throw UsageError(message: "twins needs --type or --type-suffix")
        }
        return result
    }

    static func run(_ options: inout Options, out: (String) -> Void, err: (String) -> Void) throws -> Int32 {
        let twins = try self.options(&options)
        let files = try render(twins)
        let written = try write(files, to: twins.outputPath)
        out("wrote \(written) of \(files.count) twin files to \(twins.outputPath)")
        return 0
    }

    /// Reads the overlay and renders the twin files (file name → contents).
    static func render(_ options: TwinOptions) throws -> [String: String] {
        var scanner = TwinScanner(typeNames: Set(options.typeNames), typeSuffixes: options.typeSuffixes)
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(atPath: options.overlayPath) else {
            throw UsageError(message: "cannot read overlay directory \(options.overlayPath)")
        }
        var relatives: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".swift") { relatives.append(relative) }
        }
        for relative in relatives.sorted() {
            let path = (options.overlayPath as NSString).appendingPathComponent(relative)
            try scanner.add(source: try String(contentsOfFile: path, encoding: .utf8), file: relative)
        }
        guard !scanner.methods.isEmpty else {
            throw UsageError(message: "no public async method of the selected types in \(options.overlayPath)")
        }
        let renderer = TwinRenderer(
            deliveryFunction: options.deliveryFunction, regenerateCommand: options.regenerateCommand)
        return renderer.render(scanner)
    }

    /// Writes the changed files; removes earlier generated twins that are no longer produced
    /// (hand-written files in the directory are left alone). Returns how many files were written.
    static func write(_ files: [String: String], to directory: String) throws -> Int {
        let manager = FileManager.default
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for existing in try manager.contentsOfDirectory(atPath: directory) where files[existing] == nil {
            let path = (directory as NSString).appendingPathComponent(existing)
            if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasPrefix(TwinRenderer.headerPrefix)
            {
                try manager.removeItem(atPath: path)
            }
        }
        var written = 0
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let path = (directory as NSString).appendingPathComponent(name)
            if (try? String(contentsOfFile: path, encoding: .utf8)) == text { continue }
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            written += 1
        }
        return written
    }
}
