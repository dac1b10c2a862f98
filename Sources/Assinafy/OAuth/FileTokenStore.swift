import APIRuntime
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps tokens in one JSON file readable and writable by the owner only (0600), in a
/// directory created 0700 when missing.
///
/// - **Atomic and durable.** The JSON goes to a new temporary file in the same directory,
///   created with `O_CREAT | O_EXCL` and mode 0600 (never briefly world-readable), flushed with
///   `fsync`, `rename`d over the old file, and then the directory itself is `fsync`ed so the
///   rename survives a power loss: a crash leaves either the old or the new tokens, never a torn
///   file nor a vanished one.
/// - **Shared safely.** Every write (and `update(_:)`, a read-decide-write) holds an exclusive
///   advisory `flock` on a sibling lock file (`.<name>.lock`, kept), so processes and instances
///   sharing the file (app and extension, several workers) never interleave. Reads need no
///   lock: the rename makes each version appear whole.
/// - **Private or refused.** Reads refuse a symbolic link, anything but a regular file, and a
///   file not owned by the current user or with any group/other permission bit: such a file may
///   have been planted or exposed, and its tokens must not be trusted nor used.
///
/// On Apple platforms prefer `KeychainTokenStore`; this store suits Linux servers and
/// command-line tools.
public final class FileTokenStore: AtomicTokenStore, Sendable {
    public let fileURL: URL
    /// Serialises this instance's threads; the `flock` serialises everyone else.
    private let lock = NSLock()
    /// Called after each directory `fsync`, for tests.
    private let directorySynced: (@Sendable (URL) -> Void)?

    public init(fileURL: URL) {
        self.fileURL = fileURL
        directorySynced = nil
    }

    init(fileURL: URL, directorySynced: @escaping @Sendable (URL) -> Void) {
        self.fileURL = fileURL
        self.directorySynced = directorySynced
    }

    var lockURL: URL {
        fileURL.deletingLastPathComponent().appendingPathComponent(".\(fileURL.lastPathComponent).lock")
    }

    public func save(_ token: OAuthToken) throws {
        let data = try JSONEncoder().encode(token)
        try exclusively { try write(data) }
    }

    public func load() throws -> OAuthToken? {
        guard let data = try lock.withLock({ try read() }) else { return nil }
        return try decode(data)
    }

    public func delete() throws {
        try exclusively { try remove() }
    }

    @discardableResult
    public func update(_ change: (OAuthToken?) throws -> TokenStoreChange) throws -> OAuthToken? {
        try exclusively {
            let stored = try read().map(decode)
            switch try change(stored) {
            case .keep:
                return stored
            case .save(let token):
                try write(try JSONEncoder().encode(token))
                return token
            case .delete:
                try remove()
                return nil
            }
        }
    }

    private func decode(_ data: Data) throws -> OAuthToken {
        do {
            return try JSONDecoder().decode(OAuthToken.self, from: data)
        } catch {
            throw AssinafySDKError(
                "The token file cannot be decoded", context: ["file": fileURL.lastPathComponent], underlyingError: error
            )
        }
    }

    private func failure(_ problem: String, code: Int32 = errno) -> AssinafySDKError {
        AssinafySDKError(
            "The token file \(problem)",
            context: ["file": fileURL.lastPathComponent, "errno": String(code)])
    }

    /// Runs `body` under this instance's lock and the exclusive `flock` of the lock file.
    /// Blocking is brief: the lock is held for one read and one small write, never across a
    /// network call.
    private func exclusively<T>(_ body: () throws -> T) throws -> T {
        try lock.withLock {
            try makeDirectory()
            let descriptor = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else { throw failure("lock cannot be opened") }
            // Closing the descriptor releases the lock, on every path.
            defer { close(descriptor) }
            try checkPrivate(descriptor, what: "lock ")
            while flock(descriptor, LOCK_EX) != 0 {
                if errno != EINTR { throw failure("lock cannot be taken") }
            }
            return try body()
        }
    }

    private func makeDirectory() throws {
        let directory = fileURL.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: directory.path) {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
    }

    /// Owned by this user, a regular file, no group or other bits.
    private func checkPrivate(_ descriptor: Int32, what: String) throws {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw failure("\(what)is not a regular file")
        }
        guard status.st_uid == geteuid() else { throw failure("\(what)is not owned by this user", code: 0) }
        guard status.st_mode & 0o077 == 0 else {
            throw failure("\(what)has group or other permissions (it must be 0600)", code: 0)
        }
    }

    private func remove() throws {
        if unlink(fileURL.path) != 0 {
            guard errno == ENOENT else { throw failure("cannot be deleted") }
            return
        }
        try syncDirectory()
    }

    private func write(_ data: Data) throws {
        let directory = fileURL.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(fileURL.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw failure("cannot be created") }
        var written = 0
        let ok: Bool = data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            while written < buffer.count {
                let result = Glue.write(descriptor, base + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += result
            }
            return true
        }
        let synced = fsync(descriptor) == 0
        let closed = close(descriptor) == 0
        guard ok, synced, closed else {
            unlink(temporary.path)
            throw failure("cannot be written")
        }
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        // Encrypted at rest until the device is first unlocked after boot.
        try? FileManager.default.setAttributes(
            [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication], ofItemAtPath: temporary.path)
        #endif
        guard rename(temporary.path, fileURL.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw failure("cannot be replaced", code: code)
        }
        try syncDirectory()
    }

    /// The rename is only durable once the directory entry is on disk: without this a power
    /// loss can bring back the old file, whose refresh token the server has already retired.
    private func syncDirectory() throws {
        let directory = fileURL.deletingLastPathComponent()
        let descriptor = open(directory.path, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
        guard descriptor >= 0 else { throw failure("directory cannot be opened to be synced") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure("directory cannot be synced") }
        directorySynced?(directory)
    }

    private func read() throws -> Data? {
        let descriptor = open(fileURL.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw failure("cannot be opened")
        }
        defer { close(descriptor) }
        try checkPrivate(descriptor, what: "")
        var status = stat()
        // A token file is a few kilobytes; anything huge is not ours.
        guard fstat(descriptor, &status) == 0, status.st_size <= 1 << 20 else { throw failure("is too large") }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glue.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot be read")
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }
}

/// The C `read`/`write`, named apart from Swift members of the same name.
private enum Glue {
    static func write(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(descriptor, pointer, count)
        #elseif canImport(Musl)
        return Musl.write(descriptor, pointer, count)
        #else
        return Darwin.write(descriptor, pointer, count)
        #endif
    }

    static func read(_ descriptor: Int32, _ pointer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(descriptor, pointer, count)
        #elseif canImport(Musl)
        return Musl.read(descriptor, pointer, count)
        #else
        return Darwin.read(descriptor, pointer, count)
        #endif
    }
}
