import AssinafyAPI
import Foundation

/// How far a document's signature request has got.
public struct SigningProgress: Sendable, Hashable {
    /// Signers who have signed.
    public let signed: Int
    /// Signers asked to sign.
    public let total: Int
    /// Signers still to sign.
    @_alwaysEmitIntoClient public var pending: Int { max(total - signed, 0) }
    /// `signed / total` as 0…100; 0 when nobody was asked.
    @_alwaysEmitIntoClient public var percentage: Double { total == 0 ? 0 : Double(signed) / Double(total) * 100 }
    /// Everybody asked has signed (and somebody was asked).
    @_alwaysEmitIntoClient public var isComplete: Bool { total > 0 && signed >= total }

    @_alwaysEmitIntoClient public init(signed: Int, total: Int) {
        self.signed = signed
        self.total = total
    }

    /// From the assignment's summary when it has one, else from the signers' `completed` flags;
    /// zero of zero for a document without an assignment.
    @usableFromInline init(document: Document) {
        let assignment = document.assignment
        if let summary = assignment?.summary, let total = summary.signerCount {
            self.init(signed: min(summary.completedCount ?? 0, total), total: total)
        } else {
            let signers = assignment?.signers ?? []
            self.init(signed: signers.filter { $0.completed == true }.count, total: signers.count)
        }
    }
}
