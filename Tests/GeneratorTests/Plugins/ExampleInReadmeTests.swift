import Foundation
import Testing

/// The README shows the example package's manifest and engine set-up word for word, so a reader
/// who copies the README gets what the compile suite builds (`PluginSampleTests`).
@Suite struct ExampleInReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: ["Examples/PetStore/Package.swift", "Examples/PetStore/Sources/PetStoreApp/Engine.swift"])
    func readmeShowsTheFileAsCommitted(path: String) throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let file = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        #expect(readme.contains("```swift\n" + file + "```"), "README.md no longer shows \(path) as committed")
    }
}
