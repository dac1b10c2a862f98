import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started with posix_spawn and reaped with wait4.
///
/// Not Foundation's `Process`: on Linux its `waitUntilExit()` spins a run loop at full CPU when
/// called off the main thread (as async code is), which both skews the measurements and, here,
/// hung outright. wait4 also hands back the child's exact CPU time.
final class SpawnedProcess: @unchecked Sendable {
    // @unchecked: `pid` is written once in init; `reaped` only by the one caller of `wait()`.
    enum Stream {
        case devNull
        case file(String)
        /// A pipe whose other end the parent keeps (`stdinPipe` / `stdoutPipe`).
        case pipe
    }

    let pid: pid_t
    /// Parent's write end of the child's stdin, when `.pipe` was asked for.
    let stdinPipe: FileHandle?
    /// Parent's read end of the child's stdout, when `.pipe` was asked for.
    let stdoutPipe: FileHandle?
    private var reaped = false

    init(_ arguments: [String], stdin: Stream, stdout: Stream, stderr: Stream) throws {
        guard let command = arguments.first else { throw BenchFailure("empty command") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [Int32: Int32] = [:]
        var childEnds: [Int32] = []
        for (descriptor, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .devNull:
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .pipe:
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else { throw BenchFailure("pipe failed") }
                let (childEnd, parentEnd) = descriptor == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
                posix_spawn_file_actions_adddup2(&actions, childEnd, descriptor)
                posix_spawn_file_actions_addclose(&actions, parentEnd)
                // Later children must not inherit it (the server watches its stdin for EOF).
                _ = fcntl(parentEnd, F_SETFD, FD_CLOEXEC)
                parentEnds[descriptor] = parentEnd
                childEnds.append(childEnd)
            }
        }
        // Default signal handling and an empty mask, whatever this process has set up: the
        // loopback server must die on SIGTERM.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, command, &actions, &attributes, argv, environ)
        for end in childEnds { close(end) }
        guard result == 0 else {
            for end in parentEnds.values { close(end) }
            throw BenchFailure("cannot start \(command): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        stdinPipe = parentEnds[0].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        stdoutPipe = parentEnds[1].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
    }

    /// Blocks until the child exits; its exit status (128 + signal when killed), CPU time and the
    /// peak resident set (KiB) of it or the largest descendant it waited for.
    @discardableResult
    func wait() -> (status: Int32, cpuSeconds: Double, peakRSSKiB: Int) {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        reaped = true
        let signal = status & 0x7F
        let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        func seconds(_ value: timeval) -> Double { Double(value.tv_sec) + Double(value.tv_usec) / 1e6 }
        return (code, seconds(usage.ru_utime) + seconds(usage.ru_stime), Int(usage.ru_maxrss))
    }

    /// SIGTERM, then reap.
    func terminate() {
        guard !reaped else { return }
        kill(pid, SIGTERM)
        _ = wait()
    }

    deinit { terminate() }
}
