import AssinafyTestSupport
import Foundation
import Testing

// Spawns children with Foundation's `Process`, which iOS, tvOS, watchOS and visionOS lack (the
// same platform test as ReferenceTool's): compiled for macOS and Linux only.
#if !(os(iOS) || os(tvOS) || os(watchOS) || os(visionOS))
/// The test support's waits for a child (`Tests/TestSupport/ChildProcess.swift`): a child whose
/// own child keeps Foundation's exit socket open (swift-corelibs-foundation#4795) must not hang
/// them, and the test servers' bounded stop must end a child that stays.
@Suite struct ChildProcessTests {
    /// A shell that starts `sleep 30` in the background (the heir, which keeps the exit socket)
    /// and exits with `status`; `body` gets the started shell, and the heir is killed after it.
    func withChildLeavingAnHeir(exitingWith status: Int, _ body: (Process) throws -> Void) throws {
        let folder = try TemporaryDirectory()
        let pidFile = folder.url.appendingPathComponent("heir.pid")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "sleep 30 & echo $! > \"$0\"; exit \(status)", pidFile.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            let text = (try? String(contentsOf: pidFile, encoding: .utf8)) ?? ""
            if let heir = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) { kill(heir, SIGKILL) }
        }
        try body(process)
    }

    @Test func theWaitEndsWhenTheChildDoesNotWhenItsHeirsDo() throws {
        try withChildLeavingAnHeir(exitingWith: 3) { process in
            let started = Date()
            #expect(process.waitForExit() == 3)
            // Foundation's own wait would last the heir's 30 s.
            let waited = Date().timeIntervalSince(started)
            #expect(waited < 20, "waited \(waited) s")
        }
    }

    /// The test servers' bounded stop: `isRunning` would keep saying "running" for the heir's
    /// 30 s, so a stop waiting on it spent its whole bound and then signalled an exited child.
    @Test func theBoundedWaitSeesTheExitWhileAnHeirKeepsTheSocket() throws {
        try withChildLeavingAnHeir(exitingWith: 0) { process in
            #expect(process.waitForExit(within: 20))
            #expect(process.hasExited)
            #expect(process.waitForExit() == 0)
        }
    }

    /// A child that stays past the bound is killed: `terminate()`'s SIGTERM would not reach it
    /// (this test's thread, a Dispatch worker, spawns it with SIGTERM blocked) and it would
    /// outlive the stop by its whole 30 s.
    @Test func aChildThatStaysIsKilledAfterTheBound() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec sleep 30"]
        try process.run()
        #expect(!process.hasExited)
        #expect(!process.waitForExit(within: 0.1))
        let started = Date()
        #expect(!process.waitForExitOrKill(within: 0.1))
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(process.hasExited)
        #expect(process.waitForExit() == 128 + SIGKILL)
    }

    @Test func aChildThatExitsByItselfIsNotKilled() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 7"]
        try process.run()
        #expect(process.waitForExitOrKill(within: 20))
        #expect(process.waitForExit() == 7)
    }
}
#endif
