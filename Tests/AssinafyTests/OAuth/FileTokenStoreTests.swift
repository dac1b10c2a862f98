import APIRuntime
import AssinafyTestSupport
import Foundation
import Testing

@testable import Assinafy

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Durability, sharing and trust of `FileTokenStore` (issue 15, item 6).
@Suite("File token store")
struct FileTokenStoreTests {
    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("oauth-store-\(UUID().uuidString)")
    }

    static let issued = Date(timeIntervalSince1970: 1_800_000_000)

    static func token(_ n: Int) -> OAuthToken {
        OAuthToken(accessToken: "a\(n)", expiresIn: 60, refreshToken: "r\(n)", scope: [], issuedAt: issued)
    }

    /// A file another user owns, or that group/others may read or write, may have been planted or
    /// exposed: its tokens are refused.
    @Test func refusesAFileThatIsNotPrivate() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("tokens.json")
        let store = FileTokenStore(fileURL: file)
        try store.save(Self.token(1))
        for mode: mode_t in [0o644, 0o640, 0o602, 0o660] {
            #expect(chmod(file.path, mode) == 0)
            #expect(throws: AssinafySDKError.self, "mode \(String(mode, radix: 8))") { try store.load() }
        }
        #expect(chmod(file.path, 0o600) == 0)
        #expect(try store.load() == Self.token(1))
        // Only root can give a file away; elsewhere the ownership check is covered by review.
        if geteuid() == 0 {
            #expect(chown(file.path, 54_321, 54_321) == 0)
            #expect(throws: AssinafySDKError.self) { try store.load() }
        }
    }

    /// After the rename the directory is synced, so the new entry survives a power loss.
    @Test func syncsTheDirectoryAfterTheRename() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("tokens.json")
        let log = SyncLog()
        let store = FileTokenStore(fileURL: file) { synced in
            // Called after the rename: the file already holds the new tokens.
            log.add(synced.lastPathComponent, (try? Data(contentsOf: file)) ?? Data())
        }
        try store.save(Self.token(1))
        try store.save(Self.token(2))
        try store.delete()
        let entries = log.entries
        #expect(entries.count == 3)
        #expect(entries.allSatisfy { $0.0 == directory.lastPathComponent })
        #expect(entries.first.map { String(decoding: $0.1, as: UTF8.self).contains("\"a1\"") } == true)
        #expect(entries.dropFirst().first.map { String(decoding: $0.1, as: UTF8.self).contains("\"a2\"") } == true)
        #expect(entries.last?.1.isEmpty == true)
    }

    final class SyncLog: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [(String, Data)] = []
        func add(_ name: String, _ data: Data) { lock.withLock { items.append((name, data)) } }
        var entries: [(String, Data)] { lock.withLock { items } }
    }

    // The other process is a python3 child: not on iOS, tvOS, watchOS or visionOS, which have no
    // `Process` (the same platform test as ReferenceTool's).
    #if !(os(iOS) || os(tvOS) || os(watchOS) || os(visionOS))
    /// Another process holding the advisory lock (as a second worker saving would) makes a save
    /// wait for it, instead of interleaving.
    @Test func writesWaitForAnotherProcessHoldingTheLock() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("tokens.json")
        let store = FileTokenStore(fileURL: file)
        try store.save(Self.token(1))
        let lockPath = directory.appendingPathComponent(".tokens.json.lock").path
        let script = """
            import fcntl, os, sys, time
            fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
            fcntl.flock(fd, fcntl.LOCK_EX)
            print("locked", flush=True)
            time.sleep(1.5)
            """
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, lockPath]
        process.standardOutput = output
        try process.run()
        defer { _ = process.waitForExit() }
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        try #require(line.hasPrefix("locked"))
        let started = Date()
        try store.save(Self.token(2))
        let waited = Date().timeIntervalSince(started)
        #expect(waited > 0.8, "the save did not wait for the other process (\(waited) s)")
        #expect(try store.load() == Self.token(2))
    }
    #endif

    /// Read-modify-write from two instances (two processes, as far as `flock` is concerned: each
    /// opens its own descriptor) loses no update.
    @Test func updatesFromTwoInstancesNeverInterleave() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("tokens.json")
        try FileTokenStore(fileURL: file).save(Self.token(0))
        let rounds = 40
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<2 {
                let store = FileTokenStore(fileURL: file)
                group.addTask {
                    for _ in 0..<rounds {
                        _ = try? store.update { stored in
                            let n = Int(stored?.accessToken.dropFirst() ?? "") ?? -1
                            return .save(Self.token(n + 1))
                        }
                    }
                }
            }
        }
        #expect(try FileTokenStore(fileURL: file).load()?.accessToken == "a\(2 * rounds)")
        // Compare-and-delete: deletes only when the stored token is the one expected.
        let store = FileTokenStore(fileURL: file)
        #expect(try store.update { $0?.refreshToken == "r1" ? .delete : .keep } != nil)
        #expect(try store.update { $0?.refreshToken == "r\(2 * rounds)" ? .delete : .keep } == nil)
        #expect(try store.load() == nil)
    }
}
