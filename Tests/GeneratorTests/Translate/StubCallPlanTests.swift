import Testing

@testable import GeneratorCore

/// How the testing module's `<Operation>Call` reads each argument back (`StubCallPlan`), and the
/// line each read prints as; the golden case `typedStubs` shows whole call types.
@Suite struct StubCallPlanTests {
    static let yaml = """
        openapi: 3.0.3
        info: {title: T, version: "1"}
        paths:
          /items/{ids}:
            post:
              operationId: find
              security: [{ticket: []}]
              parameters:
                - {name: ids, in: path, required: true, schema: {type: array, items: {type: integer}}}
                - {name: request, in: query, required: true, schema: {type: string}}
                - {name: tags, in: cookie, schema: {type: array, items: {type: string}}, explode: false}
              requestBody:
                required: true
                content: {application/json: {schema: {type: object, properties: {a: {type: string}}}}}
              responses: {"204": {description: ok}}
        components:
          securitySchemes:
            ticket: {type: apiKey, in: query, name: t}
        """

    static func plan() throws -> StubCallPlan {
        let root = try YAMLParser.parse(Array(yaml.utf8), file: "stub.yaml")
        let document = try #require(DocumentLoader.load(root).document)
        let options = Translator.Options(moduleName: "M", sourceName: "stub.yaml", perCallCredentialSchemes: ["ticket"])
        return try #require(Translator.translate(document, options: options).module.operations.first).stubCall
    }

    /// An argument labelled `request` keeps its member; the raw request takes another name. A
    /// path parameter is never reported missing (the route fails instead); other required ones are.
    @Test func membersAndTheirReads() throws {
        let plan = try Self.plan()
        #expect(plan.rawMember == "stubRequest")
        #expect(plan.members.map(\.name) == ["ids", "ticket", "request", "body", "tags"])
        #expect(plan.members.map(\.requiredName) == [nil, "ticket", "request", "the body", nil])
        #expect(
            plan.members.map { $0.read.map(StubCallRenderer.expression) } == [
                "request.pathArray(\"ids\", of: Int.self)", "request.query(\"t\", as: String.self)",
                "request.query(\"request\", as: String.self)", "request.json(FindRequest.self)",
                "request.cookieArray(\"tags\", of: String.self, style: .commaDelimited)",
            ])
    }

    @Test func callTypePrintsThePlan() throws {
        var operation = try #require(
            Translator.translate(
                DocumentLoader.load(YAMLParser.parse(Array(Self.yaml.utf8), file: "stub.yaml")).document!,
                options: .init(moduleName: "M", sourceName: "stub.yaml", perCallCredentialSchemes: ["ticket"])
            ).module.operations.first)
        operation.stubCall.members = [
            StubCallMember(
                name: "`default`", type: .named("Int"), isOptional: true, read: StubRead("bearerToken"),
                requiredName: nil)
        ]
        var writer = SwiftWriter()
        StubCallRenderer.render(operation, into: &writer)
        #expect(writer.text.contains("    public let `default`: Int?\n"))
        #expect(writer.text.contains("        self.`default` = try request.bearerToken()\n"))
        #expect(writer.text.contains("    public let stubRequest: StubRequest\n"))
    }
}
