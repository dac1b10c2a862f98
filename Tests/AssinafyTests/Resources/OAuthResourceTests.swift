import APIRuntime
import Foundation
import Testing

@testable import Assinafy

/// `OAuthResource` over the real engine and Assinafy's policy (`StubTransport`): an OAuth answer
/// that does not decode reaches the caller as `AssinafySDKError` with `reason == .invalidResponse`,
/// whatever vocabulary the failure had on the way.
@Suite struct OAuthResourceTests {
    static let verifier = String(repeating: "v", count: 43)

    /// Runs `call` and returns the `AssinafySDKError` it must throw.
    func sdkError(_ call: () async throws -> Void) async throws -> AssinafySDKError {
        try await #require(throws: AssinafySDKError.self) { try await call() }
    }

    @Test func aTokenAnswerThatIsNotJSONIsAnInvalidResponse() async throws {
        let transport = StubTransport()
        transport.enqueueJSON("this is not JSON")
        let oauth = Stubbed.client(transport).oauth
        let error = try await sdkError {
            _ = try await oauth.exchangeAuthorizationCode(
                .authorizationCode(
                    code: "code-1", redirectURI: "https://app.example.invalid/callback",
                    codeVerifier: Self.verifier, clientId: "client-1"))
        }
        #expect(error.reason == .invalidResponse)
        #expect(error.context["operation"] == "exchangeOAuthToken")
        #expect(error.underlyingError is DecodingError)
    }

    @Test func aRefreshAnswerOfTheWrongShapeIsAnInvalidResponse() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(#"["an", "array", "where", "an", "object", "belongs"]"#)
        let oauth = Stubbed.client(transport).oauth
        let error = try await sdkError {
            _ = try await oauth.refreshAccessToken(.refreshToken("refresh-1", clientId: "client-1"))
        }
        #expect(error.reason == .invalidResponse)
        #expect(error.context["operation"] == "exchangeOAuthToken")
        // What the engine said about the body is kept.
        #expect(error.context["detail"] != nil)
    }

    @Test func aUserInfoAnswerThatDoesNotDecodeIsAnInvalidResponse() async throws {
        let transport = StubTransport()
        transport.enqueueJSON("{not json")
        let oauth = Stubbed.client(transport).oauth
        let error = try await sdkError { _ = try await oauth.userInfo() }
        #expect(error.reason == .invalidResponse)
        #expect(error.context["operation"] == "getOAuthUserInfo")
    }

    @Test func otherFailuresKeepTheirOwnType() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(#"{"error": "invalid_grant", "error_description": "expired"}"#, status: 400)
        let oauth = Stubbed.client(transport).oauth
        let error = try await #require(throws: APIError.self) {
            _ = try await oauth.refreshAccessToken(.refreshToken("refresh-1", clientId: "client-1"))
        }
        #expect(error.statusCode == 400)
    }
}
