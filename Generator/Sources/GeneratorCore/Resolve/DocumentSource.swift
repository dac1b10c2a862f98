import Foundation

/// Where the files of a multi-file document come from. Paths are relative to the folder of the
/// root document, `/`-separated and already normalised (no `.` or `..`), so a source never has to
/// decide what may be read: the bundler has refused anything outside the tree before asking.
public protocol DocumentSource: Sendable {
    /// The bytes of the file at `path`; throws when it cannot be read.
    func bytes(at path: String) throws -> [UInt8]
    /// How diagnostics name the file (a path the user can open).
    func displayName(of path: String) -> String
}

/// Files held in memory, for tests and tools that build documents themselves.
public final class InMemoryDocumentSource: DocumentSource, @unchecked Sendable {
    // The lock guards `readCounts`, which tests use to prove a file is read once.
    private let lock = NSLock()
    private let files: [String: [UInt8]]
    private var readCounts: [String: Int] = [:]

    public init(_ files: [String: String]) {
        self.files = files.mapValues { Array($0.utf8) }
    }

    public struct Missing: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "no such file '\(path)'" }
    }

    public func bytes(at path: String) throws -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        readCounts[path, default: 0] += 1
        guard let bytes = files[path] else { throw Missing(path: path) }
        return bytes
    }

    public func displayName(of path: String) -> String { path }

    public func readCount(of path: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return readCounts[path] ?? 0
    }
}
