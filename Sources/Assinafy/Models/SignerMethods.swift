import APIRuntime
import AssinafyAPI
import Foundation

/// How a signer proves who they are before signing.
public enum SignerVerificationMethod: String, Sendable, Hashable, CaseIterable {
    /// A one-time code by e-mail (the default).
    case email = "Email"
    /// A one-time code by WhatsApp.
    case whatsapp = "Whatsapp"
    /// The signer's own ICP-Brasil certificate, through the Web PKI browser extension.
    case digitalCertificate = "DigitalCertificate"

    /// A server value, matched without regard to case; `nil` for one this SDK does not know.
    @usableFromInline @_alwaysEmitIntoClient init?(serverValue: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == serverValue.lowercased() }) else {
            return nil
        }
        self = match
    }
}

/// How a signer is told that there is something to sign.
public enum SignerNotificationMethod: String, Sendable, Hashable, CaseIterable {
    case email = "Email"
    case whatsapp = "Whatsapp"

    @usableFromInline @_alwaysEmitIntoClient init?(serverValue: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == serverValue.lowercased() }) else {
            return nil
        }
        self = match
    }
}

/// The verification/notification pairing the API accepts, with the missing side inferred.
@usableFromInline enum SignerMethodRules {
    /// `email → email`, `whatsapp → whatsapp`, `digitalCertificate → email or whatsapp`, at most
    /// one notification method; the side left out is inferred, and both default to e-mail.
    /// Returns the problem as text when the pair is not allowed.
    @usableFromInline @_alwaysEmitIntoClient static func resolve(
        verification: SignerVerificationMethod?, notifications: [SignerNotificationMethod]?
    ) -> Result<(SignerVerificationMethod, SignerNotificationMethod), RuleViolation> {
        let notifications = notifications ?? []
        guard notifications.count <= 1 else {
            return .failure(RuleViolation(field: "notifications", message: "only one notification method is allowed"))
        }
        switch (verification, notifications.first) {
        case (nil, nil): return .success((.email, .email))
        case (nil, .email?): return .success((.email, .email))
        case (nil, .whatsapp?): return .success((.whatsapp, .whatsapp))
        case (.email?, nil), (.email?, .email?): return .success((.email, .email))
        case (.whatsapp?, nil), (.whatsapp?, .whatsapp?): return .success((.whatsapp, .whatsapp))
        case (.digitalCertificate?, nil): return .success((.digitalCertificate, .email))
        case (.digitalCertificate?, let notification?): return .success((.digitalCertificate, notification))
        case (.email?, .whatsapp?):
            return .failure(RuleViolation(field: "notifications", message: "email verification notifies by email"))
        case (.whatsapp?, .email?):
            return .failure(
                RuleViolation(field: "notifications", message: "whatsapp verification notifies by whatsapp"))
        }
    }

    @usableFromInline struct RuleViolation: Error {
        @usableFromInline var field: String
        @usableFromInline var message: String

        @usableFromInline @_alwaysEmitIntoClient init(field: String, message: String) {
            self.field = field
            self.message = message
        }
    }

    /// The checks every signer list applies to each of its signers, so assignments and
    /// templates refuse the same things in the same words: the trimmed id passes `checkId`, the
    /// step is 1 or more, and the pairing is allowed. Problems go into `errors` under `key`
    /// (`signers[i]`); `nil` when any was found.
    @usableFromInline @_alwaysEmitIntoClient static func resolveSigner(
        id: String?, step: Int?, verification: SignerVerificationMethod?,
        notifications: [SignerNotificationMethod]?, key: String, errors: inout [String: [String]],
        checkId: (String) -> String?
    ) -> ResolvedSigner? {
        let id = id?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        var valid = true
        if let problem = checkId(id) {
            errors["\(key).id", default: []].append(problem)
            valid = false
        }
        if let step, step < 1 {
            errors["\(key).step", default: []].append("must be 1 or more")
            valid = false
        }
        switch resolve(verification: verification, notifications: notifications) {
        case .success(let (verification, notification)):
            return valid
                ? ResolvedSigner(id: id, verification: verification, notification: notification, step: step) : nil
        case .failure(let violation):
            errors["\(key).\(violation.field)", default: []].append(violation.message)
            return nil
        }
    }
}

/// A signer after the rules: id trimmed, both methods explicit.
@usableFromInline struct ResolvedSigner: Hashable {
    @usableFromInline var id: String
    @usableFromInline var verification: SignerVerificationMethod
    @usableFromInline var notification: SignerNotificationMethod
    @usableFromInline var step: Int?

    @usableFromInline @_alwaysEmitIntoClient
    init(id: String, verification: SignerVerificationMethod, notification: SignerNotificationMethod, step: Int?) {
        self.id = id
        self.verification = verification
        self.notification = notification
        self.step = step
    }
}

extension AssignmentSigner {
    /// `verificationMethod`, typed; `nil` when absent or a value this SDK does not know.
    @_alwaysEmitIntoClient public var verification: SignerVerificationMethod? {
        verificationMethod.flatMap(SignerVerificationMethod.init(serverValue:))
    }

    /// `notificationMethods`, typed; values this SDK does not know are left out.
    @_alwaysEmitIntoClient public var notifications: [SignerNotificationMethod] {
        (notificationMethods ?? []).compactMap(SignerNotificationMethod.init(serverValue:))
    }
}

extension Signer {
    /// `verification_method` when a response carries it on a plain signer (assignment
    /// contexts do); `nil` when absent or unknown.
    @_alwaysEmitIntoClient public var verification: SignerVerificationMethod? {
        additionalFields["verification_method"]?.stringValue.flatMap(SignerVerificationMethod.init(serverValue:))
    }

    /// `notification_methods` when a response carries them; unknown values are left out.
    @_alwaysEmitIntoClient public var notifications: [SignerNotificationMethod] {
        (additionalFields["notification_methods"]?.arrayValue ?? []).compactMap {
            $0.stringValue.flatMap(SignerNotificationMethod.init(serverValue:))
        }
    }
}
