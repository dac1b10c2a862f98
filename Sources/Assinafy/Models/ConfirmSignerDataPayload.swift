import APIRuntime
import AssinafyAPI
import Foundation

/// What a signer confirms before signing a virtual assignment.
///
/// The published schema names `full_name`, `email` and `government_id`; the live signing flow
/// also takes `whatsapp_phone_number` and `has_accepted_terms`, which are sent alongside.
public struct ConfirmSignerDataPayload: Sendable, Hashable {
    public var fullName: String?
    public var email: String?
    public var governmentId: String?
    public var whatsappPhoneNumber: String?
    public var hasAcceptedTerms: Bool

    @_alwaysEmitIntoClient public init(
        fullName: String? = nil, email: String? = nil, governmentId: String? = nil,
        whatsappPhoneNumber: String? = nil, hasAcceptedTerms: Bool = false
    ) {
        self.fullName = fullName
        self.email = email
        self.governmentId = governmentId
        self.whatsappPhoneNumber = whatsappPhoneNumber
        self.hasAcceptedTerms = hasAcceptedTerms
    }

    /// The generated request, with the two members the schema lacks as additional fields.
    @usableFromInline var request: ConfirmSignerDataRequest {
        var extra: JSONObject = ["has_accepted_terms": .bool(hasAcceptedTerms)]
        if let whatsappPhoneNumber { extra["whatsapp_phone_number"] = .string(whatsappPhoneNumber) }
        return ConfirmSignerDataRequest(
            fullName: fullName, email: email, governmentId: governmentId, additionalFields: extra)
    }
}
