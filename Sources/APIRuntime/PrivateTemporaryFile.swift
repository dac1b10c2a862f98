import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary file no other local user can open at any moment of its life.
///
/// `FileManager.createFile(atPath:contents:attributes:)` writes with default permissions and
/// applies the attributes after a rename, so a watcher in the shared temporary directory could
/// open the file (an uploaded PDF) in that window and keep reading it. Here the directory comes
/// from `mkdtemp` (0700, unguessable name) and the file is opened `O_CREAT|O_EXCL|O_NOFOLLOW`
/// with mode 0600 by the same call that creates it: there is no moment when either is wider.
struct PrivateTemporaryFile: Sendable {
    /// The private directory; removing it removes the file.
    let directory: URL
    let url: URL

    /// Creates the directory and the empty file, and returns a handle open for writing (and
    /// reading, when `readable`).
    static func create(
        prefix: String = "api-upload-", name: String = "body.multipart",
        in parent: URL = FileManager.default.temporaryDirectory, readable: Bool = false
    ) throws -> (file: PrivateTemporaryFile, handle: FileHandle) {
        var template = Array(parent.appendingPathComponent(prefix + "XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return mkdtemp(base) != nil
        }
        guard made else { throw failure("Cannot create a private temporary directory for the upload", errno) }
        let directoryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let directory = URL(fileURLWithPath: directoryPath, isDirectory: true)
        let url = directory.appendingPathComponent(name)
        let descriptor = open(
            url.path, (readable ? O_RDWR : O_WRONLY) | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            rmdir(directoryPath)
            throw failure("Cannot create a temporary file for the upload", code)
        }
        // The umask can only narrow 0600; make it exactly 0600 so URLSession can read it back.
        _ = fchmod(descriptor, 0o600)
        let file = PrivateTemporaryFile(directory: directory, url: url)
        return (file, FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
    }

    /// Removes the file and its directory; safe to call more than once.
    func remove() {
        unlink(url.path)
        rmdir(directory.path)
    }

    private static func failure(_ message: String, _ code: Int32) -> EngineError {
        EngineError(message, context: ["errno": String(code)])
    }
}

/// The file a download streams into: created by the call that opens it, so it cannot be an
/// existing file or a symbolic link planted in its place, and readable by its owner only.
package enum DownloadFile {
    package static func create(at url: URL) throws -> FileHandle {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw EngineError("Cannot create the download file", context: ["errno": String(errno)])
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    package static func remove(_ url: URL) { unlink(url.path) }
}

extension DownloadFile {
    /// Writes `data` to `destination` the way a streamed download arrives: into a private file
    /// beside it, then renamed into place (for a client that returned the body in memory).
    package static func write(_ data: Data, to destination: URL) throws {
        let staging = try StagingDirectory(beside: destination)
        defer { staging.remove() }
        let handle = try staging.createBody()
        do {
            try handle.write(contentsOf: data)
            try handle.close()
        } catch {
            throw EngineError("Cannot write the downloaded body to its file", underlyingError: error)
        }
        try staging.moveBody()
    }
}
