import Foundation
import Testing

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
}
