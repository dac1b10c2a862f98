import APIRuntime
import Foundation
import Testing

@testable import Assinafy

/// `print(configuration)` and `dump(request.credential)` in an app's logging never show the
/// token, the API key or a signer's access code.
@Suite struct ConfigurationRedactionTests {
    static func forms(of value: some Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return ["\(value)", String(reflecting: value), dumped]
    }

    @Test func aConfigurationHidesItsTokenAndKey() {
        for configuration in [
            AssinafyClientConfiguration(token: "tok-SECRET"), AssinafyClientConfiguration(apiKey: "key-SECRET"),
        ] {
            for text in Self.forms(of: configuration) { #expect(!text.contains("SECRET"), "\(text)") }
            #expect("\(configuration)".contains("<redacted>"))
        }
        #expect("\(AssinafyClientConfiguration())".contains("token: nil"))
    }

    @Test func aSignerCredentialHidesItsAccessCode() {
        let credential = RequestCredential.signerAccessCode("code-SECRET")
        for text in Self.forms(of: credential) { #expect(!text.contains("SECRET"), "\(text)") }
    }
}
