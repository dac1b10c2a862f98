import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the reader of a streamed answer has not taken yet, in the order it arrived: a small
/// window in memory, and past it private temporary files, so memory stays flat however far the
/// reader falls behind (Linux URLSession cannot hold one transfer back; see `StreamTransfer`).
///
/// Bytes reach the disk only once the window is full, and return to memory only once every byte
/// on disk has been handed out, so the order never changes.
///
/// Not thread-safe: `StreamTransfer` uses it with its lock held. Only `SpillSegment.read` runs
/// outside that lock, in the reader's task, over a range `take` reserved for it.
struct StreamBacklog {
    /// Unread bytes held in memory before the rest goes to disk. A reader that keeps pace with
    /// a fast network but is descheduled now and then stays off the disk, while a dozen
    /// streams open at once still cost a phone little. One delivered piece may exceed it.
    static let defaultWindow = 1 << 20
    /// The most bytes handed to the reader per read from disk: the reader holds one such piece
    /// while it parses, so this, not the backlog, is what reading back adds to memory.
    static let readSlice = 256 << 10
    /// A spill file is freed only once all of it was read, so writing moves on to a fresh file
    /// after this many bytes: the disk held stays within one segment of what is unread.
    static let defaultSegmentSize = 8 << 20

    let window: Int
    /// The most bytes allowed to wait, in memory and on disk together.
    let limit: Int64?
    let segmentSize: Int
    /// Where spill files are created (each in a private directory of its own).
    let directory: URL

    private var chunks: [Data] = []
    /// The next chunk to hand over: the array is not shifted per chunk.
    private var first = 0
    private var inMemory = 0
    /// Files in the order they were written; bytes go to the last, the reader reads the first.
    private var segments: [SpillSegment] = []
    /// Unread bytes not yet reserved by the reader, in memory and on disk.
    private var waiting: Int64 = 0

    private(set) var mostInMemory = 0
    private(set) var mostWaiting: Int64 = 0
    private(set) var spilledBytes: Int64 = 0
    /// Every spill file created, for tests: each is unlinked as soon as it is open, so only its
    /// descriptor shows whether it is still held.
    private(set) var spillPaths: [String] = []

    init(window: Int, limit: Int64?, segmentSize: Int, directory: URL) {
        self.window = window
        self.limit = limit
        self.segmentSize = segmentSize
        self.directory = directory
    }

    var isEmpty: Bool { waiting == 0 }

    /// One piece for the reader: a chunk from memory, or a reserved range of a spill file.
    enum Piece: Sendable {
        case chunk(Data)
        case spilled(SpillSegment, offset: Int64, count: Int)
    }

    /// Keeps `data` after everything already waiting. Throws `ResponseTooLargeError` past
    /// `limit`, `EngineError` when the disk refuses it; either way `data` was not kept.
    mutating func append(_ data: Data) throws {
        let total = waiting + Int64(data.count)
        if let limit, total > limit { throw ResponseTooLargeError(limit: limit, receivedBytes: total) }
        if segments.isEmpty, inMemory == 0 || inMemory + data.count <= window {
            chunks.append(data)
            inMemory += data.count
            mostInMemory = max(mostInMemory, inMemory)
        } else {
            let segment: SpillSegment
            if let last = segments.last, last.written < Int64(segmentSize) {
                segment = last
            } else {
                segment = try SpillSegment(in: directory)
                segments.append(segment)
                spillPaths.append(segment.path)
            }
            try segment.append(data)
            spilledBytes += Int64(data.count)
        }
        waiting = total
        mostWaiting = max(mostWaiting, waiting)
    }

    /// The next piece in arrival order, `nil` when nothing waits. A file range is reserved here
    /// and read later: a segment leaves the list once all of it is reserved, and the descriptor
    /// closes when the reader lets go of its last range.
    mutating func take() -> Piece? {
        if first < chunks.count {
            let chunk = chunks[first]
            first += 1
            if first == chunks.count {
                chunks.removeAll(keepingCapacity: true)
                first = 0
            }
            inMemory -= chunk.count
            waiting -= Int64(chunk.count)
            return .chunk(chunk)
        }
        guard let segment = segments.first else { return nil }
        let offset = segment.reserved
        let count = Int(min(Int64(Self.readSlice), segment.written - offset))
        segment.reserved += Int64(count)
        waiting -= Int64(count)
        // The writer has moved on from a full segment; from the last one, new bytes go back to
        // memory (or a fresh file) now that all of it is reserved, so it is never written again.
        if segment.reserved == segment.written { segments.removeFirst() }
        return .spilled(segment, offset: offset, count: count)
    }

    /// Drops everything waiting; each file's space is freed once no reader holds a range of it.
    mutating func removeAll() {
        chunks.removeAll()
        first = 0
        inMemory = 0
        segments.removeAll()
        waiting = 0
    }
}

/// One private temporary file holding part of a backlog. Its name is removed as soon as it is
/// open: nothing is left on disk whatever ends the stream (a crash included), and its space is
/// freed when the descriptor closes, with the last reference.
final class SpillSegment: @unchecked Sendable {
    // @unchecked: `written` and `reserved` are only touched with the owning transfer's lock
    // held; the descriptor is read outside it only over bytes already written.
    private let handle: FileHandle
    /// Where the file was created, for tests (it has no name any more).
    let path: String
    var written: Int64 = 0
    var reserved: Int64 = 0

    init(in parent: URL) throws {
        do {
            let (file, handle) = try PrivateTemporaryFile.create(
                prefix: "api-stream-", name: "unread", in: parent, readable: true)
            file.remove()
            self.handle = handle
            path = file.url.path
        } catch {
            throw EngineError(
                "Cannot create a temporary file for the unread part of a streamed answer",
                context: (error as? EngineError)?.context ?? [:], underlyingError: error)
        }
    }

    /// Appends `data`, whole or not at all as far as `written` is concerned.
    func append(_ data: Data) throws {
        let descriptor = handle.fileDescriptor
        let start = written
        let code: Int32? = data.withUnsafeBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var done = 0
            while done < buffer.count {
                let wrote = pwrite(descriptor, base + done, buffer.count - done, off_t(start) + off_t(done))
                if wrote < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                done += wrote
            }
            return nil
        }
        if let code {
            throw EngineError(
                "Cannot write the unread part of a streamed answer to a temporary file",
                context: ["errno": String(code)])
        }
        written += Int64(data.count)
    }

    /// `count` bytes from `offset`, all of them already written.
    func read(at offset: Int64, count: Int) throws -> Data {
        let descriptor = handle.fileDescriptor
        var data = Data(count: count)
        let code: Int32? = data.withUnsafeMutableBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var done = 0
            while done < count {
                let got = pread(descriptor, base + done, count - done, off_t(offset) + off_t(done))
                if got < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                // The range was written before it was reserved: a short file is a broken disk.
                if got == 0 { return EIO }
                done += got
            }
            return nil
        }
        if let code {
            throw EngineError(
                "Cannot read the unread part of a streamed answer back from its temporary file",
                context: ["errno": String(code)])
        }
        return data
    }
}
