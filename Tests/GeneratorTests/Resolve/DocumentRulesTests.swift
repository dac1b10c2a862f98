import Testing

@testable import GeneratorCore

/// Each rule of the rules pass on a small document of its own: a 3.2 document breaking it is
/// refused with an error naming the rule at the right pointer; a 3.0/3.1 one is not refused.
@Suite("Document rules", .offCooperativePool)
struct DocumentRulesTests {
    static let head = "openapi: 3.2.0\ninfo: {title: Kennel, version: '1'}\n"

    /// The errors of `body` (after the 3.2 head) as `rule pointer`.
    static func errors(_ body: String, version: String = "3.2.0") throws -> [String] {
        let text = head.replacingOccurrences(of: "3.2.0", with: version) + body
        let (_, diagnostics) = DocumentLoader.load(try DocumentReader.read(text, file: "r.yaml"))
        return diagnostics.filter { $0.severity == .error }.map {
            "\($0.message.prefix { $0 != ":" }) \($0.pointer)"
        }
    }

    static func warnings(_ body: String, version: String) throws -> [String] {
        let text = head.replacingOccurrences(of: "3.2.0", with: version) + body
        let (_, diagnostics) = DocumentLoader.load(try DocumentReader.read(text, file: "r.yaml"))
        return diagnostics.filter { $0.severity == .warning }.map(\.message)
    }

    @Test func aDocumentNeedsSomethingToDescribe() throws {
        #expect(try Self.errors("") == ["document-containers #"])
        #expect(try Self.errors("", version: "3.1.0").isEmpty)
    }

    @Test func unknownRootFieldsAreErrorsIn32AndWarningsBefore() throws {
        let body = "paths: {}\nextras: {}\nx-fine: 1\n"
        #expect(try Self.errors(body) == ["unknown-root-field #/extras"])
        #expect(try Self.errors(body, version: "3.1.0").isEmpty)
        #expect(try Self.warnings(body, version: "3.0.3").contains { $0.hasPrefix("unknown-root-field") })
    }

    @Test func serversMustBeAListWithNonEmptyEnums() throws {
        #expect(try Self.errors("paths: {}\nservers: {url: /a}\n") == ["servers-array #/servers"])
        let emptyEnum = """
            paths: {}
            servers:
              - url: https://{zone}.example.invalid
                variables: {zone: {default: a, enum: []}}
            """
        #expect(try Self.errors(emptyEnum) == ["server-variable-enum #/servers/0/variables/zone/enum"])
    }

    @Test func exampleObjectsKeepTheirValueFieldsApart() throws {
        let body = """
            components:
              examples:
                inline: {value: 1, externalValue: https://example.invalid/a}
                data: {value: 1, dataValue: 1}
                serialized: {value: 1, serializedValue: '1'}
                external: {serializedValue: '1', externalValue: https://example.invalid/a}
                fine: {dataValue: 1, serializedValue: '1'}
            """
        #expect(
            try Self.errors(body) == [
                "example-fields #/components/examples/inline", "example-fields #/components/examples/data",
                "example-fields #/components/examples/serialized", "example-fields #/components/examples/external",
            ])
    }

    @Test func exampleAndExamplesExcludeEachOther() throws {
        let body = """
            components:
              headers:
                Tally: {schema: {type: integer}, example: 1, examples: {one: {dataValue: 1}}}
              mediaTypes:
                Plain: {schema: {type: string}, example: a, examples: {a: {dataValue: a}}}
            """
        #expect(
            try Self.errors(body) == [
                "example-or-examples #/components/headers/Tally", "example-or-examples #/components/mediaTypes/Plain",
            ])
    }

    @Test func encodingByNameAndByPositionExcludeEachOther() throws {
        let body = """
            components:
              requestBodies:
                Parts:
                  content:
                    multipart/form-data:
                      encoding:
                        inner: {encoding: {}, itemEncoding: {}}
                      itemEncoding: {}
                    multipart/mixed: {prefixEncoding: [{}], itemEncoding: {}}
            """
        let media = "#/components/requestBodies/Parts/content/multipart~1form-data"
        #expect(
            try Self.errors(body) == [
                "encoding-exclusive \(media)/itemEncoding", "encoding-exclusive \(media)/encoding/inner/itemEncoding",
            ])
    }

    @Test func headersHaveTokenNamesAndNoAllowReserved() throws {
        let body = """
            paths:
              /kennels:
                get:
                  parameters:
                    - {name: 'X Kennel', in: header, schema: {type: string}}
                  responses:
                    '200':
                      description: listed
                      headers:
                        'Rate(limit)': {schema: {type: integer}}
                        X-Count: {schema: {type: integer}, allowReserved: false}
            """
        let operation = "#/paths/~1kennels/get"
        #expect(
            try Self.errors(body) == [
                "header-name-token \(operation)/parameters/0/name",
                "header-name-token \(operation)/responses/200/headers/Rate(limit)",
                "header-allow-reserved \(operation)/responses/200/headers/X-Count/allowReserved",
            ])
        #expect(try Self.errors(body, version: "3.0.3").isEmpty)
    }

    @Test func pathParameterNamesHaveNoBraces() throws {
        let body = "components:\n  parameters:\n    Odd: {name: 'a{b', in: path, required: true, schema: {}}\n"
        #expect(try Self.errors(body) == ["path-parameter-name #/components/parameters/Odd/name"])
    }

    @Test func allowReservedOnlyWhereValuesArePercentEncoded() throws {
        let body = """
            components:
              parameters:
                InQuery: {name: q, in: query, allowReserved: true, schema: {}}
                InPath: {name: p, in: path, required: true, allowReserved: true, schema: {}}
                FormCookie: {name: c, in: cookie, allowReserved: true, schema: {}}
                PlainCookie: {name: d, in: cookie, style: cookie, allowReserved: true, schema: {}}
                InHeader: {name: X-H, in: header, allowReserved: false, schema: {}}
            """
        #expect(
            try Self.errors(body) == [
                "allow-reserved-location #/components/parameters/PlainCookie/allowReserved",
                "allow-reserved-location #/components/parameters/InHeader/allowReserved",
            ])
        #expect(try Self.errors(body, version: "3.1.0").isEmpty)
    }

    @Test func querystringUsesContentAloneAndStandsAlone() throws {
        let body = """
            components:
              parameters:
                Whole:
                  name: whole
                  in: querystring
                  content: {application/json: {schema: {type: object}}}
              pathItems:
                Search:
                  parameters:
                    - $ref: '#/components/parameters/Whole'
                  get:
                    parameters:
                      - {name: page, in: query, schema: {type: integer}}
                  post:
                    parameters:
                      - {name: other, in: querystring, content: {application/json: {}}}
                  put:
                    parameters:
                      - {name: filter, in: querystring, schema: {type: string}, explode: true}
            """
        let item = "#/components/pathItems/Search"
        #expect(
            try Self.errors(body) == [
                "querystring-with-query \(item)/get/parameters/0",
                "querystring-content \(item)/put/parameters/0/schema",
                "querystring-content \(item)/put/parameters/0/explode",
                "querystring-content \(item)/put/parameters/0",
                "querystring-once \(item)/put/parameters/0",
                "querystring-once \(item)/post/parameters/0",
            ])
    }

    @Test func contentIsNotStyled() throws {
        let body = """
            components:
              parameters:
                Styled: {name: s, in: query, style: form, content: {application/json: {}}}
            """
        #expect(try Self.errors(body) == ["content-with-style #/components/parameters/Styled/style"])
    }

    @Test func xmlNodeTypeReplacesAttributeAndWrapped() throws {
        let body = """
            components:
              schemas:
                Kennel:
                  type: object
                  properties:
                    tags: {type: array, xml: {nodeType: element, wrapped: true}}
                    id: {type: string, xml: {nodeType: attribute}}
            """
        #expect(try Self.errors(body) == ["xml-node-type #/components/schemas/Kennel/properties/tags/xml"])
    }

    @Test func schemasAreObjectsOrBooleans() throws {
        let body = "components:\n  schemas:\n    Yes: true\n    Count: 3\n    List: [a]\n"
        #expect(
            try Self.errors(body).filter { $0.hasPrefix("schema-type") } == [
                "schema-type #/components/schemas/Count", "schema-type #/components/schemas/List",
            ])
    }

    @Test func additionalOperationsNameOtherMethodsOnly() throws {
        let body = """
            paths:
              /kennels:
                additionalOperations:
                  Get: {responses: {'204': {description: done}}}
                  'BAD METHOD': {responses: {'204': {description: done}}}
                  PURGE: {responses: {'204': {description: done}}}
            """
        let item = "#/paths/~1kennels/additionalOperations"
        let errors = try Self.errors(body).filter { $0.hasPrefix("additional-operation-method") }
        #expect(
            errors == [
                "additional-operation-method \(item)/Get", "additional-operation-method \(item)/BAD METHOD",
            ])
    }

    @Test func a32DocumentLoadsQueryAndAdditionalOperations() throws {
        let text =
            Self.head + """
                paths:
                  /kennels:
                    query: {operationId: findKennels, responses: {'204': {description: found}}}
                    additionalOperations:
                      PURGE: {operationId: purgeKennels, responses: {'204': {description: gone}}}
                components:
                  securitySchemes:
                    remote: {$ref: 'https://example.invalid/doc.json#/components/securitySchemes/remote'}
                """
        let (document, diagnostics) = DocumentLoader.load(try DocumentReader.read(text, file: "r.yaml"))
        let loaded = try #require(document, "\(diagnostics)")
        #expect(loaded.operations.map(\.method) == ["query", "PURGE"])
        #expect(loaded.isVersion31)
        #expect(loaded.securitySchemes.isEmpty)
        #expect(
            diagnostics.contains { $0.severity == .warning && $0.pointer == "#/components/securitySchemes/remote/$ref" }
        )
    }

    @Test func aRemoteSecuritySchemeARequirementNamesIsRefused() throws {
        let body = """
            security: [{remote: []}]
            paths: {}
            components:
              securitySchemes:
                remote: {$ref: 'https://example.invalid/doc.json#/components/securitySchemes/remote'}
            """
        let errors = try Self.errors(body)
        #expect(errors.count == 1 && errors[0].hasSuffix("#/security/0/remote"))
    }

    @Test func querystringIsA32Location() throws {
        let body = """
            paths:
              /a:
                get:
                  parameters: [{name: q, in: querystring, content: {application/json: {}}}]
                  responses: {'204': {description: ok}}
            """
        #expect(try Self.errors(body).isEmpty)
        #expect(
            try Self.errors(body, version: "3.1.0") == [
                "unknown parameter location 'querystring' #/paths/~1a/get/parameters/0/in"
            ])
    }

    @Test func aQuerystringTheGeneratorCannotWriteIsRefusedByName() throws {
        let body = """
            paths:
              /a:
                get:
                  parameters: [{name: selector, in: querystring, content: {text/plain: {schema: {type: object}}}}]
                  responses: {'204': {description: ok}}
            """
        let errors = try Self.errors(body)
        #expect(errors.count == 1 && errors[0].contains("querystring parameter 'selector'"))
    }
}
