import Foundation

#if canImport(Glibc)
import Glibc
#endif

// The same platform test as ReferenceTool's: iOS, tvOS, watchOS and visionOS have no `Process`,
// so these helpers exist only where the test targets can spawn children (macOS, Linux).
#if !(os(iOS) || os(tvOS) || os(watchOS) || os(visionOS))
extension Process {
    /// `waitUntilExit()` without its Linux hang. swift-corelibs-foundation learns of a child's exit
    /// when a socket the child inherited closes; a process spawned at the same moment elsewhere in
    /// the run (the test servers, another suite's tool) can inherit that socket too, and the wait
    /// then lasts as long as that process (swift-corelibs-foundation#4795; seen here as a test
    /// run hung on a defunct python3). The kernel's own wait cannot be fooled: this waits for the
    /// exit without reaping the child (Foundation still does) and returns its status, 128 + the
    /// signal for a child killed by one.
    public func waitForExit() -> Int32 {
        #if os(Linux)
        var info = siginfo_t()
        while waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) != 0 {
            guard errno == EINTR else {
                // Already reaped, so Foundation has seen the exit.
                waitUntilExit()
                return foundationStatus
            }
        }
        let status = info._sifields._sigchld.si_status
        return info.si_code == Int32(CLD_EXITED) ? status : 128 + status
        #else
        waitUntilExit()
        return foundationStatus
        #endif
    }

    /// Foundation's view of the exit in the same terms: it reports a signal's number alone.
    private var foundationStatus: Int32 {
        terminationReason == .uncaughtSignal ? 128 + terminationStatus : terminationStatus
    }

    /// Whether the child has exited, asked of the kernel without reaping it. `isRunning` is not
    /// that: it stays true until Foundation sees the exit, which the hang above can put off for
    /// as long as some other process keeps the inherited socket.
    public var hasExited: Bool {
        #if os(Linux)
        var info = siginfo_t()
        while waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOHANG | WNOWAIT) != 0 {
            guard errno == EINTR else { return true }  // already reaped: Foundation has seen it
        }
        // With WNOHANG, a child still running leaves the record zeroed.
        return info._sifields._sigchld.si_pid != 0
        #else
        return !isRunning
        #endif
    }

    /// Waits up to `seconds` for the child to exit; `false` when it is still running then.
    public func waitForExit(within seconds: Double) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(seconds))
        while !hasExited {
            guard clock.now < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }

    /// How the test servers end their child once its input is closed: up to `seconds` for it to
    /// exit by itself, then SIGKILL, and the exit. Not `terminate()`: its SIGTERM never reaches a
    /// child spawned from a Dispatch thread, which is every test's, because the child inherits
    /// that thread's mask with SIGTERM blocked (swift-corelibs-foundation#4772). Returns whether
    /// the child exited by itself.
    @discardableResult public func waitForExitOrKill(within seconds: Double) -> Bool {
        if waitForExit(within: seconds) { return true }
        // Not reaped yet (`hasExited` never reaps), so the pid is still this child's.
        kill(processIdentifier, SIGKILL)
        _ = waitForExit()
        return false
    }
}
#endif
