import Foundation
import GeneratorCore

/// The maintainer tools as commands of the generator's command line, next to the core's `check`
/// and `generate`. Every path and type name they need comes from their arguments.
public enum ToolCommands {
    public static let usage = """
          diff     OLD NEW [--format markdown|json] [--fail-on breaking|major] [--config FILE]
                                                    compare two documents by contract, and the release verdict
          diff     --swift OLD NEW [--module NAME] [--config FILE] [--format markdown|json] [--fail-on breaking|major]
                                                    what the regenerated Swift API loses or gains, and the semver
          coverage --spec FILE --overlay DIR --client TYPE --context TYPE --module NAME [--config FILE] [--extra FILE]...
                   [--generated DIR] [--per-call-credential SCHEME]...
                                                    which operations the client type reaches (exit 1 if not all)
          docs     (the options of coverage) [--output FILE] [--title TEXT]
                                                    write the API reference
          digest   --spec FILE [--output FILE]      the document's contract without its prose, as JSON
          twins    --overlay DIR --output DIR [--type NAME]... [--type-suffix SUFFIX]... [--delivery FUNCTION]
                                                    write completion-handler twins of the overlay's async methods
          smoke    --spec FILE --module NAME --output FILE [--limit N]
                                                    write a main.swift calling the module's operations with
                                                    tools/mockserver's sample arguments (make corpus)
        """

    public static var commands: [String: GeneratorCommand.Command] {
        [
            "diff": DiffCommand.run,
            "coverage": CoverageCommand.run,
            "docs": ReferenceDocsCommand.run,
            "digest": ContractDigestCommand.run,
            "twins": TwinsCommand.run,
            "smoke": SmokeCommand.run,
        ]
    }

    /// The whole command line: the core's commands and the tools'.
    public static func run(
        _ arguments: [String], out: (String) -> Void = { print($0) },
        err: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    ) -> Int32 {
        GeneratorCommand.run(arguments, commands: commands, commandsUsage: usage, out: out, err: err)
    }
}
