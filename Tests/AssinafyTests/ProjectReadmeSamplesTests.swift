import Assinafy
import Foundation
import Testing

// The code samples of this repository's README.md, verbatim inside functions that are compiled but
// never run (they need a live account). `ReadmeSamplesTests.swift` does the same for the product
// README's samples. A README sample that stops compiling fails the build.

private func projectReadmeQuickStart(bearerToken: String, accountId: String, pdfData: Data) async throws {
    let client = AssinafyClient(token: bearerToken, defaultAccountId: accountId)

    let uploaded = try await client.documents.upload(pdfData)
    let document = try await client.documents.waitUntilReady(documentId: uploaded.id)
    let signer = try await client.signers.create(
        CreateSignerPayload(fullName: "Ana Souza", email: "ana@example.invalid"))
    let assignment = try await client.assignments.create(
        documentId: document.id,
        payload: .withSignerIds([signer.id], method: .virtual, message: "Please review and sign."))
    _ = assignment
}

private func projectReadmeOAuth(clientId: String, resource: String, callbackURL: URL) throws {
    let request = OAuthAuthorizationRequest(
        clientId: clientId, redirectURI: "https://app.example.invalid/oauth/callback",
        scopes: [.documentsRead, .documentsWrite, .offlineAccess], resource: resource)
    let url = request.authorizationURL(endpoint: OAuthResource.defaultAuthorizationEndpoint)
    // … the browser comes back to the redirect URI with `callbackURL` …
    let code = try OAuthCallback(callbackURL: callbackURL)?.validate(against: request, issuer: OAuthResource.defaultIssuer)
    _ = (url, code)
}

private func projectReadmeSession(
    publicClient: AssinafyClient, clientId: String, tokensFile: URL, code: String, request: OAuthAuthorizationRequest,
    workspaceId: String
) async throws {
    let session = OAuthSession(
        client: publicClient, clientId: clientId,
        store: FileTokenStore(fileURL: tokensFile))       // 0600, atomic writes
    let token = try await session.connect(code: code, request: request)
    let userClient = session.client(defaultAccountId: workspaceId)
    let documents = try await userClient.documents.list(params: ListParams(page: 1, perPage: 50))
    _ = (token, documents)
}

private func projectReadmeTwoFactor(publicClient: AssinafyClient, email: String, password: String, totpCode: String)
    async throws
{
    let session: AuthSession
    switch try await publicClient.auth.attemptLogin(LoginPayload(email: email, password: password)) {
    case .session(let signedIn):
        session = signedIn
    case .mfaRequired(let challenge):
        session = try await publicClient.auth.verifyMFA(mfaToken: challenge.mfaToken, code: totpCode)
    }
    _ = session
}

private func projectReadmeWebhooks(
    body: Data, headers: [String: String], endpointSecret: String, deduplicator: WebhookDeduplicator
) throws {
    let delivery = try WebhookDelivery.verifyAndParse(body: body, headers: headers, secret: endpointSecret)
    if deduplicator.markSeen(delivery.webhookId ?? "") {
        if delivery.name == .documentReady { /* … */ }
    }
}

@Suite("Project README samples")
struct ProjectReadmeSamplesTests {
    /// The samples above are the README's, character for character (indentation aside).
    @Test func samplesMatchTheReadme() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let sourceLines = Set(source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        var blocks: [[String]] = []
        var current: [String]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let block = current { blocks.append(block) }
                current = line == "```swift" ? [] : nil
                continue
            }
            current?.append(line.trimmingCharacters(in: .whitespaces))
        }
        var checked = 0
        // The install snippet is a package manifest, not code this target can compile; the
        // "another API" example is compiled against its own generated module
        // (FixtureCompileTests.readmeExampleCompiles); the plugin example's files are shown as
        // committed (ExampleInReadmeTests) and built with their package (PluginSampleTests); the
        // testing samples need the test-only product (AssinafyTestingTests.ReadmeTestingSamplesTests).
        let elsewhere = [
            "import Kennel", "import PetsAPI", "import PackageDescription", "import AssinafyTesting",
        ]
        for block in blocks
        where !(block.first?.hasPrefix("dependencies:") ?? false) && !elsewhere.contains(where: block.contains) {
            for line in block where !line.isEmpty && line != "import Assinafy" {
                let compiled = sourceLines.contains(line)
                #expect(compiled, "README line not compiled by this file: \(line)")
                checked += 1
            }
        }
        #expect(checked > 20)
    }
}
