import AssinafyTestSupport
import Testing

@testable import GeneratorCore

/// A path key that carries a query string (`/oauth/token?refresh`): the operation's path is the
/// part before `?`, and the query is sent on every call, with a warning naming the key.
@Suite("Path keys with a query", .offCooperativePool)
struct PathKeyQueryTests {
    static let yaml = """
        openapi: 3.1.0
        info: {title: T, version: "1"}
        paths:
          /token:
            post:
              operationId: issueToken
              responses: {"204": {description: none}}
          /token?refresh&mode=a%20b:
            post:
              operationId: refreshToken
              responses: {"204": {description: none}}
        """

    @Test func theQueryLeavesThePathAndBecomesConstantItems() throws {
        let (loaded, diagnostics) = DocumentLoader.load(try DocumentReader.read(Self.yaml, file: "t.yaml"))
        let document = try #require(loaded)
        let refresh = try #require(document.operations.first { $0.operationId == "refreshToken" })
        #expect(refresh.path == "/token")
        #expect(refresh.constantQuery.map { "\($0.name)=\($0.value)" } == ["refresh=", "mode=a b"])
        let issue = try #require(document.operations.first { $0.operationId == "issueToken" })
        #expect(issue.constantQuery.isEmpty)
        let warnings = diagnostics.filter { $0.severity == .warning && $0.message.contains("query string") }
        #expect(warnings.map(\.pointer) == ["#/paths/~1token?refresh&mode=a%20b"])
    }

    @Test func theGeneratedCallSendsAPathTheEngineAcceptsAndTheQuery() throws {
        let output = try GeneratorPipeline.generate(text: Self.yaml, sourceName: "t.yaml", moduleName: "G")
        let text = output.files.map(\.contents).joined(separator: "\n")
        #expect(!text.contains("path: \"/token?"))
        #expect(text.contains("request.query.append(QueryItem(\"refresh\", \"\"))"))
        #expect(text.contains("request.query.append(QueryItem(\"mode\", \"a b\"))"))
    }
}
