// Compiled into every fuzz binary by scripts/fuzz.sh.
import Foundation

/// Fails the run when one input costs more CPU than `FUZZ_CPU_BUDGET` seconds (default 1).
///
/// libFuzzer's `-timeout` cannot be relied on here: its SIGALRM handler ignores the signal
/// unless the fuzzing thread receives it, and these binaries run a second thread that often
/// does, so a slow input mostly went unreported. The budget is CPU time of the calling thread,
/// so a loaded machine does not make a linear input look slow; the `slow-*` seeds take a linear
/// reader a small fraction of it and a quadratic one several times it.
enum InputBudget {
    static let seconds: Double =
        ProcessInfo.processInfo.environment["FUZZ_CPU_BUDGET"].flatMap(Double.init) ?? 1

    static func check(bytes: Int, _ body: () -> Void) {
        let start = threadCPUSeconds()
        body()
        let spent = threadCPUSeconds() - start
        if spent > seconds {
            fatalError(
                "one input of \(bytes) bytes took \(spent) s of CPU, over the budget of \(seconds) s: "
                    + "a path that is not linear in its input?")
        }
    }

    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
