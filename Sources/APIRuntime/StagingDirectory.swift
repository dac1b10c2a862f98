import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The private directory (0700, unguessable name) a download is staged in, beside its
/// destination so the finished body can be renamed into place on the same file system.
///
/// The destination's folder may be writable by another local user, who could rename the
/// staging directory away and put a symbolic link (or a directory of their own) under its name
/// while the body arrives; anything done through the path would then act on a file of theirs,
/// and a rename through it would move their file into the destination. So the directory is
/// opened once, right after `mkdtemp` made it, with `O_DIRECTORY|O_NOFOLLOW`, checked to be the
/// entry just made (device and inode), owned by this user and 0700, and every later step
/// (create, read back, move into place, clean up) goes through that descriptor and one of the
/// destination's folder with the `*at` calls. A swap then changes nothing: the body is created,
/// read and moved from the directory that was verified, wherever it has been moved to.
package final class StagingDirectory: Sendable {
    /// The staged body's name inside the directory.
    static let bodyName = "body"
    /// Where the directory was made, for a transport that only takes a path
    /// (`TransportRequest.responseBodyFile`); nothing here goes through it again.
    package let url: URL
    /// The file moved into place by `moveBody()`.
    package let destination: URL
    private let directory: Int32
    private let folder: Int32
    private let name: String
    private let device: UInt64
    private let inode: UInt64

    /// The staged body's path (see `url`).
    package var bodyURL: URL { url.appendingPathComponent(Self.bodyName) }

    package init(beside destination: URL) throws {
        let folderURL = destination.deletingLastPathComponent()
        let folder = open(folderURL.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw Self.failure("Cannot open the download's folder", errno) }
        var template = Array(folderURL.appendingPathComponent(".download-XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return mkdtemp(base) != nil
        }
        guard made else {
            let code = errno
            close(folder)
            throw Self.failure("Cannot create a private directory beside the download file", code)
        }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let name = URL(fileURLWithPath: path).lastPathComponent
        // The entry as made, looked up in the folder that is held (lstat through the descriptor),
        // then what opening it gave: both must be the same directory, this user's, 0700.
        var created = stat()
        var opened = stat()
        let directory = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        let verified =
            directory >= 0 && fstatat(folder, name, &created, AT_SYMLINK_NOFOLLOW) == 0
            && fstat(directory, &opened) == 0 && opened.st_dev == created.st_dev && opened.st_ino == created.st_ino
            && opened.st_uid == geteuid() && opened.st_mode & 0o7777 == 0o700
        guard verified else {
            let code = directory >= 0 ? EPERM : errno
            if directory >= 0 { close(directory) }
            close(folder)
            throw Self.failure("The private directory beside the download file is not the one created", code)
        }
        self.url = URL(fileURLWithPath: path, isDirectory: true)
        self.destination = destination
        self.directory = directory
        self.folder = folder
        self.name = name
        self.device = UInt64(opened.st_dev)
        self.inode = UInt64(opened.st_ino)
    }

    deinit {
        close(directory)
        close(folder)
    }

    /// Creates the body file (it must not exist: no planted file or link is ever opened),
    /// readable by its owner only, and returns it open for writing.
    package func createBody() throws -> FileHandle {
        let descriptor = openat(
            directory, Self.bodyName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure("Cannot create the download file", errno) }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// The staged body, open for reading.
    package func openBody() throws -> FileHandle {
        let descriptor = openat(directory, Self.bodyName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure("Cannot open the downloaded body", errno) }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    package func removeBody() { unlinkat(directory, Self.bodyName, 0) }

    /// Moves the finished body into place, replacing what was there (atomically: a reader sees
    /// the old file or the whole new one).
    package func moveBody() throws {
        guard renameat(directory, Self.bodyName, folder, destination.lastPathComponent) == 0 else {
            throw Self.failure("Cannot move the download into place", errno)
        }
    }

    /// Removes the body and the directory; safe to call more than once. The directory's name is
    /// removed only while it still names this directory, never what was put in its place.
    package func remove() {
        removeBody()
        var current = stat()
        guard fstatat(folder, name, &current, AT_SYMLINK_NOFOLLOW) == 0,
            UInt64(current.st_dev) == device, UInt64(current.st_ino) == inode
        else { return }
        unlinkat(folder, name, AT_REMOVEDIR)
    }

    private static func failure(_ message: String, _ code: Int32) -> EngineError {
        EngineError(message, context: ["errno": String(code)])
    }
}
