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

/// Files under one folder on disk; the CLI's source.
public struct FileSystemDocumentSource: DocumentSource {
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// The source for the document at `path`, and the root's path inside it.
    public static func forDocument(at path: String) -> (source: FileSystemDocumentSource, root: String) {
        let url = URL(fileURLWithPath: path)
        let folder = (path as NSString).deletingLastPathComponent
        return (FileSystemDocumentSource(folder: folder), url.lastPathComponent)
    }

    public struct OutsideFolder: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "'\(path)' is a link to a file outside the folder of the root document" }
    }

    public func bytes(at path: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: displayName(of: path))
        // The bundler only asks for paths inside the folder, but a symbolic link could still lead out.
        let resolved = url.resolvingSymlinksInPath().path
        let base = URL(fileURLWithPath: folder.isEmpty ? "." : folder).resolvingSymlinksInPath().path
        guard resolved.hasPrefix(base.hasSuffix("/") ? base : base + "/") else { throw OutsideFolder(path: path) }
        return [UInt8](try Data(contentsOf: url))
    }

    public func displayName(of path: String) -> String {
        folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }
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
