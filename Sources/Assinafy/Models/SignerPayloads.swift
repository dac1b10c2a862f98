import APIRuntime
import AssinafyAPI
import Foundation

/// Which image `signers.uploadSignature` and `downloadSignature` handle.
public enum SignatureImageType: String, Sendable, Hashable, CaseIterable {
    /// The full signature.
    case signature
    /// The initials.
    case initial
}

extension CreateSignerPayload {
    /// Local checks before creation: a non-blank name, and well-formed contacts when given.
    @usableFromInline func validate() throws {
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
