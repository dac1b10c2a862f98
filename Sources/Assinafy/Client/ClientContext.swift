import AssinafyAPI
import AssinafyRuntime
import Foundation

/// What every resource shares: the configuration, the transport and the generated operation groups.
struct ClientContext: Sendable {
    let configuration: AssinafyClientConfiguration
    let transport: any HTTPClientProtocol

    var accounts: AccountsAPI { AccountsAPI(client: transport) }
    var assignmentsAPI: AssignmentsAPI { AssignmentsAPI(client: transport) }
    var authentication: AuthenticationAPI { AuthenticationAPI(client: transport) }
    var documentsAPI: DocumentsAPI { DocumentsAPI(client: transport) }
    var fieldsAPI: FieldsAPI { FieldsAPI(client: transport) }
    var oauthAPI: OAuthAPI { OAuthAPI(client: transport) }
    var signersAPI: SignersAPI { SignersAPI(client: transport) }
    var signing: SigningAPI { SigningAPI(client: transport) }
    var tagsAPI: TagsAPI { TagsAPI(client: transport) }
    var templatesAPI: TemplatesAPI { TemplatesAPI(client: transport) }
    var users: UsersAPI { UsersAPI(client: transport) }
    var webhooksAPI: WebhooksAPI { WebhooksAPI(client: transport) }

    /// The account an account-scoped call targets: the explicit argument, else the default.
    func accountId(_ override: String?) throws -> String {
        guard let id = override ?? configuration.defaultAccountId else {
            throw ValidationError(
                "No account: pass accountId: or set defaultAccountId on the configuration",
                errors: ["accountId": ["required"]])
        }
        return id
    }
}

extension APIResponse {
    /// The `data` of a `{status, message, data}` envelope; its absence is a contract violation.
    func payload<T>(_ operation: String = #function) throws -> T where Body == EnvelopeOf<T> {
        guard let data = body.data else {
            throw AssinafySDKError("The response envelope carried no data", context: ["operation": operation])
        }
        return data
    }
}

extension APIResponse {
    /// A list envelope as a page: `data` from the body, `meta` from the `X-Pagination-*` headers.
    func page<T>() -> PaginatedResult<T> where Body == EnvelopeOf<[T]> {
        PaginatedResult(data: body.data ?? [], headers: headers)
    }
}

/// Paging arguments every list method takes. `per-page` is always sent (the API clamps it to 50).
public struct ListParams: Sendable, Hashable {
    public var page: Int
    public var perPage: Int
    public var search: String?

    public init(page: Int = 1, perPage: Int = 50, search: String? = nil) {
        self.page = page
        self.perPage = perPage
        self.search = search
    }
}
