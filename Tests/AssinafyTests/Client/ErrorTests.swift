import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

import APIRuntime
@testable import Assinafy

@Suite struct ErrorTests {
    /// A reason is a value to compare with; the `NSError` form keeps the text apps may log.
    @Test func sdkErrorReasonIsTypedAndTravelsAsContextText() {
        let error = AssinafySDKError("gone", reason: .reconnectRequired, context: ["cause": "invalid_grant"])
        #expect(error.reason == .reconnectRequired && error.isReconnectRequired)
        #expect(error.context == ["reason": "reconnect_required", "cause": "invalid_grant"])
        let ns = error as NSError
        #expect(ns.domain == "com.assinafy.sdk.SDKError" && ns.code == -1)
        #expect((ns.userInfo["context"] as? [String: String])?["reason"] == "reconnect_required")
        // A reason this version does not name is kept as sent, and is not reconnect-required.
        let other = AssinafySDKError("x", context: ["reason": "something_new"])
        #expect(other.reason?.rawValue == "something_new" && !other.isReconnectRequired)
        #expect(AssinafySDKError("x").reason == nil)
    }

    @Test func apiErrorBridgesToNSError() {
        let body = Data(#"{"status":403,"message":"Sem permissão","data":null}"#.utf8)
        let headers: HeaderFields = [
            "WWW-Authenticate": #"Bearer realm="api", error="insufficient_scope", scope="documents:read documents:write""#,
            "Retry-After": "7",
        ]
        let error = APIError(statusCode: 403, headers: headers, rawBody: body, operationName: "getDocument")
        let ns = error as NSError
        #expect(ns.domain == "com.assinafy.sdk.APIError")
        #expect(ns.code == 403)
        #expect(ns.localizedDescription.contains("Sem permissão"))
        #expect(ns.userInfo[NSLocalizedDescriptionKey] as? String == error.description)
        #expect(ns.userInfo["responseData"] as? JSONValue == error.responseData)
        #expect(ns.userInfo["insufficientScope"] as? String == "documents:read documents:write")
        #expect((ns.userInfo["wwwAuthenticate"] as? String)?.hasPrefix("Bearer") == true)
        #expect(error.requiredScopes == ["documents:read", "documents:write"])
        #expect(error.retryAfter == 7)
        #expect(error.message == "Sem permissão")
        #expect(((error as any Error) as? APIError)?.statusCode == 403)
    }

    @Test func validationErrorBridgesToNSError() {
        let error = ValidationError("Invalid client configuration", errors: ["timeout": ["must be positive"]])
        let ns = error as NSError
        #expect(ns.domain == "com.assinafy.sdk.ValidationError")
        #expect(ns.code == 422)
        #expect(ns.localizedDescription == "Invalid client configuration")
        #expect(ns.userInfo["errors"] as? [String: [String]] == ["timeout": ["must be positive"]])
    }

    @Test func networkErrorBridgesToNSError() {
        let underlying = URLError(.timedOut, userInfo: [NSLocalizedDescriptionKey: "Timeout was reached"])
        let error = NetworkError(TransportError.from(underlying, redactor: Redactor([])))
        let ns = error as NSError
        #expect(ns.domain == "com.assinafy.sdk.NetworkError")
        #expect(ns.code == URLError.Code.timedOut.rawValue)
        #expect(ns.localizedDescription == error.message)
        #expect((ns.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == -1001)
        #expect(error.mayHaveReachedServer)
    }

    @Test func sdkErrorBridgesToNSError() {
        struct Cause: Error {}
        let error = AssinafySDKError("The response body is not JSON", context: ["operation": "x"], underlyingError: Cause())
        let ns = error as NSError
        #expect(ns.domain == "com.assinafy.sdk.SDKError")
        #expect(ns.code == -1)
        #expect(ns.localizedDescription == "The response body is not JSON")
        #expect(ns.userInfo[NSUnderlyingErrorKey] != nil)
        #expect(ns.userInfo["context"] as? [String: String] == ["operation": "x"])
    }

    @Test func networkErrorClassification() {
        func reached(_ code: URLError.Code, _ text: String = "x") -> Bool {
            TransportError.from(URLError(code, userInfo: [NSLocalizedDescriptionKey: text]), redactor: Redactor([]))
                .mayHaveReachedServer
        }
        #expect(!reached(.cannotFindHost))
        #expect(!reached(.cannotConnectToHost))
        #expect(!reached(.dnsLookupFailed))
        #expect(!reached(.secureConnectionFailed))
        #expect(!reached(.serverCertificateUntrusted))
        #expect(!reached(.unknown, "SSL certificate problem: unable to get local issuer certificate"))
        #expect(!reached(.unknown, "OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number"))
        #expect(reached(.unknown, "OpenSSL SSL_read: error:0A000126:SSL routines::unexpected eof while reading, errno 0"))
        #expect(reached(.unknown, "Something else"))
        #expect(reached(.timedOut))
        #expect(reached(.networkConnectionLost))
    }

    @Test func networkErrorDropsQueryFromFailingURL() {
        let url = URL(string: "https://api.example.com/v1/sign?signer-access-code=SECRET")!
        let underlying = URLError(
            .timedOut, userInfo: [NSURLErrorFailingURLErrorKey: url, NSLocalizedDescriptionKey: "failed for SECRET"])
        let error = NetworkError(TransportError.from(underlying, redactor: Redactor(["SECRET"])))
        #expect(error.underlyingError?.failingURL?.absoluteString == "https://api.example.com/v1/sign")
        #expect(!error.message.contains("SECRET"))
        #expect(!"\(error as NSError)".contains("SECRET"))
    }

    @Test func messagePrecedence() {
        func message(_ json: String) -> String { APIError(statusCode: 400, rawBody: Data(json.utf8)).message }
        #expect(message(#"{"status":400,"message":"Bad","error":"x"}"#) == "Bad")
        #expect(message(#"{"error":"invalid_grant","error_description":"expired"}"#) == "invalid_grant")
        #expect(message("<html>Bad Gateway</html>") == "<html>Bad Gateway</html>")
        #expect(message("") == "HTTP status 400")
        #expect(message(#"{"status":422,"message":null,"data":[]}"#).hasPrefix("{"))
    }

    @Test func oauthAndRestrictions() {
        let oauth = APIError(statusCode: 400, rawBody: Data(#"{"error":"invalid_grant","error_description":"Code expired"}"#.utf8))
        #expect(oauth.oauthError == OAuthErrorDetail(code: "invalid_grant", description: "Code expired"))
        let body = #"""
            {"status":409,"message":"Não é possível excluir","data":null,
             "restrictions":[{"code":"has_documents","message":"Há documentos","account_ids":["a1", 42]},
                             {"code":7,"message":"Outro"}]}
            """#
        let blocked = APIError(statusCode: 409, rawBody: Data(body.utf8))
        #expect(
            blocked.workspaceDeletionRestrictions == [
                WorkspaceDeletionRestriction(code: "has_documents", message: "Há documentos", accountIds: ["a1", "42"]),
                WorkspaceDeletionRestriction(code: "7", message: "Outro", accountIds: []),
            ])
        #expect(blocked.oauthError == nil)
    }

    @Test func wwwAuthenticateParser() {
        let header = #"Newauth realm="apps", type=1, title="Login to \"apps\"", Basic realm="simple", Bearer error="insufficient_scope", scope="a, b \"c\"", error_description="needs a, b""#
        let challenges = AuthChallenge.parse(header)
        #expect(challenges.map(\.scheme) == ["Newauth", "Basic", "Bearer"])
        #expect(challenges[0].parameter("title") == #"Login to "apps""#)
        #expect(challenges[0].parameter("TYPE") == "1")
        #expect(challenges[2].parameter("scope") == #"a, b "c""#)
        #expect(challenges[2].parameter("error_description") == "needs a, b")
        #expect(APIError.insufficientScope(in: header) == #"a, b "c""#)

        let token68 = AuthChallenge.parse("Basic dXNlcjpwYXNz==, Bearer realm=x")
        #expect(token68.count == 2 && token68[0].token68 == "dXNlcjpwYXNz==" && token68[1].parameter("realm") == "x")
        #expect(APIError.insufficientScope(in: #"Bearer error="invalid_token""#) == nil)
        #expect(APIError.insufficientScope(in: "Bearer error=insufficient_scope") == "")
        #expect(APIError.insufficientScope(in: #"Basic realm="x", error="insufficient_scope", scope="no""#) == nil)
        #expect(AuthChallenge.parse("").isEmpty)
        #expect(AuthChallenge.parse(#"Bearer realm="unterminated"#).first?.parameter("realm") == "unterminated")
    }

    @Test func redactorRemovesSecretsAndEncodedForms() {
        let redactor = Redactor(["a b/c", "tok", nil, ""])
        #expect(redactor.redact("x a b/c y a%20b%2Fc tok") == "x [REDACTED] y [REDACTED] [REDACTED]")
    }
}
