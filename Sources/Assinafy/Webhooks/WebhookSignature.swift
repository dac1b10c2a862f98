import APIRuntime
import Foundation

/// Verifies (and, for tests and emulators, produces) webhook signatures as Assinafy sends them,
/// following Standard Webhooks: header `webhook-signature` holds space-separated `v1,<base64>`
/// entries, each an HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{raw body}` keyed by the
/// base64-decoded part of the endpoint's `whsec_…` secret.
///
/// Verify the raw body bytes exactly as received, before any JSON decoding: re-encoding changes
/// bytes and breaks the signature.
///
/// ```swift
/// guard WebhookSignature.verify(body: body, id: headers["webhook-id"] ?? "",
///                                timestamp: headers["webhook-timestamp"] ?? "",
///                                signatureHeader: headers["webhook-signature"] ?? "",
///                                secret: endpointSecret)
/// else { return .unauthorized }
/// ```
public enum WebhookSignature {
    /// The prefix every Standard Webhooks secret carries.
    public static let secretPrefix = "whsec_"
    /// How far the timestamp may be from the clock, either way, before a delivery is refused.
    public static let defaultTolerance: TimeInterval = 300

    /// Whether any `v1` signature in `signatureHeader` matches and the timestamp is within
    /// `tolerance` seconds of `now`. Malformed input of any kind returns false.
    @_alwaysEmitIntoClient public static func verify(
        body: Data, id: String, timestamp: String, signatureHeader: String, secret: String,
        tolerance: TimeInterval = defaultTolerance, now: Date = Date()
    ) -> Bool {
        do {
            try verifyOrThrow(
                body: body, id: id, timestamp: timestamp, signatureHeader: signatureHeader, secret: secret,
                tolerance: tolerance, now: now)
            return true
        } catch {
            return false
        }
    }

    /// Like `verify`, but says why a delivery was refused (useful in logs; do not send the reason
    /// back to the caller). Checks run in this order: secret, id, signature header presence,
    /// timestamp format, timestamp window, signatures.
    @_alwaysEmitIntoClient public static func verifyOrThrow(
        body: Data, id: String, timestamp: String, signatureHeader: String, secret: String,
        tolerance: TimeInterval = defaultTolerance, now: Date = Date()
    ) throws(WebhookVerificationError) {
        let key = try signingKey(secret)
        guard !id.isEmpty else { throw .missingID }
        let entries = signatureHeader.split(separator: " ", omittingEmptySubsequences: true)
        guard !entries.isEmpty else { throw .missingSignature }
        let seconds = try parseTimestamp(timestamp)

        // NaN would make every comparison false and so accept any time: treat it as zero.
        let window = tolerance.isNaN ? 0 : max(0, tolerance)
        let age = now.timeIntervalSince1970 - Double(seconds)
        if age > window { throw .timestampTooOld }
        if -age > window { throw .timestampInFuture }

        let expected = PortableCrypto.hmacSHA256(
            key: key, message: signedContent(body: body, id: id, timestamp: timestamp))
        var matched = false
        for entry in entries {
            // Entries without a comma, and versions other than v1 (e.g. asymmetric `v1a`), are
            // skipped rather than fatal, so senders can add schemes without breaking receivers.
            guard let comma = entry.firstIndex(of: ","), entry[..<comma] == "v1",
                let candidate = PortableCrypto.base64Decode(entry[entry.index(after: comma)...])
            else { continue }
            // No early exit: every entry is compared, so timing says nothing about which matched.
            if PortableCrypto.constantTimeEquals(candidate, expected) { matched = true }
        }
        guard matched else { throw .noMatchingSignature }
    }

    /// Verifies using the three Standard Webhooks headers, looked up case-insensitively.
    @_alwaysEmitIntoClient public static func verify(
        body: Data, headers: [String: String], secret: String, tolerance: TimeInterval = defaultTolerance,
        now: Date = Date()
    ) -> Bool {
        func header(_ name: String) -> String {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value ?? ""
        }
        return verify(
            body: body, id: header("webhook-id"), timestamp: header("webhook-timestamp"),
            signatureHeader: header("webhook-signature"), secret: secret, tolerance: tolerance, now: now)
    }

    /// The `v1,<base64>` entry for a delivery: for tests, local emulators and replay tooling.
    @_alwaysEmitIntoClient public static func sign(body: Data, id: String, timestamp: String, secret: String)
        throws(WebhookVerificationError)
        -> String
    {
        let key = try signingKey(secret)
        let mac = PortableCrypto.hmacSHA256(key: key, message: signedContent(body: body, id: id, timestamp: timestamp))
        return "v1," + mac.base64EncodedString()
    }

    /// `sign` with a `Date`, rendering the timestamp as whole Unix seconds the way senders do.
    @_alwaysEmitIntoClient public static func sign(body: Data, id: String, timestamp: Date, secret: String)
        throws(WebhookVerificationError)
        -> String
    {
        try sign(
            body: body, id: id, timestamp: String(Int64(timestamp.timeIntervalSince1970.rounded(.down))), secret: secret
        )
    }

    @usableFromInline @_alwaysEmitIntoClient static func signedContent(body: Data, id: String, timestamp: String)
        -> Data
    {
        var content = Data("\(id).\(timestamp).".utf8)
        content.append(body)
        return content
    }

    @usableFromInline @_alwaysEmitIntoClient static func signingKey(_ secret: String) throws(WebhookVerificationError)
        -> Data
    {
        guard secret.hasPrefix(secretPrefix),
            let key = PortableCrypto.base64Decode(secret.dropFirst(secretPrefix.count)), !key.isEmpty
        else { throw .malformedSecret }
        return key
    }

    /// Whole Unix seconds in ASCII digits only: no sign, spaces or fractions, which a sender
    /// following the specification never produces.
    @usableFromInline @_alwaysEmitIntoClient static func parseTimestamp(_ text: String) throws(WebhookVerificationError)
        -> Int64
    {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let seconds = Int64(text)
        else { throw .malformedTimestamp }
        return seconds
    }
}

/// Why `WebhookSignature.verifyOrThrow` refused a delivery.
public enum WebhookVerificationError: Error, Sendable, Equatable, LocalizedError {
    /// The `webhook-id` header is missing or empty.
    case missingID
    /// The `webhook-signature` header is missing or empty.
    case missingSignature
    /// The secret does not start with `whsec_` or the rest is not base64.
    case malformedSecret
    /// The `webhook-timestamp` header is not a whole number of Unix seconds.
    case malformedTimestamp
    /// The timestamp is older than the tolerance allows (possibly a replay).
    case timestampTooOld
    /// The timestamp is further ahead than the tolerance allows (clock skew or forgery).
    case timestampInFuture
    /// No `v1` signature in the header matches the body under this secret.
    case noMatchingSignature

    public var errorDescription: String? {
        switch self {
        case .missingID: return "The webhook-id header is missing."
        case .missingSignature: return "The webhook-signature header is missing."
        case .malformedSecret: return "The webhook secret must be whsec_ followed by base64."
        case .malformedTimestamp: return "The webhook-timestamp header is not a Unix time in seconds."
        case .timestampTooOld: return "The webhook timestamp is outside the tolerance (too old)."
        case .timestampInFuture: return "The webhook timestamp is outside the tolerance (in the future)."
        case .noMatchingSignature: return "No webhook signature matches the payload."
        }
    }
}
