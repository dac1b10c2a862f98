import APIRuntime
import Foundation

/// An OAuth scope: a permission the user approves on Assinafy's consent screen.
///
/// Open-ended on purpose: a scope this version of the SDK does not know (a new permission, or
/// one a future server grants) is kept as its raw text instead of being dropped, so reading the
/// granted `scope` of a token response never loses information.
public struct OAuthScope: OpenEnum, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    @_alwaysEmitIntoClient public init(rawValue: String) { self.rawValue = rawValue }
    @_alwaysEmitIntoClient public init(stringLiteral value: String) { rawValue = value }

    /// Read documents, pages, tags, signers, assignments and activity.
    public static let documentsRead = OAuthScope(rawValue: "documents:read")
    /// Create, update and delete documents and manage their signers and assignments.
    public static let documentsWrite = OAuthScope(rawValue: "documents:write")
    /// Read templates, their pages, roles, fields and tags.
    public static let templatesRead = OAuthScope(rawValue: "templates:read")
    /// Create, update and delete templates and their content.
    public static let templatesWrite = OAuthScope(rawValue: "templates:write")
    /// Read the workspace profile, theme and logo.
    public static let accountRead = OAuthScope(rawValue: "account:read")
    /// Configure and deactivate the workspace's webhook subscription.
    public static let webhooksWrite = OAuthScope(rawValue: "webhooks:write")
    /// Identify the user (OpenID Connect) and enable `/oauth/userinfo`.
    public static let openid = OAuthScope(rawValue: "openid")
    /// Include the user's name in the claims.
    public static let profile = OAuthScope(rawValue: "profile")
    /// Include the user's e-mail and its verification status in the claims.
    public static let email = OAuthScope(rawValue: "email")
    /// Receive a refresh token. Never appears in a granted `scope`: it is not a permission.
    public static let offlineAccess = OAuthScope(rawValue: "offline_access")

    public static let knownValues: [OAuthScope] = [
        .documentsRead, .documentsWrite, .templatesRead, .templatesWrite, .accountRead, .webhooksWrite, .openid,
        .profile, .email, .offlineAccess,
    ]

    /// Splits a space-separated `scope` string (RFC 6749 §3.3) into scopes, in order, without
    /// duplicates. Unknown scopes are kept; empty segments (double spaces) are skipped.
    @_alwaysEmitIntoClient public static func parse(_ text: String?) -> [OAuthScope] {
        guard let text else { return [] }
        var seen = Set<String>()
        var scopes: [OAuthScope] = []
        for part in text.split(whereSeparator: { $0 == " " }) where seen.insert(String(part)).inserted {
            scopes.append(OAuthScope(rawValue: String(part)))
        }
        return scopes
    }

    /// The space-separated form sent in an authorization request.
    @_alwaysEmitIntoClient public static func join(_ scopes: [OAuthScope]) -> String {
        scopes.map(\.rawValue).joined(separator: " ")
    }

    /// RFC 6749 §3.3: `scope-token = 1*( %x21 / %x23-5B / %x5D-7E )` — printable ASCII except
    /// space, `"` and `\`. Anything else would change the meaning of the space-separated list.
    @usableFromInline @_alwaysEmitIntoClient var isWellFormed: Bool {
        !rawValue.isEmpty
            && rawValue.utf8.allSatisfy { $0 == 0x21 || (0x23...0x5B).contains($0) || (0x5D...0x7E).contains($0) }
    }
}

/// Something that names an OAuth scope: a `String` or an `OAuthScope`. Lets
/// `OAuthAuthorizationRequest(clientId:redirectURI:scopeStrings:)` take raw strings, typed
/// scopes such as `OAuthScope.webhooksWrite`, or a mix of both.
public protocol OAuthScopeRepresentable: Sendable {
    var oauthScopeValue: String { get }
}

extension String: OAuthScopeRepresentable {
    @_alwaysEmitIntoClient public var oauthScopeValue: String { self }
}

extension OAuthScope: OAuthScopeRepresentable {
    @_alwaysEmitIntoClient public var oauthScopeValue: String { rawValue }
}
