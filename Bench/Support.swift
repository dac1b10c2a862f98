import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Monotonic nanoseconds. `DispatchTime` rather than `ContinuousClock`, which needs macOS 13
/// while the package declares macOS 12.
func monotonicNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Seconds `body` takes on the monotonic clock.
func measure(_ body: () throws -> Void) rethrows -> Double {
    let start = monotonicNanoseconds()
    try body()
    return Double(monotonicNanoseconds() - start) / 1e9
}

/// CPU seconds used so far by every thread of this process (user + system). On a shared,
/// overloaded machine this moves far less than wall time, so it backs the wall-time ratios.
func processCPUSeconds() -> Double {
    var spec = timespec()
    guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec) == 0 else { return 0 }
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// CPU seconds used so far by the calling thread alone.
func threadCPUSeconds() -> Double {
    var spec = timespec()
    guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec) == 0 else { return 0 }
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// User and system CPU seconds from getrusage, as the polling target asks for: of this process,
/// or (`children: true`) of every child process reaped so far.
func rusageCPUSeconds(children: Bool = false) -> (user: Double, system: Double) {
    var usage = rusage()
    #if canImport(Glibc)
        let who = __rusage_who_t(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue)
    #else
        let who = children ? RUSAGE_CHILDREN : RUSAGE_SELF
    #endif
    guard getrusage(who, &usage) == 0 else { return (0, 0) }
    func seconds(_ value: timeval) -> Double { Double(value.tv_sec) + Double(value.tv_usec) / 1e6 }
    return (seconds(usage.ru_utime), seconds(usage.ru_stime))
}

/// Median and range of a set of runs.
struct Summary: Sendable {
    var median: Double
    var min: Double
    var max: Double
    var count: Int

    init(_ values: [Double]) {
        let sorted = values.sorted()
        count = sorted.count
        min = sorted.first ?? .nan
        max = sorted.last ?? .nan
        if sorted.isEmpty {
            median = .nan
        } else if sorted.count % 2 == 1 {
            median = sorted[sorted.count / 2]
        } else {
            median = (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
    }

    /// `0.052 s (0.049–0.061, n=7)` with the unit and scale given.
    func formatted(unit: String, scale: Double = 1, digits: Int = 3) -> String {
        "\(fixed(median * scale, digits)) \(unit) (\(fixed(min * scale, digits))–\(fixed(max * scale, digits)), n=\(count))"
    }
}

func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "n/a" }
    return String(format: "%.\(digits)f", value)
}

/// The outcome of a finished child process.
struct ProcessOutcome: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
    var seconds: Double
    /// User + system CPU seconds of the child and the descendants it waited for (from wait4):
    /// unlike wall time, hardly inflated when other work on the machine competes for the cores.
    var cpuSeconds: Double
    /// Peak resident set of the child, or of the largest descendant it waited for (KiB).
    var peakRSSKiB = 0
}

struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

enum Subprocess {
    /// Runs `arguments` (the first is looked up on PATH unless it is a path) to completion.
    /// Output goes to temporary files rather than pipes, so a chatty child can never block on a
    /// full pipe while we wait for it. `seconds` is the wall time from launch to exit.
    static func run(_ arguments: [String]) throws -> ProcessOutcome {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("assinafy-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outPath = scratch.appendingPathComponent("stdout").path
        let errPath = scratch.appendingPathComponent("stderr").path
        let start = monotonicNanoseconds()
        let child = try SpawnedProcess(arguments, stdin: .devNull, stdout: .file(outPath), stderr: .file(errPath))
        let exit = child.wait()
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        let stdout = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return ProcessOutcome(
            status: exit.status, stdout: stdout, stderr: stderr, seconds: seconds, cpuSeconds: exit.cpuSeconds,
            peakRSSKiB: exit.peakRSSKiB)
    }

    /// Like `run`, but a non-zero exit is an error carrying the tail of stderr.
    static func check(_ arguments: [String]) throws -> ProcessOutcome {
        let outcome = try run(arguments)
        guard outcome.status == 0 else {
            // The head names the error (or the crash), the tail what the tool printed last.
            let lines = (outcome.stderr + outcome.stdout).split(separator: "\n")
            let tail = (lines.count > 16 ? lines.prefix(8) + ["…"] + lines.suffix(8) : lines[...]).joined(separator: "\n")
            throw BenchFailure("`\(arguments.prefix(2).joined(separator: " "))` exited \(outcome.status):\n\(tail)")
        }
        return outcome
    }
}

/// The path of the running executable: release products sit beside it, and child benchmarks
/// re-run it in a fresh process.
func ownExecutablePath() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
}

/// `VmHWM` (peak resident set) and `VmRSS` of this process in KiB, from /proc/self/status.
func memoryStatusKiB() -> (peak: Int, current: Int) {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
    var peak = 0
    var current = 0
    for line in text.split(separator: "\n") {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count >= 2, let value = Int(fields[1]) else { continue }
        if fields[0] == "VmHWM:" { peak = value }
        if fields[0] == "VmRSS:" { current = value }
    }
    return (peak, current)
}

/// Lines of a text file, counted as newline characters (what `wc -l` reports).
func lineCount(_ path: String) throws -> Int {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return data.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
}

/// `*.swift` files directly in `directory`, sorted (the generated module is flat).
func swiftFiles(in directory: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory)
        .filter { $0.hasSuffix(".swift") }
        .sorted()
        .map { directory + "/" + $0 }
}

/// Per-call thread CPU seconds for each body: a warm-up, then rounds of `batch` calls with the
/// order rotating every round, so no body always follows the same neighbour. Thread CPU time,
/// because the work is synchronous on this thread and CPU time is not inflated when a loaded
/// machine preempts us.
func interleavedCPU(_ bodies: [() throws -> Void], rounds: Int, batch: Int) throws -> [Summary] {
    for body in bodies { for _ in 0..<5 { try body() } }
    var samples = Array(repeating: [Double](), count: bodies.count)
    for round in 0..<rounds {
        for offset in 0..<bodies.count {
            let index = (round + offset) % bodies.count
            let start = threadCPUSeconds()
            for _ in 0..<batch { try bodies[index]() }
            samples[index].append((threadCPUSeconds() - start) / Double(batch))
        }
    }
    return samples.map { Summary($0) }
}
