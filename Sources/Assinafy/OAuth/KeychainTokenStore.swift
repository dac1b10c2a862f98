#if canImport(Security)
import APIRuntime
import Foundation
import Security

/// Keeps tokens in the Keychain as one generic password item.
///
/// The item is `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`: readable by background
/// refreshes after the first unlock, never synchronised to iCloud Keychain nor restored to
/// another device from a backup (a refresh token restored elsewhere would be a replay).
/// On macOS the data-protection keychain is used by default, as on iOS; it needs a signed
/// app with a keychain access group entitlement (`errSecMissingEntitlement`, -34018,
/// otherwise). Pass `useDataProtectionKeychain: false` for an unsigned command-line tool.
public struct KeychainTokenStore: TokenStore {
    public let service: String
    public let account: String
    public let accessGroup: String?
    public let useDataProtectionKeychain: Bool

    /// - Parameters:
    ///   - service: e.g. your bundle identifier plus `.assinafy-oauth`.
    ///   - account: one item per connection, e.g. the workspace id.
    ///   - accessGroup: a shared keychain access group, when an app extension must read it.
    public init(
        service: String, account: String, accessGroup: String? = nil, useDataProtectionKeychain: Bool = true
    ) {
        self.service = service
        self.account = account
        self.accessGroup = accessGroup
        self.useDataProtectionKeychain = useDataProtectionKeychain
    }

    private var baseQuery: [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
        if useDataProtectionKeychain { query[kSecUseDataProtectionKeychain as String] = true }
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }

    public func save(_ token: OAuthToken) throws {
        let data = try JSONEncoder().encode(token)
        let attributes: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            kSecAttrSynchronizable as String: false,
        ]
        let updated = SecItemUpdate(baseQuery as CFDictionary, attributes as CFDictionary)
        if updated == errSecSuccess { return }
        guard updated == errSecItemNotFound else { throw failure("cannot be updated", updated) }
        var item = baseQuery
        for (key, value) in attributes { item[key] = value }
        let added = SecItemAdd(item as CFDictionary, nil)
        guard added == errSecSuccess else { throw failure("cannot be added", added) }
    }

    public func load() throws -> OAuthToken? {
        var query = baseQuery
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = result as? Data else { throw failure("cannot be read", status) }
        do {
            return try JSONDecoder().decode(OAuthToken.self, from: data)
        } catch {
            throw AssinafySDKError(
                "The keychain token item cannot be decoded", context: ["service": service], underlyingError: error)
        }
    }

    public func delete() throws {
        let status = SecItemDelete(baseQuery as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw failure("cannot be deleted", status)
        }
    }

    private func failure(_ problem: String, _ status: OSStatus) -> AssinafySDKError {
        AssinafySDKError(
            "The keychain token item \(problem)", context: ["service": service, "osStatus": String(status)])
    }
}
#endif
