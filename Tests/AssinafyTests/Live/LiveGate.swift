import Foundation

/// Decides, from the environment alone, whether the live sandbox suite (`AssinafyLiveTests`)
/// may run and whether it may change anything there.
///
/// Pure on purpose: the rules that keep tests away from production and from real people's
/// inboxes are unit-tested (`LiveGateTests`) without any network.
///
/// - `ASSINAFY_API_KEY`, `ASSINAFY_ACCOUNT_ID`: both required, else the suite is skipped.
/// - `ASSINAFY_BASE_URL`: optional (default `https://sandbox.assinafy.com.br/v1`); anything but
///   https on exactly `sandbox.assinafy.com.br` (default port, no user info, query or fragment,
///   path `/v1`) is refused.
/// - `ASSINAFY_RUN_LIVE_MUTATIONS=1` with two distinct, well-formed recipients in
///   `ASSINAFY_TEST_EMAIL_A` and `ASSINAFY_TEST_EMAIL_B` enables the tests that create things.
enum LiveGate {
    static let sandboxHost = "sandbox.assinafy.com.br"
    static let sandboxBaseURL = "https://sandbox.assinafy.com.br/v1"

    struct Recipients: Equatable, Sendable {
        let first: String
        let second: String
    }

    enum Mutations: Equatable, Sendable {
        case off(reason: String)
        case on(Recipients)
    }

    struct Settings: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
        let apiKey: String
        let accountId: String
        let baseURL: URL
        let mutations: Mutations

        // Never the key: these descriptions end up in test output and CI logs.
        var description: String {
            let mode: String
            switch mutations {
            case .off(let reason): mode = "read-only (\(reason))"
            case .on: mode = "mutations on, two test recipients"
            }
            return "\(baseURL.absoluteString), account \(accountId), \(mode)"
        }
        var debugDescription: String { description }
    }

    enum Decision: Equatable, Sendable {
        /// Not configured: nothing runs, and that is fine (CI, a developer without credentials).
        case skip(reason: String)
        /// Configured in a way that could reach something other than the sandbox, or with
        /// unusable values: nothing runs, and the suite reports it as a failure.
        case refuse(reason: String)
        case run(Settings)

        var settings: Settings? {
            if case .run(let settings) = self { return settings }
            return nil
        }

        var allowsMutations: Bool {
            if case .on = settings?.mutations { return true }
            return false
        }

        var recipients: Recipients? {
            if case .on(let recipients)? = settings?.mutations { return recipients }
            return nil
        }

        /// One line for the test log (never a credential).
        var summary: String {
            switch self {
            case .skip(let reason): return "live: skipped: \(reason)"
            case .refuse(let reason): return "live: refused: \(reason)"
            case .run(let settings): return "live: running against \(settings)"
            }
        }
    }

    static func evaluate(environment: [String: String]) -> Decision {
        func value(_ name: String) -> String? {
            guard let raw = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty else {
                return nil
            }
            return raw
        }
        guard let apiKey = value("ASSINAFY_API_KEY") else { return .skip(reason: "ASSINAFY_API_KEY is not set") }
        guard let accountId = value("ASSINAFY_ACCOUNT_ID") else {
            return .skip(reason: "ASSINAFY_ACCOUNT_ID is not set")
        }
        guard isSafeToken(apiKey) else {
            return .refuse(reason: "ASSINAFY_API_KEY contains whitespace or control characters")
        }
        guard isSafeToken(accountId), !accountId.contains(where: { "/\\?#%".contains($0) }),
            accountId != ".", accountId != ".."
        else { return .refuse(reason: "ASSINAFY_ACCOUNT_ID is not a plain identifier") }

        let baseURL: URL
        switch sandboxURL(value("ASSINAFY_BASE_URL") ?? sandboxBaseURL) {
        case .success(let url): baseURL = url
        case .failure(let refusal): return .refuse(reason: "ASSINAFY_BASE_URL \(refusal.reason)")
        }
        return .run(Settings(apiKey: apiKey, accountId: accountId, baseURL: baseURL, mutations: mutations(value)))
    }

    struct Refusal: Error, Equatable {
        let reason: String
    }

    /// Accepts only `https://sandbox.assinafy.com.br/v1` (host case and a trailing `/` aside).
    static func sandboxURL(_ text: String) -> Result<URL, Refusal> {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            return .failure(Refusal(reason: "is not an absolute URL"))
        }
        guard scheme == "https" else { return .failure(Refusal(reason: "must use https, not \(scheme)")) }
        // Checked before the host: `https://sandbox.assinafy.com.br@elsewhere` has user info.
        guard components.user == nil, components.password == nil else {
            return .failure(Refusal(reason: "must not contain user info"))
        }
        let host = components.host?.lowercased() ?? ""
        guard host == sandboxHost else {
            return .failure(Refusal(reason: "must point at \(sandboxHost), not \(host.isEmpty ? "no host" : host)"))
        }
        guard components.port == nil || components.port == 443 else {
            return .failure(Refusal(reason: "must use the default https port"))
        }
        guard components.query == nil, components.fragment == nil else {
            return .failure(Refusal(reason: "must not contain a query or fragment"))
        }
        guard components.path == "/v1" || components.path == "/v1/" else {
            return .failure(
                Refusal(reason: "must be the /v1 API root, not \(components.path.isEmpty ? "/" : components.path)"))
        }
        guard let url = URL(string: sandboxBaseURL) else { return .failure(Refusal(reason: "is not a URL")) }
        return .success(url)
    }

    private static func mutations(_ value: (String) -> String?) -> Mutations {
        guard value("ASSINAFY_RUN_LIVE_MUTATIONS") == "1" else {
            return .off(reason: "set ASSINAFY_RUN_LIVE_MUTATIONS=1 to run the tests that create things")
        }
        guard let first = value("ASSINAFY_TEST_EMAIL_A"), let second = value("ASSINAFY_TEST_EMAIL_B") else {
            return .off(reason: "mutations need ASSINAFY_TEST_EMAIL_A and ASSINAFY_TEST_EMAIL_B")
        }
        guard isEmail(first), isEmail(second) else {
            return .off(reason: "ASSINAFY_TEST_EMAIL_A and ASSINAFY_TEST_EMAIL_B must be e-mail addresses")
        }
        // Two signers with one inbox would hide ordering and notification bugs.
        guard first.lowercased() != second.lowercased() else {
            return .off(reason: "ASSINAFY_TEST_EMAIL_A and ASSINAFY_TEST_EMAIL_B must be two distinct recipients")
        }
        return .on(Recipients(first: first, second: second))
    }

    static func isSafeToken(_ text: String) -> Bool {
        !text.isEmpty
            && !text.unicodeScalars.contains { $0.properties.isWhitespace || $0.properties.generalCategory == .control }
    }

    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, isSafeToken(text) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }

    /// The decision for this process, printed once so a skipped run says why.
    static let current: Decision = {
        let decision = evaluate(environment: ProcessInfo.processInfo.environment)
        print(decision.summary)
        return decision
    }()
}
