import Foundation
import Testing

@testable import GeneratorCore
@testable import GeneratorTools

/// The overlay index `coverage` uses reads a function's labels, parameter and result types and
/// `async` from tokens, as Swift would, however the declaration is spread over lines.
@Suite struct OverlaySignatureTests {
    @Test func signaturesAreReadAsSwiftDoes() throws {
        var index = OverlayIndex()
        index.add(
            source: #"""
                public struct ThingsResource: Sendable {
                    let note = "public func fake(x: Int) async throws -> Int {"
                    /// public func documented(x: Int) async -> Int
                    public func list(params: ListParams = ListParams(), filter: [String: Int] = [:]) async throws -> Page<(a: Int, b: String)> {
                        try await inner(closure: { (a: Int, b: Int) in a })
                    }
                    @discardableResult
                    public func update(_ id: String, with payload: Payload, onProgress: @escaping @Sendable (Int64, Int64) -> Void)
                        async throws
                    {
                        func nested() async throws -> Int { 1 }
                    }
                    func internalOnly() async throws {}
                    public func sync() -> Int { 1 }
                }
                extension ThingsResource {
                    public func create(text: String = "a, b)", limit: Optional<Int> = nil) async throws -> Thing where Thing: Sendable { fatalError() }
                }
                """#, file: "Things.swift")
        let found = index.functions.filter(\.isPublic)
        #expect(found.map(\.name) == ["list", "update", "sync", "create"])
        #expect(found.allSatisfy { $0.typeName == "ThingsResource" })
        let signatures = found.compactMap(\.signature)
        try #require(signatures.count == 4)
        #expect(signatures[0].parameters.map(\.label) == ["params", "filter"])
        #expect(signatures[0].parameters.map(\.type) == ["ListParams", "[String:Int]"])
        #expect(signatures[0].returnType == "Page<(a:Int,b:String)>")
        #expect(signatures[1].parameters.map(\.label) == ["_", "with", "onProgress"])
        #expect(signatures[1].parameters.last?.type == "@escaping@Sendable(Int64,Int64)->Void")
        #expect(signatures[1].isAsync && signatures[1].returnType == nil)
        #expect(!signatures[2].isAsync)
        #expect(signatures[3].parameters.map(\.label) == ["text", "limit"])
        #expect(signatures[3].parameters.map(\.type) == ["String", "Optional<Int>"])
        #expect(signatures[3].returnType == "Thing")
    }
}
