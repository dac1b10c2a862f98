import Foundation
import GeneratorCore

/// The `assinafy-generator` command line, kept in the library so tests can drive it.
public enum GeneratorCommand {
    /// The release the generator belongs to: the SDK's `sdkVersion`, which the generator cannot
    /// import (it does not depend on the SDK); FirstHourCommandTests keeps the two equal.
    public static let version = "1.0.0"

    public static let usage = """
        usage: assinafy-generator <command> [options]
               assinafy-generator <command> --help     a command's options
               assinafy-generator --version

        commands:
          check    --spec FILE [--format yaml|json] read and resolve a document (and the files it
                                                    refers to), print diagnostics
          generate --output DIR [--config FILE] [--spec FILE] [--module NAME] [--extra FILE]...
                   [--per-call-credential SCHEME]... [--single-file NAME] [--format yaml|json]
                   [--widening warning|error]
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
        let rest = Array(arguments.dropFirst())
        let knows = { (name: String) in ["check", "generate"].contains(name) || commands[name] != nil }
        // `generate --help` asks for help, whatever else is on the line (a half-typed command).
        if knows(command), rest.contains("--help") || rest.contains("-h") {
            return help(command, usage: usage, out: out, err: err)
        }
        var options = Options(rest)
        do {
            switch command {
            case "check": return try check(&options, out: out, err: err)
            case "generate": return try generate(&options, out: out, err: err)
            case "help", "--help", "-h":
                if let topic = rest.first, knows(topic) { return help(topic, usage: usage, out: out, err: err) }
                out(usage)
                return 0
            case "--version", "version":
                out("assinafy-generator \(version)")
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
        } catch let error as InputError {
            // A wrong path is a usage error (64, as before), but the usage text would bury the sentence.
            err("error: \(error)")
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

    static func help(_ command: String, usage: String, out: (String) -> Void, err: (String) -> Void) -> Int32 {
        guard let text = CommandHelp.text(for: command, usage: usage) else {
            err("no help for '\(command)'\n\(usage)")
            return 64
        }
        out(text)
        return 0
    }

    static func check(_ options: inout Options, out: (String) -> Void, err: (String) -> Void) throws -> Int32 {
        let spec = try options.required("--spec")
        let format = try inputFormat(&options)
        try options.finish()
        try InputFiles.requireReadable(spec)
        let root = PlainErrorFileSource.forDocument(at: spec)
        let loaded = try DocumentLoader.load(root.rootFile, from: root.source, format: format)
        let (document, diagnostics) = (loaded.document, loaded.diagnostics)
        for diagnostic in diagnostics { err(diagnostic.formatted(file: spec)) }
        // A single file is what was asked for; only a multi-file document needs its list.
        if loaded.files.count > 1 {
            out("read \(loaded.files.count) files:")
            for file in loaded.files { out("  \(file)") }
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        guard let document else {
            out(unresolvedSummary(spec, format: format, files: loaded.files.count, diagnostics: diagnostics))
            return 1
        }
        out(
            "\(document.operations.count) operations, \(document.schemas.count) schemas, "
                + "\(warnings) warnings, \(errors) errors")
        return errors == 0 ? 0 : 1
    }

    /// The summary of a document that did not resolve: what its root file holds, so a broken
    /// `$ref` does not read as an empty document.
    static func unresolvedSummary(_ path: String, format: DocumentFormat?, files: Int, diagnostics: [Diagnostic])
        -> String
    {
        let counts = ReadCounts(rootOf: path, format: format)
        let errors = diagnostics.filter { $0.severity == .error }.count
        return "not resolved: read \(files) \(files == 1 ? "file" : "files"), \(counts.operations) operations, "
            + "\(counts.schemas) schemas; \(diagnostics.count - errors) warnings, \(errors) errors"
    }

    static func generate(_ options: inout Options, out: (String) -> Void, err: (String) -> Void) throws -> Int32 {
        let configPath = options.value("--config")
        let givenSpec = options.value("--spec")
        let output = try options.required("--output")
        let givenModule = options.value("--module")
        let givenExtras = options.values("--extra")
        let perCall = Set(options.values("--per-call-credential"))
        let singleFile = options.value("--single-file")
        let format = try inputFormat(&options)
        let widening = try wideningRule(&options)
        let givenTesting = options.value("--testing-output")
        try options.finish()
        var configuration = try configPath.map(readConfiguration) ?? GeneratorConfiguration()
        if let widening { configuration.widening = widening }
        // The configuration's directory is relative to the configuration, as its documents are.
        let testingOutput =
            givenTesting
            ?? configuration.testing.map { output in
                let directory = configPath.map { ($0 as NSString).deletingLastPathComponent } ?? ""
                return output.output.hasPrefix("/") || directory.isEmpty
                    ? output.output : (directory as NSString).appendingPathComponent(output.output)
            }
        if let testingOutput { configuration.testing = GeneratorConfiguration.TestingOutput(output: testingOutput) }
        let documents = try documentPaths(
            spec: givenSpec, extras: givenExtras, configuration: configuration, configPath: configPath)
        for path in [documents.spec] + documents.extras {
            try InputFiles.requireReadable(path)
        }
        let module = givenModule ?? configuration.module ?? defaultModule(output: output)
        let spec = documents.spec
        let result: GeneratorPipeline.Output
        do {
            result = try GeneratorPipeline.generate(
                specPath: spec, moduleName: module, extraPaths: documents.extras,
                perCallCredentialSchemes: perCall, format: format, configuration: configuration,
                sources: PlainErrorFileSource.forDocument)
        } catch let failure as GeneratorPipeline.Failure {
            err(failure.description)
            // The document that failed (the spec or an extra), read again for the summary only.
            let failed = PlainErrorFileSource.forDocument(at: failure.file)
            let failedFormat = failure.file == spec ? format : nil
            let files = try? DocumentLoader.load(failed.rootFile, from: failed.source, format: failedFormat).files
            let summary = unresolvedSummary(
                failure.file, format: failedFormat, files: files?.count ?? 1, diagnostics: failure.diagnostics)
            out(summary + "; nothing written to \(output)")
            return 1
        } catch let refused as GeneratorPipeline.WideningRefused {
            for diagnostic in refused.diagnostics where diagnostic.category != .widening {
                err(diagnostic.formatted(file: spec))
            }
            err("error: " + refused.description)
            out("nothing written to \(output)")
            return 1
        }
        for diagnostic in result.diagnostics { err(diagnostic.formatted(file: spec)) }
        var files = result.files
        if let singleFile { files = [GeneratedFile(name: singleFile, contents: GeneratorPipeline.joined(files))] }
        try GeneratorPipeline.write(files, to: output)
        let lines = files.reduce(0) { $0 + lineBreakCount($1.contents) }
        out(
            "generated \(files.count) files, \(lines) lines, \(result.operationCount) operations, \(result.schemaCount) schemas → \(output)"
        )
        if let testingOutput {
            try GeneratorPipeline.write(result.testingFiles, to: testingOutput)
            out("generated the testing module, \(result.testingFiles.count) files → \(testingOutput)")
        }
        return 0
    }

    /// The configuration file's bytes, parsed by the core (which reads no files itself).
    public static func readConfiguration(_ path: String) throws -> GeneratorConfiguration {
        try InputFiles.requireReadable(path, role: "the configuration")
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw InputError("cannot read the configuration \(path): \(error.localizedDescription)")
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

    /// `--widening warning|error`, which wins over the configuration's `widening` either way.
    static func wideningRule(_ options: inout Options) throws -> GeneratorConfiguration.WideningRule? {
        guard let name = options.value("--widening") else { return nil }
        guard let rule = GeneratorConfiguration.WideningRule(rawValue: name) else {
            throw UsageError(message: "--widening must be warning or error")
        }
        return rule
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
