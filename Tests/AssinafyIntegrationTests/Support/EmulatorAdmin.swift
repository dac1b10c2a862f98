import Assinafy
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The emulator's admin API (a separate loopback port): seeded credentials, what a mailbox or
/// authenticator would hold, fault injection and the contract bookkeeping. Plain URLSession on
/// purpose: the admin API is test plumbing, not something the SDK talks to.
struct EmulatorAdmin: Sendable {
    let url: URL

    func get(_ path: String) async throws -> JSONValue { try await call("GET", path, nil) }
    @discardableResult
    func post(_ path: String, _ body: JSONValue = [:]) async throws -> JSONValue { try await call("POST", path, body) }
    func delete(_ path: String) async throws { _ = try await call("DELETE", path, nil) }

    private func call(_ method: String, _ path: String, _ body: JSONValue?) async throws -> JSONValue {
        guard let target = URL(string: url.absoluteString + path) else { throw EmulatorError("bad admin path \(path)") }
        var request = URLRequest(url: target)
        request.httpMethod = method
        if let body {
            request.httpBody = try JSONEncoder().encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        guard let status = (response as? HTTPURLResponse)?.statusCode, status == 200 else {
            throw EmulatorError("admin \(method) \(path) failed: \(String(decoding: data, as: UTF8.self))")
        }
        return try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Compact JSON text of an admin answer, for messages.
    static func text(_ value: JSONValue) -> String {
        (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }

    // MARK: - State

    /// The seeded account and users (and everything the emulator would have e-mailed).
    func state() async throws -> EmulatorState { EmulatorState(json: try await get("/state")) }

    /// Resets every entity to the seed (credentials stay), clears faults and recorded requests.
    func reset(clearOperations: Bool = false) async throws {
        try await post("/reset", ["operations": .bool(clearOperations), "violations": true])
    }

    /// The current code of an authenticator holding `secret`, on the emulator's clock.
    func totp(secret: String) async throws -> String {
        try (await post("/mfa/totp", ["secret": .string(secret)]))["code"]?.stringValue ?? ""
    }

    // MARK: - Faults and bookkeeping

    /// Makes the next `count` requests matching `method` and the `path` regex answer with `kind`.
    func fault(_ kind: String, method: String = "*", path: String, count: Int = 1, retryAfter: Int? = nil)
        async throws
    {
        var rule: JSONObject = [
            "kind": .string(kind), "method": .string(method), "path": .string(path),
            "count": .integer(Int64(count)),
        ]
        if let retryAfter { rule["retry_after"] = .integer(Int64(retryAfter)) }
        try await post("/faults", .object(rule))
    }

    /// Requests the emulator received (any origin), oldest first.
    func requests() async throws -> [JSONValue] { try await get("/requests")["requests"]?.arrayValue ?? [] }

    func violations() async throws -> [JSONValue] { try await get("/violations")["violations"]?.arrayValue ?? [] }

    func clearViolations() async throws { try await delete("/violations") }

    /// (seen operationIds, total, routes of the missing ones).
    func operations() async throws -> (seen: Int, total: Int, missing: [String]) {
        let json = try await get("/operations")
        let missing = json["missing"]?.arrayValue?.compactMap(\.stringValue) ?? []
        return (Int(json["count"]?.intValue ?? 0), Int(json["total"]?.intValue ?? 0), missing)
    }
}

/// The parts of `GET /state` the tests use.
struct EmulatorState: Sendable {
    let json: JSONValue

    var accountId: String { json["account_id"]?.stringValue ?? "" }
    var apiKey: String { json["api_key"]?.stringValue ?? "" }
    var bearerToken: String { json["bearer_token"]?.stringValue ?? "" }
    var templateId: String { json["template_id"]?.stringValue ?? "" }
    var resetToken: String { json["reset_token"]?.stringValue ?? "" }
    var ownerId: String { json["user"]?["id"]?.stringValue ?? "" }
    var ownerEmail: String { json["user"]?["email"]?.stringValue ?? "" }
    var ownerPassword: String { json["user"]?["password"]?.stringValue ?? "" }
    var mfaEmail: String { json["mfa_user"]?["email"]?.stringValue ?? "" }
    var mfaPassword: String { json["mfa_user"]?["password"]?.stringValue ?? "" }
    var mfaCurrentCode: String { json["mfa_user"]?["current_totp"]?.stringValue ?? "" }
    var oauthPublicClientId: String { json["oauth"]?["public_client_id"]?.stringValue ?? "" }
    var oauthRedirectURI: String { json["oauth"]?["redirect_uri"]?.stringValue ?? "" }

    /// The invitation a signer of `documentId` received: (access code, verification code).
    func invitation(documentId: String) -> (accessCode: String, verificationCode: String)? {
        guard
            let entry = json["access_codes"]?.arrayValue?.first(where: { $0["document_id"]?.stringValue == documentId }
            ),
            let code = entry["code"]?.stringValue, let verification = entry["verification_code"]?.stringValue
        else { return nil }
        return (code, verification)
    }
}

extension AssinafyClient {
    /// The emulator's seeded workspace, as the API-key client of its owner.
    static func seeded(
        _ emulator: Emulator, _ state: EmulatorState, retryPolicy: RetryPolicy = .default, timeout: TimeInterval = 60
    ) -> AssinafyClient {
        emulator.client(apiKey: state.apiKey, accountId: state.accountId, retryPolicy: retryPolicy, timeout: timeout)
    }
}
