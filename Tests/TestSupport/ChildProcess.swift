import Foundation

#if canImport(Glibc)
import Glibc
#endif

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
                return terminationStatus
            }
        }
        let status = info._sifields._sigchld.si_status
        return info.si_code == Int32(CLD_EXITED) ? status : 128 + status
        #else
        waitUntilExit()
        return terminationStatus
        #endif
    }
}
