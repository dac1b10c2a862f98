import AssinafyTestSupport
import Foundation
import Testing
@testable import GeneratorCore
@testable import GeneratorTools

/// Smoke tests on the published Assinafy OpenAPI document: its committed digest on a plain clone
/// (the same structure, positions of our own layout), and the document itself when
/// `../shared/reference` is beside the checkout.
@Suite(.offCooperativePool) struct DocumentReaderReferenceTests {
    static func paths(_ test: String) -> [String] { PublishedDocuments.sources(for: test).map(\.current) }

    @Test func readsTheReferenceDocument() throws {
        for path in Self.paths("readsTheReferenceDocument") { try Self.readsTheReferenceDocument(path) }
    }

    static func readsTheReferenceDocument(_ path: String) throws {
        let node = try DocumentReader.read(contentsOf: path)
        #expect(node["openapi"]?.string == "3.1.0")
        #expect(node["paths"]?.entries?.count == 81)
        #expect(node["components"]?["schemas"]?.entries?.count == 44)
        #expect(node.location == SourceLocation(line: 1, column: 1))
        #expect(node.entries?.first?.keyLocation == SourceLocation(line: 2, column: 3))
    }

    @Test func yamlReaderAgreesWithJSONReaderIncludingPositions() throws {
        for path in Self.paths("yamlReaderAgreesWithJSONReaderIncludingPositions") {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let json = try JSONParser.parse(bytes, file: path)
            let yaml = try YAMLParser.parse(bytes, file: path)
            #expect(
                ReaderTestSupport.render(json, locations: true) == ReaderTestSupport.render(yaml, locations: true),
                "\(path)")
        }
    }

    @Test func roundTripsThroughBlockYAML() throws {
        for path in Self.paths("roundTripsThroughBlockYAML") { try Self.roundTripsThroughBlockYAML(path) }
    }

    static func roundTripsThroughBlockYAML(_ path: String) throws {
        let original = try DocumentReader.read(contentsOf: path)
        let yaml = ReaderYAMLEmitter.emit(original)
        let reread = try DocumentReader.read(yaml, file: "emitted.yaml")
        let expected = ReaderTestSupport.render(original)
        let actual = ReaderTestSupport.render(reread)
        #expect(actual == expected)
        if actual != expected {
            let prefix = zip(expected, actual).prefix { $0 == $1 }.count
            Issue.record("first difference near: \(expected.dropFirst(max(0, prefix - 80)).prefix(200))")
        }
    }

    @Test func emitterRoundTripsTrickyStrings() throws {
        let strings = [
            "", " lead", "trail ", "a: b", "- x", "#x", "x #y", "'q'", "\"d\"", "multi\nline", "multi\nline\n",
            "keep\n\n", "\n", "\n\nx", " indented\nfirst", "tab\there", "cr\r\n", "null", "true", "12", "0x1F", "1e3",
            "<<", "é😀", "\u{7}bell", "---", "...", "a\n  b\n\tc\n", "   \nx",
        ]
        let node = Node(
            .mapping(strings.enumerated().map { offset, text in
                Node.Entry(
                    key: offset % 2 == 0 ? text : "k\(offset)", keyLocation: SourceLocation(line: 1, column: 1),
                    value: Node(.sequence([Node(.string(text), at: SourceLocation(line: 1, column: 1))]), at: SourceLocation(line: 1, column: 1)))
            }), at: SourceLocation(line: 1, column: 1))
        let yaml = ReaderYAMLEmitter.emit(node)
        #expect(try ReaderTestSupport.render(DocumentReader.read(yaml, file: "t")) == ReaderTestSupport.render(node), "\(yaml)")
    }
}
