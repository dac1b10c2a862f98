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

    /// Each `APIRequest(operationName:…)` of the generated client with the `security:` argument
    /// it passes (`default` when it passes none).
    static func generatedOperations() throws -> [String: String] {
        let pattern = try NSRegularExpression(
            pattern: #"operationName: "(\w+)",(?:(?!APIRequest\()[\s\S])*?(?:security: ([^,)\n]+)|errors:)"#)
        var found: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: generatedDirectory.path)
        where file.hasSuffix("API.swift") {
            let text = try String(contentsOf: generatedDirectory.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let name = Range(match.range(at: 1), in: text).map({ String(text[$0]) }) else { continue }
                found[name] = Range(match.range(at: 2), in: text).map { String(text[$0]) } ?? "default"
            }
        }
        return found
    }

    @Test func theFakeServesEveryOperationOfTheGeneratedClient() throws {
        let generated = try Self.generatedOperations()
        #expect(!generated.isEmpty)
        #expect(Set(generated.keys) == Set(FakeRoutes.operations.operationNames))
    }

    /// The fake's short security lists say what the generated client applies: an access code for
    /// the signer operations, nothing for the open ones, the workspace credential for the rest.
    @Test func theSecurityListsMatchTheGeneratedClient() throws {
        let generated = try Self.generatedOperations()
        let signer = Set(generated.filter { $0.value == "[[.signerAccessCode]]" }.keys)
        #expect(signer == FakeSecurity.signerOperations)
        let open = Set(generated.filter { $0.value == "default" || $0.value == "[]" }.keys)
        #expect(open == FakeSecurity.openOperations)
    }

    @Test func everyOperationHasATypedName() throws {
        let source = try String(
            contentsOf: Self.generatedDirectory.deletingLastPathComponent()
                .appendingPathComponent("AssinafyTesting/FakeOperation.swift"),
            encoding: .utf8)
        for name in FakeRoutes.operations.operationNames {
            #expect(source.contains("static let \(name) = FakeOperation(\"\(name)\")"))
        }
        #expect(FakeOperation.getDocument == "getDocument")
    }

    @Test func aLiteralSegmentIsNotMistakenForAParameter() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        _ = try await client.documents.statuses()
        let missing: String = "doc-1"
        _ = try? await client.documents.get(documentId: missing)
        #expect(fake.exchanges.map(\.operation) == ["listDocumentStatuses", "getDocument"])
    }
}
