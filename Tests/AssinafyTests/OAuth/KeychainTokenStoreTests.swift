#if canImport(Security)
import Foundation
import Security
import Testing

@testable import Assinafy

/// `KeychainTokenStore` against the real Keychain (Apple platforms only; never compiled on Linux).
///
/// Each test works on its own service name and deletes what it wrote. On macOS the tests use the
/// file-based keychain (`useDataProtectionKeychain: false`), as an unsigned test runner must; on
/// iOS the data-protection keychain, the store's default. A test process without any keychain
/// entitlement (`errSecMissingEntitlement`) reports these tests as skipped rather than passed.
@Suite("Keychain token store", .serialized)
struct KeychainTokenStoreTests {
    #if os(macOS)
    static let dataProtection = false
    #else
    static let dataProtection = true
    #endif

    static let issued = Date(timeIntervalSince1970: 1_800_000_000)

    static func token(_ n: Int) -> OAuthToken {
        OAuthToken(
            accessToken: "a\(n)", expiresIn: 3600, refreshToken: "r\(n)", scope: [], idToken: nil, issuedAt: issued)
    }

    static func service() -> String { "com.assinafy.sdk.tests.\(UUID().uuidString)" }

    /// Whether this process may keep a generic password in that keychain at all, asked of the
    /// Keychain directly (not through the store, so a broken store still fails the tests). Only
    /// the missing entitlement disables them; any other status lets them run and report it.
    static func keychainAvailable(dataProtection: Bool) -> Bool {
        var item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service(),
            kSecAttrAccount as String: "probe",
            kSecValueData as String: Data("probe".utf8),
        ]
        if dataProtection { item[kSecUseDataProtectionKeychain as String] = true }
        let status = SecItemAdd(item as CFDictionary, nil)
        item.removeValue(forKey: kSecValueData as String)
        SecItemDelete(item as CFDictionary)
        return status != errSecMissingEntitlement
    }

    static let available = keychainAvailable(dataProtection: dataProtection)
    static let dataProtectionAvailable = keychainAvailable(dataProtection: true)

    @Test(.enabled(if: KeychainTokenStoreTests.available, "this test process has no keychain entitlement"))
    func roundTripUpdateAndDelete() throws {
        let store = KeychainTokenStore(
            service: Self.service(), account: "workspace-1", useDataProtectionKeychain: Self.dataProtection)
        defer { try? store.delete() }
        #expect(try store.load() == nil)
        try store.save(Self.token(1))
        #expect(try store.load() == Self.token(1))
        // A second save updates the one item rather than failing on the duplicate.
        try store.save(Self.token(2))
        #expect(try store.load() == Self.token(2))
        try store.delete()
        #expect(try store.load() == nil)
        // Deleting what is not there is not an error: sign-out may run twice.
        try store.delete()
    }

    @Test(.enabled(if: KeychainTokenStoreTests.available, "this test process has no keychain entitlement"))
    func eachAccountIsItsOwnItem() throws {
        let service = Self.service()
        let first = KeychainTokenStore(
            service: service, account: "workspace-1", useDataProtectionKeychain: Self.dataProtection)
        let second = KeychainTokenStore(
            service: service, account: "workspace-2", useDataProtectionKeychain: Self.dataProtection)
        defer {
            try? first.delete()
            try? second.delete()
        }
        try first.save(Self.token(1))
        try second.save(Self.token(2))
        #expect(try first.load() == Self.token(1))
        #expect(try second.load() == Self.token(2))
        try first.delete()
        #expect(try first.load() == nil)
        #expect(try second.load() == Self.token(2))
    }

    /// An item that is not a token (written by something else under the same names) is reported as
    /// the SDK's error naming the service, not returned as garbage or as "no token".
    @Test(.enabled(if: KeychainTokenStoreTests.available, "this test process has no keychain entitlement"))
    func anItemThatIsNotATokenIsReported() throws {
        let service = Self.service()
        let store = KeychainTokenStore(
            service: service, account: "workspace-1", useDataProtectionKeychain: Self.dataProtection)
        defer { try? store.delete() }
        var item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "workspace-1",
            kSecValueData as String: Data("not json".utf8),
        ]
        if Self.dataProtection { item[kSecUseDataProtectionKeychain as String] = true }
        #expect(SecItemAdd(item as CFDictionary, nil) == errSecSuccess)
        let error = try #require(throws: AssinafySDKError.self) { try store.load() }
        #expect(error.message == "The keychain token item cannot be decoded")
        #expect(error.context["service"] == service)
    }

    /// The access group reaches the Keychain: a group this process holds no entitlement for is
    /// refused by the data-protection keychain (the only one that has groups), and the store
    /// reports the refusal with its status instead of saving the token somewhere else.
    @Test(
        .enabled(
            if: KeychainTokenStoreTests.dataProtectionAvailable, "this test process has no data-protection keychain"))
    func anAccessGroupWithoutEntitlementIsRefused() throws {
        let service = Self.service()
        let store = KeychainTokenStore(
            service: service, account: "workspace-1", accessGroup: "ZZZZZZZZZZ.invalid.assinafy.tests",
            useDataProtectionKeychain: true)
        defer { try? store.delete() }
        #expect(store.accessGroup == "ZZZZZZZZZZ.invalid.assinafy.tests")
        let error = try #require(throws: AssinafySDKError.self) { try store.save(Self.token(1)) }
        #expect(error.context["service"] == service)
        #expect(error.context["osStatus"] == String(errSecMissingEntitlement))
        // Nothing was written under the same names without the group either.
        let ungrouped = KeychainTokenStore(service: service, account: "workspace-1", useDataProtectionKeychain: true)
        #expect(try ungrouped.load() == nil)
    }
}
#endif
