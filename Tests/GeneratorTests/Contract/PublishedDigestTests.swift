import AssinafyTestSupport
import Foundation
import GeneratorCore
@testable import GeneratorTools
import Testing

/// The committed digests (Fixtures/Published) stand in for Assinafy's published documents on a
/// plain clone. These tests keep them honest: facts only, and, where the documents are at hand,
/// exactly the digest of each.
@Suite(.offCooperativePool)
struct PublishedDigestTests {
    static let pairs: [(digest: String, original: String)] = [
        (PublishedDocuments.digests.current, PublishedDocuments.originals.current),
        (PublishedDocuments.digests.revision93, PublishedDocuments.originals.revision93),
    ]

    @Test func digestsAreTheDigestsOfThePublishedDocuments() throws {
        guard PublishedDocuments.originalsPresent else {
            print(
                "digestsAreTheDigestsOfThePublishedDocuments: ../shared/reference is absent; "
                    + "the committed digests were not compared with the published documents")
            return
        }
        for pair in Self.pairs {
            let committed = try String(contentsOfFile: pair.digest, encoding: .utf8)
            let fresh = ContractDigest.json(try DocumentReader.read(contentsOf: pair.original))
            #expect(committed == fresh, "\(pair.digest) is stale: run 'make digests' and commit the result")
        }
        print("digestsAreTheDigestsOfThePublishedDocuments: both committed digests match ../shared/reference")
    }

    /// No prose of Assinafy's may sit in the repository: no description, summary or example,
    /// and no root extension (the mirror's provenance notes).
    @Test func digestsHoldNoProse() throws {
        for path in [PublishedDocuments.digests.current, PublishedDocuments.digests.revision93] {
            let root = try DocumentReader.read(contentsOf: path)
            let prose = Self.proseKeys(in: root, path: [])
            #expect(prose.isEmpty, "\(path): \(prose.prefix(5))")
            #expect(!(root.entries ?? []).contains { $0.key.hasPrefix("x-") })
        }
    }

    /// The digest keeps what the contract consists of: a property named `description` (a name,
    /// not prose), scope names, example names, and published defects as published.
    @Test func digestDropsProseOnly() throws {
        let node = try DocumentReader.read(
            """
            openapi: 3.1.0
            info: {title: T, version: '1', description: Words.}
            x-revision: {note: mirror}
            paths:
              /a:
                get:
                  summary: Words.
                  responses:
                    '200':
                      description: Words.
                      content:
                        application/json:
                          example: 1
                          examples: {first: {$ref: '#/components/examples/E'}}
                          schema:
                            type: object
                            properties:
                              description: {type: string, description: Words., example: x}
                              list: {type: array, items: []}
            components:
              examples:
                E: {summary: Words., value: {secret: 1}}
              securitySchemes:
                o:
                  type: oauth2
                  flows: {clientCredentials: {tokenUrl: 'https://example.invalid/t', scopes: {read: Words.}}}
            """, file: "digest.yaml")
        let json = ContractDigest.json(node)
        #expect(!json.contains("Words.") && !json.contains("mirror") && !json.contains("secret"), "\(json)")
        let reread = try DocumentReader.read(json, file: "digest.json")
        let schema = reread["paths"]?["/a"]?["get"]?["responses"]?["200"]?["content"]?["application/json"]?["schema"]
        #expect(schema?["properties"]?["description"]?["type"]?.string == "string")
        #expect(schema?["properties"]?["list"]?["items"]?.elements?.isEmpty == true)
        #expect(reread["components"]?["examples"]?["E"]?.entries?.isEmpty == true)
        let scopes = reread["components"]?["securitySchemes"]?["o"]?["flows"]?["clientCredentials"]?["scopes"]
        #expect(scopes?["read"]?.string == "")
        #expect(ContractDigest.json(reread) == json, "a digest is its own digest")
    }

    static func proseKeys(in node: Node, path: [String]) -> [String] {
        switch node.value {
        case .mapping(let entries):
            let keysAreNames = path.last.map { ["properties", "patternProperties", "$defs"].contains($0) } ?? false
            return entries.flatMap { entry -> [String] in
                let here = path + [entry.key]
                let isProse =
                    !keysAreNames
                    && (entry.key == "example"
                        || (["description", "summary"].contains(entry.key) && entry.value.string != nil))
                return (isProse ? [here.joined(separator: "/")] : []) + proseKeys(in: entry.value, path: here)
            }
        case .sequence(let items):
            return items.enumerated().flatMap { proseKeys(in: $1, path: path + [String($0)]) }
        default:
            return []
        }
    }
}
