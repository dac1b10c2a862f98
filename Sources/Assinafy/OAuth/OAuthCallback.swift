import APIRuntime
import Foundation

/// The redirect back from the authorization server, parsed but not yet trusted.
///
/// ```swift
/// let codigo = try OAuthCallback(callbackURL: callbackURL)!
///     .validate(against: pedido, issuer: servidor.issuer)
/// ```
///
/// Nothing from the URL is used before `validate(against:issuer:)` has checked, in this order:
/// 1. no parameter appears twice (a duplicated `state`, `iss` or `code` means someone spliced
///    parameters into the URL, and which copy a server or library reads differs);
/// 2. `state` equals the request's, compared in constant time;
/// 3. `iss` (RFC 9207) equals the expected issuer — required on success *and* on error, so a
///    mix-up attack cannot substitute another server's response, or its error.
///
/// Only then does it return the code or throw the server's error.
///
/// Errors, each one of the SDK's four types:
/// - state/iss/duplicate/shape problems: `AssinafySDKError`, `reason` one of
///   `.duplicateParameter`, `.stateMismatch`, `.issuerMissing`, `.issuerMismatch`,
///   `.missingCode` (values from the URL are never put in the error);
/// - an error the server reported (`?error=access_denied…`): `APIError` whose `oauthError`
///   carries `error` and `error_description`, exactly as for token endpoint errors, so one
///   `catch let error as APIError` handles both. A redirect has no HTTP status: `statusCode` is
///   400 and `operationName` is `authorizationCallback`.
public struct OAuthCallback: Sendable {
    /// The decoded query parameters in order, repeated names kept.
    @usableFromInline let parameters: [(name: String, value: String)]

    /// `nil` when the URL has no query at all (it cannot be an authorization response).
    @_alwaysEmitIntoClient public init?(callbackURL: URL) {
        guard let components = URLComponents(url: callbackURL, resolvingAgainstBaseURL: false),
            let query = components.percentEncodedQuery, !query.isEmpty
        else { return nil }
        parameters = OAuthQuery.parse(query)
    }

    /// The names present, for diagnostics (values are never exposed before validation).
    @_alwaysEmitIntoClient public var parameterNames: [String] { parameters.map(\.name) }

    /// Validates the response against `request` and returns the authorization code.
    ///
    /// - Parameter issuer: the authorization server's issuer (`servidor.issuer`); `nil` means
    ///   `OAuthResource.defaultIssuer`.
    @_alwaysEmitIntoClient public func validate(against request: OAuthAuthorizationRequest, issuer: String? = nil)
        throws -> String
    {
        var counts: [String: Int] = [:]
        for parameter in parameters { counts[parameter.name, default: 0] += 1 }
        if let duplicated = counts.filter({ $0.value > 1 }).keys.sorted().first {
            throw OAuthCallback.failure(
                "The authorization response repeats a parameter", reason: .duplicateParameter,
                extra: ["parameter": duplicated])
        }
        let values = Dictionary(parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })

        guard let state = values["state"], OAuthState.matches(state, expected: request.state) else {
            throw OAuthCallback.failure(
                "The authorization response's state does not match this request: it was not started by this app",
                reason: .stateMismatch)
        }
        let expectedIssuer = issuer ?? OAuthResource.defaultIssuer
        guard let receivedIssuer = values["iss"] else {
            throw OAuthCallback.failure(
                "The authorization response has no iss parameter (RFC 9207)", reason: .issuerMissing)
        }
        // RFC 9207 §2.4: simple string comparison, no normalisation.
        guard PortableCrypto.constantTimeEquals(Array(receivedIssuer.utf8), Array(expectedIssuer.utf8)) else {
            throw OAuthCallback.failure(
                "The authorization response comes from another issuer", reason: .issuerMismatch,
                extra: ["expectedIssuer": expectedIssuer])
        }

        if let code = values["error"] {
            throw OAuthCallback.serverError(
                code: code, description: values["error_description"], uri: values["error_uri"])
        }
        guard let code = values["code"], OAuthInput.isSafeToken(code) else {
            throw OAuthCallback.failure("The authorization response carries no usable code", reason: .missingCode)
        }
        return code
    }

    @usableFromInline @_alwaysEmitIntoClient static func failure(
        _ message: String, reason: AssinafySDKError.Reason, extra: [String: String] = [:]
    ) -> AssinafySDKError {
        var context = extra
        context["operation"] = "authorizationCallback"
        return AssinafySDKError(message, reason: reason, context: context)
    }

    /// The server's error as an `APIError`, built the way the transport builds one from an
    /// OAuth error body, so `oauthError` is parsed by the same code.
    @usableFromInline @_alwaysEmitIntoClient static func serverError(code: String, description: String?, uri: String?)
        -> APIError
    {
        var body = JSONObject()
        body["error"] = .string(code)
        if let description { body["error_description"] = .string(description) }
        if let uri { body["error_uri"] = .string(uri) }
        let data = (try? JSONCoding.encode(JSONValue.object(body))) ?? Data()
        let text = description.map { "\(code): \($0)" } ?? code
        return APIError(
            statusCode: 400, rawBody: data, operationName: "authorizationCallback",
            message: "The authorization server reported an error (\(String(text.prefix(300))))")
    }
}

extension OAuthCallback: CustomStringConvertible, CustomReflectable {
    // The code is a one-time credential: only parameter names are ever shown.
    public var description: String { "OAuthCallback(parameters: \(parameterNames.joined(separator: ", ")))" }
    public var customMirror: Mirror {
        Mirror(self, children: ["parameterNames": parameterNames], displayStyle: .struct)
    }
}
