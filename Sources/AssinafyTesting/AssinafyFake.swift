import APIRuntime
import Assinafy
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A stateful, in-process Assinafy API for tests and previews: documents go through processing
/// on a virtual clock, signers sign, webhooks are delivered to a list the test reads. It is an
/// `HTTPTransport`, so the real engine and overlay run unchanged (credentials, encoding, error
/// translation) and no socket is opened.
///
/// ```swift
/// let fake = AssinafyFake()
/// let client = fake.client()
/// let uploaded = try await client.documents.upload(pdf)
/// let document = try await client.documents.waitUntilReady(documentId: uploaded.id)  // instant
/// ```
///
/// The contract is `openapi.yaml` (+ `openapi-unpublished.yaml`): every operation of both is
/// modelled, with the behaviour of the local emulator (`tools/emulator`). Secrets the API
/// would send by e-mail, SMS or an authenticator app, and the user's approval on the OAuth
/// authorization server, are the test's to read or give: `accessCode(documentId:signerId:)`,
/// `verificationCode(documentId:signerId:)`, `passwordResetToken(for:)`,
/// `AssinafyFake.authenticatorCode` and `approveAuthorization(_:)`.
public final class AssinafyFake: @unchecked Sendable {
    // @unchecked: `state` and `faults` are only touched with `lock` held.
    private let lock = NSLock()
    private let state: FakeState
    private var faults: [(operation: String, fault: FakeFault)] = []

    /// The workspace every account-scoped call must name.
    public let accountId: String
    /// The bearer token the fake accepts.
    public let token: String
    /// The API key the fake starts with; `auth.createAPIKey` replaces it and `auth.deleteAPIKey`
    /// revokes it (see `currentAPIKey`).
    public let apiKey: String
    public let clock: VirtualClock
    /// Where `client()` points; any host reaches the fake, only the path matters.
    public static let baseURL = URL(string: "https://api.example.invalid/v1")!

    /// - Parameters:
    ///   - processingSeconds: virtual seconds from upload to `metadata_ready` (half of it in
    ///     `uploaded`, half in `metadata_processing`), and from the last signature to `certificated`.
    public init(
        accountId: String = "fake-account", token: String = "fake-token", apiKey: String = "fake-api-key",
        processingSeconds: TimeInterval = 2, clock: VirtualClock = VirtualClock()
    ) {
        self.accountId = accountId
        self.token = token
        self.apiKey = apiKey
        self.clock = clock
        state = FakeState(
            accountId: accountId, token: token, apiKey: apiKey, clock: clock, processingSeconds: processingSeconds,
            webhookSecret: "whsec_" + Data("assinafy-fake-webhook-secret!!".utf8).base64EncodedString())
    }

    /// The fake as the engine's HTTP stack.
    public var transport: any HTTPTransport { FakeTransport(fake: self) }

    /// A client over the fake with its token and workspace, whose `waitUntilReady` sleeps on the
    /// virtual clock. Retries are off by default: the engine waits between retries in real time.
    public func client(configuration: AssinafyClientConfiguration? = nil) -> AssinafyClient {
        var configuration =
            configuration
            ?? AssinafyClientConfiguration(token: token, baseURL: Self.baseURL, defaultAccountId: accountId)
        if configuration.retryPolicy == .default { configuration.retryPolicy = .none }
        return AssinafyClient(configuration: configuration, httpTransport: transport, pollingClock: clock)
    }

    // MARK: Test controls

    /// Makes the next `times` calls to `operation` (`.getDocument`, or `.any`) fail with `fault`.
    /// Faults apply in the order added.
    public func failNext(_ operation: FakeOperation, with fault: FakeFault, times: Int = 1) {
        lock.withLock {
            faults += Array(repeating: (operation: operation.name, fault: fault), count: max(0, times))
        }
    }

    /// Every delivery made so far, oldest first, after applying what the clock made due.
    public var webhookDeliveries: [FakeWebhookDelivery] { withState { $0.deliveries } }

    /// The secret deliveries are signed with (`whsec_…`, the Standard Webhooks form), by every
    /// endpoint whose secret has not been rotated.
    public var webhookSecret: String { withState { $0.webhookSecret } }

    /// The status the (imaginary) webhook receiver answers; not 2xx makes deliveries fail, so a
    /// test can retry them.
    public var webhookReceiverStatus: Int {
        get { withState { $0.webhookReceiverStatus } }
        set { withState { $0.webhookReceiverStatus = newValue } }
    }

    /// Every exchange so far, oldest first.
    public var exchanges: [FakeExchange] { withState { $0.exchanges } }

    /// The access code a signer of `documentId` received in their invitation.
    public func accessCode(documentId: String, signerId: String) -> String? {
        withState { state in
            guard let id = state.documents[documentId]?.assignmentId, let assignment = state.assignments[id] else {
                return nil
            }
            return assignment.stages[signerId]?.accessCode
        }
    }

    /// The code the e-mail or WhatsApp message to a signer of `documentId` carries, which
    /// `signers.verifyCode(signerAccessCode:code:)` checks. A change of the signer's e-mail or
    /// number while the document is in flight sends a new one.
    public func verificationCode(documentId: String, signerId: String) -> String? {
        withState { state in
            guard let id = state.documents[documentId]?.assignmentId, let assignment = state.assignments[id] else {
                return nil
            }
            return assignment.stages[signerId]?.verificationCode
        }
    }

    /// The token of the last password-reset e-mail `auth.requestPasswordReset(email:)` sent to
    /// `email`, for `auth.resetPassword`; nil when none was sent (only the owner gets one).
    public func passwordResetToken(for email: String) -> String? {
        withState { $0.credentials.resetTokens[email.lowercased()] }
    }

    /// The API key `X-Api-Key` must carry now; nil after `auth.deleteAPIKey`.
    public var currentAPIKey: String? { withState { $0.credentials.apiKey } }

    /// Plays the owner approving `request` on the authorization server: the URL the browser
    /// returns to the redirect URI with (`code`, `state`, and `iss` = `oauthIssuer`), for
    /// `OAuthCallback(callbackURL:)`. The code is valid once, for 60 virtual seconds.
    public func approveAuthorization(_ request: OAuthAuthorizationRequest) -> URL {
        let code = withState { $0.authorize(request) }
        var components = URLComponents(string: request.redirectURI) ?? URLComponents()
        components.queryItems =
            (components.queryItems ?? []) + [
                URLQueryItem(name: "code", value: code), URLQueryItem(name: "state", value: request.state),
                URLQueryItem(name: "iss", value: Self.oauthIssuer),
            ]
        return components.url ?? URL(string: request.redirectURI)!
    }

    /// The issuer of the fake's authorization server (`authorization_servers` of the protected
    /// resource metadata, `iss` of approved callbacks).
    public static let oauthIssuer = "https://auth.example.invalid"
    /// The secret of a confidential OAuth client: any `client_id` is accepted, and one that sends
    /// a secret must send this one. Only confidential clients may exchange tokens.
    public static let oauthClientSecret = "fake-oauth-client-secret"

    /// What the owner's authenticator app shows once a TOTP method is enrolled: the fake accepts
    /// it as the live code of every method (enrollment, login, re-authentication).
    public static let authenticatorCode = "246810"

    /// The workspace's balances, as cost estimates report them.
    public func setBalances(documents: Double, credits: Double) {
        withState {
            $0.documentBalance = documents
            $0.creditBalance = credits
        }
    }

    /// Adds a ready template with one signer role per name; returns its id and the roles' ids.
    @discardableResult
    public func addTemplate(name: String, roles: [String]) -> (id: String, roleIds: [String]) {
        withState { state in
            let template = FakeTemplate(
                id: state.newId("tpl"), accountId: state.accountId, name: name,
                roles: roles.map { (id: state.newId("role"), name: $0) }, now: state.now)
            template.pageIds = [state.newId("page")]
            state.templates[template.id] = template
            state.templateOrder.append(template.id)
            return (id: template.id, roleIds: template.roles.map(\.id))
        }
    }

    /// The email and password `auth.login` accepts (the workspace owner's).
    public static let ownerEmail = "owner@example.invalid"
    public static let ownerPassword = "fake-password"

    /// Turns the owner's second factor on: `auth.attemptLogin` then answers `.mfaRequired` with a
    /// challenge token, and `auth.verifyMFA(mfaToken:code:)` finishes it with `code`.
    public func requireSecondFactor(code: String) { withState { $0.user.mfaCode = code } }

    /// The status of a document as the API would report it now.
    public func documentStatus(_ documentId: String) -> String? { withState { $0.documents[documentId]?.status } }

    /// The hash printed on a certificated document (`documents.verifyDetails(signatureHash:)`).
    public func signatureHash(_ documentId: String) -> String? {
        withState { $0.documents[documentId]?.signatureHash }
    }

    private func withState<T>(_ body: (FakeState) throws -> T) rethrows -> T {
        try lock.withLock {
            state.tick()
            return try body(state)
        }
    }

    // MARK: Serving

    func serve(_ request: TransportRequest) async throws -> TransportResponse {
        try Task.checkCancellation()
        let parsed = try FakeTransport.parse(request)
        return try lock.withLock {
            state.tick()
            let fault = parsed.operation.flatMap { takeFault(for: $0) }
            var exchange = FakeExchange(
                operation: parsed.operation, method: parsed.method, pathTemplate: parsed.pathTemplate,
                target: request.url.path + (request.url.query.map { "?" + $0 } ?? ""),
                requestHeaders: Dictionary(request.headers.map { ($0.name, $0.value) }) { $1 },
                requestBody: parsed.body,
                statusCode: nil, responseHeaders: [:], responseBody: Data())
            defer { state.exchanges.append(exchange) }
            var reply: FakeReply
            switch fault {
            case .timeout?: throw URLError(.timedOut)
            case .connectionLost?: throw URLError(.networkConnectionLost)
            case .status(let status, let message, let retryAfter)?:
                var error = FakeAPIError(status: status, message: message ?? "Injected fault.")
                if let retryAfter { error.headers.append(("Retry-After", String(retryAfter))) }
                reply = .error(error)
            case .errorEnvelope(let status, let message)?:
                reply = .error(FakeAPIError(status: status, message: message))
                reply.status = 200
            case .rateLimited(let retryAfter)?:
                reply = .error(
                    FakeAPIError(
                        status: 429, message: "Rate limit exceeded.",
                        headers: [
                            ("Retry-After", String(retryAfter)), ("X-Rate-Limit-Limit", "1000"),
                            ("X-Rate-Limit-Remaining", "0"), ("X-Rate-Limit-Reset", String(retryAfter)),
                        ]))
            case .lostResponse?, nil:
                reply = FakeServer(state: state).answer(parsed)
                if case .lostResponse? = fault { throw URLError(.networkConnectionLost) }
            }
            let response = FakeTransport.response(reply)
            exchange.statusCode = response.statusCode
            exchange.responseHeaders = Dictionary(response.headers.map { ($0.name, $0.value) }) { $1 }
            exchange.responseBody = response.body
            return response
        }
    }

    private func takeFault(for operation: String) -> FakeFault? {
        guard let index = faults.firstIndex(where: { $0.operation == operation || $0.operation == "*" }) else {
            return nil
        }
        return faults.remove(at: index).fault
    }
}
