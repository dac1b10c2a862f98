import APIRuntime
import APITesting
import AssinafyAPI
import AssinafyAPITesting
import Foundation
import Testing

/// The generated `AssinafyAPIStubs`: multipart and form bodies and a per-call credential read
/// back through the real engine, and every example answer decoding.
struct AssinafyStubsTests {
    static func engine(_ stubs: AssinafyAPIStubs) -> APIEngine {
        APIEngine(
            configuration: APIEngineConfiguration(
                baseURL: URL(string: "https://api.example.invalid")!, credentials: ["apiKey": .apiKey("key-1")],
                retryPolicy: .none),
            transport: stubs.transport)
    }

    @Test func aMultipartFileFormFieldsAndAPerCallCredentialComeBackTyped() async throws {
        let files = StubRecorder<MultipartFile>()
        let grants = StubRecorder<AssinafyAPIStubs.ExchangeOAuthTokenCall>()
        let codes = StubRecorder<String>()
        var stubs = AssinafyAPIStubs.examples
        stubs.uploadDocument = { call in
            files.record(call.file)
            return try .example(AssinafyAPIStubs.ExampleBody.uploadDocument)
        }
        stubs.exchangeOAuthToken = { call in
            grants.record(call)
            return try .example(AssinafyAPIStubs.ExampleBody.exchangeOAuthToken)
        }
        stubs.getCurrentSigner = { call in
            codes.record(call.signerAccessCode)
            return try .example(AssinafyAPIStubs.ExampleBody.getCurrentSigner)
        }
        let engine = Self.engine(stubs)
        let pdf = Data("%PDF-1.4 \"quoted\"\r\n\r\nbody".utf8)
        _ = try await DocumentsAPI(client: engine).uploadDocument(
            accountId: "acc_1",
            file: MultipartFile(data: pdf, filename: "contract \"v2\".pdf", contentType: "application/pdf"))
        let file = try #require(files.values.first)
        #expect(file.content == .data(pdf))
        #expect(file.filename == "contract \"v2\".pdf")
        #expect(file.contentType == "application/pdf")

        _ = try await OAuthAPI(client: engine).exchangeOAuthToken(
            grantType: .authorizationCode, clientId: "client 1&2", code: "c=1")
        let grant = try #require(grants.values.first)
        #expect(grant.grantType == .authorizationCode)
        #expect(grant.clientId == "client 1&2")
        #expect(grant.code == "c=1")
        #expect(grant.refreshToken == nil)

        _ = try await SigningAPI(client: engine).getCurrentSigner(signerAccessCode: "code-123")
        #expect(codes.values == ["code-123"])
    }

    @Test func everyJSONExampleDecodes() throws {
        try AssinafyAPIStubs.checkExamples()
    }
}
