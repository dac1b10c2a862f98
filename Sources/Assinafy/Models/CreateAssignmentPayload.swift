import APIRuntime
import AssinafyAPI
import Foundation

/// A workspace signer in a signature request, with how they are verified and notified and, for
/// ordered signing, their step.
///
/// `id` is optional only so that a model's optional `id` can be passed straight in; a missing id
/// is refused with `ValidationError` before any request.
public struct SignerReference: Sendable, Hashable {
    public var id: String?
    /// `nil` is inferred from the notification method (e-mail when both are left out).
    public var verification: SignerVerificationMethod?
    /// At most one; `nil` is inferred from the verification method.
    public var notifications: [SignerNotificationMethod]?
    /// 1-based signing order; signers sharing a step sign in parallel. `nil` is step 1.
    public var step: Int?

    @_alwaysEmitIntoClient public init(
        id: String?, verification: SignerVerificationMethod? = nil,
        notifications: [SignerNotificationMethod]? = nil, step: Int? = nil
    ) {
        self.id = id
        self.verification = verification
        self.notifications = notifications
        self.step = step
    }

    @_alwaysEmitIntoClient public static func signer(
        id: String?, verification: SignerVerificationMethod? = nil,
        notifications: [SignerNotificationMethod]? = nil, step: Int? = nil
    ) -> SignerReference {
        SignerReference(id: id, verification: verification, notifications: notifications, step: step)
    }

    /// The same as `signer(id:verification:notifications:step:)`, labelled as the wire format is.
    @_alwaysEmitIntoClient public static func descriptor(
        id: String?, verificationMethod: SignerVerificationMethod? = nil,
        notificationMethods: [SignerNotificationMethod]? = nil, step: Int? = nil
    ) -> SignerReference {
        SignerReference(id: id, verification: verificationMethod, notifications: notificationMethods, step: step)
    }
}

/// A signature request: the method, the signers and their order, and what they are told.
///
/// Checked locally before any request (`ValidationError`): at least one signer, each with an id
/// and no id twice; the verification/notification pairing (email→email, whatsapp→whatsapp,
/// digitalCertificate→email or whatsapp, one notification method); steps contiguous from 1, a
/// digital-certificate signer alone in its step; `.collect` with page entries.
public struct CreateAssignmentPayload: Sendable, Hashable {
    /// `.virtual` for remote signing by notification, `.collect` for in-person field collection.
    public var method: AssignmentMethod
    public var signers: [SignerReference]
    /// The message sent to the signers.
    public var message: String?
    /// Page field placements; required for `.collect`.
    public var entries: [AssignmentEntry]
    public var expiresAt: Date?
    /// E-mail addresses that receive a copy of the signed document.
    public var copyReceivers: [String]

    @_alwaysEmitIntoClient public init(
        method: AssignmentMethod = .virtual, signers: [SignerReference], message: String? = nil,
        entries: [AssignmentEntry] = [], expiresAt: Date? = nil, copyReceivers: [String] = []
    ) {
        self.method = method
        self.signers = signers
        self.message = message
        self.entries = entries
        self.expiresAt = expiresAt
        self.copyReceivers = copyReceivers
    }

    /// Signers by id, each verified and notified by e-mail, all in one step.
    @_alwaysEmitIntoClient public static func withSignerIds(
        _ signerIds: [String?], method: AssignmentMethod = .virtual, message: String? = nil
    ) -> CreateAssignmentPayload {
        CreateAssignmentPayload(method: method, signers: signerIds.map { .signer(id: $0) }, message: message)
    }

    /// Applies every local rule; throws one `ValidationError` listing all problems by field
    /// (`signers[1].notifications`, …).
    @usableFromInline @_alwaysEmitIntoClient func resolvedSigners() throws -> [ResolvedSigner] {
        var errors: [String: [String]] = [:]
        if signers.isEmpty { errors["signers", default: []].append("at least one signer is required") }
        if method == .collect && entries.isEmpty {
            errors["entries", default: []].append("a collect assignment needs page field placements")
        }
        var resolved: [ResolvedSigner] = []
        var seenIds: Set<String> = []
        for (index, signer) in signers.enumerated() {
            let checked = SignerMethodRules.resolveSigner(
                id: signer.id, step: signer.step, verification: signer.verification,
                notifications: signer.notifications, key: "signers[\(index)]", errors: &errors
            ) { id in
                if id.isEmpty { return "required" }
                return seenIds.insert(id).inserted ? nil : "appears more than once"
            }
            if let checked { resolved.append(checked) }
        }
        if errors.isEmpty { Self.checkSteps(resolved, into: &errors) }
        guard errors.isEmpty else { throw ValidationError("Invalid signature request", errors: errors) }
        return resolved
    }

    /// Steps (a missing one is step 1) must be 1, 2, … without gaps, and a digital-certificate
    /// signer must be the only signer of its step.
    @usableFromInline @_alwaysEmitIntoClient static func checkSteps(
        _ signers: [ResolvedSigner], into errors: inout [String: [String]]
    ) {
        let steps = signers.map { $0.step ?? 1 }
        let distinct = Set(steps).sorted()
        // Distinct positive steps are 1…n without gaps exactly when they equal 1…count.
        if !distinct.isEmpty && distinct != Array(1...distinct.count) {
            errors["signers", default: []].append("steps must be contiguous starting at 1 (found \(distinct))")
        }
        for (index, signer) in signers.enumerated() where signer.verification == .digitalCertificate {
            if steps.filter({ $0 == steps[index] }).count > 1 {
                errors["signers[\(index)].step", default: []].append(
                    "a digital-certificate signer must be alone in its step")
            }
        }
    }

    /// The generated request body.
    @_alwaysEmitIntoClient @usableFromInline func createRequest() throws -> CreateAssignmentRequest {
        let signerItems = try resolvedSigners().map { signer in
            CreateAssignmentRequestSignersItem(
                id: signer.id, verificationMethod: .init(rawValue: signer.verification.rawValue),
                notificationMethods: [.init(rawValue: signer.notification.rawValue)], step: signer.step)
        }
        return CreateAssignmentRequest(
            method: .init(rawValue: method.rawValue), signers: signerItems, entries: entries.isEmpty ? nil : entries,
            message: message, expiresAt: expiresAt, copyReceivers: copyReceivers.isEmpty ? nil : copyReceivers)
    }

    /// The estimate body: the same method, channels and entries, without ids (the price does not
    /// depend on who signs).
    @_alwaysEmitIntoClient @usableFromInline func estimateRequest() throws -> EstimateAssignmentCostRequest {
        let signerItems = try resolvedSigners().map { signer in
            EstimateAssignmentCostRequestSignersItem(
                verificationMethod: .init(rawValue: signer.verification.rawValue),
                notificationMethods: [.init(rawValue: signer.notification.rawValue)])
        }
        let entryObjects = try entries.map { try JSONCoding.decode(JSONObject.self, from: JSONCoding.encode($0)) }
        return EstimateAssignmentCostRequest(
            method: .init(rawValue: method.rawValue), signers: signerItems,
            entries: entryObjects.isEmpty ? nil : entryObjects)
    }
}
