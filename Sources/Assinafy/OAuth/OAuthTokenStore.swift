import APIRuntime
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an `OAuthSession` keeps one connection's tokens.
///
/// The session saves new tokens **before** handing them out, and re-reads the store after an
/// indeterminate refresh to find out whether someone else saved newer ones, so `load()` must
/// return what the last `save` stored. Errors may be of any type: the session wraps them in
/// `AssinafySDKError` (`reason=token_store_failed`). Implementations must never log tokens.
public protocol TokenStore: Sendable {
    func save(_ token: OAuthToken) async throws
    func load() async throws -> OAuthToken?
    func delete() async throws
}

/// Keeps tokens in memory only: lost when the process ends. For tests and for apps that
/// reconnect on every launch.
public actor InMemoryTokenStore: TokenStore {
    private var token: OAuthToken?

    public init(_ token: OAuthToken? = nil) { self.token = token }

    public func save(_ token: OAuthToken) { self.token = token }
    public func load() -> OAuthToken? { token }
    public func delete() { token = nil }
}

/// Keeps tokens in one JSON file readable and writable by the owner only (0600), in a
/// directory created 0700 when missing.
///
/// Writes are atomic: the JSON goes to a new temporary file in the same directory, created
/// with `O_CREAT | O_EXCL` and mode 0600 (never briefly world-readable), flushed with `fsync`,
/// then `rename`d over the old file, so a crash leaves either the old or the new tokens,
/// never a torn file. Reads refuse a symbolic link or anything but a regular file. On Apple
/// platforms prefer `KeychainTokenStore`; this store suits Linux servers and command-line tools.
public final class FileTokenStore: TokenStore, Sendable {
    public let fileURL: URL
    private let lock = NSLock()

    public init(fileURL: URL) { self.fileURL = fileURL }

    public func save(_ token: OAuthToken) throws {
        let data = try JSONEncoder().encode(token)
        try lock.withLock { try write(data) }
    }

    public func load() throws -> OAuthToken? {
        guard let data = try lock.withLock({ try read() }) else { return nil }
        do {
            return try JSONDecoder().decode(OAuthToken.self, from: data)
        } catch {
            throw AssinafySDKError(
                "The token file cannot be decoded", context: ["file": fileURL.lastPathComponent], underlyingError: error
            )
        }
    }

    public func delete() throws {
        try lock.withLock {
            if unlink(fileURL.path) != 0 && errno != ENOENT { throw failure("cannot be deleted") }
        }
    }

    private func failure(_ problem: String, code: Int32 = errno) -> AssinafySDKError {
        AssinafySDKError(
            "The token file \(problem)",
            context: ["file": fileURL.lastPathComponent, "errno": String(code)])
    }

    private func write(_ data: Data) throws {
        let directory = fileURL.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: directory.path) {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
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
    }

    private func read() throws -> Data? {
        let descriptor = open(fileURL.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw failure("cannot be opened")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw failure("is not a regular file")
        }
        // A token file is a few kilobytes; anything huge is not ours.
        guard status.st_size <= 1 << 20 else { throw failure("is too large") }
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
