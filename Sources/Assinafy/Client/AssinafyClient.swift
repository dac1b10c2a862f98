import AssinafyAPI
import AssinafyRuntime
import Foundation

/// The entry point apps use. Thread-safe; its resources are stateless views over one transport.
public final class AssinafyClient: Sendable {
    public let configuration: AssinafyClientConfiguration
    let context: ClientContext

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
        self.init(configuration: configuration, transport: URLSessionTransport(configuration: configuration))
    }

    /// A client over any transport (a stub in tests, a custom `HTTPClientProtocol` in apps).
    public init(configuration: AssinafyClientConfiguration, transport: any HTTPClientProtocol) {
        self.configuration = configuration
        let context = ClientContext(configuration: configuration, transport: transport)
        self.context = context
        auth = AuthResource(context: context)
        oauth = OAuthResource(context: context)
        workspaces = WorkspacesResource(context: context)
        documents = DocumentsResource(context: context)
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
