import AssinafyAPI
import AssinafyRuntime
import Foundation

/// A cost estimate in the shape apps branch on: `hasSufficientResources` is a plain `Bool`, the
/// breakdown is never `nil`, and `blockingReason` is typed.
///
/// The generated `CostEstimate` keeps every member optional, as the published schema does; its
/// name is taken by that type, so this wrapper has its own. `raw` keeps the response unchanged.
public struct EstimatedCost: Sendable, Hashable {
    public typealias BlockingReason = CostEstimateBlockingReason

    /// The response as decoded.
    public let raw: CostEstimate

    public init(_ raw: CostEstimate) { self.raw = raw }

    /// Whether the account can pay for the request. When the server leaves the flag out, the
    /// absence of a blocking reason decides.
    public var hasSufficientResources: Bool { raw.hasSufficientResources ?? (raw.blockingReason == nil) }
    /// Why the request cannot go ahead: `PendingPayment`, `InsufficientDocuments` or
    /// `InsufficientCredits` (or a reason this SDK version does not know, kept as sent).
    public var blockingReason: BlockingReason? { raw.blockingReason }
    /// The lines of the estimate.
    public var breakdown: [CostEstimateBreakdownItem] { raw.breakdown ?? [] }
    /// Documents the account has left.
    public var documentBalance: Double? { raw.documentBalance }
    /// Credits the account has left.
    public var creditBalance: Double? { raw.creditBalance }
    /// Documents the request consumes.
    public var documents: Int? { raw.documents }
    /// Notification credits the request needs.
    public var credits: Double? { raw.credits }
    public var totalCredits: Double? { raw.totalCredits }
    /// The plan's document allowance is used up, so an extra document is paid from credits.
    public var needsExtraDocument: Bool { raw.needsExtraDocument ?? false }
    public var extraDocumentCost: Double? { raw.extraDocumentCost }
    /// The server's explanation, when it gives one.
    public var message: String? { raw.message }
}

extension AssinafySDKError {
    /// An error whose message is a blocking reason, so that
    /// `throw AssinafySDKError(estimate.blockingReason ?? "Insufficient account resources")`
    /// reads as it should. A known reason is also recorded in `context["blockingReason"]`.
    public init(
        _ reason: EstimatedCost.BlockingReason, context: [String: String] = [:], underlyingError: (any Error)? = nil
    ) {
        var context = context
        if reason.isKnown { context["blockingReason"] = reason.rawValue }
        self.init(reason.rawValue, context: context, underlyingError: underlyingError)
    }
}
