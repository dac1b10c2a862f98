import AssinafyTestSupport
import Testing

@testable import GeneratorCore

/// Stage 2 alone: fragments for each OpenAPI construct load into the expected model.
@Suite("Document loader", .offCooperativePool)
struct DocumentLoaderTests {
    static func load(_ yaml: String) throws -> (OpenAPIDocument?, [Diagnostic]) {
        DocumentLoader.load(try DocumentReader.read(yaml, file: "t.yaml"))
    }

    static func document(_ yaml: String) throws -> OpenAPIDocument {
        let (document, diagnostics) = try load(yaml)
        guard let document else {
            Issue.record("no document: \(diagnostics)")
            throw DocumentMissing()
        }
        return document
    }

    struct DocumentMissing: Error {}

    @Test func headerParametersOpenAPIIgnoresAreLeftOutWithAWarning() throws {
        let (document, diagnostics) = try Self.load(
            """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths:
              /a:
                get:
                  parameters:
                    - {name: Accept, in: header, schema: {type: string}}
                    - {name: CONTENT-TYPE, in: header, schema: {type: string}}
                    - {name: Authorization, in: header, schema: {type: string}}
                    - {name: Accept, in: query, schema: {type: string}}
                    - {name: X-Trace, in: header, schema: {type: string}}
                  responses: {"204": {description: none}}
            """)
        let parameters = try #require(document?.operations.first?.parameters)
        #expect(parameters.map { "\($0.location.rawValue) \($0.name)" } == ["query Accept", "header X-Trace"])
        let warnings = diagnostics.filter { $0.severity == .warning && $0.message.contains("is ignored") }
        #expect(warnings.map(\.pointer) == ["#/paths/~1a/get/parameters/0", "#/paths/~1a/get/parameters/1", "#/paths/~1a/get/parameters/2"])
    }

    @Test func infoServersTagsExtensions() throws {
        let document = try Self.document(
            """
            openapi: 3.1.0
            info: {title: Demo, version: 2.0.1, description: About.}
            servers:
              - url: https://{region}.example.invalid
                description: main
                variables:
                  region: {default: eu, enum: [eu, us]}
            tags: [{name: A, description: first}, {name: B}]
            x-top: 1
            paths: {}
            """)
        #expect(document.info.title == "Demo" && document.info.version == "2.0.1")
        #expect(document.servers.first?.url == "https://{region}.example.invalid")
        #expect(document.servers.first?.variables.first?.values == ["eu", "us"])
        #expect(document.tags.map(\.name) == ["A", "B"])
        #expect(document.extensions.map(\.name) == ["x-top"])
        #expect(document.isVersion31)
    }

    @Test func operationsParametersAndMerging() throws {
        let document = try Self.document(
            """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            components:
              parameters:
                Id: {name: id, in: path, required: true, schema: {type: string}}
            paths:
              /items/{id}:
                parameters:
                  - $ref: '#/components/parameters/Id'
                  - {name: trace, in: header, schema: {type: string}}
                get:
                  parameters:
                    - {name: trace, in: header, required: true, schema: {type: integer}}
                    - {name: tags, in: query, style: pipeDelimited, explode: false, schema: {type: array, items: {type: string}}}
                    - {name: session, in: cookie, schema: {type: string}}
                    - name: filter
                      in: query
                      content:
                        application/json:
                          schema: {type: object}
                  responses: {'200': {description: ok}}
                put: {responses: {'204': {description: ok}}}
                post: {responses: {'204': {description: ok}}}
                delete: {responses: {'204': {description: ok}}}
                patch: {responses: {'204': {description: ok}}}
                head: {responses: {'204': {description: ok}}}
                options: {responses: {'204': {description: ok}}}
                trace: {responses: {'204': {description: ok}}}
            """)
        #expect(document.operations.map(\.method) == ["get", "put", "post", "delete", "options", "head", "patch", "trace"])
        let get = try #require(document.operations.first)
        #expect(get.parameters.map(\.name) == ["id", "trace", "tags", "session", "filter"])
        let trace = try #require(get.parameters.first { $0.name == "trace" })
        #expect(trace.required && trace.schema?.types == ["integer"], "operation level wins")
        let tags = try #require(get.parameters.first { $0.name == "tags" })
        #expect(tags.style == "pipeDelimited" && tags.explode == false)
        #expect(get.parameters.first { $0.name == "session" }?.location == .cookie)
        #expect(get.parameters.first { $0.name == "filter" }?.content.first?.contentType == "application/json")
        #expect(document.operations[1].parameters.map(\.name) == ["id", "trace"])
    }

    @Test func bodiesResponsesHeadersAndComponents() throws {
        let document = try Self.document(
            """
            openapi: 3.1.0
            info: {title: T, version: '1'}
            components:
              requestBodies:
                Upload:
                  required: true
                  content:
                    multipart/form-data:
                      schema: {type: object, properties: {file: {type: string, format: binary}}}
                      encoding: {file: {contentType: application/pdf}}
              responses:
                Problem:
                  description: bad
                  headers: {X-Request-Id: {$ref: '#/components/headers/RequestId'}}
                  content: {application/problem+json: {schema: {type: object}}}
              headers:
                RequestId: {required: true, schema: {type: string}}
              examples:
                One: {value: 1}
            paths:
              /up:
                post:
                  requestBody: {$ref: '#/components/requestBodies/Upload'}
                  responses:
                    2XX: {description: ok}
                    '404': {$ref: '#/components/responses/Problem'}
                    default: {description: other}
                  callbacks: {done: {'{$url}': {post: {responses: {'200': {description: ok}}}}}}
              /form:
                post:
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema: {type: object, properties: {a: {type: string}}}
                      application/octet-stream: {}
                  responses:
                    '200':
                      description: ok
                      links: {next: {operationId: x}}
                      content: {application/vnd.api+json: {schema: {type: object}}}
            """)
        let upload = try #require(document.operations.first)
        #expect(upload.requestBody?.required == true && upload.requestBody?.componentName == "Upload")
        #expect(upload.requestBody?.content.first?.encoding.first?.encoding.contentType == "application/pdf")
        #expect(upload.responses.map(\.code) == ["2XX", "404", "default"])
        let problem = try #require(upload.responses.first { $0.code == "404" })
        #expect(problem.componentName == "Problem" && problem.headers.first?.header.required == true)
        #expect(problem.content.first?.isJSON == true)
        #expect(problem.content.first?.pointer.description == "#/components/responses/Problem/content/application~1problem+json")
        let form = document.operations[1]
        #expect(form.requestBody?.content.map(\.contentType) == ["application/x-www-form-urlencoded", "application/octet-stream"])
        #expect(form.responses.first?.content.first?.isJSON == true)
    }

    @Test func securityRootOperationAndPublic() throws {
        let document = try Self.document(
            """
            openapi: 3.1.0
            info: {title: T, version: '1'}
            security: [{bearer: []}]
            components:
              securitySchemes:
                bearer: {type: http, scheme: Bearer, bearerFormat: JWT}
                code: {type: apiKey, in: query, name: signer-access-code}
                oauth: {type: oauth2, flows: {authorizationCode: {authorizationUrl: 'https://a.example.invalid', tokenUrl: 'https://t.example.invalid', scopes: {read: r}}}}
            paths:
              /a: {get: {responses: {'204': {description: ok}}}}
              /b: {get: {security: [], responses: {'204': {description: ok}}}}
              /c: {get: {security: [{code: []}, {oauth: [read]}], responses: {'204': {description: ok}}}}
            """)
        #expect(document.security?.first?.schemes.first?.name == "bearer")
        #expect(document.operations[0].security == nil)
        #expect(document.operations[1].security?.isEmpty == true)
        #expect(document.operations[2].security?.last?.schemes.first?.scopes == ["read"])
        #expect(document.securityScheme(named: "bearer")?.scheme == "bearer")
        #expect(document.securityScheme(named: "code")?.location == "query")
        #expect(document.securityScheme(named: "oauth")?.type == "oauth2")
    }

    @Test func webhooksAreOperations() throws {
        let document = try Self.document(
            """
            openapi: 3.1.0
            info: {title: T, version: '1'}
            webhooks:
              thing.done:
                post:
                  requestBody: {content: {application/json: {schema: {type: object}}}}
                  responses: {'200': {description: ok}}
            """)
        #expect(document.operations.isEmpty)
        #expect(document.webhooks.map(\.path) == ["thing.done"])
    }
}
