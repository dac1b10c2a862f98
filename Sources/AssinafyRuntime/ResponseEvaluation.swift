import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What came back at the end of a redirect chain, before the envelope rules are applied.
struct RawResponse: Sendable {
    var statusCode: Int
    var headers: HTTPHeaders
    var body: Data
    /// Why the SDK did not follow this 3xx, when it is one.
    var refusedRedirect: String?
}

/// Replaces every configured secret (and its percent-encoded form) in text that may end up in
/// an error message: servers sometimes echo the request URL or a header back.
struct Redactor: Sendable {
    static let placeholder = "[REDACTED]"
    let secrets: [String]

    init(_ secrets: [String?]) {
        var all: [String] = []
        for secret in secrets.compactMap({ $0 }) where !secret.isEmpty {
            all.append(secret)
            let encoded = RequestPath.percentEncode(secret)
            if encoded != secret { all.append(encoded) }
        }
        // Longest first so a secret containing another is replaced whole.
        self.secrets = all.sorted { $0.count > $1.count }
    }

    func redact(_ text: String) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: Redactor.placeholder) }
    }
}

enum ResponseEvaluator {
    /// Applies the envelope rules; returns the response only when it is a success.
    static func evaluate(_ raw: RawResponse, request: APIRequest, redactor: Redactor) throws -> HTTPResponse {
        if let reason = raw.refusedRedirect {
            throw apiError(raw, request: request, redactor: redactor, message: "Redirect not followed: \(reason)")
        }
        guard (200..<300).contains(raw.statusCode) else {
            throw apiError(raw, request: request, redactor: redactor)
        }
        let response = HTTPResponse(statusCode: raw.statusCode, headers: raw.headers, body: raw.body)
        let contentType = raw.headers["Content-Type"]
        switch request.responseKind {
        case .binary:
            // A download must never hand a JSON error body back as if it were the file.
            let sniffedJSON = contentType == nil && raw.body.first == UInt8(ascii: "{")
            guard isJSON(contentType) || sniffedJSON, let json = APIError.parseJSON(raw.body) else {
                return response
            }
            if let status = envelopeStatus(json), !(200..<300).contains(status) {
                throw apiError(raw, request: request, redactor: redactor, statusCode: status)
            }
            if json["error"] != nil || json["message"] != nil {
                throw apiError(raw, request: request, redactor: redactor)
            }
            if !isJSON(contentType) { return response }
            throw AssinafySDKError(
                "Expected file content but the server answered JSON",
                context: context(raw, request: request, contentType: contentType))
        case .json:
            if raw.body.isEmpty && (raw.statusCode == 204 || raw.statusCode == 205 || request.method == .head) {
                return response
            }
            // Every success body passes here: probe it (validate, read `status`) without building
            // the tree the typed decode is about to build anyway.
            guard let probe = EnvelopeProbe(raw.body) else {
                throw AssinafySDKError(
                    "The response body is not JSON", context: context(raw, request: request, contentType: contentType))
            }
            if let status = probe.status.flatMap({
                envelopeStatus(status: $0, hasMessageOrData: probe.hasMessageOrData)
            }),
                !(200..<300).contains(status)
            {
                throw apiError(raw, request: request, redactor: redactor, statusCode: status)
            }
            return response
        case .empty:
            if let json = APIError.parseJSON(raw.body), let status = envelopeStatus(json),
                !(200..<300).contains(status)
            {
                throw apiError(raw, request: request, redactor: redactor, statusCode: status)
            }
            return response
        }
    }

    /// The `status` of a `{status, message|data}` envelope. Routes that answer flat objects
    /// (OAuth token, well-known metadata) have no integer `status` next to `message`/`data`,
    /// and a resource's own string `status` ("pending") is not mistaken for one.
    static func envelopeStatus(_ json: JSONValue) -> Int? {
        guard let object = json.objectValue, let status = object["status"] else { return nil }
        return envelopeStatus(status: status, hasMessageOrData: object["message"] != nil || object["data"] != nil)
    }

    static func envelopeStatus(status: JSONValue, hasMessageOrData: Bool) -> Int? {
        guard hasMessageOrData else { return nil }
        switch status {
        case .integer(let value): return Int(exactly: value)
        case .double(let value) where value.rounded() == value && abs(value) < 10_000: return Int(value)
        case .string(let text): return Int(text).flatMap { (100...599).contains($0) ? $0 : nil }
        default: return nil
        }
    }

    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let media =
            contentType.split(separator: ";").first.map(String.init)?
            .trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return media == "application/json" || media == "text/json" || media.hasSuffix("+json")
    }

    static func apiError(
        _ raw: RawResponse, request: APIRequest, redactor: Redactor, statusCode: Int? = nil, message: String? = nil
    ) -> APIError {
        let status = statusCode ?? raw.statusCode
        let text =
            message
            ?? APIError.extractMessage(
                json: APIError.parseJSON(raw.body), rawBody: raw.body, statusCode: status)
        return APIError(
            statusCode: status, headers: raw.headers, rawBody: raw.body, operationName: request.operationName,
            payload: request.errorPayload?(status, raw.body), message: redactor.redact(text),
            httpStatusCode: raw.statusCode)
    }

    private static func context(_ raw: RawResponse, request: APIRequest, contentType: String?) -> [String: String] {
        [
            "operation": request.operationName, "statusCode": String(raw.statusCode),
            "contentType": contentType ?? "", "bodyBytes": String(raw.body.count),
        ]
    }
}

extension NetworkError {
    /// Maps a URLSession failure. The URLError is rebuilt with a failing URL stripped of its
    /// query (where a signer access code travels) and a redacted description.
    static func from(_ error: URLError, redactor: Redactor) -> NetworkError {
        let detail = redactor.redact(
            (error.userInfo[NSLocalizedDescriptionKey] as? String) ?? error.localizedDescription)
        // On Linux libcurl reports handshake and trust failures as code -1 with an OpenSSL
        // message ("SSL certificate problem: …", "OpenSSL/3.0: error:…:SSL routines::…"); failures
        // while reading or writing an established connection mention SSL_read/SSL_write instead.
        let handshake = detail.contains("SSL") && !detail.contains("SSL_read") && !detail.contains("SSL_write")
        let isTLS = tlsCodes.contains(error.code) || (error.code == .unknown && handshake)
        let reachedServer = !(isTLS || notReachedCodes.contains(error.code))
        let summary: String
        switch error.code {
        case .timedOut: summary = "The request timed out"
        case .cannotFindHost, .dnsLookupFailed: summary = "The server's host name could not be resolved"
        case .cannotConnectToHost: summary = "Could not connect to the server"
        case .networkConnectionLost: summary = "The network connection was lost"
        case .notConnectedToInternet: summary = "Not connected to the internet"
        default: summary = isTLS ? "The TLS connection could not be established" : "The request failed"
        }
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: detail]
        if let failing = URLBuilder.redacted(error.failingURL) { userInfo[NSURLErrorFailingURLErrorKey] = failing }
        return NetworkError(
            message: "\(summary) (\(detail))", underlyingError: URLError(error.code, userInfo: userInfo),
            mayHaveReachedServer: reachedServer)
    }

    static func timedOut(after seconds: TimeInterval) -> NetworkError {
        let text = "The request timed out after \(seconds) s"
        return NetworkError(
            message: text, underlyingError: URLError(.timedOut, userInfo: [NSLocalizedDescriptionKey: text]),
            mayHaveReachedServer: true)
    }

    private static let tlsCodes: Set<URLError.Code> = [
        .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
        .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
        .clientCertificateRequired,
    ]
    /// Failures that happen before a single request byte can reach the server.
    private static let notReachedCodes: Set<URLError.Code> = [
        .cannotFindHost, .dnsLookupFailed, .cannotConnectToHost, .notConnectedToInternet, .badURL,
        .unsupportedURL, .appTransportSecurityRequiresSecureConnection, .internationalRoamingOff,
        .dataNotAllowed, .callIsActive,
    ]
}
