import APIRuntime
import APITesting
import Assinafy
import AssinafyAPITesting
import Foundation

extension HTTPTransport where Self == StubTransport {
    /// Every operation answered with the document's example (`AssinafyAPIStubs.examples`), so a
    /// preview needs one argument: `AssinafyClient(configuration: …, httpTransport: .examples)`.
    public static var examples: StubTransport { AssinafyAPIStubs.examples.transport }
}

extension AssinafyClient {
    /// A client whose every call answers with the document's example, for SwiftUI previews:
    /// `MyView(model: MyModel(client: .examples))`. It has a token and a default workspace, so
    /// account calls need no arguments; no request leaves the process.
    public static var examples: AssinafyClient {
        AssinafyClient(
            configuration: AssinafyClientConfiguration(
                token: "example-token", baseURL: AssinafyFake.baseURL, defaultAccountId: "example-account"),
            httpTransport: .examples)
    }
}
