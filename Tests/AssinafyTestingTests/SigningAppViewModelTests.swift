import Assinafy
import AssinafyAPITesting
import AssinafyTesting
import SigningAppViewModel
import Testing

/// The sample app's view model (Examples/SigningApp) as an app team would test it: typed stubs
/// for each screen state, the example answers its preview uses, and the fake for a whole flow.
@MainActor @Suite struct SigningAppViewModelTests {
    static func client(_ transport: some HTTPTransport) -> AssinafyClient {
        AssinafyClient(
            configuration: AssinafyClientConfiguration(token: "test-token", defaultAccountId: "account-1"),
            httpTransport: transport, middlewares: [])
    }

    @Test func listedDocumentsBecomeRows() async {
        var stubs = AssinafyAPIStubs()
        stubs.listDocuments = { call in
            #expect(call.accountId == "account-1")
            return .ok(EnvelopeOf(data: [Document(id: "doc-1", name: "Lease.pdf", status: "pending_signature")]))
        }
        let model = DocumentsViewModel(client: Self.client(stubs.transport))
        await model.load()
        #expect(model.state == .loaded([.init(id: "doc-1", name: "Lease.pdf", status: "pending_signature")]))
    }

    @Test func aServerErrorIsShownWithItsStatus() async {
        var stubs = AssinafyAPIStubs()
        stubs.listDocuments = { _ in .status(403, EnvelopeOf<[Document]>(status: 403, message: "Forbidden")) }
        let model = DocumentsViewModel(client: Self.client(stubs.transport))
        await model.load()
        #expect(model.state == .failed("The server answered 403: Forbidden"))
    }

    @Test func theExampleAnswersThePreviewUsesFillTheScreen() async {
        let model = DocumentsViewModel(client: Self.client(AssinafyAPIStubs.examples.transport))
        await model.load()
        guard case .loaded(let rows) = model.state else {
            Issue.record("expected rows, got \(model.state)")
            return
        }
        #expect(!rows.isEmpty)
    }

    @Test func anUploadedDocumentAppearsWithTheFake() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        let uploaded = try await client.documents.upload(Sample.pdf)
        _ = try await client.documents.waitUntilReady(documentId: uploaded.id)
        let model = DocumentsViewModel(client: client)
        await model.load()
        guard case .loaded(let rows) = model.state else {
            Issue.record("expected rows, got \(model.state)")
            return
        }
        #expect(rows.map(\.id) == [try #require(uploaded.id)])
        #expect(rows.first?.status == "metadata_ready")
    }
}
