#if canImport(ObjectiveC)
import AssinafyAPI
import APIRuntime
import Foundation

// A thin Objective-C facade over the Swift completion-handler variants: every method forwards to
// one of them (so handlers run on the main queue), converts the Swift model to an NSObject and
// the error with `ASFErrorBridge`. Swift code should use `AssinafyClient` directly.

/// `[[ASFAssinafyClient alloc] initWithToken:token defaultAccountId:accountId]`.
@objc(ASFAssinafyClient)
public final class ASFAssinafyClient: NSObject {
    /// The Swift client behind the facade, for mixed-language apps.
    public let client: AssinafyClient
    @objc public let signers: ASFSignersResource
    @objc public let documents: ASFDocumentsResource

    public init(client: AssinafyClient) {
        self.client = client
        signers = ASFSignersResource(resource: client.signers)
        documents = ASFDocumentsResource(resource: client.documents)
        super.init()
    }

    /// A client that sends `Authorization: Bearer <token>` on account operations.
    @objc(initWithToken:defaultAccountId:)
    public convenience init(token: String, defaultAccountId: String?) {
        self.init(client: AssinafyClient(token: token, defaultAccountId: defaultAccountId))
    }

    /// A client that sends `X-Api-Key` on account operations (trusted back ends only).
    @objc(initWithAPIKey:defaultAccountId:)
    public convenience init(apiKey: String, defaultAccountId: String?) {
        self.init(client: AssinafyClient(apiKey: apiKey, defaultAccountId: defaultAccountId))
    }
}

/// A workspace signer, as Objective-C sees it (`Signer *`).
@objc(Signer)
public final class ASFSigner: NSObject {
    @objc public let id: String?
    @objc public let fullName: String?
    @objc public let email: String?
    @objc public let whatsappPhoneNumber: String?
    @objc public let governmentId: String?

    public init(_ signer: Signer) {
        id = signer.id
        fullName = signer.fullName
        email = signer.email
        whatsappPhoneNumber = signer.whatsappPhoneNumber
        governmentId = signer.governmentId
        super.init()
    }
}

/// A document, as Objective-C sees it.
@objc(ASFDocument)
public final class ASFDocument: NSObject {
    @objc public let id: String?
    @objc public let name: String?
    /// The API's status text, e.g. `metadata_ready`, `certificated`.
    @objc public let status: String?
    @objc public let signingURL: String?

    public init(_ document: Document) {
        id = document.id
        name = document.name
        status = document.status
        signingURL = document.signingUrl
        super.init()
    }
}

@objc(ASFSignersResource)
public final class ASFSignersResource: NSObject {
    let resource: SignersResource

    init(resource: SignersResource) {
        self.resource = resource
        super.init()
    }

    /// `accountId` nil uses the client's default account.
    @objc(getSignerWithId:accountId:completion:)
    public func getSigner(
        withId signerId: String, accountId: String?,
        completion: @escaping @Sendable (ASFSigner?, (any Error)?) -> Void
    ) {
        resource.get(signerId: signerId, accountId: accountId) { result in
            switch result {
            case .success(let signer): completion(ASFSigner(signer), nil)
            case .failure(let error): completion(nil, ASFErrorBridge.nsError(error))
            }
        }
    }

    @objc(deleteSignerWithId:accountId:completion:)
    public func deleteSigner(
        withId signerId: String, accountId: String?, completion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        resource.delete(signerId: signerId, accountId: accountId) { result in
            completion(result.failureAsNSError)
        }
    }
}

@objc(ASFDocumentsResource)
public final class ASFDocumentsResource: NSObject {
    let resource: DocumentsResource

    init(resource: DocumentsResource) {
        self.resource = resource
        super.init()
    }

    @objc(getDocumentWithId:completion:)
    public func getDocument(
        withId documentId: String, completion: @escaping @Sendable (ASFDocument?, (any Error)?) -> Void
    ) {
        resource.get(documentId: documentId) { result in
            switch result {
            case .success(let document): completion(ASFDocument(document), nil)
            case .failure(let error): completion(nil, ASFErrorBridge.nsError(error))
            }
        }
    }

    @objc(deleteDocumentWithId:completion:)
    public func deleteDocument(withId documentId: String, completion: @escaping @Sendable ((any Error)?) -> Void) {
        resource.delete(documentId: documentId) { result in
            completion(result.failureAsNSError)
        }
    }
}

extension Result where Success == Void, Failure == any Error {
    /// `nil` on success, the bridged error otherwise: the shape of an Objective-C
    /// `void (^)(NSError *)` completion.
    fileprivate var failureAsNSError: NSError? {
        guard case .failure(let error) = self else { return nil }
        return ASFErrorBridge.nsError(error)
    }
}
#endif
