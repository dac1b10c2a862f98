import AssinafyTestSupport
import Foundation
import Testing

/// `Process.waitForExit()`, the test support's wait for a child: a child whose own child keeps
/// Foundation's exit socket open (swift-corelibs-foundation#4795) must not hang the wait.
@Suite struct ChildProcessTests {
    @Test func theWaitEndsWhenTheChildDoesNotWhenItsHeirsDo() throws {
        let folder = try TemporaryDirectory()
        let pidFile = folder.url.appendingPathComponent("heir.pid")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "sleep 30 & echo $! > \"$0\"; exit 3", pidFile.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let started = Date()
        try process.run()
        let status = process.waitForExit()
        let waited = Date().timeIntervalSince(started)
        if let heir = Int32((try? String(contentsOf: pidFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") {
            kill(heir, SIGKILL)
        }
        #expect(status == 3)
        // Foundation's own wait would last the heir's 30 s.
        #expect(waited < 20, "waited \(waited) s")
    }
}
