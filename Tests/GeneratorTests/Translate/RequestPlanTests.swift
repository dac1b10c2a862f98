import Testing

@testable import GeneratorCore

/// What translation decides an operation's body does (`RequestPlan`): the steps, their order and
/// the locals they name. How each is printed is `RequestPlanRendererTests`; the golden cases show
/// whole bodies.
@Suite struct RequestPlanTests {
    static func plans(_ yaml: String, settings: [String: Translator.RequestSettings] = [:]) throws -> [String:
        RequestPlan]
    {
        let root = try YAMLParser.parse(Array(yaml.utf8), file: "plan.yaml")
        let document = try #require(DocumentLoader.load(root).document)
        var options = Translator.Options(moduleName: "M", sourceName: "plan.yaml", perCallCredentialSchemes: ["ticket"])
        options.requestSettings = settings
        let module = Translator.translate(document, options: options).module
        return Dictionary(
            uniqueKeysWithValues: module.operations.map { (SwiftNames.bare($0.swiftName), $0.requestPlan) })
    }

    static let search = """
        openapi: 3.0.3
        info: {title: T, version: "1"}
        paths:
          /search/{request}:
            get:
              operationId: search
              parameters:
                - {name: request, in: path, required: true, schema: {type: string}}
                - {name: form, in: query, schema: {type: array, items: {type: string}}, explode: false}
                - {name: X-Trace, in: header, schema: {type: string}}
              responses: {"204": {description: ok}}
        """

    /// A parameter called `request` keeps its name; the request takes another, and every step
    /// names the parameter's local and the configuration's settings come last.
    @Test func stepsUseTheTranslatedLocals() throws {
        let settings = Translator.RequestSettings(retryable: false, needsExclusiveConnection: true)
        let plan = try #require(try Self.plans(Self.search, settings: ["search": settings])["search"])
        #expect(plan.request == "request2")
        #expect(plan.path == [.text("/search/"), .parameter(local: "request", form: .interpolated)])
        #expect(
            plan.steps == [
                .addItem(to: .query, wireName: "form", local: "form", style: "commaDelimited"),
                .addHeader(wireName: "X-Trace", local: "xTrace"),
                .setResponseKind(.empty),
                .setRetryable(false),
                .requireExclusiveConnection,
            ])
        #expect(plan.response == .empty)
        #expect(plan.security == nil && plan.errors == nil)
    }

    /// Without settings the request carries none of them: the client's policy decides.
    @Test func noSettingsNoSettingSteps() throws {
        let plan = try #require(try Self.plans(Self.search)["search"])
        #expect(plan.request == "request2")
        #expect(plan.steps.last == .setResponseKind(.empty))
    }

    /// Credentials, the path key's query, query, header and cookie parameters, the body, the
    /// answer's kind, then the settings: `RequestStep`'s documented order, whatever order the
    /// document lists the parameters in.
    @Test func stepsRunInTheDocumentedOrder() throws {
        let yaml = """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /files?refresh:
                post:
                  operationId: upload
                  security: [{ticket: []}]
                  parameters:
                    - {name: session, in: cookie, schema: {type: string}}
                    - {name: X-Mode, in: header, schema: {type: string}}
                    - {name: page, in: query, schema: {type: integer}}
                  requestBody:
                    content: {application/octet-stream: {schema: {type: string, format: binary}}}
                  responses:
                    "200": {description: ok, content: {application/pdf: {schema: {type: string, format: binary}}}}
                    "404": {description: gone, content: {application/json: {schema: {type: object}}}}
            components:
              securitySchemes:
                ticket: {type: apiKey, in: header, name: X-Ticket}
            """
        let settings = Translator.RequestSettings(
            retryable: true, needsExclusiveConnection: true, followsRedirects: false)
        let plan = try #require(try Self.plans(yaml, settings: ["upload": settings])["upload"])
        #expect(
            plan.steps == [
                .setCredential(scheme: "ticket", local: "ticket"),
                .appendConstantQuery(name: "refresh", value: ""),
                .addItem(to: .query, wireName: "page", local: "page", style: nil),
                .addHeader(wireName: "X-Mode", local: "xMode"),
                .addItem(to: .cookies, wireName: "session", local: "session", style: nil),
                .ifLet("body", [.setBody(.raw(local: "body", contentType: "application/octet-stream"))]),
                .setResponseKind(.binary),
                .setRetryable(true),
                .requireExclusiveConnection,
                .refuseRedirects,
            ])
        #expect(plan.response == .data)
        #expect(plan.security == .alternatives([["ticket"]]))
        #expect(plan.errors.map { if case .own(let entries) = $0 { entries.map(\.code) } else { [] } } == ["404"])
    }

    /// Form fields are locals claimed after the parameters: a field named `form` pushes the
    /// items list to another name, and a JSON-valued optional field is added only when given.
    @Test func formBodyStepsNameTheFormLocal() throws {
        let yaml = """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /submit:
                post:
                  operationId: submit
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          required: [form]
                          properties:
                            form: {type: string}
                            meta: {type: object, properties: {a: {type: string}}}
                  responses: {"204": {description: ok}}
            """
        let plan = try #require(try Self.plans(yaml)["submit"])
        #expect(
            plan.steps == [
                .declareFormItems("form2"),
                .addItem(to: .form("form2"), wireName: "form", local: "form", style: nil),
                .ifLet("meta", [.addJSONItem(form: "form2", wireName: "meta", local: "meta")]),
                .setBody(.form("form2")),
                .setResponseKind(.empty),
            ])
    }

    /// Braces that do not make a parameter stay in the path as written: a brace inside a name, and
    /// one never closed. (A name no parameter declares gets one from the loader, with a warning.)
    @Test func pathKeepsEveryBraceItCannotMatch() throws {
        let yaml = """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /f/{id}/{other}/a{b{id}/c{d:
                get:
                  operationId: odd
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: string}}
                  responses: {"204": {description: ok}}
            """
        let plan = try #require(try Self.plans(yaml)["odd"])
        #expect(
            plan.path == [
                .text("/f/"), .parameter(local: "id", form: .interpolated), .text("/"), .parameter(local: "other", form: .interpolated),
                .text("/a{b"), .parameter(local: "id", form: .interpolated), .text("/c{d"),
            ])
    }
}
