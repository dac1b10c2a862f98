import Foundation
import Testing

@testable import GeneratorCore

/// The core is a compiler over bytes and text: it reads and writes no file, so every caller
/// (the CLI, the plugins, tests, a server) decides where documents and sources live.
@Suite struct CoreBoundaryTests {
    static let core = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Generator/Sources/GeneratorCore")

    @Test func theCoreTouchesNoFile() throws {
        let fileAPIs = [
            "FileManager", "Data(contentsOf", "String(contentsOfFile", "contentsOf: URL", "FileHandle", "fopen(",
            " open(", ".write(to:", "import GeneratorTools",
        ]
        let enumerator = try #require(FileManager.default.enumerator(atPath: Self.core.path))
        var checked = 0
        while let next = enumerator.nextObject() as? String {
            guard next.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: Self.core.appendingPathComponent(next), encoding: .utf8)
            checked += 1
            for api in fileAPIs {
                #expect(!text.contains(api), "\(next) uses \(api)")
            }
        }
        #expect(checked > 40)
    }

    /// A multi-file document held in memory generates through the core alone.
    @Test func aMultiFileDocumentGeneratesFromMemory() throws {
        let files = InMemoryDocumentSource([
            "api.yaml": """
                openapi: 3.1.0
                info: {title: T, version: "1"}
                paths:
                  /pets:
                    get:
                      operationId: listPets
                      responses:
                        "200":
                          description: ok
                          content:
                            application/json:
                              schema: {$ref: "models.yaml#/Pet"}
                """,
            "models.yaml": "Pet: {type: object, properties: {name: {type: string}}}\n",
        ])
        let output = try GeneratorPipeline.generate(
            specPath: "api.yaml", moduleName: "Pets",
            sources: { _ in GeneratorPipeline.DocumentRoot(source: files, rootFile: "api.yaml") })
        #expect(output.files.contains { $0.contents.contains("public func listPets(") })
        #expect(output.files.contains { $0.contents.contains("public struct Pet:") })
        #expect(files.readCount(of: "models.yaml") == 1)
    }
}
