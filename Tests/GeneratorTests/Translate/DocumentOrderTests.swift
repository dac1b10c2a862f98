import Foundation
import Testing

@testable import GeneratorCore

/// Names depend on what the document says, not on where it says it: reordering
/// `components.schemas` or `paths` must not swap `Foo` and `Foo2`, a union's cases, which inline
/// copy becomes the alias of which, or which file a declaration lands in. Declarations are still
/// emitted in document order (that is where readers look for them), so what is compared is every
/// declaration and every operation as rendered, as a multiset, not the files byte for byte.
/// Properties and union members are not reordered: their order is part of the schema (it is the
/// order of initializer parameters, of encoded members and of decoding trials).
@Suite struct DocumentOrderTests {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    static let documents: [String] = {
        let golden = testsDirectory.appendingPathComponent("Golden/Cases")
        let cases = ((try? FileManager.default.contentsOfDirectory(atPath: golden.path)) ?? [])
            .filter { $0.hasSuffix(".yaml") }.map { "Golden/Cases/" + $0 }
        let fixtures = ["Fixtures/EndToEnd", "Fixtures/Documents"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(
                atPath: testsDirectory.appendingPathComponent(folder).path)) ?? [])
                .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.map { folder + "/" + $0 }
        }
        return (cases + fixtures).sorted()
    }()

    /// Everything generation decides for a document, without the order it is written in.
    struct Shape: Equatable {
        var declarations: [String]
        var operations: [String]
        var files: [String: String]
        /// Each webhook event with its case name, and its payload type and alias.
        var webhooks: [String]
    }

    static func shape(_ root: Node) throws -> Shape {
        let document = try #require(DocumentLoader.load(root).document)
        let module = Translator.translate(document, options: .init(moduleName: "M", sourceName: "d.yaml")).module
        let declarations = module.declarations.map { declaration in
            var writer = SwiftWriter()
            ModelRenderer.render(declaration, into: &writer)
            return writer.text
        }
        let operations = module.operations.map { operation in
            var writer = SwiftWriter()
            OperationRenderer.render(group: operation.group, operations: [operation], into: &writer)
            return writer.text
        }
        let events = (module.webhookEvents?.cases ?? []).map { "\($0.raw) case \($0.name)" }
        let payloads = module.webhookPayloads.map { "\($0.event) payload \($0.type.rendered) \($0.alias ?? "-")" }
        return Shape(
            declarations: declarations.sorted(), operations: operations.sorted(), files: module.declarationGroups,
            webhooks: (events + payloads).sorted())
    }

    /// The first thing that differs, briefly (whole declarations would bury it).
    static func difference(_ expected: Shape, _ actual: Shape) -> String? {
        func firstLine(_ text: String) -> String {
            String(text.split(separator: "\n").first { !$0.hasPrefix("///") && !$0.hasPrefix("@") } ?? "")
        }
        for (kind, wanted, got) in [
            ("declaration", expected.declarations, actual.declarations),
            ("operation", expected.operations, actual.operations),
        ] where wanted != got {
            let missing = Set(wanted).subtracting(got).map(firstLine).sorted()
            let extra = Set(got).subtracting(wanted).map(firstLine).sorted()
            return "\(kind)s differ; missing \(missing.prefix(3)), extra \(extra.prefix(3))"
        }
        if expected.webhooks != actual.webhooks {
            return "webhooks differ: \(Set(expected.webhooks).subtracting(actual.webhooks).sorted().prefix(3))"
        }
        if expected.files != actual.files {
            let moved = expected.files.filter { actual.files[$0.key] != $0.value }.keys.sorted()
            return "declarations change files: \(moved.prefix(3))"
        }
        return nil
    }

    /// `root` with the entries of `components.schemas`, `paths` and `webhooks` shuffled.
    static func permuted(_ root: Node, _ generator: inout SplitMix) -> Node {
        func shuffled(_ node: Node) -> Node {
            guard case .mapping(let entries) = node.value else { return node }
            return Node(.mapping(entries.shuffled(using: &generator)), at: node.location)
        }
        return replacing(root) { key, value in
            switch key {
            case "paths", "webhooks": return shuffled(value)
            case "components":
                return replacing(value) { key, value in key == "schemas" ? shuffled(value) : value }
            default: return value
            }
        }
    }

    static func replacing(_ node: Node, _ transform: (String, Node) -> Node) -> Node {
        guard case .mapping(let entries) = node.value else { return node }
        let replaced = entries.map { Node.Entry(key: $0.key, keyLocation: $0.keyLocation, value: transform($0.key, $0.value)) }
        return Node(.mapping(replaced), at: node.location)
    }

    /// A seeded generator, so a failure reproduces.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    /// Names that collide in every way the translator resolves: two components, inline types of
    /// different components, two operations' function names in one group, and identical inline
    /// enums that become one declaration and aliases.
    static let collisions = """
        openapi: 3.1.0
        info: {title: T, version: "1"}
        paths:
          /b:
            get:
              operationId: list_items
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {type: object, properties: {kind: {type: string, enum: [x, y]}}}
          /a:
            get:
              operationId: listItems
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {type: object, properties: {kind: {type: string, enum: [x, y]}}}
        components:
          schemas:
            foo-bar: {type: object, properties: {a: {type: string}}}
            FooBar: {type: object, properties: {b: {type: string}}}
            Zed: {type: object, properties: {bar_baz: {type: object, properties: {c: {type: string}}}}}
            ZedBar: {type: object, properties: {baz: {type: object, properties: {d: {type: string}}}}}
            Pet:
              oneOf:
                - $ref: '#/components/schemas/foo-bar'
                - $ref: '#/components/schemas/FooBar'
        """

    @Test func collidingNamesAreNumberedByNameNotByPlace() throws {
        let root = try DocumentReader.read(Self.collisions, file: "collisions.yaml")
        let expected = try Self.shape(root)
        var generator = SplitMix(state: 7)
        for round in 0..<6 {
            let actual = try Self.shape(Self.permuted(root, &generator))
            if let difference = Self.difference(expected, actual) {
                Issue.record("permutation \(round + 1): \(difference)")
            }
        }
        // The component spelled as its Swift name keeps it.
        #expect(expected.declarations.contains { $0.hasPrefix("public struct FooBar: ") && $0.contains("var b:") })
    }

    /// Webhook events whose names normalise alike, and payload types whose names collide, written
    /// in the opposite order to their names.
    static let webhookCollisions = """
        openapi: 3.1.0
        info: {title: T, version: "1"}
        paths: {}
        webhooks:
          order_created:
            post:
              requestBody:
                content:
                  application/json:
                    schema: {type: object, properties: {ref: {type: integer}}}
              responses: {"200": {description: OK}}
          order.created:
            post:
              requestBody:
                content:
                  application/json:
                    schema: {type: object, properties: {id: {type: string}}}
              responses: {"200": {description: OK}}
          a.ping:
            post:
              requestBody:
                content:
                  application/json:
                    schema: {type: string}
              responses: {"200": {description: OK}}
        """

    @Test func webhookNamesAreNumberedByNameNotByPlace() throws {
        let root = try DocumentReader.read(Self.webhookCollisions, file: "webhooks.yaml")
        let expected = try Self.shape(root)
        #expect(expected.webhooks.contains("order.created case orderCreated"))
        #expect(expected.webhooks.contains("order_created case orderCreated2"))
        var generator = SplitMix(state: 11)
        for round in 0..<6 {
            let actual = try Self.shape(Self.permuted(root, &generator))
            if let difference = Self.difference(expected, actual) {
                Issue.record("permutation \(round + 1): \(difference)")
            }
        }
    }

    @Test func theDocumentsAreThere() {
        #expect(Self.documents.count > 40)
        #expect(Self.documents.contains("Fixtures/EndToEnd/storage-3.0.yaml"))
    }

    @Test(arguments: documents)
    func namesDoNotDependOnDocumentOrder(_ path: String) throws {
        let text = try String(contentsOf: Self.testsDirectory.appendingPathComponent(path), encoding: .utf8)
        let root = try DocumentReader.read(text, file: path)
        let expected = try Self.shape(root)
        var generator = SplitMix(state: 31)
        for round in 0..<3 {
            let actual = try Self.shape(Self.permuted(root, &generator))
            if let difference = Self.difference(expected, actual) {
                Issue.record("\(path), permutation \(round + 1): \(difference)")
                return
            }
        }
    }
}
