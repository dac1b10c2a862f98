import Foundation
import Testing

@testable import GeneratorCore

/// The two SwiftPM plugins on the example package users copy (Examples/PetStore), its manifest as
/// committed but for the dependency's URL, which points at this checkout: `swift package
/// generate-api` rewrites the committed StoreAPI sources exactly, and `swift build` runs the
/// build-tool plugin for PetsAPI and compiles an app using both.
///
/// Minutes of CPU (SwiftPM builds the generator for the sample): run apart from the
/// timing-sensitive suites, in the Makefile's compile-suite step with FixtureCompileTests.
@Suite(.serialized) struct PluginSampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let sample = root.appendingPathComponent("Examples/PetStore")
    /// Inside the package's own (ignored) build directory, so repeated runs reuse the sample's build.
    static let work = root.appendingPathComponent(".build/plugin-samples")

    /// The dependency as the example (and the README) declares it.
    static let published = #".package(url: "https://github.com/assinafy/swift-sdk", from: "1.0.0")"#

    /// A copy of the example whose dependency is this checkout, reached through a link named like
    /// the URL's last component: a path dependency's identity is its folder's name, and the
    /// manifest names the package by that identity (`package: "swift-sdk"`), as users' will.
    static func copySample() throws -> URL {
        let manager = FileManager.default
        let copy = work.appendingPathComponent("PetStore")
        let checkout = work.appendingPathComponent("swift-sdk")
        try? manager.removeItem(at: copy)
        try? manager.removeItem(at: checkout)
        try manager.createDirectory(at: work, withIntermediateDirectories: true)
        try manager.createSymbolicLink(at: checkout, withDestinationURL: root)
        try manager.copyItem(at: sample, to: copy)
        try? manager.removeItem(at: copy.appendingPathComponent(".build"))
        let manifest = copy.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        #expect(text.components(separatedBy: published).count == 2, "the example no longer declares \(published)")
        try Data(text.replacingOccurrences(of: published, with: ".package(path: \"\(checkout.path)\")").utf8)
            .write(to: manifest)
        return copy
    }

    @Test func commandPluginRegeneratesTheCommittedSourcesAndBuildToolPluginGeneratesAtBuildTime() async throws {
        let copy = try Self.copySample()
        let store = copy.appendingPathComponent("Sources/StoreAPI")
        let committed = try Self.swiftFiles(in: store)
        #expect(committed.keys.sorted() == ["OrdersAPI.swift", "OrdersModels.swift", "StoreAPI.swift"])
        // A file the generator no longer writes goes; a hand-written one stays; a deleted one returns.
        try Data("\(FileLayout.headerMarker) from an older store.yaml — do not edit.\n".utf8)
            .write(to: store.appendingPathComponent("OldModels.swift"))
        try Data("// hand-written\n".utf8).write(to: store.appendingPathComponent("Notes.swift"))
        try FileManager.default.removeItem(at: store.appendingPathComponent("OrdersModels.swift"))

        let scratch = Self.work.appendingPathComponent("scratch").path
        let command = try await Self.swift(
            [
                "package", "--package-path", copy.path, "--scratch-path", scratch,
                "--allow-writing-to-package-directory", "generate-api", "--target", "StoreAPI",
            ])
        #expect(command.status == 0, "\(command.output)")
        var regenerated = try Self.swiftFiles(in: store)
        #expect(regenerated.removeValue(forKey: "Notes.swift") == "// hand-written\n")
        #expect(regenerated == committed, "the plugin's output differs from the committed StoreAPI sources")

        let build = try await Self.swift(["build", "--package-path", copy.path, "--scratch-path", scratch])
        #expect(build.status == 0, "\(build.output)")
        #expect(!build.output.contains("warning:"), "\(build.output)")
        let generated = try #require(
            FileManager.default.enumerator(atPath: scratch + "/plugins")?.compactMap { $0 as? String }
                .first { $0.hasSuffix("PetsAPI+Generated.swift") })
        let text = try String(contentsOfFile: scratch + "/plugins/" + generated, encoding: .utf8)
        #expect(text.contains("public struct Animal: "))
        #expect(text.contains("public func adopt(") && text.contains("request.retryable = false"))
        #expect(text.contains("// Regenerate with `assinafy-generator generate`."))

        let app = try await Self.run(scratch + "/debug/PetStoreApp", [])
        #expect(app.status == 0 && app.output.hasPrefix("Rex order-1 "), "\(app.output)")
    }

    static func swiftFiles(in directory: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".swift") {
            files[name] = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }
        return files
    }

    static func swift(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await run("/usr/bin/env", ["swift"] + arguments)
    }

    /// Waits without blocking a cooperative thread (a build takes minutes); output and errors
    /// go to one log read afterwards.
    static func run(_ executable: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("plugin-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try handle.close()
        return (status, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
