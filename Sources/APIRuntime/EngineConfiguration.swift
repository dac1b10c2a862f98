import Foundation

/// Everything an `APIEngine` needs to talk to one API. Fails closed: `validate()` rejects
/// anything doubtful, and the engine runs the same checks before every request, so a
/// configuration that was never validated still cannot send a malformed or leaky request.
///
/// There is no default base URL: a generated module lists its document's servers
/// (`Servers`), and the caller picks one, so a credential can only ever go to a host the
/// caller named.
public struct APIEngineConfiguration: Sendable {
    /// A product built on the engine sends its own (name and version).
    public static let defaultUserAgent = "swift-api-runtime"
    /// 32 MiB: far above any JSON answer an API sends, far below what hurts a phone.
    public static let defaultMaximumResponseBytes: Int64 = 32 << 20
    /// 1 GiB: a large signed PDF or certificate bundle, streamed to a file or held in memory.
    public static let defaultMaximumDownloadBytes: Int64 = 1 << 30

    public var baseURL: URL
    /// Credential values by security-scheme name (the keys of the document's
    /// `components.securitySchemes`), e.g. `["api_key": .apiKey("…")]`.
    public var credentials: [String: CredentialValue]
    /// Seconds one attempt may take (whole seconds, rounded up, on Linux's idle timer; the engine
    /// enforces the exact value as an overall deadline per attempt).
    public var timeout: TimeInterval
    public var logger: any ClientLogger
    /// Permits `http://` for 127.0.0.0/8, `::1` and `localhost` only (local development, tests).
    public var allowsInsecureLoopback: Bool
    public var retryPolicy: RetryPolicy
    public var userAgent: String
    /// The largest answer body held in memory, whatever its media type, in bytes after any
    /// content coding is undone (a coding the request did not ask for is undone and counted too).
    /// A larger one fails with `ResponseTooLargeError` and its transfer is cancelled;
    /// `APIRequest.maximumResponseBytes` overrides it per call.
    public var maximumResponseBytes: Int64
    /// The same limit for a 2xx body streamed to a file (`APIRequest.downloadDestination`),
    /// and for how far the reader of a streamed answer (`APIRequest.streamsResponse`) may fall
    /// behind, as what it has not read yet waits on disk; a binary answer returned as `Data` is
    /// held in memory and gets `maximumResponseBytes`.
    public var maximumDownloadBytes: Int64

    public init(
        baseURL: URL, credentials: [String: CredentialValue] = [:], timeout: TimeInterval = 30,
        logger: any ClientLogger = NoopLogger(), allowsInsecureLoopback: Bool = false,
        retryPolicy: RetryPolicy = .default, userAgent: String = defaultUserAgent,
        maximumResponseBytes: Int64 = defaultMaximumResponseBytes,
        maximumDownloadBytes: Int64 = defaultMaximumDownloadBytes
    ) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.timeout = timeout
        self.logger = logger
        self.allowsInsecureLoopback = allowsInsecureLoopback
        self.retryPolicy = retryPolicy
        self.userAgent = userAgent
        self.maximumResponseBytes = maximumResponseBytes
        self.maximumDownloadBytes = maximumDownloadBytes
    }

    /// Throws `RequestValidationError` listing every problem by field. Messages name the field,
    /// never echo a credential.
    public func validate() throws {
        let problems = validationProblems()
        guard problems.isEmpty else {
            throw RequestValidationError(Validation.summary("Invalid client configuration", problems), errors: problems)
        }
    }

    /// Problems by field; empty when the configuration is usable.
    public func validationProblems() -> [String: [String]] {
        var errors: [String: [String]] = [:]
        for name in credentials.keys.sorted() where !(credentials[name]?.isWellFormed ?? true) {
            errors["credentials.\(name)", default: []].append(
                "must be non-empty without whitespace or control characters")
        }
        if !timeout.isFinite || timeout <= 0 {
            errors["timeout", default: []].append("must be a positive, finite number of seconds")
        }
        errors["baseURL", default: []].append(
            contentsOf: Validation.baseURLProblems(baseURL, allowsInsecureLoopback: allowsInsecureLoopback))
        if userAgent.isEmpty || userAgent.unicodeScalars.contains(where: Validation.isControl) {
            errors["userAgent", default: []].append("must be non-empty without control characters")
        }
        errors["retryPolicy", default: []].append(contentsOf: retryPolicy.validationProblems())
        if maximumResponseBytes <= 0 {
            errors["maximumResponseBytes", default: []].append("must be a positive number of bytes")
        }
        if maximumDownloadBytes <= 0 {
            errors["maximumDownloadBytes", default: []].append("must be a positive number of bytes")
        }
        return errors.filter { !$0.value.isEmpty }
    }
}

@usableFromInline package enum Validation {
    @usableFromInline package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.value == 0x7F
    }

    /// Header-safe and unambiguous: a credential with whitespace or a control character is
    /// either a paste accident or a header-injection attempt.
    package static func isSafeCredential(_ value: String) -> Bool {
        !value.isEmpty
            && !value.unicodeScalars.contains { isControl($0) || $0.properties.isWhitespace }
    }

    @usableFromInline package static func summary(_ title: String, _ errors: [String: [String]]) -> String {
        let parts = errors.keys.sorted().map { "\($0): \(errors[$0]?.joined(separator: "; ") ?? "")" }
        return "\(title) (\(parts.joined(separator: ", ")))"
    }

    package static func baseURLProblems(_ url: URL, allowsInsecureLoopback: Bool) -> [String] {
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
    package static func isLoopback(host rawHost: String) -> Bool {
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
