import Foundation

/// Everything a client needs to talk to the API. Fails closed: `validate()` rejects anything
/// doubtful, and the transport runs the same checks before every request, so a configuration
/// that was never validated still cannot send a malformed or leaky request.
public struct AssinafyClientConfiguration: Sendable {
    public static let productionBaseURL = constantURL("https://api.assinafy.com.br/v1")
    public static let sandboxBaseURL = constantURL("https://sandbox.assinafy.com.br/v1")
    public static let defaultUserAgent = "assinafy-swift-sdk/\(sdkVersion)"

    /// Sent as `Authorization: Bearer <token>` on account operations.
    public var token: String?
    /// Sent as `X-Api-Key` on account operations.
    public var apiKey: String?
    public var baseURL: URL
    /// The workspace the overlay fills into operations' `accountId`; only validated here.
    public var defaultAccountId: String?
    /// Seconds one attempt may take (whole seconds, rounded up, on Linux's idle timer; the SDK
    /// enforces the exact value as an overall deadline per attempt).
    public var timeout: TimeInterval
    public var logger: any Logger
    /// Permits `http://` for 127.0.0.0/8, `::1` and `localhost` only (local development, tests).
    public var allowsInsecureLoopback: Bool
    public var retryPolicy: RetryPolicy
    public var userAgent: String

    public init(
        token: String, baseURL: URL = productionBaseURL, defaultAccountId: String? = nil, timeout: TimeInterval = 30,
        logger: any Logger = NoopLogger()
    ) {
        self.init(
            token: token, apiKey: nil, baseURL: baseURL, defaultAccountId: defaultAccountId, timeout: timeout,
            logger: logger)
    }

    public init(
        apiKey: String, baseURL: URL = productionBaseURL, defaultAccountId: String? = nil,
        timeout: TimeInterval = 30, logger: any Logger = NoopLogger()
    ) {
        self.init(
            token: nil, apiKey: apiKey, baseURL: baseURL, defaultAccountId: defaultAccountId, timeout: timeout,
            logger: logger)
    }

    /// No credential: only signer (access code) and public operations will succeed.
    public init() {
        self.init(token: nil, apiKey: nil)
    }

    /// Every setting; accepts both credentials so that `validate()` can reject the combination.
    public init(
        token: String?, apiKey: String?, baseURL: URL = productionBaseURL, defaultAccountId: String? = nil,
        timeout: TimeInterval = 30, logger: any Logger = NoopLogger(), allowsInsecureLoopback: Bool = false,
        retryPolicy: RetryPolicy = .default, userAgent: String = defaultUserAgent
    ) {
        self.token = token
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.defaultAccountId = defaultAccountId
        self.timeout = timeout
        self.logger = logger
        self.allowsInsecureLoopback = allowsInsecureLoopback
        self.retryPolicy = retryPolicy
        self.userAgent = userAgent
    }

    /// Throws `ValidationError` listing every problem by field. Messages name the field, never
    /// echo a credential.
    public func validate() throws {
        var errors: [String: [String]] = [:]
        if token != nil && apiKey != nil {
            errors["credentials", default: []].append("configure either a token or an API key, not both")
        }
        if let token, !Validation.isSafeCredential(token) {
            errors["token", default: []].append("must be non-empty without whitespace or control characters")
        }
        if let apiKey, !Validation.isSafeCredential(apiKey) {
            errors["apiKey", default: []].append("must be non-empty without whitespace or control characters")
        }
        if !timeout.isFinite || timeout <= 0 {
            errors["timeout", default: []].append("must be a positive, finite number of seconds")
        }
        if let defaultAccountId, !RequestPath.isSafeSegment(defaultAccountId) {
            errors["defaultAccountId", default: []].append(
                "must not be blank, '.' or '..', nor contain '/', '\\', '?', '#' or control characters")
        }
        errors["baseURL", default: []].append(
            contentsOf: Validation.baseURLProblems(baseURL, allowsInsecureLoopback: allowsInsecureLoopback))
        if userAgent.isEmpty || userAgent.unicodeScalars.contains(where: Validation.isControl) {
            errors["userAgent", default: []].append("must be non-empty without control characters")
        }
        errors["retryPolicy", default: []].append(contentsOf: retryPolicy.validationProblems())
        errors = errors.filter { !$0.value.isEmpty }
        guard errors.isEmpty else {
            let summary = errors.keys.sorted().map { "\($0): \(errors[$0]?.joined(separator: "; ") ?? "")" }
            throw ValidationError("Invalid client configuration (\(summary.joined(separator: ", ")))", errors: errors)
        }
    }

    private static func constantURL(_ text: StaticString) -> URL {
        guard let url = URL(string: "\(text)") else { preconditionFailure("invalid constant URL \(text)") }
        return url
    }
}

enum Validation {
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.value == 0x7F
    }

    /// Header-safe and unambiguous: a credential with whitespace or a control character is
    /// either a paste accident or a header-injection attempt.
    static func isSafeCredential(_ value: String) -> Bool {
        !value.isEmpty
            && !value.unicodeScalars.contains { isControl($0) || $0.properties.isWhitespace }
    }

    static func baseURLProblems(_ url: URL, allowsInsecureLoopback: Bool) -> [String] {
        var problems: [String] = []
        let scheme = url.scheme?.lowercased()
        let host = url.host ?? ""
        if host.isEmpty { problems.append("must be an absolute URL with a host") }
        if scheme == "http" {
            if !allowsInsecureLoopback || !isLoopback(host: host) {
                problems.append(
                    "must use https (http is allowed only for loopback hosts with allowsInsecureLoopback)")
            }
        } else if scheme != "https" {
            problems.append("must use https")
        }
        if url.user != nil || url.password != nil { problems.append("must not contain user info") }
        if url.query != nil { problems.append("must not contain a query") }
        if url.fragment != nil { problems.append("must not contain a fragment") }
        return problems
    }

    /// 127.0.0.0/8 (four decimal octets), `::1` and `localhost`: nothing that DNS could answer.
    static func isLoopback(host rawHost: String) -> Bool {
        var host = rawHost.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return false }
        let values = octets.compactMap { octet -> Int? in
            guard !octet.isEmpty, octet.count <= 3, octet.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return nil
            }
            return Int(octet)
        }
        return values.count == 4 && values[0] == 127 && values.allSatisfy { $0 <= 255 }
    }
}
