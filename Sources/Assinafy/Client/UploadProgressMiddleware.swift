import APIRuntime
import AssinafyAPI
import Foundation

/// Reports the body's upload progress to `onProgress`. Generated operations take no progress
/// argument, so a resource that wants progress runs the generated call with this added.
struct UploadProgressMiddleware: APIMiddleware {
    let onProgress: @Sendable (Int64, Int64) -> Void

    func intercept(
        _ request: APIRequest, operation: String, next: @Sendable (APIRequest) async throws -> RawResponse
    ) async throws -> RawResponse {
        var request = request
        request.uploadProgress = onProgress
        return try await next(request)
    }
}

extension ClientContext {
    /// The same context whose generated API groups report upload progress to `onProgress`;
    /// unchanged when it is `nil`.
    func reportingUploadProgress(_ onProgress: (@Sendable (Int64, Int64) -> Void)?) -> ClientContext {
        guard let onProgress else { return self }
        return adding(UploadProgressMiddleware(onProgress: onProgress))
    }
}
