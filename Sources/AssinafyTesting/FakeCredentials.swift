import APIRuntime
import Foundation

/// Who a workspace call authenticated as: the owner's bearer token, the API key, or an OAuth
/// access token the fake issued (which reaches the owner's workspace with its scopes).
enum FakePrincipal {
    case user, apiKey
    case oauth(FakeOAuthAccess)

    var isOAuth: Bool {
        if case .oauth = self { return true }
        return false
    }
}

/// An enrolled (or enrolling) second factor of the owner.
final class FakeMFAMethod {
    let id: String
    let type = "totp"
    let label: String
    let secret: String
    var confirmedAt: Date?
    var lastUsedAt: Date?

    init(id: String, label: String, secret: String) {
        self.id = id
        self.label = label
        self.secret = secret
    }
}

final class FakeOAuthAccess {
    let clientId: String
    let scopes: [String]
    let expiresAt: Date
    /// The authorization the token descends from; revoking it revokes every token of the chain.
    let chain: String?
    var revoked = false
    var exchanged = false

    init(clientId: String, scopes: [String], expiresAt: Date, chain: String?) {
        self.clientId = clientId
        self.scopes = scopes
        self.expiresAt = expiresAt
        self.chain = chain
    }
}

/// What a refresh token or an authorization code grants.
struct FakeOAuthGrant {
    var scopes: [String]
    var resource: String?
    var chain: String?
}

final class FakeOAuthRefresh {
    let clientId: String
    let grant: FakeOAuthGrant
    let expiresAt: Date
    enum Status { case active, retired, revoked }
    /// `retired` once used: a second use revokes the chain.
    var status = Status.active

    init(clientId: String, grant: FakeOAuthGrant, expiresAt: Date) {
        self.clientId = clientId
        self.grant = grant
        self.expiresAt = expiresAt
    }
}

final class FakeAuthorizationCode {
    let clientId: String
    let redirectURI: String
    let challenge: String
    let grant: FakeOAuthGrant
    let expiresAt: Date
    var used = false
    var chain: String?

    init(clientId: String, redirectURI: String, challenge: String, grant: FakeOAuthGrant, expiresAt: Date) {
        self.clientId = clientId
        self.redirectURI = redirectURI
        self.challenge = challenge
        self.grant = grant
        self.expiresAt = expiresAt
    }
}

/// The owner's credentials beyond the password: API key, password-reset tokens, social logins,
/// second factors and recovery codes, and the OAuth grants (the emulator's `h_users.py` and
/// `oauth.py` state). Only touched with `AssinafyFake`'s lock held.
final class FakeCredentials {
    /// The key `X-Api-Key` must carry; nil once deleted.
    var apiKey: String?
    /// Lower-cased e-mail → the token of the last reset e-mail sent to it.
    var resetTokens: [String: String] = [:]
    var socialProviders: [String] = []
    var mfaMethods: [FakeMFAMethod] = []
    var recoveryCodes: [String] = []
    var accessTokens: [String: FakeOAuthAccess] = [:]
    var refreshTokens: [String: FakeOAuthRefresh] = [:]
    var codes: [String: FakeAuthorizationCode] = [:]
    var revokedChains: Set<String> = []

    init(apiKey: String) { self.apiKey = apiKey }

    var confirmedMethods: [FakeMFAMethod] { mfaMethods.filter { $0.confirmedAt != nil } }

    /// Marks every token of `chain` revoked (a reused code or refresh token, or a revocation).
    func revoke(chain: String?) {
        guard let chain else { return }
        revokedChains.insert(chain)
        for access in accessTokens.values where access.chain == chain { access.revoked = true }
        for refresh in refreshTokens.values where refresh.grant.chain == chain { refresh.status = .revoked }
    }
}

extension FakeState {
    /// The principal of a workspace call, nil when its credential is not accepted.
    func principal(_ request: FakeRequest) -> FakePrincipal? {
        if let authorization = request.headers["Authorization"], authorization.lowercased().hasPrefix("bearer ") {
            let token = authorization.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)
            if token == self.token { return .user }
            guard let access = credentials.accessTokens[token], !access.revoked, access.expiresAt >= now,
                !credentials.revokedChains.contains(access.chain ?? "")
            else { return nil }
            return .oauth(access)
        }
        if let key = request.headers["X-Api-Key"], key == credentials.apiKey { return .apiKey }
        return nil
    }

    /// Whether `code` is a second factor of the owner: the code `requireSecondFactor` set, the
    /// authenticator's code while a method is confirmed, or an unused recovery code (used up).
    func secondFactorAccepted(_ code: String?, consume: Bool = true) -> Bool {
        guard let code, !code.isEmpty else { return false }
        if code == user.mfaCode { return true }
        let confirmed = credentials.confirmedMethods
        if !confirmed.isEmpty && code == AssinafyFake.authenticatorCode {
            for method in confirmed { method.lastUsedAt = now }
            return true
        }
        guard let index = credentials.recoveryCodes.firstIndex(of: code) else { return false }
        if consume { credentials.recoveryCodes.remove(at: index) }
        return true
    }

    /// Whether logging in as the owner asks for a second factor.
    var requiresSecondFactor: Bool { user.mfaCode != nil || !credentials.confirmedMethods.isEmpty }

    /// Six digits that differ from one signer's invitation to the next and are the same on every run.
    func newVerificationCode() -> String {
        let serial = Int(newId("verification").suffix(4)) ?? 0
        let code = (serial * 271_829 + 314_159) % 1_000_000
        let digits = String(code)
        return String(repeating: "0", count: 6 - digits.count) + digits
    }

    /// Ten fresh recovery codes, replacing the old ones.
    func newRecoveryCodes() -> [String] {
        credentials.recoveryCodes = (0..<10).map { _ in
            let serial = Int(newId("recovery").suffix(4)) ?? 0
            return "rc" + String((serial * 7_919 + 104_729) % 100_000_000, radix: 16)
        }
        return credentials.recoveryCodes
    }
}
