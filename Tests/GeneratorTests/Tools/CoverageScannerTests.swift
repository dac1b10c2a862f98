import AssinafyTestSupport
import Foundation
import Testing

@testable import GeneratorCore
@testable import GeneratorTools

/// The tokenizer behind `coverage`: code inside comments and string literals of every form must
/// never look like code, and real code around them must still be seen.
@Suite(.offCooperativePool)
struct CoverageScannerTests {
    func identifiers(_ source: String) -> [String] {
        SwiftScanner.tokens(source).filter { $0.kind == .identifier }.map(\.text)
    }

    @Test func commentsAreSkippedIncludingNestedBlocks() {
        #expect(identifiers("a // b c\nd") == ["a", "d"])
        #expect(identifiers("a /* b /* c */ d */ e") == ["a", "e"])
        #expect(identifiers("a /// doc `b`\n/** c */ f") == ["a", "f"])
    }

    @Test(arguments: [
        #"x "context.a.b(" y"#,
        #"x "escaped \" context.a.b(" y"#,
        #"x "interpolated \(context.a.b("nested")) text" y"#,
        ##"x #"raw "quoted" context.a.b( \(no)"# y"##,
        ##"x #"raw \#(context.a.b()) interpolation"# y"##,
        ###"x ##"double "# context.a.b("##.count y"###,
        "x \"\"\"\n context.a.b(\n \"still\" \\\"\"\" inside\n \"\"\" y",
    ])
    func stringLiteralsOfEveryFormAreOneToken(_ source: String) {
        let tokens = SwiftScanner.tokens(source)
        let names = tokens.filter { $0.kind == .identifier }.map(\.text)
        #expect(names.first == "x")
        #expect(names.contains("y"))
        #expect(!names.contains("context"), "\(tokens)")
    }

    @Test func backtickedNamesLoseTheirBackticks() {
        #expect(identifiers("context.api.`default`(x)") == ["context", "api", "default", "x"])
    }

    @Test func linesAreCountedThroughCommentsAndStrings() {
        let tokens = SwiftScanner.tokens("a\n/* one\n two */\n\"\"\"\nthree\n\"\"\"\nb")
        #expect(tokens.last?.text == "b")
        #expect(tokens.last?.line == 7)
    }

    @Test func callsAreAttributedToTheirFunctionAndType() {
        var index = OverlayIndex()
        index.add(
            source: """
                public struct R {
                    let context: Ctx
                    public var computed: Int { context.api.fromProperty() }
                    public var stored: Int = { 1 }()
                    public func a() { helper(); self.other.b(); other.c(); context.api.fromA() }
                    private func helper() {
                        func nested() { context.api.fromNested() }
                    }
                }
                protocol P { func requirement() }
                public extension R {
                    func d() where T == U { context
                        .api
                        .fromD() }
                    private func e() {}
                }
                """, file: "R.swift")
        let byName = Dictionary(uniqueKeysWithValues: index.functions.map { ($0.name, $0) })
        #expect(byName["computed"]?.generatedCalls.map(\.function) == ["fromProperty"])
        #expect(byName["stored"] == nil)
        #expect(byName["a"]?.generatedCalls.map(\.function) == ["fromA"])
        #expect(byName["a"]?.localCalls == ["helper"])
        #expect(byName["helper"]?.generatedCalls.map(\.function) == ["fromNested"])
        #expect(byName["nested"] == nil)
        #expect(byName["requirement"] == nil)
        #expect(byName["d"]?.generatedCalls.map(\.function) == ["fromD"])
        #expect(byName["d"]?.isPublic == true)
        #expect(byName["e"]?.isPublic == false)
        #expect(byName["helper"]?.isPublic == false)
        #expect(index.properties.map(\.name) == ["context", "computed", "stored"])
    }

    @Test func helperTypesBuiltInPlaceAreRecorded() {
        var index = OverlayIndex()
        index.add(
            source: """
                struct R {
                    func a() { Poller(context: context, clock: make(1)).wait(id: x) }
                    func b() { Helper.shared(); other.Thing.skip() }
                }
                """, file: "R.swift")
        let byName = Dictionary(uniqueKeysWithValues: index.functions.map { ($0.name, $0) })
        #expect(byName["a"]?.typeCalls == ["Poller.wait"])
        #expect(byName["b"]?.typeCalls == ["Helper.shared"])
    }
}
