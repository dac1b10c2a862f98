import APIRuntime
import Foundation

/// Streams a download's body to a file (`APIRequest.downloadDestination`) instead of memory.
/// Generated operations return the body as `Data`, so a resource that wants a file runs the
/// generated call with this added, then calls `finish(returned:)`.
final class DownloadToFileMiddleware: APIMiddleware, @unchecked Sendable {
    // @unchecked: `streamed` is only touched with `lock` held.
    let destination: URL
    let onProgress: (@Sendable (Int64, Int64) -> Void)?
    private let lock = NSLock()
    private var streamed = false

    init(destination: URL, onProgress: (@Sendable (Int64, Int64) -> Void)?) {
        self.destination = destination
        self.onProgress = onProgress
    }

    func intercept(
        _ request: APIRequest, operation: String, next: @Sendable (APIRequest) async throws -> RawResponse
    ) async throws -> RawResponse {
        var request = request
        request.downloadDestination = destination
        request.downloadProgress = onProgress
        let response = try await next(request)
        lock.withLock { streamed = response.bodyFile != nil }
        return response
    }

    /// A client that is not an engine may have ignored the destination and answered in memory:
    /// then the file is written here, the same way (private, then moved into place).
    func finish(returned body: Data) throws {
        guard !lock.withLock({ streamed }) else { return }
        do {
            try DownloadFile.write(body, to: destination)
        } catch {
            throw AssinafyErrorTranslation.translate(error)
        }
    }
}

extension ClientContext {
    /// Runs `call` on a context whose downloads stream to `fileURL`.
    @usableFromInline func downloading(
        to fileURL: URL, progress: (@Sendable (Int64, Int64) -> Void)?,
        _ call: (ClientContext) async throws -> Data
    ) async throws {
        let download = DownloadToFileMiddleware(destination: fileURL, onProgress: progress)
        let body = try await call(adding(download))
        try download.finish(returned: body)
    }
}
