import Foundation

/// One line of the results table.
struct ResultRow: Sendable {
    enum Verdict: String, Sendable {
        case met = "met"
        case missed = "MISSED"
        case info = "info"
        case failed = "ERROR"
    }

    var what: String
    var measured: String
    var target: String
    var verdict: Verdict
    /// Detail printed under the table: breakdowns, side measurements, profiling hints.
    var notes: [String] = []

    static func failure(_ what: String, target: String, _ error: any Error) -> ResultRow {
        ResultRow(what: what, measured: "failed: \(String(describing: error).prefix(300))", target: target, verdict: .failed)
    }
}

/// The machine the figures came from; they mean little without it.
struct MachineDescription: Sendable {
    var lines: [(String, String)] = []

    static func current(loadAtStart: String) -> MachineDescription {
        var description = MachineDescription()
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
        let nproc = (try? Subprocess.run(["nproc"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? "?"
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        let memTotal = meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { line in line.split(separator: " ").dropFirst().first.flatMap { Int($0) } }
            .map { "\(fixed(Double($0) / 1_048_576, 1)) GiB" } ?? "?"
        let osRelease = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        let pretty = osRelease.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
            .map { $0.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) } ?? "?"
        let kernel = (try? Subprocess.run(["uname", "-sr"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? ""
        let swift = (try? Subprocess.run(["swift", "--version"]))
            .map { ($0.stdout + $0.stderr).split(separator: "\n").filter { !$0.isEmpty }.joined(separator: "; ") } ?? "?"
        let formatter = ISO8601DateFormatter()
        description.lines = [
            ("date", formatter.string(from: Date())),
            ("nproc", nproc),
            ("CPU", model ?? "?"),
            ("memory", memTotal),
            ("OS", "\(pretty) (\(kernel))"),
            ("swift --version", swift),
            ("load average at start", loadAtStart),
            ("load average at end", loadAverage()),
        ]
        return description
    }

    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}

enum Report {
    /// A plain-text table for the terminal.
    static func consoleTable(_ rows: [ResultRow]) -> String {
        let headers = ["what", "measured (median (min–max))", "target", "verdict"]
        let cells = rows.map { [$0.what, $0.measured, $0.target, $0.verdict.rawValue] }
        var widths = headers.map(\.count)
        for row in cells { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        func line(_ values: [String]) -> String {
            values.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }
                .joined(separator: " | ")
        }
        var text = line(headers) + "\n" + widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-") + "\n"
        for row in cells { text += line(row) + "\n" }
        return text
    }

    static func markdown(
        _ rows: [ResultRow], machine: MachineDescription, buildNote: String?, totalSeconds: Double, command: String
    ) -> String {
        var text = "# Benchmark results\n\n"
        text += "Written by `\(command)`; do not edit by hand. Release builds "
        text += "(`-strict-concurrency=complete -warnings-as-errors`). Times are medians with the min–max over the runs; "
        text += "ratios are measured side by side in one process, interleaved, because absolute times drift on a shared machine.\n\n"
        text += "## Machine\n\n"
        for (key, value) in machine.lines { text += "- **\(key)**: \(value)\n" }
        if let buildNote, !buildNote.isEmpty { text += "- **build note**: \(buildNote)\n" }
        text += "- **whole run**: \(fixed(totalSeconds, 0)) s (benchmarks only, builds excluded)\n\n"
        text += "## Results\n\n| what | measured | target | verdict |\n|---|---|---|---|\n"
        for row in rows {
            text += "| \(escape(row.what)) | \(escape(row.measured)) | \(escape(row.target)) | \(row.verdict.rawValue) |\n"
        }
        text += "\n## Details\n\n"
        for row in rows where !row.notes.isEmpty {
            text += "### \(row.what)\n\n"
            for note in row.notes { text += "- \(note)\n" }
            text += "\n"
        }
        return text
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
