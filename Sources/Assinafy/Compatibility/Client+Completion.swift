import APIRuntime
import AssinafyAPI
import Foundation

// Completion-handler variant of the client-level orchestration, built like the resources' ones.
extension AssinafyClient {
    /// Completion-handler variant of `uploadAndRequestSignatures(documentData:options:)`;
    /// `completion` runs on the main queue. `options` is read when the returned task starts.
    @discardableResult
    public func uploadAndRequestSignatures(
        documentData: Data,
        options: UploadOptions,
        completion: @escaping @Sendable (Result<(document: Document, assignment: Assignment), any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await self.uploadAndRequestSignatures(documentData: documentData, options: options)
        }
    }
}
