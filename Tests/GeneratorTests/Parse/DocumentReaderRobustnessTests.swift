import AssinafyTestSupport
import Testing
@testable import GeneratorCore

/// Mangled documents must either read or fail with a ParseError: never crash, hang or throw
/// anything else. A seeded generator keeps every run identical, so a failure reproduces.
@Suite(.offCooperativePool) struct DocumentReaderRobustnessTests {
    static let openAPISample = """
        openapi: 3.1.0
        info:
          title: Sample API  # comment
          description: |
            Multi-line **markdown**.

            - item one
            - item two
          version: "1.0"
        servers: [{url: 'https://api.example.com/v1'}]
        paths:
          /documents/{id}:
            parameters:
              - &id {name: id, in: path, required: true, schema: {type: string}}
            get:
              operationId: getDocument
              responses:
                200:
                  description: >-
                    The document,
                    folded.
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Document'}
                default: &err
                  description: "Error \\u00e9"
            delete:
              parameters: [*id]
              responses: {204: {description: No content}, default: *err}
        components:
          schemas:
            Base: &base
              type: object
              required: [id]
            Document:
              <<: *base
              properties:
                id: {type: string, format: uuid}
                size: {type: [integer, 'null'], minimum: 0, exclusiveMaximum: 1e9}
                ratio: {type: number, default: .5}
                tags:
                  type: array
                  items: !!map {type: string}
        ...
        """

    static var corpus: [[UInt8]] {
        let yaml = DocumentReaderYAMLTests.structure + DocumentReaderYAMLTests.scalars
            + DocumentReaderYAMLTests.schema + DocumentReaderYAMLTests.references + DocumentReaderYAMLTests.documents
        let texts = [openAPISample] + yaml.map(\.input) + DocumentReaderJSONTests.pairs.flatMap { [$0.json, $0.yaml] }
        return texts.map { Array($0.utf8) }
    }

    static let fragments: [[UInt8]] = [
        ": ", "- ", "? ", "&a ", "*a", "<<: *a\n", "|\n", ">-\n", "|2+\n", "'", "\"", "[", "{", "}", "]", ", ", "#",
        "\n", "\t", "  ", "!!int ", "!<x> ", "--- ", "...\n", "%YAML 1.2\n", "\\u", "\\", "\r\n", "é", "\u{FEFF}",
        "\"\\uD83D\"", "0x", "1e", ".inf", "~", "@", "`", "*", "&", "!",
    ].map { Array($0.utf8) }

    static func mutate(_ input: [UInt8], random: inout ReaderSplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<(1 + random.below(4)) {
            let position = random.below(bytes.count + 1)
            switch random.below(7) {
            case 0 where !bytes.isEmpty:
                let end = min(bytes.count, position + 1 + random.below(3))
                if position < end { bytes.removeSubrange(position..<end) }
            case 1:
                bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
            case 2 where bytes.count > 1:
                let index = min(position, bytes.count - 2)
                bytes.swapAt(index, index + 1)
            case 3 where !bytes.isEmpty:
                let start = min(position, bytes.count - 1)
                let end = min(bytes.count, start + 1 + random.below(12))
                bytes.insert(contentsOf: bytes[start..<end], at: random.below(bytes.count + 1))
            case 4:
                // Re-indent the line containing `position`.
                var lineStart = min(position, bytes.count)
                while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
                if random.below(2) == 0 {
                    let indentation: [UInt8] = random.below(4) == 0 ? [0x09] : Array(repeating: 0x20, count: 1 + random.below(4))
                    bytes.insert(contentsOf: indentation, at: lineStart)
                } else {
                    var removed = 0
                    while lineStart < bytes.count && bytes[lineStart] == 0x20 && removed < 1 + random.below(4) {
                        bytes.remove(at: lineStart)
                        removed += 1
                    }
                }
            case 5:
                bytes.removeSubrange(min(position, bytes.count)...)
            default:
                let fragment = fragments[random.below(fragments.count)]
                bytes.insert(contentsOf: fragment, at: min(position, bytes.count))
            }
        }
        return bytes
    }

    enum Outcome { case parsed, rejected, broken }

    /// Any outcome but a crash or a non-ParseError is fine; positions must still be sensible.
    static func outcome(_ read: () throws -> Node, bytes: [UInt8]) -> Outcome {
        do {
            _ = try read()
            return .parsed
        } catch let error as ParseError {
            let lines = bytes.reduce(1) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
            let sensible = error.location.line >= 1 && error.location.line <= lines + 1 && error.location.column >= 1
            return sensible ? .rejected : .broken
        } catch {
            return .broken
        }
    }

    static func check(_ read: () throws -> Node, bytes: [UInt8]) -> Bool {
        outcome(read, bytes: bytes) != .broken
    }

    @Test func mangledDocumentsNeverCrash() {
        var random = ReaderSplitMix64(seed: 0x5EED_2024)
        let corpus = Self.corpus
        var parsed = 0
        var failures: [String] = []
        for iteration in 0..<3000 {
            let bytes = Self.mutate(corpus[random.below(corpus.count)], random: &random)
            let text = String(decoding: bytes, as: UTF8.self)
            let result = Self.outcome({ try DocumentReader.read(text, file: "fuzz") }, bytes: bytes)
            if result == .parsed { parsed += 1 }
            // The internal parsers also see raw (possibly invalid UTF-8) bytes.
            let ok = result != .broken
                && Self.check({ try YAMLParser.parse(bytes, file: "fuzz") }, bytes: bytes)
                && Self.check({ try JSONParser.parse(bytes, file: "fuzz") }, bytes: bytes)
            if !ok { failures.append("iteration \(iteration): \(text.debugDescription)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        // Guard against a mutator so destructive that nothing parses (the test would be hollow).
        #expect(parsed > 300)
    }

    @Test func randomIndentationOfTheSampleNeverCrashes() {
        var random = ReaderSplitMix64(seed: 42)
        let lines = Self.openAPISample.split(separator: "\n", omittingEmptySubsequences: false)
        for _ in 0..<500 {
            let text = lines.map { line -> String in
                let content = line.drop { $0 == " " }
                let indentation = random.below(5) == 0 ? random.below(12) : line.count - content.count
                return String(repeating: " ", count: indentation) + content
            }.joined(separator: "\n")
            #expect(Self.check({ try DocumentReader.read(text, file: "fuzz") }, bytes: Array(text.utf8)))
        }
    }

    @Test func everyPrefixOfTheSampleIsHandled() {
        let bytes = Array(Self.openAPISample.utf8)
        for end in 0...bytes.count {
            let prefix = Array(bytes[..<end])
            #expect(Self.check({ try YAMLParser.parse(prefix, file: "prefix") }, bytes: prefix))
        }
    }

    @Test func sampleReadsAsExpected() throws {
        let node = try DocumentReader.read(Self.openAPISample, file: "sample.yaml")
        let document = node["components"]?["schemas"]?["Document"]
        #expect(document?.entries?.map(\.key) == ["type", "required", "properties"])
        #expect(node["paths"]?["/documents/{id}"]?["delete"]?["parameters"]?.elements?.first?["name"]?.string == "id")
        #expect(node["paths"]?["/documents/{id}"]?["get"]?["responses"]?["200"]?["description"]?.string == "The document, folded.")
        #expect(node["info"]?["description"]?.string == "Multi-line **markdown**.\n\n- item one\n- item two\n")
        #expect(document?["properties"]?["size"]?["exclusiveMaximum"]?.number == 1e9)
    }
}
