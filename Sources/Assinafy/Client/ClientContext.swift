import APIRuntime
import AssinafyAPI
import Foundation

/// What every resource shares: the configuration, the client that performs operations and the
/// generated operation groups over it.
///
/// A class, though immutable: a resource then holds one reference, so copying one is a retain
/// rather than a copy of every field, and neither it nor the ten resource types need value
/// witnesses of their own — ~35 KB of an app (issue 17).
///
/// `@usableFromInline`, with the members the resources' methods use: those methods are
/// `@_alwaysEmitIntoClient`, compiled into the app that calls them and absent from one that
/// does not. On ELF every public symbol survives dead stripping, so a forwarding method kept in
/// the overlay was paid for by every app, used or not (~320 KB with the completion twins).
@usableFromInline final class ClientContext: Sendable {
    /// What a client built on the engine was built from, so clients derived from it (an OAuth
    /// session's) share its transport and middlewares.
    @usableFromInline struct EngineParts: Sendable {
        @usableFromInline let transport: any HTTPTransport
        let middlewares: [any APIMiddleware]
    }

    @usableFromInline let configuration: AssinafyClientConfiguration
    @usableFromInline let client: any APIClientProtocol
    @usableFromInline let engineParts: EngineParts?
    /// Time for `documents.waitUntilReady`, carried here so that clients derived from this one
    /// (per-call options) keep a test's virtual clock.
    let pollingClock: any PollingClock

    init(
        configuration: AssinafyClientConfiguration, client: any APIClientProtocol, engineParts: EngineParts?,
        pollingClock: any PollingClock = SystemPollingClock()
    ) {
        self.configuration = configuration
        self.client = client
        self.engineParts = engineParts
        self.pollingClock = pollingClock
    }

    @usableFromInline var accounts: AccountsAPI { AccountsAPI(client: client) }
    @usableFromInline var assignmentsAPI: AssignmentsAPI { AssignmentsAPI(client: client) }
    @usableFromInline var authentication: AuthenticationAPI { AuthenticationAPI(client: client) }
    @usableFromInline var documentsAPI: DocumentsAPI { DocumentsAPI(client: client) }
    @usableFromInline var fieldsAPI: FieldsAPI { FieldsAPI(client: client) }
    var oauthAPI: OAuthAPI { OAuthAPI(client: client) }
    @usableFromInline var signersAPI: SignersAPI { SignersAPI(client: client) }
    @usableFromInline var signing: SigningAPI { SigningAPI(client: client) }
    @usableFromInline var tagsAPI: TagsAPI { TagsAPI(client: client) }
    @usableFromInline var templatesAPI: TemplatesAPI { TemplatesAPI(client: client) }
    @usableFromInline var users: UsersAPI { UsersAPI(client: client) }
    @usableFromInline var webhooksAPI: WebhooksAPI { WebhooksAPI(client: client) }

    /// The same context whose calls pass `middleware` first (per-call options, upload progress).
    func adding(_ middleware: any APIMiddleware) -> ClientContext {
        ClientContext(
            configuration: configuration, client: client.adding(middleware), engineParts: engineParts,
            pollingClock: pollingClock)
    }

    /// The account an account-scoped call targets: the explicit argument, else the default.
    /// Not inlined into the ~50 methods that call it: its error is the bulk of it (issue 17).
    @inline(never)
    @usableFromInline func accountId(_ override: String?) throws -> String {
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
    ///
    /// About eighty overlay methods end here or in `page()`, each with its own `T`, so the
    /// optimiser makes a copy per type: the error, with its dictionary, is built out of line so
    /// that each copy is a test and a move (issue 17 measured the copies with the error inside).
    @usableFromInline func payload<T>(_ operation: String = #function) throws -> T where Body == EnvelopeOf<T> {
        guard let data = body.data else { throw missingEnvelopeData(operation) }
        return data
    }
}

/// The error of `payload()`, shared by all its copies.
@inline(never)
private func missingEnvelopeData(_ operation: String) -> AssinafySDKError {
    AssinafySDKError("The response envelope carried no data", context: ["operation": operation])
}

extension APIResponse {
    /// A list envelope as a page: `data` from the body, `meta` from the `X-Pagination-*` headers
    /// (read out of line, so each copy of this, one per `T`, is a few moves).
    @usableFromInline func page<T>() -> PaginatedResult<T> where Body == EnvelopeOf<[T]> {
        PaginatedResult(data: body.data ?? [], meta: paginationMeta(headers))
    }
}

@inline(never)
private func paginationMeta(_ headers: HeaderFields) -> PaginationMeta? { PaginationMeta(headers: headers) }

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
