import Foundation
import GeneratorCore

/// The `assinafy-generator` command line, kept in the library so tests can drive it.
public enum GeneratorCommand {
    public static let usage = """
        usage: assinafy-generator <command> [options]

        commands:
          check    --spec FILE [--format yaml|json] read and resolve a document (and the files it
                                                    refers to), print diagnostics
          generate --output DIR [--config FILE] [--spec FILE] [--module NAME] [--extra FILE]...
                   [--names FILE] [--per-call-credential SCHEME]... [--single-file NAME] [--format yaml|json]
                                                    write Swift sources for the document (--spec, or the
                                                    config's documents; arguments win over the config)
          (--format names the grammar of --spec; by default .json files are strict JSON, others YAML 1.2)
        """

    /// A command that is not the core's own (the tools': diff, coverage, …), given by the executable
    /// so that the core does not depend on them.
    public typealias Command = (inout Options, _ out: (String) -> Void, _ err: (String) -> Void) throws -> Int32

    /// Runs a command; returns the process exit code. Output goes through the given sinks.
    /// `commands` and `commandsUsage` add commands beyond `check` and `generate`.
    public static func run(
        _ arguments: [String], commands: [String: Command] = [:], commandsUsage: String = "",
        out: (String) -> Void = { print($0) },
        err: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    ) -> Int32 {
        let usage = commandsUsage.isEmpty ? usage : usage + "\n" + commandsUsage
        guard let command = arguments.first else {
            err(usage)
            return 64
        }
        var options = Options(Array(arguments.dropFirst()))
        do {
            switch command {
            case "check": return try check(&options, out: out, err: err)
            case "generate": return try generate(&options, out: out, err: err)
            case "help", "--help", "-h":
                out(usage)
                return 0
            case let other where commands[other] != nil:
                return try commands[other].map { try $0(&options, out, err) } ?? 64
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
        let configPath = options.value("--config")
        let givenSpec = options.value("--spec")
        let output = try options.required("--output")
        let givenModule = options.value("--module")
        let namesPath = options.value("--names")
        let givenExtras = options.values("--extra")
        let perCall = Set(options.values("--per-call-credential"))
        let singleFile = options.value("--single-file")
        let format = try inputFormat(&options)
        try options.finish()
        let configuration = try configPath.map(readConfiguration) ?? GeneratorConfiguration()
        let documents = try documentPaths(
            spec: givenSpec, extras: givenExtras, configuration: configuration, configPath: configPath)
        let names = try namesPath.map(GeneratorPipeline.readNames) ?? [:]
        let module = givenModule ?? configuration.module ?? defaultModule(output: output)
        let spec = documents.spec
        let result = try GeneratorPipeline.generate(
            specPath: spec, moduleName: module, names: names, extraPaths: documents.extras,
            perCallCredentialSchemes: perCall, format: format, configuration: configuration)
        for diagnostic in result.diagnostics { err(diagnostic.formatted(file: spec)) }
        var files = result.files
        if let singleFile { files = [GeneratedFile(name: singleFile, contents: GeneratorPipeline.joined(files))] }
        try GeneratorPipeline.write(files, to: output)
        let lines = files.reduce(0) { $0 + lineBreakCount($1.contents) }
        out(
            "generated \(files.count) files, \(lines) lines, \(result.operationCount) operations, \(result.schemaCount) schemas → \(output)"
        )
        return 0
    }

    /// The configuration file's bytes, parsed by the core (which reads no files itself).
    public static func readConfiguration(_ path: String) throws -> GeneratorConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw UsageError(message: "cannot read the configuration \(path): \(error.localizedDescription)")
        }
        return try GeneratorConfiguration.parse([UInt8](data), file: path)
    }

    /// `--spec` and `--extra` when given; otherwise the configuration's `documents`, which are
    /// relative to the configuration file.
    public static func documentPaths(
        spec: String?, extras: [String], configuration: GeneratorConfiguration, configPath: String?
    ) throws -> (spec: String, extras: [String]) {
        if let spec { return (spec, extras) }
        guard let first = configuration.documents.first, let configPath else {
            throw UsageError(message: "missing --spec (or `documents` in --config)")
        }
        let directory = (configPath as NSString).deletingLastPathComponent
        func resolved(_ path: String) -> String {
            path.hasPrefix("/") || directory.isEmpty ? path : (directory as NSString).appendingPathComponent(path)
        }
        return (resolved(first), configuration.documents.dropFirst().map(resolved) + extras)
    }

    /// SwiftPM's convention: a module is named after its directory (`Sources/PetsAPI`); a name
    /// that is not an identifier falls back to a neutral one.
    static func defaultModule(output: String) -> String {
        let last = URL(fileURLWithPath: output).lastPathComponent
        return SwiftNames.isIdentifier(last) ? last : GeneratorConfiguration.defaultModule
    }

    static func inputFormat(_ options: inout Options) throws -> DocumentFormat? {
        guard let name = options.value("--format") else { return nil }
        guard let format = DocumentFormat(rawValue: name) else {
            throw UsageError(message: "--format must be yaml or json")
        }
        return format
    }
}

public struct UsageError: Error {
    public var message: String
    public init(message: String) { self.message = message }
}

/// `--name value` options, checked so a typo is an error rather than silently ignored.
public struct Options {
    private var remaining: [String]
    public private(set) var positional: [String] = []

    public init(_ arguments: [String]) {
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

    public mutating func value(_ name: String) -> String? {
        guard let index = remaining.firstIndex(of: name), index + 1 < remaining.count else { return nil }
        let value = remaining[index + 1]
        remaining.removeSubrange(index...(index + 1))
        return value
    }

    public mutating func values(_ name: String) -> [String] {
        var result: [String] = []
        while let value = value(name) { result.append(value) }
        return result
    }

    public mutating func flag(_ name: String) -> Bool {
        guard let index = remaining.firstIndex(of: name) else { return false }
        remaining.remove(at: index)
        return true
    }

    public mutating func required(_ name: String) throws -> String {
        guard let value = value(name) else { throw UsageError(message: "missing \(name)") }
        return value
    }

    public func finish() throws {
        if let unknown = remaining.first { throw UsageError(message: "unknown option '\(unknown)'") }
    }
}
