import AssinafyTestSupport
import Foundation
import Testing

@testable import APIRuntime

/// Streamed uploads: the file goes from disk to the socket in chunks and arrives intact.
@Suite(.serialized, .enabled(if: TestServer.isAvailable, TestServer.unavailableReason)) struct UploadTests {
    let server = TestServer.shared

    final class ProgressLog: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [(Int64, Int64)] = []
        func record(_ sent: Int64, _ total: Int64) { lock.withLock { values.append((sent, total)) } }
        var all: [(Int64, Int64)] { lock.withLock { values } }
    }

    /// Samples the resident set size while the upload runs (Linux /proc).
    final class MemorySampler: @unchecked Sendable {
        private let lock = NSLock()
        private var peak = 0
        private var running = true
        static func residentKB() -> Int {
            guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
            else { return 0 }
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        func start() {
            Thread.detachNewThread { [self] in
                while lock.withLock({ running }) {
                    let now = MemorySampler.residentKB()
                    lock.withLock { peak = max(peak, now) }
                    Thread.sleep(forTimeInterval: 0.005)
                }
            }
        }
        func stop() -> Int {
            lock.withLock {
                running = false
                return peak
            }
        }
    }

    /// Writes `megabytes` of random bytes and returns the file with its SHA-256, computed by
    /// Python (an independent implementation, and fast: a debug-build Swift hash of 25 MB would
    /// hold a test thread for seconds). Runs off the cooperative pool, which timing tests share.
    static func makeFile(megabytes: Int) async throws -> (URL, String) {
        // Python is a child process: iOS, tvOS, watchOS and visionOS have no `Process` (the same
        // platform test as ReferenceTool's), and the suite is disabled there with the server.
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        throw ReferenceTool.Failure(description: "subprocesses are unavailable on this platform")
        #else
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString).pdf")
        let script = """
            import hashlib, os, sys
            h = hashlib.sha256()
            with open(sys.argv[1], "wb") as f:
                for _ in range(int(sys.argv[2])):
                    chunk = os.urandom(1 << 20)
                    h.update(chunk)
                    f.write(chunk)
            print(h.hexdigest())
            """
        let output = try await offThePool { () throws -> Data in
            let process = Process()
            let pipe = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", script, url.path, String(megabytes)]
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            _ = process.waitForExit()
            return data
        }
        return (url, String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        #endif
    }

    static func temporaryUploads() -> Set<String> {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)) ?? []
        return Set(names.filter { $0.hasPrefix("api-upload-") })
    }

    /// The upload files that appeared since `before` and stay. Other suites, and other test
    /// processes sharing the temporary directory, may have uploads in flight right now: their
    /// files come and go within the wait, a leaked one does not. The wait is long because another
    /// process's 25 MB upload, on a loaded machine, kept its file for more than 5 s; it is only
    /// spent while such a file is there.
    static func leftBehind(
        since before: Set<String>, waiting seconds: Double = 30,
        listing: () -> Set<String> = { temporaryUploads() }
    ) async throws -> Set<String> {
        var left = listing().subtracting(before)
        _ = try await waitUntil(within: seconds, every: .milliseconds(50)) {
            left.formIntersection(listing())
            return left.isEmpty
        }
        return left
    }

    /// Someone else's upload in flight is not a leak; a file that stays is.
    @Test func leftBehindIgnoresOthersInFlightButSeesALeak() async throws {
        var listings = [["old", "passing", "leaked"], ["old", "leaked", "later"]]
        let left = try await Self.leftBehind(since: ["old"], waiting: 0.2) {
            Set(listings.count > 1 ? listings.removeFirst() : listings[0])
        }
        #expect(left == ["leaked"])
        #expect(try await Self.leftBehind(since: ["old"], waiting: 0.2) { ["old"] }.isEmpty)
    }

    @Test func twentyFiveMegabyteMultipartUploadIsStreamedAndIntact() async throws {
        let (file, sha256) = try await Self.makeFile(megabytes: 25)
        defer { try? FileManager.default.removeItem(at: file) }
        let id = Fixture.id()
        let progress = ProgressLog()
        var request = Fixture.request("upload", id, method: .post)
        request.body = .multipart([
            MultipartPart(
                name: "file", filename: "Contrato de prestação.pdf", contentType: "application/pdf",
                content: .file(file)),
            .field("name", "Contrato"),
        ])
        request.uploadProgress = { progress.record($0, $1) }
        request.timeout = 60
        let temporaryBefore = Self.temporaryUploads()

        let baseline = MemorySampler.residentKB()
        let sampler = MemorySampler()
        sampler.start()
        let response = try await Fixture.transport().send(request)
        let peak = sampler.stop()
        let growthMB = Double(peak - baseline) / 1024
        print(
            "25 MB upload: resident before \(baseline / 1024) MB, peak \(peak / 1024) MB, growth \(String(format: "%.1f", growthMB)) MB"
        )

        let data = try Fixture.echoed(response)
        let parts = data["parts"]?.arrayValue ?? []
        try #require(parts.count == 2)
        #expect(parts[0]["size"]?.intValue == 25 << 20)
        #expect(parts[0]["sha256"]?.stringValue == sha256)
        #expect(parts[0]["filename"]?.stringValue == "Contrato de prestação.pdf")
        #expect(parts[0]["headers"]?.arrayValue?.contains("Content-Type: application/pdf") == true)
        #expect(parts[1]["name"]?.stringValue == "name")
        #expect(data["content_type"]?.stringValue?.hasPrefix("multipart/form-data; boundary=boundary-") == true)
        // Streamed: holding the file (25 MB) plus the body (25 MB) would grow far more than this.
        // The process's resident size also counts whatever suites run alongside (the generator's
        // large documents, say): that noise only adds, so the least of up to three uploads is
        // the upload's own figure; one that buffered would exceed the bound every time.
        let values = progress.all
        var growths = [growthMB]
        while growths.count < 3, let least = growths.min(), least >= 20 {
            let before = MemorySampler.residentKB()
            let again = MemorySampler()
            again.start()
            _ = try await Fixture.transport().send(request)
            growths.append(Double(again.stop() - before) / 1024)
        }
        #expect((growths.min() ?? .infinity) < 20, "resident memory grew \(growths) MB")
        // Progress is reported on Linux too, ends at the full length, and only grows.
        #expect(values.count > 10)
        #expect(values.last.map { $0.0 == $0.1 && $0.1 == Int64(data["size"]?.intValue ?? -1) } == true)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.0 <= $1.0 })
        // The multipart temporary file is gone.
        let left = try await Self.leftBehind(since: temporaryBefore)
        #expect(left.isEmpty, "left behind: \(left.sorted())")
        let record = try #require(try await server.requests(id).first)
        #expect(record.header("Content-Length") == String(data["size"]?.intValue ?? -1))
    }

    @Test func rawFileBodyIsStreamed() async throws {
        let (file, sha256) = try await Self.makeFile(megabytes: 2)
        defer { try? FileManager.default.removeItem(at: file) }
        let id = Fixture.id()
        var request = Fixture.request("upload", id, method: .put)
        request.body = .file(file, contentType: "application/pdf")
        let data = try Fixture.echoed(try await Fixture.transport().send(request))
        #expect(data["size"]?.intValue == 2 << 20)
        #expect(data["sha256"]?.stringValue == sha256)
        #expect(data["content_type"]?.stringValue == "application/pdf")
    }

    @Test func temporaryFileIsDeletedWhenTheRequestFails() async throws {
        let (file, _) = try await Self.makeFile(megabytes: 1)
        defer { try? FileManager.default.removeItem(at: file) }
        let before = Self.temporaryUploads()
        var request = Fixture.request(
            "respond", Fixture.id(), method: .post, query: [QueryItem("code", "413"), QueryItem("body", "{}")])
        request.body = .multipart([MultipartPart(name: "file", content: .file(file))])
        #expect(await thrown { try await Fixture.transport().send(request) } is ServerResponseError)
        #expect(try await Self.leftBehind(since: before).isEmpty)
    }

    /// A cancelled upload removes its temporary file and directory too.
    @Test func temporaryFileIsDeletedWhenTheUploadIsCancelled() async throws {
        let (file, _) = try await Self.makeFile(megabytes: 1)
        defer { try? FileManager.default.removeItem(at: file) }
        let before = Self.temporaryUploads()
        var request = Fixture.request("slow", Fixture.id(), method: .post, query: [QueryItem("delay", "20")])
        request.body = .multipart([MultipartPart(name: "file", content: .file(file))])
        let task = Task { try await Fixture.transport().send(request) }
        var appeared = false
        for _ in 0..<200 where !appeared {
            try await Task.sleep(nanoseconds: 10_000_000)
            appeared = !Self.temporaryUploads().subtracting(before).isEmpty
        }
        #expect(appeared, "the multipart body was never written")
        task.cancel()
        _ = await task.result
        #expect(try await Self.leftBehind(since: before).isEmpty)
    }
}
