import Foundation
import Testing

@testable import GeneratorCore

/// The reader against the public YAML test suite (github.com/yaml/yaml-test-suite, its `data`
/// branch), when `YAML_TEST_SUITE` names a folder `scripts/yaml-suite.sh` extracted it into.
/// The suite is not part of the repository, so without the variable this test does not run.
///
/// Each case is a folder with `in.yaml`, `test.event` (the events a conforming parser emits),
/// `in.json` (the documents' values, when JSON can hold them) and `error` when the input must
/// be refused. The reader reads one document per file and only scalar keys: those refusals are
/// intended, and are the only refusals of valid input it may make.
@Suite struct YAMLTestSuiteTests {
    static let folder = ProcessInfo.processInfo.environment["YAML_TEST_SUITE"]

    /// What the reader did with one case.
    enum Outcome: Equatable {
        case accepted, valueDiffers(String), refused(String), rejected(String), wronglyAccepted
        /// The suite's stream holds no document and the reader said so.
        case agreedNoDocument
    }

    struct Case {
        var id: String
        var name: String
        var outcome: Outcome
        var mustFail: Bool
        /// Whether the suite gave the value as JSON and it was compared.
        var compared = false
        /// What the suite's events say about the stream (see `StreamFacts`).
        var facts = StreamFacts()
    }

    /// The refusals of valid YAML the reader makes on purpose, each with the fact of the suite's
    /// events that must hold for the message to name the real cause.
    static let intendedRefusals: [(message: String, cause: @Sendable (StreamFacts) -> Bool)] = [
        ("multiple documents are not supported", { $0.documents >= 2 }),
        (YAMLComposer.scalarKeysOnly, { $0.collectionKey }),
        // YAML requires keys to be unique; the suite checks syntax only, so it has such cases.
        ("duplicate key", { $0.duplicateKey }),
    ]

    @Test(.enabled(if: folder != nil, "set YAML_TEST_SUITE to an extracted yaml-test-suite"))
    func readerAgainstTheSuite() throws {
        let root = try #require(Self.folder)
        let cases = try Self.caseFolders(under: root).map { try Self.run($0, root: root) }
        #expect(cases.count > 300, "found \(cases.count) cases under \(root)")
        let mustPass = cases.filter { !$0.mustFail }
        let mustFail = cases.filter(\.mustFail)
        let accepted = mustPass.filter {
            switch $0.outcome {
            case .accepted, .valueDiffers, .agreedNoDocument: return true
            default: return false
            }
        }
        let differences = mustPass.filter { if case .valueDiffers = $0.outcome { true } else { false } }
        let rejected = mustFail.filter { if case .rejected = $0.outcome { true } else { false } }
        for item in cases where item.outcome != .accepted {
            print("yaml-test-suite \(item.id) [\(item.name)]: \(item.outcome)")
        }
        print(
            "yaml-test-suite: must-pass accepted \(accepted.count)/\(mustPass.count), "
                + "must-fail rejected \(rejected.count)/\(mustFail.count), "
                + "value differences \(differences.count) (of \(cases.filter(\.compared).count) values compared)")
        #expect(rejected.count == mustFail.count)
        #expect(differences.count <= 3)
        for item in mustPass {
            guard case .refused(let message) = item.outcome else { continue }
            let refusal = Self.intendedRefusals.first { message.contains($0.message) }
            #expect(refusal != nil, "\(item.id) [\(item.name)] refused for an unintended reason: \(message)")
            #expect(
                refusal?.cause(item.facts) != false,
                "\(item.id) [\(item.name)]: the suite's events do not show what the message says: \(message)")
        }
    }

    // MARK: Running a case

    /// Case folders are those holding `in.yaml`, at the top level or one level down (`2G84/00`).
    /// The suite's `name` and `tags` folders link to the same cases again; links are skipped.
    static func caseFolders(under root: String) throws -> [String] {
        let files = FileManager.default
        func isCase(_ path: String) -> Bool {
            let type = try? files.attributesOfItem(atPath: path)[.type] as? FileAttributeType
            return type != .typeSymbolicLink && files.fileExists(atPath: path + "/in.yaml")
        }
        var folders: [String] = []
        for name in try files.contentsOfDirectory(atPath: root).sorted() {
            let path = root + "/" + name
            if isCase(path) {
                folders.append(path)
                continue
            }
            guard let inner = try? files.contentsOfDirectory(atPath: path) else { continue }
            folders += inner.sorted().map { path + "/" + $0 }.filter(isCase)
        }
        return folders
    }

    static func run(_ folder: String, root: String) throws -> Case {
        let files = FileManager.default
        let read = { (name: String) in files.contents(atPath: folder + "/" + name).map { [UInt8]($0) } }
        let input = try #require(read("in.yaml"))
        let mustFail = files.fileExists(atPath: folder + "/error")
        let name = read("===").map { String(decoding: $0, as: UTF8.self) } ?? ""
        let events = read("test.event").map { String(decoding: $0, as: UTF8.self) } ?? ""
        let facts = StreamFacts(events: events)
        let documents = facts.documents
        let outcome: Outcome
        var compared = false
        do {
            let node = try DocumentReader.readNotingReferences(validating: input, file: "in.yaml", format: .yaml).node
            if mustFail {
                outcome = .wronglyAccepted
            } else if documents == 1, let json = read("in.json"),
                let expected = try? JSONParser.parse(json, file: "in.json")
            {
                compared = true
                outcome = difference(node, expected, at: "$").map(Outcome.valueDiffers) ?? .accepted
            } else if documents == 0 {
                outcome = .valueDiffers("the suite expects no document; the reader read \(ReaderTestSupport.render(node))")
            } else {
                outcome = .accepted
            }
        } catch let error as ParseError {
            if mustFail {
                outcome = .rejected(error.description)
            } else if documents == 0 && error.message == DocumentReader.noDocument {
                outcome = .agreedNoDocument
            } else {
                outcome = .refused(error.description)
            }
        }
        return Case(
            id: String(folder.dropFirst(root.count + 1)), name: name.trimmingCharacters(in: .whitespacesAndNewlines),
            outcome: outcome, mustFail: mustFail, compared: compared, facts: facts)
    }

    /// Where `actual` first differs from the suite's JSON, or nil. Numbers compare by value
    /// (JSON does not tell 1 from 1.0) and mapping entries by key.
    static func difference(_ actual: Node, _ expected: Node, at path: String) -> String? {
        switch (actual.value, expected.value) {
        case (.null, .null): return nil
        case (.bool(let left), .bool(let right)) where left == right: return nil
        case (.string(let left), .string(let right)) where left == right: return nil
        case (.sequence(let left), .sequence(let right)) where left.count == right.count:
            for (offset, pair) in zip(left, right).enumerated() {
                if let found = difference(pair.0, pair.1, at: "\(path)[\(offset)]") { return found }
            }
            return nil
        case (.mapping(let left), .mapping(let right)) where left.count == right.count:
            let expectedByKey = Dictionary(right.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            for entry in left {
                guard let other = expectedByKey[entry.key] else { return "\(path): unexpected key '\(entry.key)'" }
                if let found = difference(entry.value, other, at: "\(path).\(entry.key)") { return found }
            }
            return nil
        default:
            if let left = actual.number, let right = expected.number, left == right || (left.isNaN && right.isNaN) {
                return nil
            }
            return "\(path): read \(ReaderTestSupport.render(actual)), the suite has \(ReaderTestSupport.render(expected))"
        }
    }
}

/// What a case's `test.event` says about the things the reader refuses on purpose, so a refusal
/// is checked against the stream and not only against its own message.
struct StreamFacts {
    var documents = 0
    /// A sequence or mapping, or an alias of one, is a mapping key.
    var collectionKey = false
    /// A mapping holds two scalar keys with the same content (the reader's keys are text).
    var duplicateKey = false

    init() {}

    /// Reads event lines such as `+MAP {} &a <tag>`, `=VAL &a :text`, `=ALI *a`, `-SEQ`.
    init(events: String) {
        struct Open {
            var isMapping: Bool
            var children = 0
            var keys: Set<String> = []
        }
        var open: [Open] = []
        var documents = 0, collectionKey = false, duplicateKey = false
        // For each anchor, its scalar's text, or nil when it names a collection.
        var anchors: [String: String?] = [:]
        func anchor(in properties: [Substring]) -> String? {
            properties.first { $0.hasPrefix("&") }.map { String($0.dropFirst()) }
        }
        // Counts a finished node as its parent's child, noting what it means as a key.
        func finish(scalarKey: String?) {
            guard let top = open.indices.last else { return }
            let isKey = open[top].isMapping && open[top].children % 2 == 0
            open[top].children += 1
            guard isKey else { return }
            guard let scalarKey else {
                collectionKey = true
                return
            }
            if !open[top].keys.insert(scalarKey).inserted { duplicateKey = true }
        }
        for line in events.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard let event = fields.first else { continue }
            switch event {
            case "+DOC":
                documents += 1
            case "+MAP", "+SEQ":
                if let name = anchor(in: fields) { anchors[name] = .some(nil) }
                open.append(Open(isMapping: event == "+MAP"))
            case "-MAP", "-SEQ":
                open.removeLast()
                finish(scalarKey: nil)
            case "=VAL":
                // The properties (`&anchor`, `<tag>`) come first, then the style character
                // (`:`, `"`, `'`, `|`, `>`) and the content.
                var body = line.dropFirst("=VAL ".count)
                var properties: [Substring] = []
                while body.hasPrefix("&") || body.hasPrefix("<") {
                    properties.append(body.prefix { $0 != " " })
                    body = body.drop { $0 != " " }.dropFirst()
                }
                let content = String(body.dropFirst())
                if let name = anchor(in: properties) { anchors[name] = .some(content) }
                finish(scalarKey: content)
            case "=ALI":
                let name = fields.count > 1 ? String(fields[1].dropFirst()) : ""
                finish(scalarKey: anchors[name] ?? nil)
            default:
                break
            }
        }
        self.documents = documents
        self.collectionKey = collectionKey
        self.duplicateKey = duplicateKey
    }
}
