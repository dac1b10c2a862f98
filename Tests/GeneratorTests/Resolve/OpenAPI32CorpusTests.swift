import Foundation
import Testing

@testable import GeneratorCore

/// The OpenAPI 3.2 schema's own test documents, when the shared corpus sits beside the package:
/// every pass/ document reads and generates without errors, every fail/ document is refused by
/// the rule it breaks, at the place it breaks it.
@Suite("OpenAPI 3.2 test documents")
struct OpenAPI32CorpusTests {
    /// `../shared` beside the package; a git worktree kept one folder deeper finds it one further up.
    static let corpus: URL = {
        let candidates = ["../shared/corpus/openapi-3.2", "../../shared/corpus/openapi-3.2"].map {
            FixtureCompileTests.packageRoot.appendingPathComponent($0).standardizedFileURL
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) } ?? candidates[0]
    }()

    static func names(_ folder: String) -> [String] {
        let path = corpus.appendingPathComponent(folder).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".yaml") }
            .sorted()
    }

    /// fail/ document → the rule its error names and the pointer it is reported at.
    static let expected: [String: (rule: String, pointer: String)] = [
        "encoding-enc-item-exclusion.yaml": (
            "encoding-exclusive",
            "#/components/requestBodies/encoding-with-prefixEncoding-not-allowed/content/multipart~1mixed"
                + "/prefixEncoding/0/prefixEncoding"
        ),
        "encoding-enc-prefix-exclusion.yaml": (
            "encoding-exclusive",
            "#/components/requestBodies/encoding-with-itemEncoding-not-allowed/content/multipart~1mixed"
                + "/prefixEncoding/0/itemEncoding"
        ),
        "example-examples.yaml": ("example-or-examples", "#/components/parameters/animal"),
        "example-object-old-exclusions.yaml": ("example-fields", "#/components/examples/CannotHaveBoth"),
        "example-object-old-vs-data.yaml": ("example-fields", "#/components/examples/NoValueWithDataValue"),
        "example-object-old-vs-ser.yaml": ("example-fields", "#/components/examples/CannotHaveBoth"),
        "example-object-ser-exclusions.yaml": ("example-fields", "#/components/examples/CannotHaveBoth"),
        "header-object-allowReserved.yaml": ("header-allow-reserved", "#/components/headers/Style/allowReserved"),
        "header-object-name.yaml": ("header-name-token", "#/paths/~1foo/get/responses/default/headers/Bad=Header"),
        "invalid_schema_types.yaml": ("schema-type", "#/components/schemas/invalid_null"),
        "media-type-enc-item-exclusion.yaml": (
            "encoding-exclusive",
            "#/components/requestBodies/encoding-with-itemEncoding-not-allowed/content/multipart~1mixed/itemEncoding"
        ),
        "media-type-enc-prefix-exclusion.yaml": (
            "encoding-exclusive",
            "#/components/requestBodies/encoding-with-prefixEncoding-not-allowed/content/multipart~1mixed"
                + "/prefixEncoding"
        ),
        "no_containers.yaml": ("document-containers", "#"),
        "operation-object-query-with-querystring.yaml": (
            "querystring-with-query", "#/components/pathItems/my-path-item/get/parameters/1"
        ),
        "operation-object-two-querystrings.yaml": (
            "querystring-once", "#/components/pathItems/my-path-item/get/parameters/1"
        ),
        "parameter-object-content-not-with-style.yaml": (
            "content-with-style", "#/components/parameters/content-not-with-style/style"
        ),
        "parameter-object-cookie-allowReserved.yaml": (
            "allow-reserved-location", "#/components/parameters/my_cookie/allowReserved"
        ),
        "parameter-object-header-allowReserved.yaml": (
            "allow-reserved-location", "#/components/parameters/header/allowReserved"
        ),
        "parameter-object-header-name.yaml": ("header-name-token", "#/components/parameters/BadHeader/name"),
        "parameter-object-path-name.yaml": ("path-parameter-name", "#/components/parameters/BadPath/name"),
        "parameter-object-querystring-not-with-schema.yaml": (
            "querystring-content", "#/components/parameters/querystring-not-with-schema/schema"
        ),
        "path-item-object-conflicting-additional-operation.yaml": (
            "additional-operation-method", "#/paths/~1pets~1{id}/additionalOperations/POST"
        ),
        "path-item-object-query-with-querystring.yaml": (
            "querystring-with-query", "#/components/pathItems/my-path-item/parameters/1"
        ),
        "path-item-object-two-querystrings.yaml": (
            "querystring-once", "#/components/pathItems/my-path-item/parameters/1"
        ),
        "server_enum_empty.yaml": ("server-variable-enum", "#/servers/0/variables/var/enum"),
        "servers.yaml": ("servers-array", "#/servers"),
        "unknown_container.yaml": ("unknown-root-field", "#/overlays"),
        "xml-attr-exclusion.yaml": ("xml-node-type", "#/components/schemas/Attr/xml"),
        "xml-wrapped-exclusion.yaml": ("xml-node-type", "#/components/schemas/List/xml"),
    ]

    @Test func corpusIsPresentOrSkipped() {
        guard FileManager.default.fileExists(atPath: Self.corpus.path) else {
            print("OpenAPI 3.2 corpus not found at \(Self.corpus.path); its documents are not run")
            return
        }
        #expect(!Self.names("pass").isEmpty)
        #expect(Set(Self.names("fail")) == Set(Self.expected.keys))
    }

    @Test(arguments: names("pass"))
    func passDocumentGenerates(_ name: String) throws {
        let path = Self.corpus.appendingPathComponent("pass").appendingPathComponent(name).path
        do {
            let output = try GeneratorPipeline.generate(specPath: path, moduleName: "Pass", names: [:])
            #expect(output.diagnostics.allSatisfy { $0.severity == .warning }, "\(output.diagnostics)")
        } catch let failure as GeneratorPipeline.Failure {
            Issue.record("\(name) refused: \(failure)")
        }
    }

    @Test(arguments: names("fail"))
    func failDocumentIsRefusedByItsRule(_ name: String) throws {
        let text = try String(
            contentsOf: Self.corpus.appendingPathComponent("fail").appendingPathComponent(name), encoding: .utf8)
        let (document, diagnostics) = DocumentLoader.load(try DocumentReader.read(text, file: name))
        #expect(document == nil)
        let wanted = try #require(Self.expected[name])
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(
            errors.contains { $0.message.hasPrefix(wanted.rule + ":") && $0.pointer == wanted.pointer },
            "\(name): \(errors)")
    }
}
