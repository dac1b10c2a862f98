import AssinafyAPI
import Foundation

extension DocumentsResource {
    /// The files a document offers for download.
    public enum Artifact: String, Sendable, Hashable, CaseIterable {
        /// The PDF as uploaded.
        case original
        /// The signed document with the platform's certification.
        case certificated
        /// Only the certification page.
        case certificatePage = "certificate-page"
        /// The signers' ICP-Brasil signatures plus the certification box; only for documents
        /// signed with a digital certificate.
        case pades
        /// A zip of original, certificated and certificate-page (and pades when present).
        case bundle

        @usableFromInline var accountRouteName: DownloadDocumentArtifactArtifactName { .init(rawValue: rawValue) }
        @usableFromInline var signerRouteName: DownloadSignerDocumentArtifactArtifactName { .init(rawValue: rawValue) }
    }
}
