import AssinafyTestSupport
import Testing

@testable import GeneratorCore

/// OpenAPI 3.2 tag nesting and Example Object values as the loader reads them (the generated
/// Swift is in the golden cases `tagNesting` and `exampleValues32`).
@Suite("3.2 tags and example values", .offCooperativePool)
struct TagsAndExamples32Tests {
    static func load(_ yaml: String) throws -> (OpenAPIDocument, [Diagnostic]) {
        let (loaded, diagnostics) = DocumentLoader.load(try DocumentReader.read(yaml, file: "t.yaml"))
        return (try #require(loaded), diagnostics)
    }

    static let tags = """
        openapi: 3.2.0
        info: {title: T, version: "1"}
        tags:
          - {name: a, summary: A, kind: nav}
          - {name: b, parent: a}
          - {name: c, parent: b}
          - {name: stray, parent: nowhere}
          - {name: east, parent: west}
          - {name: west, parent: east}
          - {name: self, parent: self}
        paths: {}
        """

    @Test func nestingIsReadAndItsMistakesAreReportedAtTheParentField() throws {
        let (document, diagnostics) = try Self.load(Self.tags)
        let tree = TagTree(document.tags)
        #expect(tree.path(to: "c") == ["a", "b", "c"])
        #expect(tree.tag(named: "a")?.kind == "nav")
        #expect(tree.tag(named: "a")?.summary == "A")
        #expect(tree.path(to: "stray") == ["stray"])
        #expect(tree.path(to: "west") == ["east", "west"])
        #expect(tree.path(to: "self") == ["self"])
        #expect(tree.path(to: "undeclared") == ["undeclared"])
        #expect(tree.top(of: "c") == "a")
        #expect(tree.top(of: "west") == "east")
        let warnings = diagnostics.filter { $0.severity == .warning }
        #expect(warnings.map(\.pointer) == ["#/tags/3/parent", "#/tags/4/parent", "#/tags/6/parent"])
        #expect(warnings[0].message.contains("'nowhere', which is not a declared tag"))
        #expect(warnings[1].message.contains("'east' is its own ancestor"))
    }

    @Test func aLongChainOfParentsIsRead() throws {
        let count = 2_000
        var yaml = "openapi: 3.2.0\ninfo: {title: T, version: '1'}\npaths: {}\ntags:\n  - {name: t0}\n"
        for index in 1..<count { yaml += "  - {name: t\(index), parent: t\(index - 1)}\n" }
        let (document, diagnostics) = try Self.load(yaml)
        #expect(diagnostics.filter { $0.severity == .warning }.isEmpty)
        let tree = TagTree(document.tags)
        #expect(tree.path(to: "t\(count - 1)").count == count)
        #expect(tree.top(of: "t\(count - 1)") == "t0")
        #expect(tree.top(of: "t7") == "t0")
    }

    static func examples(_ media: String, _ example: String) -> String {
        """
        openapi: 3.2.0
        info: {title: T, version: "1"}
        paths:
          /k:
            get:
              responses:
                "200":
                  summary: The kennel.
                  description: The kennel, in full.
                  content:
                    \(media):
                      schema: {type: object}
                      examples:
                        one: \(example)
        """
    }

    static func example(_ yaml: String) throws -> (Node?, [Diagnostic]) {
        let (document, diagnostics) = try load(yaml)
        return (document.operations.first?.responses.first?.content.first?.example, diagnostics)
    }

    @Test func dataValueIsTheDataAndSerializedJSONIsRead() throws {
        let (data, _) = try Self.example(Self.examples("application/json", "{dataValue: {name: R}}"))
        #expect(data?["name"]?.string == "R")
        let (serialized, _) = try Self.example(
            Self.examples("application/json", #"{serializedValue: '{"name": "H"}'}"#))
        #expect(serialized?["name"]?.string == "H")
        let (text, _) = try Self.example(Self.examples("text/plain", "{serializedValue: plain words}"))
        #expect(text?.string == "plain words")
        let (form, _) = try Self.example(Self.examples("application/x-www-form-urlencoded", "{serializedValue: a=1}"))
        #expect(form == nil)
    }

    @Test func serializedValueThatIsNotJSONIsReportedAndLeftOut() throws {
        let (value, diagnostics) = try Self.example(Self.examples("application/json", "{serializedValue: '{oops'}"))
        #expect(value == nil)
        let warning = try #require(diagnostics.first { $0.message.contains("serializedValue that is not JSON") })
        #expect(warning.pointer == "#/paths/~1k/get/responses/200/content/application~1json/examples/one/serializedValue")
    }

    @Test func theResponseSummaryIsRead() throws {
        let (document, _) = try Self.load(Self.examples("application/json", "{value: {}}"))
        #expect(document.operations.first?.responses.first?.summary == "The kennel.")
    }
}
