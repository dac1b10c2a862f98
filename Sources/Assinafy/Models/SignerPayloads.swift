import APIRuntime
import AssinafyAPI
import Foundation

/// A new workspace signer: `CreateSignerPayload(fullName:email:)`, optionally with a WhatsApp
/// number and government id. A full name alone is enough.
public typealias CreateSignerPayload = CreateSignerRequest
/// Changes to a workspace signer; members left `nil` stay as they are.
public typealias UpdateSignerPayload = UpdateSignerRequest

/// Which image `signers.uploadSignature` and `downloadSignature` handle.
public enum SignatureImageType: String, Sendable, Hashable, CaseIterable {
    /// The full signature.
    case signature
    /// The initials.
    case initial
}

extension CreateSignerRequest {
    /// Local checks before creation: a non-blank name, and well-formed contacts when given.
    func validate() throws {
        var errors: [String: [String]] = [:]
        if fullName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            errors["fullName", default: []].append("must not be empty")
        }
        if let email, !InputChecks.isWellFormedEmail(email) {
            errors["email", default: []].append("must be a well-formed e-mail address")
        }
        if let whatsappPhoneNumber, !InputChecks.isWellFormedPhone(whatsappPhoneNumber) {
            errors["whatsappPhoneNumber", default: []].append("must be a phone number in international format")
        }
        guard errors.isEmpty else { throw ValidationError("Invalid signer", errors: errors) }
    }
}
