import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Replaces every configured secret (and its percent-encoded form) in text that may end up in
/// an error message: servers sometimes echo the request URL or a header back.
package struct Redactor: Sendable {
    package static let placeholder = "[REDACTED]"
    let secrets: [String]

    package init(_ secrets: [String?]) {
        var all: [String] = []
        for secret in secrets.compactMap({ $0 }) where !secret.isEmpty {
            all.append(secret)
            let encoded = RequestPath.percentEncode(secret)
            if encoded != secret { all.append(encoded) }
        }
        // Longest first so a secret containing another is replaced whole.
        self.secrets = all.sorted { $0.count > $1.count }
    }

    package var isEmpty: Bool { secrets.isEmpty }

    package func redact(_ text: String) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: Redactor.placeholder) }
    }

    /// The same bytes with every secret's UTF-8 form replaced, whatever the encoding of the rest.
    package func redact(_ data: Data) -> Data {
        guard !secrets.isEmpty, !data.isEmpty else { return data }
        var result = data
        let placeholder = Data(Redactor.placeholder.utf8)
        for secret in secrets {
            let needle = Data(secret.utf8)
            var searchStart = result.startIndex
            while let range = result.range(of: needle, in: searchStart..<result.endIndex) {
                result.replaceSubrange(range, with: placeholder)
                searchStart = range.lowerBound + placeholder.count
            }
        }
        return result
    }

    package func redact(_ headers: HeaderFields) -> HeaderFields {
        guard !secrets.isEmpty else { return headers }
        return HeaderFields(headers.map { (name: $0.name, value: redact($0.value)) })
    }
}

enum ResponseEvaluator {
    /// Returns the response only when it is a success the operation can read.
    static func evaluate(_ raw: RawResponse, request: APIRequest, redactor: Redactor) throws -> RawResponse {
        if let reason = raw.refusedRedirect {
            throw ServerResponseError(
                raw, request: request, redactor: redactor, message: "Redirect not followed: \(reason)")
        }
        guard (200..<300).contains(raw.statusCode) else {
            throw ServerResponseError(raw, request: request, redactor: redactor)
        }
        let contentType = raw.headers["Content-Type"]
        // A JSON operation that got something else declared (an HTML error page of a proxy, say)
        // is reported as that, not as a puzzling decoding failure.
        if request.responseKind == .json, !raw.body.isEmpty, let contentType, !MediaType.isJSON(contentType) {
            throw EngineError(
                "The response body is not JSON",
                context: [
                    "operation": request.operationName, "statusCode": String(raw.statusCode),
                    "contentType": contentType, "bodyBytes": String(raw.body.count),
                ])
        }
        // A download must never hand a JSON (error) body back as if it were the file.
        if request.responseKind == .binary, MediaType.isJSON(contentType) {
            throw EngineError(
                "Expected file content but the server answered JSON",
                context: [
                    "operation": request.operationName, "statusCode": String(raw.statusCode),
                    "contentType": raw.headers["Content-Type"] ?? "", "bodyBytes": String(raw.body.count),
                ])
        }
        return raw
    }
}

@usableFromInline package enum MediaType {
    /// The `charset` parameter of a media type, lowercased, without quotes.
    @usableFromInline package static func charset(of contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "charset" else { continue }
            return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
        }
        return nil
    }

    /// `application/json`, `text/json` and any `+json` type, parameters ignored.
    package static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let media =
            contentType.split(separator: ";").first.map(String.init)?
            .trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return media == "application/json" || media == "text/json" || media.hasSuffix("+json")
    }
}

extension TransportError {
    /// Maps a URLSession failure. The URLError is rebuilt with a failing URL stripped of its
    /// query (where query credentials travel) and a redacted description.
    package static func from(_ error: URLError, redactor: Redactor) -> TransportError {
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
        return TransportError(
            message: "\(summary) (\(detail))", underlyingError: URLError(error.code, userInfo: userInfo),
            mayHaveReachedServer: reachedServer)
    }

    package static func timedOut(after seconds: TimeInterval) -> TransportError {
        let text = "The request timed out after \(seconds) s"
        return TransportError(
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
