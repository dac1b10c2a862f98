import APIRuntime
import AssinafyAPI
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@testable import Assinafy

/// Every way a call can fail, end to end, arrives as one of the four promised types (or
/// `CancellationError`), whether the engine or an app's own client carried the request.
@Suite struct ErrorTranslationTests {
    func client(_ transport: StubTransport, _ extra: [any APIMiddleware] = []) -> AssinafyClient {
        AssinafyClient(
            configuration: AssinafyClientConfiguration(
                token: "test-token", apiKey: nil, baseURL: AssinafyClientConfiguration.sandboxBaseURL,
                defaultAccountId: Stubbed.accountId, retryPolicy: .none),
            httpTransport: transport, middlewares: extra + [transport.recorder])
    }

    @Test func aTransportFailureIsANetworkErrorWithItsURLError() async throws {
        let transport = StubTransport()
        transport.enqueue { _ in throw URLError(.cannotConnectToHost) }
        let error = try await #require(throws: NetworkError.self) {
            try await client(transport).signers.get(signerId: "sig-1")
        }
        #expect(error.underlyingError?.code == .cannotConnectToHost)
        #expect(!error.mayHaveReachedServer)
    }

    @Test func aNon2xxAnswerIsAnAPIErrorWithStatusAndBody() async throws {
        let transport = StubTransport()
        transport.enqueueError(404, "Signer not found")
        let error = try await #require(throws: APIError.self) {
            try await client(transport).signers.get(signerId: "sig-1")
        }
        #expect(error.statusCode == 404 && error.message == "Signer not found")
        #expect(error.responseData?["message"]?.stringValue == "Signer not found")
    }

    @Test func aRequestTheEngineRefusesIsAValidationError() async throws {
        struct NegativeTimeout: APIMiddleware {
            func intercept(
                _ request: APIRequest, operation: String, next: @Sendable (APIRequest) async throws -> RawResponse
            ) async throws -> RawResponse {
                var request = request
                request.timeout = -1
                return try await next(request)
            }
        }
        let transport = StubTransport()
        let error = try await #require(throws: ValidationError.self) {
            try await client(transport, [NegativeTimeout()]).signers.get(signerId: "sig-1")
        }
        #expect(error.errors["timeout"] != nil)
        #expect(transport.transportRequests.isEmpty)
    }

    @Test func inputTheSDKRefusesIsAValidationErrorWithoutIO() async throws {
        let transport = StubTransport()
        await #expect(throws: ValidationError.self) {
            try await client(transport).workspaces.uploadLogo(Data("GIF89a".utf8))
        }
        #expect(transport.transportRequests.isEmpty)
    }

    @Test func anAnswerThatDoesNotDecodeIsAnSDKError() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(#""not a signer""#))
        let error = try await #require(throws: AssinafySDKError.self) {
            try await client(transport).signers.get(signerId: "sig-1")
        }
        #expect(error.underlyingError is DecodingError)
        #expect(error.context["detail"] != nil)
    }

    @Test func aForeignErrorFromTheChainIsAnSDKErrorKeepingIt() async throws {
        struct Refused: Error {}
        let transport = StubTransport()
        transport.enqueue { _ in throw Refused() }
        let error = try await #require(throws: AssinafySDKError.self) {
            try await client(transport).signers.get(signerId: "sig-1")
        }
        #expect(error.underlyingError is Refused)
    }

    @Test func cancellationIsPreserved() async throws {
        let transport = StubTransport()
        transport.enqueue { _ in throw CancellationError() }
        await #expect(throws: CancellationError.self) {
            try await client(transport).signers.get(signerId: "sig-1")
        }
    }

    // MARK: An app's own client

    /// An operation-level client that answers from a closure, as an app's own would.
    struct AppClient: APIClientProtocol {
        let answer: @Sendable (APIRequest) throws -> RawResponse
        func send(_ request: APIRequest) async throws -> RawResponse { try answer(request) }
    }

    func appClient(_ answer: @escaping @Sendable (APIRequest) throws -> RawResponse) -> AssinafyClient {
        AssinafyClient(
            configuration: AssinafyClientConfiguration(token: "test-token", defaultAccountId: Stubbed.accountId),
            transport: AppClient(answer: answer))
    }

    @Test func anAppClientsURLErrorIsANetworkError() async throws {
        let error = try await #require(throws: NetworkError.self) {
            try await appClient { _ in throw URLError(.timedOut) }.signers.get(signerId: "sig-1")
        }
        #expect(error.underlyingError?.code == .timedOut)
    }

    /// The rule for an answer that does not decode is the engine's, whichever client read it.
    @Test func anAppClientsUndecodableAnswerFailsAsTheEnginesDoes() async throws {
        let body = Data(envelope(#""not a signer""#).utf8)
        let viaApp = try await #require(throws: AssinafySDKError.self) {
            try await appClient { _ in RawResponse(statusCode: 200, body: body) }.signers.get(signerId: "sig-1")
        }
        let transport = StubTransport()
        transport.enqueueJSON(envelope(#""not a signer""#))
        let viaEngine = try await #require(throws: AssinafySDKError.self) {
            try await client(transport).signers.get(signerId: "sig-1")
        }
        #expect(viaApp.message == viaEngine.message)
        #expect(viaApp.context == viaEngine.context)
        #expect(viaApp.underlyingError is DecodingError)
    }

    @Test func anAppClientsCancellationIsPreserved() async throws {
        await #expect(throws: CancellationError.self) {
            try await appClient { _ in throw CancellationError() }.signers.get(signerId: "sig-1")
        }
    }
}
