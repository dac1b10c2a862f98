import AssinafyAPI
import AssinafyRuntime
import Foundation

/// Forwards every request unchanged except for `uploadProgress`, which it sets.
///
/// Generated operations build their `APIRequest` internally and take no progress argument, so a
/// resource that wants upload progress runs the generated call over this decorator instead of
/// reaching into the request itself.
struct UploadProgressTransport: HTTPClientProtocol {
    let base: any HTTPClientProtocol
    let onProgress: @Sendable (Int64, Int64) -> Void

    func send(_ request: APIRequest) async throws -> HTTPResponse {
        var request = request
        request.uploadProgress = onProgress
        return try await base.send(request)
    }
}

extension ClientContext {
    /// The same context whose generated API groups report upload progress to `onProgress`;
    /// unchanged when it is `nil`.
    func reportingUploadProgress(_ onProgress: (@Sendable (Int64, Int64) -> Void)?) -> ClientContext {
        guard let onProgress else { return self }
        return ClientContext(
            configuration: configuration, transport: UploadProgressTransport(base: transport, onProgress: onProgress))
    }
}
