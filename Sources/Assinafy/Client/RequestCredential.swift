import APIRuntime
import AssinafyAPI
import Foundation

// The product README's vocabulary for requests built by hand against `HTTPClientProtocol`:
// Assinafy's three credential classes over the engine's security requirements.

/// What an operation sends the client's requests with, as a product-README "class": one way
/// to read an `APIRequest`'s security requirements for this API.
public enum RequestCredential: Sendable, Hashable {
    /// The configured `Authorization: Bearer` token or `X-Api-Key`.
    case account
    /// Only the `signer-access-code` query parameter.
    case signerAccessCode(String)
    /// Nothing at all.
    case none

    public var credentialClass: CredentialClass {
        switch self {
        case .account: return .account
        case .signerAccessCode: return .signer
        case .none: return .public
        }
    }
}

/// Prints without the access code.
extension RequestCredential: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        switch self {
        case .account: return ".account"
        case .signerAccessCode: return ".signerAccessCode(<redacted>)"
        case .none: return ".none"
        }
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        switch self {
        case .signerAccessCode: return Mirror(self, children: ["signerAccessCode": "<redacted>"], displayStyle: .enum)
        case .account, .none: return Mirror(self, children: [], displayStyle: .enum)
        }
    }
}

public enum CredentialClass: String, Sendable, Hashable, CaseIterable {
    case account, signer, `public`
}

extension APIRequest {
    /// The request's security as Assinafy's three classes. Setting it sets the matching
    /// requirements (and, for a signer, the access code).
    public var credential: RequestCredential {
        get {
            let schemes = security.flatMap(\.schemes)
            if schemes.contains(where: { $0 != .signerAccessCode }) { return .account }
            if schemes.contains(.signerAccessCode) {
                if case .apiKey(let code)? = credentials[SecurityScheme.signerAccessCode.name] {
                    return .signerAccessCode(code)
                }
                return .signerAccessCode("")
            }
            return .none
        }
        set {
            credentials[SecurityScheme.signerAccessCode.name] = nil
            switch newValue {
            case .account: security = [[.bearerAuth], [.apiKeyAuth]]
            case .signerAccessCode(let code):
                security = [[.signerAccessCode]]
                credentials[SecurityScheme.signerAccessCode.name] = .apiKey(code)
            case .none: security = []
            }
        }
    }

    /// A request for an Assinafy operation, by credential class.
    public init(
        operationName: String, method: RequestMethod, pathTemplate: String, path: RequestPath,
        credential: RequestCredential
    ) {
        self.init(operationName: operationName, method: method, pathTemplate: pathTemplate, path: path)
        self.credential = credential
    }

    /// A copy that carries no credential of any kind.
    public func withoutWorkspaceCredential() -> APIRequest {
        var copy = self
        copy.security = []
        copy.credentials = [:]
        return copy
    }
}

/// What the generated operation groups call; the README's name for `APIClientProtocol`.
public typealias HTTPClientProtocol = APIClientProtocol
