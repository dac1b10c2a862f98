import Foundation

/// `assinafy-generator <command> --help`: the core commands' own texts, and for the tools' commands
/// their entries in the usage the executable passes (kept in one place with the commands).
enum CommandHelp {
    static let check = """
        usage: assinafy-generator check --spec FILE [--format yaml|json]

        Reads an OpenAPI 3.0/3.1 document and the files its $refs name, resolves it, and prints every
        problem as file:line:column, then a summary. Exits 1 when there is an error.

        options:
          --spec FILE          the document, YAML or JSON
          --format yaml|json   the grammar of --spec; by default .json files are strict JSON,
                               others YAML 1.2
          --help               this text
        """

    static let generate = """
        usage: assinafy-generator generate --output DIR [--config FILE] [--spec FILE] [options]

        Writes the Swift sources of a client module for the document into DIR. Generated files
        there that are no longer produced are removed; other files are left alone. An argument
        wins over the configuration.

        options:
          --output DIR                   where the sources go (created when missing)
          --config FILE                  assinafy-generator.yaml: module, documents, names, options
          --spec FILE                    the document (default: the configuration's first document)
          --module NAME                  the module's name (default: the configuration's, else DIR's)
          --extra FILE                   a document merged in (repeatable)
          --per-call-credential SCHEME   a security scheme each call passes rather than the client
                                         (repeatable)
          --single-file NAME             one file NAME instead of one per tag
          --format yaml|json             the grammar of --spec; by default .json files are strict
                                         JSON, others YAML 1.2
          --widening warning|error       a schema generated wider than it says (untyped JSON it did
                                         not ask for): a warning, or an error that writes nothing
                                         (default: the configuration's `widening`, else warning)
          --testing-output DIR           also write the <module>Testing module of typed stubs
                                         (needs APITesting) into DIR (default: the configuration's
                                         `testing.output`)
          --help                         this text
        """

    /// The help of `command`: its own text, or its entries in `usage` (lines `  name …` and the
    /// deeper-indented lines under them), without the overview's columns; nil for a command that
    /// is in neither.
    static func text(for command: String, usage: String) -> String? {
        switch command {
        case "check": return check
        case "generate": return generate
        default: break
        }
        var lines: [String] = []
        var inEntry = false
        for line in usage.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  \(command) ") {
                inEntry = true
                // The synopsis, then (after the column gap) what it does, on a line of its own.
                let entry = line.dropFirst(2 + command.count).drop { $0 == " " }
                let parts = entry.components(separatedBy: "   ")
                lines.append("usage: assinafy-generator \(command) " + parts[0])
                let description = parts.dropFirst().joined().trimmingCharacters(in: .whitespaces)
                if !description.isEmpty { lines.append("    " + description) }
            } else if inEntry, line.hasPrefix("   ") {
                lines.append("    " + line.trimmingCharacters(in: .whitespaces))
            } else {
                inEntry = false
            }
        }
        guard !lines.isEmpty else { return nil }
        // `docs` takes coverage's options: its help shows coverage's entry too.
        if command != "coverage", lines.contains(where: { $0.contains("(the options of coverage)") }),
            let coverage = text(for: "coverage", usage: usage)
        {
            lines.append(coverage)
        }
        return lines.joined(separator: "\n")
    }
}
