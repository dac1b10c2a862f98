import AssinafyAPI
import APIRuntime
import Foundation
import Testing

@testable import Assinafy

/// Builders for the documents, signers, assignments, templates and orchestration tests.
enum Fixture {
    static let accountId = "acc-overlay-1"

    /// A client with a bearer token and `defaultAccountId` over `transport`.
    static func client(_ transport: StubTransport, defaultAccountId: String? = accountId) -> AssinafyClient {
        AssinafyClient(
            configuration: AssinafyClientConfiguration(
                token: "test-token", apiKey: nil, baseURL: AssinafyClientConfiguration.sandboxBaseURL,
                defaultAccountId: defaultAccountId, retryPolicy: .none),
            httpTransport: transport, middlewares: [transport.recorder])
    }

    /// The smallest byte string the SDK takes for a PDF.
    static let pdf = Data("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n".utf8)
    /// A PNG signature followed by an (empty) IHDR-sized tail.
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])

    static func document(
        id: String = "doc-1", status: String = "metadata_ready", name: String = "contract.pdf",
        assignment: String = "null"
    ) -> String {
        """
        {"resource": "document", "id": "\(id)", "account_id": "\(accountId)", "template_id": null,
         "name": "\(name)", "status": "\(status)",
         "artifacts": {"original": "https://api.example.invalid/v1/documents/\(id)/download/original"},
         "is_closed": false, "signing_url": "https://app.example.invalid/sign/\(id)",
         "decline_reason": null, "declined_by": null, "tags": [{"id": "tag-1", "name": "Contracts"}],
         "assignment": \(assignment),
         "pages": [{"id": "page-1", "number": 1, "height": 1684, "width": 1191,
                    "download_url": "https://api.example.invalid/v1/documents/\(id)/pages/page-1/download"}],
         "created_at": "2026-08-26T12:00:00Z", "updated_at": "2026-08-26T12:01:00Z"}
        """
    }

    static func signer(id: String, name: String = "Ana Souza", email: String?) -> String {
        let emailJSON = email.map { "\"\($0)\"" } ?? "null"
        return """
            {"resource": "signer", "id": "\(id)", "full_name": "\(name)", "email": \(emailJSON),
             "whatsapp_phone_number": null, "government_id": null, "has_accepted_terms": false}
            """
    }

    /// An assignment with two signers, one of whom has signed.
    static func assignment(id: String = "asg-1", summary: Bool = true) -> String {
        let summaryJSON = summary ? "{\"signer_count\": 2, \"completed_count\": 1, \"signers\": []}" : "null"
        return """
            {"resource": "assignment", "id": "\(id)", "sender_email": "owner@example.invalid", "method": "virtual",
             "expires_at": null, "message": "Please review and sign.",
             "signers": [
               {"id": "sig-1", "full_name": "Ana Souza", "email": "ana@example.invalid",
                "verification_method": "Email", "notification_methods": ["Email"], "step": 1,
                "notified": true, "completed": true},
               {"id": "sig-2", "full_name": "Bruno Lima", "email": "bruno@example.invalid",
                "verification_method": "Telepathy", "notification_methods": ["Whatsapp", "Pigeon"], "step": 2,
                "notified": false, "completed": false}],
             "copy_receivers": [], "items": [], "summary": \(summaryJSON), "signing_urls": []}
            """
    }

    static func costEstimate(sufficient: Bool?, reason: String? = nil) -> String {
        let flag = sufficient.map { $0 ? "true" : "false" } ?? "null"
        let reasonJSON = reason.map { "\"\($0)\"" } ?? "null"
        return """
            {"documents": 1, "credits": 0.45, "needs_extra_document": false, "extra_document_cost": 1,
             "total_credits": 0.45,
             "breakdown": [{"code": "whatsapp_notification", "name": "WhatsApp notification", "cost": 0.45,
                            "quantity": 1, "unit_cost": 0.45}],
             "document_balance": 10, "credit_balance": 0, "has_sufficient_resources": \(flag),
             "blocking_reason": \(reasonJSON), "message": null}
            """
    }

    static func template(id: String = "tpl-1", name: String = "Offer letter.pdf") -> String {
        """
        {"resource": "template", "id": "\(id)", "name": "\(name)", "document_name": null,
         "message": "Please review and sign", "status": "ready",
         "pages": [{"id": "tpage-1", "number": 1, "height": 1684, "width": 1191,
                    "download_url": "https://api.example.invalid/template-page.jpg",
                    "fields": [{"id": "placement-1", "field_id": "field-1", "role_id": "role-1", "label": "Signature",
                                "display_settings": {"x": 100, "y": 200}, "created_at": "2026-08-26T12:00:00Z"}]}],
         "roles": [{"id": "role-1", "name": "Employee", "assignment_type": "Signer",
                    "created_at": "2026-08-26T12:00:00Z"}],
         "tags": [], "default_document_tags": [], "created_at": "2026-08-26T12:00:00Z"}
        """
    }

    /// `X-Pagination-*` headers.
    static func paging(page: Int, of last: Int, perPage: Int = 50, total: Int) -> HeaderFields {
        [
            "X-Pagination-Current-Page": String(page), "X-Pagination-Page-Count": String(last),
            "X-Pagination-Per-Page": String(perPage), "X-Pagination-Total-Count": String(total),
        ]
    }

    /// `value` with every object's members sorted by key: Foundation's encoder does not keep
    /// member order on Linux, and member order means nothing in a request body.
    static func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            return .object(
                JSONObject(object.members.sorted { $0.key < $1.key }.map { (key: $0.key, value: canonical($0.value)) }))
        case .array(let items):
            return .array(items.map(canonical))
        default:
            return value
        }
    }

    /// An error body as the API sends it.
    static func error(_ status: Int, _ message: String) -> String {
        "{\"status\": \(status), \"message\": \"\(message)\", \"data\": null}"
    }
}

extension StubTransport {
    /// Queues `data` inside a success envelope.
    func enqueueData(_ data: String, headers: HeaderFields = [:]) {
        enqueueJSON(envelope(data), headers: headers)
    }

    /// Queues an API error answer.
    func enqueueError(_ status: Int, _ message: String = "Error", headers: HeaderFields = [:]) {
        enqueueJSON(Fixture.error(status, message), status: status, headers: headers)
    }

    /// Queues a transport failure.
    func enqueueNetworkFailure() {
        enqueue { _ in
            throw NetworkError(message: "The network connection was lost", mayHaveReachedServer: false)
        }
    }
}

extension APIRequest {
    var route: String { "\(method.rawValue) \(path.encoded)" }

    /// The first value of a query parameter.
    func query(_ name: String) -> String? { query.first { $0.name == name }?.value }

    /// The JSON body, parsed, with object members sorted (`Fixture.canonical`).
    var jsonBody: JSONValue? {
        guard case .json(let data, _)? = body else { return nil }
        return (try? JSONCoding.decode(JSONValue.self, from: data)).map(Fixture.canonical)
    }

    var multipartParts: [MultipartPart] {
        guard case .multipart(let parts)? = body else { return [] }
        return parts
    }
}

/// A clock that never waits: `sleep` advances time at once and records the pause. Cancellation
/// is checked on every sleep, as `Task.sleep` does.
final class ManualPollingClock: PollingClock, @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var current: Double = 1_000
    private var pauses: [Double] = []

    func now() -> Double { lock.withLock { current } }

    func sleep(seconds: Double) async throws {
        try Task.checkCancellation()
        lock.withLock {
            pauses.append(seconds)
            current += seconds
        }
    }

    var sleeps: [Double] { lock.withLock { pauses } }
    var elapsed: Double { lock.withLock { current - 1_000 } }
}

/// Runs `body` and returns the `ValidationError` it throws; records an issue otherwise.
func expectValidationError(
    _ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
) async -> ValidationError? {
    do {
        try await body()
        Issue.record("expected a ValidationError, nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as ValidationError {
        return error
    } catch {
        Issue.record("expected a ValidationError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Runs `body` and returns the `AssinafySDKError` it throws; records an issue otherwise.
func expectSDKError(
    _ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
) async -> AssinafySDKError? {
    do {
        try await body()
        Issue.record("expected an AssinafySDKError, nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as AssinafySDKError {
        return error
    } catch {
        Issue.record("expected an AssinafySDKError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
