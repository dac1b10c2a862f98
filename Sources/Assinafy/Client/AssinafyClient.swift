import APIRuntime
import AssinafyAPI
import Foundation

/// The entry point apps use. Thread-safe; its resources are stateless views over one client.
///
/// Calls go through `APIEngine` (the vendor-neutral runtime) configured with Assinafy's policy
/// (`AssinafyEngine`): envelope rules, per-operation rules, error translation into the four
/// error types this SDK throws.
public final class AssinafyClient: Sendable {
    public let configuration: AssinafyClientConfiguration
    @usableFromInline let context: ClientContext

    public let auth: AuthResource
    public let oauth: OAuthResource
    public let workspaces: WorkspacesResource
    public let documents: DocumentsResource
    public let signers: SignersResource
    public let assignments: AssignmentsResource
    public let fields: FieldsResource
    public let tags: TagsResource
    public let templates: TemplatesResource
    public let webhooks: WebhooksResource

    /// The base URL every request is resolved against.
    public var baseURL: URL { configuration.baseURL }

    public convenience init(configuration: AssinafyClientConfiguration) {
        self.init(configuration: configuration, httpTransport: URLSessionHTTPTransport())
    }

    /// A client over any HTTP stack (`URLSessionHTTPTransport` with your own
    /// `URLSessionConfiguration`, a stub in tests), with your middlewares (logging, metrics, test
    /// interception) after Assinafy's own, so they see exactly what goes out and comes back.
    public convenience init(
        configuration: AssinafyClientConfiguration, httpTransport: any HTTPTransport,
        middlewares: [any APIMiddleware] = []
    ) {
        self.init(
            context: ClientContext(
                configuration: configuration,
                client: AssinafyEngine.client(
                    configuration: configuration, transport: httpTransport, middlewares: middlewares),
                engineParts: ClientContext.EngineParts(transport: httpTransport, middlewares: middlewares)))
    }

    /// The same, with `documents.waitUntilReady` reading time from `pollingClock` and sleeping on
    /// it: a test's virtual clock (`AssinafyTesting`'s fake) makes a long wait finish at once.
    public convenience init(
        configuration: AssinafyClientConfiguration, httpTransport: any HTTPTransport,
        middlewares: [any APIMiddleware] = [], pollingClock: any PollingClock
    ) {
        self.init(
            context: ClientContext(
                configuration: configuration,
                client: AssinafyEngine.client(
                    configuration: configuration, transport: httpTransport, middlewares: middlewares),
                engineParts: ClientContext.EngineParts(transport: httpTransport, middlewares: middlewares),
                pollingClock: pollingClock))
    }

    /// A client over your own operation-level client (`HTTPClientProtocol`), which then decides
    /// credentials, redirects and retries itself; Assinafy's request shaping and envelope
    /// checks still apply.
    public convenience init(configuration: AssinafyClientConfiguration, transport: any HTTPClientProtocol) {
        self.init(
            context: ClientContext(
                configuration: configuration, client: AssinafyEngine.applyingPolicy(to: transport), engineParts: nil))
    }

    init(context: ClientContext) {
        configuration = context.configuration
        self.context = context
        auth = AuthResource(context: context)
        oauth = OAuthResource(context: context)
        workspaces = WorkspacesResource(context: context)
        documents = DocumentsResource(context: context, clock: context.pollingClock)
        signers = SignersResource(context: context)
        assignments = AssignmentsResource(context: context)
        fields = FieldsResource(context: context)
        tags = TagsResource(context: context)
        templates = TemplatesResource(context: context)
        webhooks = WebhooksResource(context: context)
    }

    /// A client that sends `Authorization: Bearer <token>` on account operations.
    public convenience init(
        token: String, defaultAccountId: String? = nil,
        baseURL: URL = AssinafyClientConfiguration.productionBaseURL
    ) {
        self.init(
            configuration: AssinafyClientConfiguration(
                token: token, baseURL: baseURL, defaultAccountId: defaultAccountId))
    }

    /// A client that sends `X-Api-Key` on account operations (for trusted back ends only).
    public convenience init(
        apiKey: String, defaultAccountId: String? = nil,
        baseURL: URL = AssinafyClientConfiguration.productionBaseURL
    ) {
        self.init(
            configuration: AssinafyClientConfiguration(
                apiKey: apiKey, baseURL: baseURL, defaultAccountId: defaultAccountId))
    }
}
