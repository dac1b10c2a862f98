import Foundation
import Testing

@testable import GeneratorCore

/// A golden case's testing module (`<Module>Testing`) compiles too, against its API module and
/// APITesting, with warnings as errors.
extension FixtureCompileTests {
    static let testingCaseNames = GoldenTests.caseNames.filter { name in
        (try? GoldenTests.output(case: name).testingFiles.isEmpty == false) ?? false
    }

    @Test(arguments: testingCaseNames)
    func goldenTestingModuleCompiles(_ name: String) async throws {
        let output = try GoldenTests.output(case: name)
        try await SwiftCompiler.shared.compileTesting(output.testingFiles, against: output.files, module: "G")
    }
}

extension SwiftCompiler {
    /// Emits `module` from `apiFiles`, then typechecks `testingFiles` as `<module>Testing`.
    func compileTesting(_ testingFiles: [GeneratedFile], against apiFiles: [GeneratedFile], module: String)
        async throws
    {
        let runtime = try await runtimeModule()
        let testing = try await apiTestingModule(runtime: runtime)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ files: [GeneratedFile], into folder: String) throws -> [String] {
            let base = directory.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
            return try files.map { file in
                let url = base.appendingPathComponent(file.name)
                try Data(file.contents.utf8).write(to: url)
                return url.path
            }
        }
        let swift = ["swiftc", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors"]
        try await run(
            swift + [
                "-module-name", module, "-package-name", "generated", "-I", runtime.path, "-emit-module",
                "-emit-module-path",
                directory.appendingPathComponent("\(module).swiftmodule").path,
            ] + write(apiFiles, into: "api"))
        try await run(
            swift + [
                "-module-name", module + "Testing", "-package-name", "generated", "-I", runtime.path, "-I",
                testing.path, "-I", directory.path,
                "-typecheck",
            ] + write(testingFiles, into: "testing"))
    }

    /// Sources/APITesting as a module beside the runtime's.
    private func apiTestingModule(runtime: URL) async throws -> URL {
        let sources = FixtureCompileTests.packageRoot.appendingPathComponent("Sources/APITesting")
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
            .sorted().map { sources.appendingPathComponent($0).path }
        let directory = runtime.appendingPathComponent("APITesting")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let module = directory.appendingPathComponent("APITesting.swiftmodule")
        if !FileManager.default.fileExists(atPath: module.path) {
            try await run(
                [
                    "swiftc", "-parse-as-library", "-swift-version", "6", "-module-name", "APITesting", "-I",
                    runtime.path,
                    "-emit-module", "-emit-module-path", module.path,
                ] + files)
        }
        return directory
    }
}
