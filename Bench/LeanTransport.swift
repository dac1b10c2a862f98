import Assinafy
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A prototype client: what the engine and `URLSessionHTTPTransport` cost over a bare `data(for:)` shows when
/// the same generated call runs over this one. GET only, no retries, redirects policy, deadline
/// timer, delegate, logging or per-call configuration validation; the envelope `status` is left
/// to the typed decode instead of a second parse into `JSONValue`. Not for production: only to
/// measure how much of the per-call overhead those pieces account for.
struct LeanTransport: HTTPClientProtocol {
    let session: URLSession
    /// `http://127.0.0.1:<port>`: generated paths already start with `/v1`.
    let origin: String
    let token: String
    let userAgent: String

    func send(_ request: APIRequest) async throws -> RawResponse {
        guard request.method == .get, request.body == nil else { throw BenchFailure("LeanTransport: GET only") }
        var text = origin + request.path.encoded
        if !request.query.isEmpty {
            text += "?" + request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        }
        guard let url = URL(string: text) else { throw BenchFailure("LeanTransport: bad URL \(text)") }
        var urlRequest = URLRequest(url: url)
        urlRequest.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        urlRequest.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        let (data, response) = try await session.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
            throw BenchFailure("LeanTransport: unexpected response")
        }
        var headers = HeaderFields()
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers.add(name, value) }
        }
        return RawResponse(statusCode: http.statusCode, headers: headers, body: data)
    }
}
