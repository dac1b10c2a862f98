import Foundation

/// The `assinafy-generator` command line, kept in the library so tests can drive it.
public enum GeneratorCommand {
    public static let usage = """
        usage: assinafy-generator <command> [options]

        commands:
          check    --spec FILE [--format yaml|json] read and resolve a document (and the files it
                                                    refers to), print diagnostics
          generate --spec FILE --output DIR [--module NAME] [--names FILE] [--extra FILE] [--format yaml|json]
                   [--per-call-credential SCHEME]
                                                    write Swift sources for the document
          (--format names the grammar of --spec; by default .json files are strict JSON, others YAML 1.2)
          diff     OLD NEW [--format markdown|json] [--fail-on breaking]
                                                    compare two documents by contract: breaking/additive
          diff     --swift OLD NEW [--names FILE] [--format markdown|json] [--fail-on breaking]
                                                    what the regenerated Swift API loses or gains, and the semver
          coverage [--spec FILE] [--names FILE] [--extra FILE]... [--generated DIR] [--overlay DIR]
                                                    which operations AssinafyClient reaches (exit 1 if not all)
          docs     [--output FILE] [--spec FILE] [--names FILE] [--extra FILE]... [--overlay DIR] [--generated DIR]
                                                    write the API reference (docs/API_REFERENCE.md)
          digest   --spec FILE [--output FILE]      the document's contract without its prose, as JSON
        """

    /// Runs a command; returns the process exit code. Output goes through the given sinks.
    public static func run(
        _ arguments: [String], out: (String) -> Void = { print($0) },
        err: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    ) -> Int32 {
        guard let command = arguments.first else {
            err(usage)
            return 64
        }
        var options = Options(Array(arguments.dropFirst()))
        do {
            switch command {
            case "check": return try check(&options, out: out, err: err)
            case "generate": return try generate(&options, out: out, err: err)
            case "diff": return try DiffCommand.run(&options, out: out, err: err)
            case "coverage": return try CoverageCommand.run(&options, out: out, err: err)
            case "docs": return try ReferenceDocsCommand.run(&options, out: out, err: err)
            case "digest": return try ContractDigestCommand.run(&options, out: out, err: err)
            case "help", "--help", "-h":
                out(usage)
                return 0
            default:
                err("unknown command '\(command)'\n\(usage)")
                return 64
            }
        } catch let error as UsageError {
            err("error: \(error.message)\n\(usage)")
            return 64
        } catch let failure as GeneratorPipeline.Failure {
            err(failure.description)
            return 1
        } catch let error as ParseError {
            err(error.rendered)
            return 1
        } catch {
            err("error: \(error)")
            return 1
        }
    }

    static func check(_ options: inout Options, out: (String) -> Void, err: (String) -> Void) throws -> Int32 {
        let spec = try options.required("--spec")
        let format = try inputFormat(&options)
        try options.finish()
        let loaded = try DocumentLoader.load(contentsOf: spec, format: format)
        let (document, diagnostics) = (loaded.document, loaded.diagnostics)
        for diagnostic in diagnostics { err(diagnostic.formatted(file: spec)) }
        // A single file is what was asked for; only a multi-file document needs its list.
        if loaded.files.count > 1 {
            out("read \(loaded.files.count) files:")
            for file in loaded.files { out("  \(file)") }
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        out(
            "\(document?.operations.count ?? 0) operations, \(document?.schemas.count ?? 0) schemas, "
                + "\(warnings) warnings, \(errors) errors")
        return errors == 0 ? 0 : 1
    }

    static func generate(_ options: inout Options, out: (String) -> Void, err: (String) -> Void) throws -> Int32 {
        let spec = try options.required("--spec")
        let output = try options.required("--output")
        let module = options.value("--module") ?? "AssinafyAPI"
        let namesPath = options.value("--names")
        let extras = options.values("--extra")
        let perCall = Set(options.values("--per-call-credential"))
        let format = try inputFormat(&options)
        try options.finish()
        let names = try namesPath.map(GeneratorPipeline.readNames) ?? [:]
        let result = try GeneratorPipeline.generate(
            specPath: spec, moduleName: module, names: names, extraPaths: extras, perCallCredentialSchemes: perCall,
            format: format)
        for diagnostic in result.diagnostics { err(diagnostic.formatted(file: spec)) }
        try GeneratorPipeline.write(result.files, to: output)
        let lines = result.files.reduce(0) { $0 + lineBreakCount($1.contents) }
        out(
            "generated \(result.files.count) files, \(lines) lines, \(result.operationCount) operations, \(result.schemaCount) schemas → \(output)"
        )
        return 0
    }

    static func inputFormat(_ options: inout Options) throws -> DocumentFormat? {
        guard let name = options.value("--format") else { return nil }
        guard let format = DocumentFormat(rawValue: name) else {
            throw UsageError(message: "--format must be yaml or json")
        }
        return format
    }
}

struct UsageError: Error {
    var message: String
}

/// `--name value` options, checked so a typo is an error rather than silently ignored.
struct Options {
    private var remaining: [String]
    private(set) var positional: [String] = []

    init(_ arguments: [String]) {
        remaining = []
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument.hasPrefix("--") {
                remaining.append(argument)
            } else if let last = remaining.last, last.hasPrefix("--"), !Options.flags.contains(last) {
                remaining.append(argument)
            } else {
                positional.append(argument)
            }
        }
    }

    static let flags: Set<String> = ["--swift"]

    mutating func value(_ name: String) -> String? {
        guard let index = remaining.firstIndex(of: name), index + 1 < remaining.count else { return nil }
        let value = remaining[index + 1]
        remaining.removeSubrange(index...(index + 1))
        return value
    }

    mutating func values(_ name: String) -> [String] {
        var result: [String] = []
        while let value = value(name) { result.append(value) }
        return result
    }

    mutating func flag(_ name: String) -> Bool {
        guard let index = remaining.firstIndex(of: name) else { return false }
        remaining.remove(at: index)
        return true
    }

    mutating func required(_ name: String) throws -> String {
        guard let value = value(name) else { throw UsageError(message: "missing \(name)") }
        return value
    }

    func finish() throws {
        if let unknown = remaining.first { throw UsageError(message: "unknown option '\(unknown)'") }
    }
}
