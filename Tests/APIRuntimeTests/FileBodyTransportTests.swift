import AssinafyTestSupport
import Foundation
import Testing

@testable import APIRuntime

/// A body streamed from a file, through `URLSessionHTTPTransport` itself.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.unavailableReason)) struct FileBodyTransportTests {
    let server = TestServer.shared

    static func file(bytes: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("file-body-\(UUID().uuidString)")
        try Data((0..<bytes).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: url)
        return url
    }

    func request(_ scenario: String, file: URL, length: Int64) -> TransportRequest {
        TransportRequest(
            url: server.baseURL().appendingPathComponent("v1/\(scenario)/\(Fixture.id())"), method: .post,
            headers: ["Content-Type": "application/octet-stream"], body: .file(file, length: length))
    }

    /// Uploads from a file cancelled at every moment of their transfer end the call, never the
    /// process. On Linux the transport once used `uploadTask(fromFile:)`, whose reader un-pauses
    /// libcurl after the transfer may have ended; swift-corelibs-foundation traps on the failed
    /// un-pause (seen in CI: "EasyHandle.swift:484: 'try!' ... libcurl.Easy Code=43").
    @Test func fileUploadsCancelledMidTransferEndTheCallNotTheProcess() async throws {
        let length = 4 << 20
        let file = try Self.file(bytes: length)
        defer { try? FileManager.default.removeItem(at: file) }
        let transport = URLSessionHTTPTransport()
        let outcomes = await withTaskGroup(of: String.self, returning: [String].self) { group in
            for round in 0..<48 {
                let request = request("echo", file: file, length: Int64(length))
                group.addTask {
                    let call = Task { try await transport.send(request) }
                    try? await Task.sleep(nanoseconds: UInt64(round % 16) * 2_000_000)
                    call.cancel()
                    switch await call.result {
                    case .success(let answer): return "answered \(answer.statusCode)"
                    case .failure(let error as URLError): return "URLError \(error.code.rawValue)"
                    case .failure(let error): return "\(type(of: error))"
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.count == 48)
        #expect(outcomes.allSatisfy { $0 == "answered 200" || $0 == "CancellationError" }, "\(Set(outcomes))")
    }

    /// The whole file arrives, with its length stated and not chunked, and the progress reports
    /// count up to that length.
    @Test func aFileBodyArrivesWholeWithItsLength() async throws {
        let length = 3 << 20 + 17
        let file = try Self.file(bytes: length)
        defer { try? FileManager.default.removeItem(at: file) }
        let seen = Locked<[(Int64, Int64)]>([])
        var request = request("echo", file: file, length: Int64(length))
        request.uploadProgress = { sent, total in seen.withLock { $0.append((sent, total)) } }
        let answer = try await URLSessionHTTPTransport().send(request)
        #expect(answer.statusCode == 200)
        let echoed = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
        let data = try #require(echoed?["data"] as? [String: Any])
        #expect(data["body_size"] as? Int == length)
        let headers = (data["headers"] as? [[String]] ?? []).map { $0.map { $0.lowercased() } }
        #expect(headers.contains(["content-length", String(length)]), "\(headers)")
        #expect(!headers.contains { $0.first == "transfer-encoding" }, "\(headers)")
        let reports = seen.withLock { $0 }
        #expect(reports.last?.0 == Int64(length))
        #expect(reports.allSatisfy { $0.1 == Int64(length) }, "\(reports.suffix(3))")
    }

    /// A body file that is gone by the time of the call fails it with a typed error, at once.
    @Test func aMissingBodyFileFailsTheCall() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("gone-\(UUID().uuidString)")
        let request = request("echo", file: missing, length: 10)
        let error = await thrown { try await URLSessionHTTPTransport().send(request) }
        #expect((error as? URLError)?.code == .fileDoesNotExist, "\(String(describing: error))")
    }
}
