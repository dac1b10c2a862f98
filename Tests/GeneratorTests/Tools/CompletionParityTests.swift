import AssinafyTestSupport
import Foundation
import Testing

@testable import GeneratorCore

/// Every public `async` method of a resource and of `AssinafyClient` has a completion-handler
/// twin with the same name, the same argument labels plus `completion:`, and a `Result` of the
/// same type; no wrapper outlives its async method. The wrappers are written by hand, so this
/// is what keeps them from drifting when the overlay grows. The overlay is read with the same
/// index `coverage` uses.
@Suite(.offCooperativePool) struct CompletionParityTests {
    static func wrapped(_ type: String) -> Bool { type.hasSuffix("Resource") || type == "AssinafyClient" }

    struct Method: Hashable, CustomStringConvertible {
        var type: String
        var name: String
        var parameters: [OverlaySignature.Parameter]
        var result: String
        var description: String {
            "\(type).\(name)(\(parameters.map { "\($0.label): \($0.type)" }.joined(separator: ", "))) -> \(result)"
        }
    }

    @Test func everyAsyncMethodHasACompletionTwinAndNoTwinIsOrphaned() throws {
        let index = try OverlayIndex.scan(directory: ToolsFixtures.path("Sources/Assinafy"))
        var asyncMethods: [Method] = []
        var wrappers: [Method] = []
        for function in index.functions where function.isPublic && Self.wrapped(function.typeName) {
            guard let signature = function.signature else { continue }
            if function.file.hasPrefix("Compatibility/") {
                guard let completion = signature.parameters.last, completion.label == "completion" else { continue }
                let result = try #require(Self.resultType(completion.type), "\(function.name): \(completion.type)")
                wrappers.append(
                    Method(
                        type: function.typeName, name: function.name, parameters: signature.parameters.dropLast(),
                        result: result))
            } else if signature.isAsync {
                asyncMethods.append(
                    Method(
                        type: function.typeName, name: function.name, parameters: signature.parameters,
                        result: signature.returnType ?? "Void"))
            }
        }
        // The scan must see the overlay at all, or an empty comparison would pass.
        #expect(asyncMethods.count > 100)
        #expect(Set(asyncMethods.map(\.type)).count >= 11)
        let missing = Set(asyncMethods).subtracting(wrappers)
        let orphaned = Set(wrappers).subtracting(asyncMethods)
        #expect(
            missing.isEmpty,
            "no completion-handler twin (or a different Result type): \(missing.sorted { "\($0)" < "\($1)" })")
        #expect(
            orphaned.isEmpty,
            "completion-handler variant without an async twin: \(orphaned.sorted { "\($0)" < "\($1)" })")
        #expect(wrappers.count == Set(wrappers).count, "a wrapper is declared twice")
    }

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

    /// `@escaping@Sendable(Result<T,anyError>)->Void` → `T`.
    static func resultType(_ type: String) -> String? {
        guard let start = type.range(of: "(Result<"), let end = type.range(of: ",anyError>)", options: .backwards)
        else { return nil }
        return String(type[start.upperBound..<end.lowerBound])
    }
}
