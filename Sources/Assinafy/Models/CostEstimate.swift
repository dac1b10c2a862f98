import APIRuntime
import AssinafyAPI
import Foundation

/// A cost estimate in the shape apps branch on: `hasSufficientResources` is a plain `Bool`, the
/// breakdown is never `nil`, and `blockingReason` is typed. What `estimateCost` returns.
///
/// The product README names this type `CostEstimate`, so it has that name: in code that imports
/// `Assinafy` it shadows the generated, all-optional `AssinafyAPI.CostEstimate` (the decoded
/// response, kept unchanged in `raw` and spelled `CostEstimate.Raw`).
public struct CostEstimate: Sendable, Hashable {
    public typealias BlockingReason = CostEstimateBlockingReason
    /// The generated response model (every member optional, as the published schema has it).
    public typealias Raw = AssinafyAPI.CostEstimate

    /// The response as decoded.
    public let raw: Raw

    @_alwaysEmitIntoClient public init(_ raw: Raw) { self.raw = raw }

    /// Whether the account can pay for the request. When the server leaves the flag out, the
    /// absence of a blocking reason decides.
    @_alwaysEmitIntoClient public var hasSufficientResources: Bool {
        raw.hasSufficientResources ?? (raw.blockingReason == nil)
    }
    /// Why the request cannot go ahead: `PendingPayment`, `InsufficientDocuments` or
    /// `InsufficientCredits` (or a reason this SDK version does not know, kept as sent).
    @_alwaysEmitIntoClient public var blockingReason: BlockingReason? { raw.blockingReason }
    /// The lines of the estimate.
    @_alwaysEmitIntoClient public var breakdown: [CostEstimateBreakdownItem] { raw.breakdown ?? [] }
    /// Documents the account has left.
    @_alwaysEmitIntoClient public var documentBalance: Double? { raw.documentBalance }
    /// Credits the account has left.
    @_alwaysEmitIntoClient public var creditBalance: Double? { raw.creditBalance }
    /// Documents the request consumes.
    @_alwaysEmitIntoClient public var documents: Int? { raw.documents }
    /// Notification credits the request needs.
    @_alwaysEmitIntoClient public var credits: Double? { raw.credits }
    @_alwaysEmitIntoClient public var totalCredits: Double? { raw.totalCredits }
    /// The plan's document allowance is used up, so an extra document is paid from credits.
    @_alwaysEmitIntoClient public var needsExtraDocument: Bool { raw.needsExtraDocument ?? false }
    @_alwaysEmitIntoClient public var extraDocumentCost: Double? { raw.extraDocumentCost }
    /// The server's explanation, when it gives one.
    @_alwaysEmitIntoClient public var message: String? { raw.message }
}

extension AssinafySDKError {
    /// An error whose message is a blocking reason, so that
    /// `throw AssinafySDKError(estimate.blockingReason ?? "Insufficient account resources")`
    /// reads as it should. A known reason is also recorded in `context["blockingReason"]`.
    @_alwaysEmitIntoClient public init(
        _ reason: CostEstimate.BlockingReason, context: [String: String] = [:], underlyingError: (any Error)? = nil
    ) {
        var context = context
        if reason.isKnown { context["blockingReason"] = reason.rawValue }
        self.init(reason.rawValue, context: context, underlyingError: underlyingError)
    }
}
