import Foundation
import Testing

@testable import AssinafyTesting

/// The fake's operation table against the generated client: every operation the client can call
/// is one the fake routes (and answers, or refuses with a 501 naming it), by the same name,
/// method and path template.
@Suite struct FakeRoutesTests {
    static let generatedDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/AssinafyAPI")

    /// `name METHOD template` for every `APIRequest(operationName:method:pathTemplate:…)`.
    static func generatedOperations() throws -> Set<String> {
        let pattern = try NSRegularExpression(
            pattern: #"operationName: "(\w+)",\s*method: \.(\w+),\s*pathTemplate: "([^"]+)""#)
        var found: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: generatedDirectory.path)
        where file.hasSuffix("API.swift") {
            let text = try String(contentsOf: generatedDirectory.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let parts = (1...3).compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
                found.insert("\(parts[0]) \(parts[1].uppercased()) \(parts[2])")
            }
        }
        return found
    }

    @Test func theTableMatchesTheGeneratedClient() throws {
        let generated = try Self.generatedOperations()
        let table = Set(FakeRoute.all.map { "\($0.operation) \($0.method) \($0.template)" })
        #expect(!generated.isEmpty)
        #expect(generated.subtracting(table).sorted() == [], "operations the fake does not route")
        #expect(table.subtracting(generated).sorted() == [], "routes no generated operation has")
    }

    @Test func everyOperationHasATypedName() throws {
        let source = try String(
            contentsOf: Self.generatedDirectory.deletingLastPathComponent()
                .appendingPathComponent("AssinafyTesting/FakeOperation.swift"),
            encoding: .utf8)
        for route in FakeRoute.all {
            #expect(source.contains("static let \(route.operation) = FakeOperation(\"\(route.operation)\")"))
        }
        #expect(FakeOperation.getDocument == "getDocument")
    }

    @Test func aLiteralSegmentWinsOverAParameter() {
        #expect(FakeTransport.route(method: "GET", path: "/v1/documents/statuses")?.operation == "listDocumentStatuses")
        #expect(FakeTransport.route(method: "GET", path: "/v1/documents/doc-1")?.operation == "getDocument")
        #expect(FakeTransport.route(method: "GET", path: "/v1/signers/self")?.operation == "getCurrentSigner")
    }
}
