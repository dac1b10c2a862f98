// libFuzzer target: the OAuth redirect (callback) parser and its validation.
// Input: the query and fragment of a callback URL; "{state}" stands for the request's real
// state, so the fuzzer reaches the checks behind the state comparison.
import Foundation

@testable import Assinafy

let request = OAuthAuthorizationRequest(
    clientId: "client-1", redirectURI: "https://app.example.invalid/callback", scopes: [.openid, .documentsRead])

@c(LLVMFuzzerTestOneInput)
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    InputBudget.check(bytes: count) { _ = fuzz(start, count) }
    return 0
}

func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let query = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "{state}", with: request.state)
    for candidate in ["https://app.example.invalid/callback?" + query, "app.example.invalid:/cb?" + query] {
        guard let url = URL(string: candidate), let callback = OAuthCallback(callbackURL: url) else { continue }
        _ = callback.parameterNames
        _ = callback.description
        if let code = try? callback.validate(against: request) {
            // A code is handed out only when every check passed.
            precondition(OAuthInput.isSafeToken(code), "validate returned an unsafe code")
        }
        _ = try? callback.validate(against: request, issuer: "https://issuer.example.invalid")
    }
    return 0
}
