import SyntheticDocuments
import Testing

@testable import GeneratorCore

/// Issue 17: translation work grows with the document, not with its square. Work counts and
/// sizes are checked here; times only by `make bench`.
@Suite("Translation scales linearly")
struct TranslationScalingTests {
    static let document: OpenAPIDocument = {
        let yaml = LargeAPIDocument.yaml(targetBytes: 300_000)
        let tree = try? DocumentReader.read(yaml, file: "large.yaml")
        return tree.flatMap { DocumentLoader.load($0).0 }
            ?? OpenAPIDocument(
                openapi: "3.0.0", info: Info(title: "", version: ""), servers: [], operations: [], webhooks: [],
                schemas: [], securitySchemes: [], security: nil, tags: [], recursiveSchemas: [], extensions: [])
    }()

    /// The declarations an operation looks names up in (once per parameter and form field) are
    /// the ones its own types name, not every declaration of the module: that scan made large
    /// form-heavy documents quadratic.
    @Test func operationLookupScopeIsTheOperationsOwn() throws {
        let document = Self.document
        #expect(document.operations.count > 50)
        var types = TypeTranslator(document: document)
        for (name, schema) in document.schemas {
            types.currentComponent = name
            types.declare(schema, as: types.componentTypes[name] ?? name, forRequest: true, fixedName: true)
        }
        types.currentComponent = nil
        var largestScope = 0
        for operation in document.operations {
            types.beginOperationScope()
            _ = types.operation(operation, swiftName: "call", group: "API", unpublished: false)
            largestScope = max(largestScope, types.declarations.count)
        }
        #expect(types.emitted.count > 500)
        #expect(largestScope <= 40, "an operation's lookup scope holds \(largestScope) declarations")
    }

    /// What one component's translation records for file grouping is about that component only:
    /// carried over from every earlier component, it was copied once per inline schema.
    @Test func componentBookkeepingDoesNotAccumulate() throws {
        let document = Self.document
        var types = TypeTranslator(document: document)
        var largest = 0
        var everything = Set<String>()
        for (name, _) in document.schemas {
            _ = types.declareComponent(name)
            largest = max(largest, types.touchedComponents.count + types.usedDeclarations.count)
            everything.formUnion(types.touchedComponents)
        }
        // Accumulated, the last component would hold at least every one touched.
        #expect(everything.count > 40)
        #expect(largest <= 40, "one component's bookkeeping holds \(largest) names")
    }

    /// Wrapping counts a line as it grows; the result is the same greedy wrap.
    @Test func docTextWrapsGreedilyAtTheWidth() {
        #expect(DocText.wrap("aaa bb cc dddd", width: 6) == ["aaa bb", "cc", "dddd"])
        #expect(DocText.wrap("  one   two  ", width: 96) == ["one two"])
        #expect(DocText.wrap("éé ü", width: 4) == ["éé ü"])
        // Widths are Characters: a CR LF inside a word is one, so ASCII text is not bytes then.
        #expect(DocText.wrap("ab\r\ncd e", width: 7) == ["ab\r\ncd e"])
        #expect(DocText.paragraph("First\r\nline\n\nsecond paragraph") == ["First line"])
        #expect(DocText.paragraph("no breaks at all") == ["no breaks at all"])
        // Short one-liners take a fast path; it must agree with the full one.
        for text in [
            "a  b", " a", "a ", "a\tb", "\t", "", "a\u{00A0}", "\u{2003}a", "é  b", "a\u{000B}",
            String(repeating: "word ", count: 30),
        ] {
            #expect(DocText.paragraph(text) == DocText.wrap(text.trimmed, width: 96), "\(text.debugDescription)")
        }
    }

    /// Long or multi-line ASCII descriptions take the byte path; it must agree with the Character one.
    @Test func asciiParagraphsAgreeWithTheCharacterPath() {
        let long = String(repeating: "lorem ipsum dolor ", count: 20)
        for text in [
            long, "First line\nsecond  line\n\nnext paragraph", "\n\n  lead\tin \n tail  \n", "a\n \n",
            "\u{000B}x\u{000C}\ny", String(repeating: "x", count: 120) + " y", "  \n\t\n", "one\n",
        ] {
            for width in [96, 10, 1] {
                #expect(
                    DocText.asciiParagraph(text, width: width) == DocText.characterParagraph(text, width: width),
                    "\(text.debugDescription) at \(width)")
            }
        }
    }

    /// The scope still finds what a form field names: an enum component (`Interval`), an inline
    /// enum, an alias chain.
    @Test func operationScopeHoldsNamedEnumsAndAliases() throws {
        let yaml = """
            openapi: 3.0.0
            info: {title: T, version: '1'}
            paths:
              /things:
                post:
                  operationId: createThing
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          properties:
                            interval: {$ref: '#/components/schemas/Interval'}
                            period: {$ref: '#/components/schemas/Period'}
                            mode: {type: string, enum: [fast, slow]}
                  responses:
                    '204': {description: done}
            components:
              schemas:
                Interval: {type: string, enum: [day, week]}
                Period: {$ref: '#/components/schemas/Interval'}
            """
        let output = try GeneratorPipeline.generate(text: yaml, sourceName: "t.yaml", moduleName: "T")
        let api = output.files.first { $0.name == "DefaultAPI.swift" }?.contents ?? ""
        // Text fields (open enums and aliases of them), not JSON-encoded ones.
        #expect(
            api.contains("form.add") && !api.contains("JSONCoding.encode"),
            "a form field named by an enum or alias was sent as JSON:\n\(api)")
    }

    /// Same-SCC answers agree with the graph walk they replace, for every edge of a cyclic graph.
    @Test func componentGraphAgreesWithReachability() {
        let document = Self.document
        let graph = ComponentGraph(document.schemas)
        let edges = graph.edges
        var checked = 0
        var cyclic = 0
        for (component, targets) in edges {
            for target in targets where edges[target] != nil {
                let walked = target == component || ReferenceGraph.reaches(from: target, to: component, edges: edges)
                #expect(graph.leadsBack(from: target, to: component) == walked, "\(component) → \(target)")
                checked += 1
                if walked { cyclic += 1 }
            }
        }
        #expect(checked > 200 && cyclic > 0, "\(checked) edges, \(cyclic) on cycles")
    }

    /// The linear recursion census (which the loader now uses) equals a graph walk per component.
    @Test func recursiveSchemasMatchTheGraphWalk() {
        let document = Self.document
        let edges = ReferenceGraph(document).edges
        let expected = Set(edges.keys.filter { ReferenceGraph.reaches(from: $0, to: $0, edges: edges) })
        #expect(ReferenceGraph(document).recursiveSchemas == expected)
        #expect(!expected.isEmpty)
        #expect(ComponentGraph(document.schemas).recursiveSchemas == expected)
    }

    /// "Reached by exactly one group" from one pass over the SCCs matches a closure per group.
    @Test func componentUsersMatchClosures() {
        let graph = ComponentGraph(Self.document.schemas)
        let names = graph.edges.keys.sorted()
        var direct: [String: ComponentGraph.Users] = [:]
        var touched: [String: Set<String>] = [:]
        for (offset, name) in names.enumerated() where offset % 7 == 0 {
            let group = "G\(offset % 3)"
            direct[name, default: .none].add(.one(group))
            touched[group, default: []].insert(name)
        }
        var expected: [String: Set<String>] = [:]
        for (group, start) in touched {
            var closure = start
            var stack = Array(start)
            while let next = stack.popLast() {
                for target in graph.edges[next] ?? [] where closure.insert(target).inserted { stack.append(target) }
            }
            for component in closure { expected[component, default: []].insert(group) }
        }
        let users = graph.users(direct: direct)
        for name in names {
            let groups = expected[name] ?? []
            switch users[name] ?? .none {
            case .none: #expect(groups.isEmpty, "\(name)")
            case .one(let group): #expect(groups == [group], "\(name)")
            case .many: #expect(groups.count > 1, "\(name)")
            }
        }
    }
}

@Suite("Naming fast path")
struct NamingFastPathTests {
    /// The ASCII word splitter agrees with the Unicode one on every kind of ASCII name.
    @Test func asciiWordsMatchUnicodeWords() {
        var samples = [
            "", "account_id", "OAuthTokenRequest", "HTTPServer", "2fa-status", "per-page", "a.b-c", "URL", "x",
            "signer-access-code", "ID", "getV1Accounts", "v1Thing2Go", "ABCdef", "abcDEF", "__init__", "A1B2c3",
            "line1", "postal_code", "9lives", "Tax_Rate17Details", "createAAccountStatus7", "--", "a--b__C",
        ]
        var random = SyntheticDocument.SplitMix64(state: 3)
        let alphabet = Array("aZ09_-. Bq")
        for _ in 0..<500 {
            let length = Int.random(in: 0..<12, using: &random)
            samples.append(
                String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }))
        }
        for sample in samples {
            #expect(SwiftNames.asciiWords(sample) == SwiftNames.unicodeWords(sample), "\(sample)")
        }
    }
}
