import AssinafyTestSupport
import Foundation
import GeneratorCore
import GeneratorTools
import Testing

/// `openapi.yaml` is our YAML description of the Assinafy v1 API: the structure is Assinafy's
/// published contract, the prose is ours. These tests prove the first half mechanically, so a
/// hand edit that changes a path, parameter, schema, keyword or value cannot slip through: both
/// documents are read with the generator's own reader, the parts that are allowed to differ are
/// normalised away, and the first differing JSON pointer is reported.
@Suite(.offCooperativePool)
struct OpenAPIContractTests {
    // MARK: Files

    /// Located from this source file, so the tests work whatever the working directory is.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/GeneratorTests/Contract
        .deletingLastPathComponent()  // Tests/GeneratorTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the package root

    static let specPath = packageRoot.appendingPathComponent("openapi.yaml").path
    /// The generator's configuration, which names every operation.
    static let namesPath = packageRoot.appendingPathComponent("assinafy-generator.yaml").path

    // MARK: Equivalence

    /// On a plain clone against the committed digest of the published document; with
    /// `../shared/reference` beside the checkout, against the document itself as well.
    @Test func specMatchesPublishedContract() throws {
        let ours = ContractTree(try DocumentReader.read(contentsOf: Self.specPath), role: .ours)
        for source in PublishedDocuments.sources(for: "specMatchesPublishedContract") {
            let reference = try DocumentReader.read(contentsOf: source.current)
            let difference = ContractTree.firstDifference(
                expected: ContractTree(reference, role: .reference), actual: ours)
            #expect(
                difference == nil, "openapi.yaml differs from the published contract (\(source)) at \(difference ?? "")")
        }
    }

    /// Guards the comparison itself: without this, a normaliser that dropped too much would make
    /// the equivalence test pass vacuously.
    @Test func comparisonIgnoresOnlyProseAndReportsPointers() throws {
        let reference = try DocumentReader.read(
            """
            openapi: 3.1.0
            paths:
              /a/{id}:
                get:
                  summary: Their summary
                  responses:
                    '200':
                      description: Their words
                      content:
                        application/json:
                          example: 1
                          schema:
                            type: array
                            items: []
                            maxItems: 10
            x-revision:
              note: added by the mirror
            """, file: "reference.yaml")
        let equivalent = try DocumentReader.read(
            """
            openapi: 3.1.0
            paths:
              /a/{id}:
                get:
                  responses:
                    '200':
                      description: Our words
                      content:
                        application/json:
                          schema:
                            maxItems: 10.0
                            type: array
                            items: {}
            """, file: "ours.yaml")
        let changedBound = try DocumentReader.read(
            """
            openapi: 3.1.0
            paths:
              /a/{id}:
                get:
                  responses:
                    '200':
                      description: Our words
                      content:
                        application/json:
                          schema:
                            type: array
                            items: {}
                            maxItems: 11
            """, file: "changed.yaml")
        // The tolerance for the published `items: []` defect applies to the reference only.
        let unrepaired = try DocumentReader.read(
            """
            openapi: 3.1.0
            paths:
              /a/{id}:
                get:
                  responses:
                    '200':
                      description: Our words
                      content:
                        application/json:
                          schema:
                            type: array
                            items: []
                            maxItems: 10
            """, file: "unrepaired.yaml")

        let expected = ContractTree(reference, role: .reference)
        #expect(ContractTree.firstDifference(expected: expected, actual: ContractTree(equivalent, role: .ours)) == nil)
        let bound = ContractTree.firstDifference(expected: expected, actual: ContractTree(changedBound, role: .ours))
        #expect(bound?.hasPrefix("/paths/~1a~1{id}/get/responses/200/content/application~1json/schema/maxItems:") == true)
        let items = ContractTree.firstDifference(expected: expected, actual: ContractTree(unrepaired, role: .ours))
        #expect(items?.hasPrefix("/paths/~1a~1{id}/get/responses/200/content/application~1json/schema/items:") == true)
    }

    // MARK: Counts

    @Test func specHasTheDocumentedShape() throws {
        let ours = try DocumentReader.read(contentsOf: Self.specPath)
        #expect(Self.operations(in: ours).count == 106)
        #expect(ours["paths"]?.entries?.count == 81)
        #expect(ours["components"]?["schemas"]?.entries?.count == 44)
        #expect(ours["webhooks"]?.entries?.count == 18)
        // Same counts on the reference, so a wrong expectation here cannot hide behind the
        // equivalence test.
        for source in PublishedDocuments.sources(for: "specHasTheDocumentedShape") {
            let reference = try DocumentReader.read(contentsOf: source.current)
            #expect(Self.operations(in: reference).count == 106, "\(source)")
            #expect(reference["paths"]?.entries?.count == 81, "\(source)")
            #expect(reference["components"]?["schemas"]?.entries?.count == 44, "\(source)")
            #expect(reference["webhooks"]?.entries?.count == 18, "\(source)")
        }
    }

    /// The nine published `items: []` are repaired as `items: {}`, each flagged for readers.
    @Test func itemsRepairsAreMarked() throws {
        let lines = try String(contentsOfFile: Self.specPath, encoding: .utf8).split(separator: "\n")
        let repairs = lines.filter { $0.contains("items: {}") }
        #expect(repairs.count == 9)
        for line in repairs {
            #expect(line.contains("# repairs the published `items: []`"), "unmarked repair: \(line)")
        }
        // Outside comments, no `items: []` is left (the repair comments themselves quote it).
        let unrepaired = lines.filter { $0.split(separator: "#", maxSplits: 1).first?.contains("items: []") ?? false }
        #expect(unrepaired.isEmpty, "unrepaired: \(unrepaired)")
    }

    // MARK: Name map

    @Test func nameMapCoversEveryOperation() throws {
        let ours = try DocumentReader.read(contentsOf: Self.specPath)
        // The reader rejects an entry configured twice or a name that is not an identifier.
        let configuration = try GeneratorCommand.readConfiguration(Self.namesPath)
        let names = configuration.functionNames
        #expect(names.count == configuration.operations.count, "every operations entry gives a name")
        let operationIDs = Self.operations(in: ours).compactMap { $0.operation["operationId"]?.string }
        #expect(operationIDs.count == 106, "every operation needs an operationId")
        for operationID in operationIDs {
            #expect(names[operationID] != nil, "no Swift name for operationId \(operationID)")
        }
        // The unpublished routes (openapi-unpublished.yaml) are named in the same map.
        let unpublishedPath = URL(fileURLWithPath: Self.specPath).deletingLastPathComponent()
            .appendingPathComponent("openapi-unpublished.yaml").path
        let unpublished = FileManager.default.fileExists(atPath: unpublishedPath)
            ? Self.operations(in: try DocumentReader.read(contentsOf: unpublishedPath)).compactMap {
                $0.operation["operationId"]?.string
            } : []
        #expect(Set(names.keys) == Set(operationIDs + unpublished), "the map names operations that do not exist")

        let swiftNames = Array(names.values)
        #expect(Set(swiftNames).count == swiftNames.count, "Swift names must be unique")
        for name in swiftNames {
            #expect(Self.isLowerCamelIdentifier(name), "\(name) is not a lowerCamelCase Swift identifier")
        }
    }

    // MARK: Hygiene

    /// Example addresses must be unroutable: a real-looking address in a public SDK ends up in
    /// someone's inbox or logs.
    @Test func onlyExampleInvalidAddresses() throws {
        for path in [Self.specPath, Self.namesPath] {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(Self.foreignAddresses(in: text).isEmpty, "\(path): \(Self.foreignAddresses(in: text))")
            #expect(!text.lowercased().contains("example.com"), "\(path) mentions example.com")
        }
    }

    /// The published prose ends with documentation-site links and carries PHPDoc residue; none of
    /// it belongs in our file.
    @Test func noPublishedProseResidue() throws {
        for path in [Self.specPath, Self.namesPath] {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            for residue in ["Copy as Markdown", "ChatGPT", "Open in Claude"] {
                #expect(!text.contains(residue), "\(path) contains \(residue)")
            }
        }
        let ours = try DocumentReader.read(contentsOf: Self.specPath)
        for prose in Self.proseStrings(in: ours) {
            #expect(!prose.contains("\n") && !prose.contains("     *"), "long or PHPDoc-like prose: \(prose)")
        }
    }

    // MARK: Helpers

    static let httpMethods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    static func operations(in document: Node) -> [(method: String, path: String, operation: Node)] {
        var found: [(method: String, path: String, operation: Node)] = []
        for pathItem in document["paths"]?.entries ?? [] {
            for entry in pathItem.value.entries ?? [] where httpMethods.contains(entry.key) {
                found.append((entry.key, pathItem.key, entry.value))
            }
        }
        return found
    }

    /// Keywords that would not compile as a function name (or would need backticks everywhere).
    static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while",
        "as", "catch", "false", "is", "nil", "self", "super", "throw", "throws", "true", "try", "any", "some",
    ]

    static func isLowerCamelIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        let allowed = name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        }
        return allowed && !swiftKeywords.contains(name)
    }

    /// Every `@domain` in `text` whose domain is not `example.invalid`. Scanned by hand rather
    /// than with `Regex`, which the package's macOS 12 deployment target does not offer.
    static func foreignAddresses(in text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var found: [String] = []
        for index in scalars.indices where scalars[index] == "@" {
            var domain = ""
            var next = index + 1
            while next < scalars.count, isDomainScalar(scalars[next]) {
                domain.unicodeScalars.append(scalars[next])
                next += 1
            }
            while domain.hasSuffix(".") { domain.removeLast() }
            // `@` without a dotted name after it (a decorator, a lone sign) is not an address.
            guard domain.contains(".") else { continue }
            if domain.lowercased() != "example.invalid" { found.append("@" + domain) }
        }
        return found
    }

    static func isDomainScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "." || scalar == "-"
    }

    /// `description` and `summary` strings anywhere in the tree.
    static func proseStrings(in node: Node) -> [String] {
        switch node.value {
        case .mapping(let entries):
            return entries.flatMap { entry -> [String] in
                if ContractTree.proseKeywords.contains(entry.key), let text = entry.value.string { return [text] }
                return proseStrings(in: entry.value)
            }
        case .sequence(let items):
            return items.flatMap { proseStrings(in: $0) }
        default:
            return []
        }
    }
}

/// A document reduced to what the contract consists of, for comparison.
///
/// Removed: `description` and `summary` strings (prose is ours), `example` values, the values of
/// `components/examples` members (names are kept: operations `$ref` them), the prose of OAuth
/// scope descriptions (scope names are kept), and the mirror's root `x-revision`. In the
/// reference only, `items: []` (a published defect) reads as `items: {}`. Numbers compare by
/// value, so `10` equals `10.0`; mapping key order is not compared.
enum ContractTree: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case sequence([ContractTree])
    case mapping(keys: [String], values: [String: ContractTree])

    enum Role {
        case reference
        case ours
    }

    static let proseKeywords: Set<String> = ["description", "summary"]

    /// Mappings whose keys are names chosen by the API, not keywords: a property called
    /// `description` or `example` is contract and must be compared.
    static let nameMaps: Set<String> = ["properties", "patternProperties", "$defs"]

    init(_ node: Node, role: Role, path: [String] = []) {
        switch node.value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let int): self = .number(Double(int))
        case .double(let double): self = .number(double)
        case .string(let text): self = .string(text)
        case .sequence(let items):
            self = .sequence(items.enumerated().map { ContractTree($1, role: role, path: path + [String($0)]) })
        case .mapping(let entries):
            let keysAreNames = path.last.map { Self.nameMaps.contains($0) } ?? false
            let isScopeMap = path.count >= 3 && path[path.count - 3] == "flows" && path.last == "scopes"
            var keys: [String] = []
            var values: [String: ContractTree] = [:]
            for entry in entries {
                let key = entry.key
                if path.isEmpty && key == "x-revision" { continue }
                if !keysAreNames && Self.proseKeywords.contains(key) && entry.value.string != nil { continue }
                if !keysAreNames && key == "example" { continue }
                let value: ContractTree
                if path == ["components", "examples"] {
                    value = .mapping(keys: [], values: [:])
                } else if isScopeMap {
                    value = .string("")
                } else if role == .reference, !keysAreNames, key == "items",
                    case .sequence(let items) = entry.value.value, items.isEmpty
                {
                    value = .mapping(keys: [], values: [:])
                } else {
                    value = ContractTree(entry.value, role: role, path: path + [key])
                }
                keys.append(key)
                values[key] = value
            }
            self = .mapping(keys: keys, values: values)
        }
    }

    /// `pointer: what differs` for the first difference in document order, or nil when equal.
    static func firstDifference(expected: ContractTree, actual: ContractTree, at pointer: String = "") -> String? {
        let here = pointer.isEmpty ? "/" : pointer
        switch (expected, actual) {
        case (.null, .null):
            return nil
        case (.bool(let left), .bool(let right)):
            return left == right ? nil : "\(here): expected \(left), found \(right)"
        case (.number(let left), .number(let right)):
            return left == right ? nil : "\(here): expected \(left), found \(right)"
        case (.string(let left), .string(let right)):
            return left == right ? nil : "\(here): expected \"\(left)\", found \"\(right)\""
        case (.sequence(let left), .sequence(let right)):
            for (index, pair) in zip(left, right).enumerated() {
                if let difference = firstDifference(expected: pair.0, actual: pair.1, at: "\(pointer)/\(index)") {
                    return difference
                }
            }
            return left.count == right.count ? nil : "\(here): expected \(left.count) items, found \(right.count)"
        case (.mapping(let keys, let left), .mapping(let otherKeys, let right)):
            for key in keys {
                let child = pointer + "/" + escape(key)
                guard let expectedValue = left[key] else { continue }
                guard let actualValue = right[key] else { return "\(child): missing from openapi.yaml" }
                if let difference = firstDifference(expected: expectedValue, actual: actualValue, at: child) {
                    return difference
                }
            }
            for key in otherKeys where left[key] == nil {
                return "\(pointer)/\(escape(key)): not in the published contract"
            }
            return nil
        default:
            return "\(here): expected \(expected.kind), found \(actual.kind)"
        }
    }

    /// RFC 6901 escaping, so paths such as `/v1/accounts` stay readable in messages.
    static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    var kind: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return "boolean \(flag)"
        case .number(let number): return "number \(number)"
        case .string(let text): return "string \"\(text)\""
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        }
    }
}
