import Foundation
import Testing
import AssinafyTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@testable import APIRuntime

/// Issue 33: another local user who may write in the destination's folder swaps the staging
/// directory for a symbolic link to a directory of theirs, holding a decoy under the staged
/// body's name, while the body arrives. No file of theirs may end up at the destination.
@Suite struct DownloadStagingTests {
    static let decoy = Data("DECOY".utf8)

    /// The destination's folder and the swapper's own directory, holding the decoy.
    func folders() throws -> (folder: URL, theirs: URL) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("staging-\(UUID().uuidString)")
        let folder = base.appendingPathComponent("shared")
        let theirs = base.appendingPathComponent("theirs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: true)
        try Self.decoy.write(to: theirs.appendingPathComponent("body"))
        return (folder, theirs)
    }

    /// What the other user does: the staging directory moved aside, a link in its place.
    static func swap(in folder: URL, for theirs: URL) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let staging = try #require(names.first { $0.hasPrefix(".download-") }, "\(names)")
        let path = folder.appendingPathComponent(staging)
        try FileManager.default.moveItem(at: path, to: folder.appendingPathComponent("moved-aside"))
        try FileManager.default.createSymbolicLink(at: path, withDestinationURL: theirs)
    }

    /// Either the download failed and nothing is at the destination, or it holds the real body.
    func expectNoDecoy(_ result: Result<RawResponse, any Error>, at file: URL, theirs: URL, size: Int) throws {
        switch result {
        case .success:
            let delivered = try Data(contentsOf: file)
            #expect(delivered != Self.decoy, "the swapper's file was moved into place")
            #expect(delivered.count == size)
        case .failure(let error):
            #expect(error is EngineError, "\(error)")
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
        #expect((try? Data(contentsOf: theirs.appendingPathComponent("body"))) == Self.decoy)
    }

    @Test(.enabled(if: TestServer.isAvailable, TestServer.unavailableReason))
    func aStagingDirectorySwappedDuringTheTransferMovesNoDecoyIntoPlace() async throws {
        let (folder, theirs) = try folders()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let file = folder.appendingPathComponent("signed.pdf")
        let size = 256 << 10
        var request = Fixture.request(
            "large", Fixture.id(), query: [QueryItem("size", String(size)), QueryItem("ctype", "application/pdf")])
        request.responseKind = .binary
        request.downloadDestination = file
        let swapped = Locked<(any Error)??>(nil)
        // The first piece of the body is proof the staged file exists and the transfer is under way.
        request.downloadProgress = { _, _ in
            swapped.withLock { outcome in
                guard outcome == nil else { return }
                outcome = .some(Result { try Self.swap(in: folder, for: theirs) }.failure)
            }
        }
        let result = await Result.of { try await Fixture.transport().send(request) }
        let swapError = try #require(swapped.withLock { $0 }, "the body never arrived")
        #expect(swapError == nil, "\(String(describing: swapError))")
        try expectNoDecoy(result, at: file, theirs: theirs, size: size)
    }

    /// A transport that takes the file by its path (not this package's) writes it, then the swap
    /// happens before the engine moves it into place; a 2xx JSON answer is read back the same way.
    @Test func aStagingDirectorySwappedBeforeTheMoveMovesOrReadsNoDecoy() async throws {
        struct SwappedAfterWriting: HTTPTransport {
            let folder: URL
            let theirs: URL
            let contentType: String
            let body: Data
            func send(_ request: TransportRequest) async throws -> TransportResponse {
                let file = try #require(request.responseBodyFile)
                try body.write(to: file, options: .withoutOverwriting)
                try DownloadStagingTests.swap(in: folder, for: theirs)
                return TransportResponse(statusCode: 200, headers: ["Content-Type": contentType], bodyFile: file)
            }
        }
        let pdf = Data("%PDF-1.7 the real one".utf8)
        for (contentType, body) in [("application/pdf", pdf), ("application/json", Data(#"{"real":true}"#.utf8))] {
            let (folder, theirs) = try folders()
            defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
            let file = folder.appendingPathComponent("signed.pdf")
            var request = Fixture.request("echo", Fixture.id())
            request.responseKind = .binary
            request.downloadDestination = file
            let transport = SwappedAfterWriting(folder: folder, theirs: theirs, contentType: contentType, body: body)
            let seen = Locked<[RawResponse]>([])
            let engine = APIEngine(
                configuration: Fixture.configuration(), transport: transport,
                middlewares: [DownloadToFileTests.Peek(seen: seen)])
            let result = await Result.of { try await engine.send(request) }
            if contentType == "application/pdf" {
                try expectNoDecoy(result, at: file, theirs: theirs, size: pdf.count)
                #expect((try? Data(contentsOf: file)) == pdf)
            } else {
                // Read back from the staged file for the chain to judge: the real JSON, never the decoy.
                #expect(seen.withLock { $0.first?.body } == body)
                let error = await thrown { try result.get() }
                #expect((error as? EngineError)?.message == "Expected file content but the server answered JSON")
                #expect(!FileManager.default.fileExists(atPath: file.path))
            }
        }
    }

    @Test func theStagingDirectoryIsPrivateAndItsCleanUpSparesAReplacement() throws {
        let (folder, theirs) = try folders()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let staging = try StagingDirectory(beside: folder.appendingPathComponent("signed.pdf"))
        let mode = try FileManager.default.attributesOfItem(atPath: staging.url.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        try Self.swap(in: folder, for: theirs)
        staging.remove()
        // The link put in its place and what it points to stay; the real directory is emptied.
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: staging.url.path) == theirs.path)
        #expect(try Data(contentsOf: theirs.appendingPathComponent("body")) == Self.decoy)
    }
}

extension Result where Success == Void {
    /// The error, if any.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

extension Result where Failure == any Error {
    fileprivate static func of(_ body: () async throws -> Success) async -> Result {
        do { return .success(try await body()) } catch { return .failure(error) }
    }
}
