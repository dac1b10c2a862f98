import Foundation
import SyntheticDocuments
import Testing

@testable import GeneratorCore
@testable import GeneratorTools

/// The generator is general: documents in other vendors' styles (3.0 and 3.1, YAML and JSON,
/// discriminators, deep allOf chains, reserved words, odd enum values, missing operationIds, a
/// multi-megabyte synthetic one) must generate Swift that compiles against APIRuntime alone,
/// with warnings as errors.
@Suite("Generated code compiles", .serialized)
struct FixtureCompileTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("Tests/GeneratorTests/Fixtures/Documents")

    static let fixtureNames: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []).sorted()

    @Test func atLeastEightFixtures() {
        #expect(Self.fixtureNames.count >= 8)
        #expect(Self.fixtureNames.contains { $0.hasSuffix(".json") } && Self.fixtureNames.contains { $0.hasSuffix(".yaml") })
    }

    @Test(arguments: fixtureNames)
    func fixtureCompiles(_ name: String) async throws {
        let output = try GeneratorPipeline.generate(
            specPath: Self.fixtures.appendingPathComponent(name).path, moduleName: "Fixture", names: [:])
        #expect(output.diagnostics.allSatisfy { $0.severity == .warning })
        try await SwiftCompiler.shared.compile(output.files, module: "Fixture")
    }

    /// A golden case is only worth its exact text if that text compiles: two names a scope failed
    /// to separate (webhook events that normalise alike) once passed the golden test as recorded.
    @Test(arguments: GoldenTests.caseNames)
    func goldenCaseCompiles(_ name: String) async throws {
        let output = try GoldenTests.output(case: name)
        try await SwiftCompiler.shared.compile(output.files, module: "G", typecheckOnly: true)
    }

    /// Tag `pets` in module `PetsAPI`: the group is renamed (`OperationGroupNamesTests`), so an
    /// app's `PetsAPI.Pet` still finds the module's type rather than a member of a struct.
    @Test func groupNamedLikeItsModuleCompiles() async throws {
        let output = try OperationGroupNamesTests.generate(OperationGroupNamesTests.document)
        let usage = GeneratedFile(
            name: "Usage.swift",
            contents: """
                import APIRuntime

                func usage(_ client: any APIClientProtocol) -> (PetsAPI.PetsOperations, PetsAPI.Pet) {
                    (PetsAPI.PetsOperations(client: client), PetsAPI.Pet(name: "Rex"))
                }
                """)
        try await SwiftCompiler.shared.compile(output.files + [usage], module: "PetsAPI", typecheckOnly: true)
    }

    /// The README's "Using the generator for another API" example, verbatim, compiles against
    /// the module generated from its document.
    @Test func readmeExampleCompiles() async throws {
        let example = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Tests/GeneratorTests/Fixtures/ReadmeExample/KennelExample.swift"),
            encoding: .utf8)
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(example), "README.md must show Fixtures/ReadmeExample/KennelExample.swift verbatim")
        let output = try GeneratorPipeline.generate(
            specPath: Self.fixtures.appendingPathComponent("kennel-3.0.yaml").path, moduleName: "Kennel", names: [:])
        // One module: the example's `import Kennel` names the module it is compiled into.
        let body = example.split(separator: "\n", omittingEmptySubsequences: false).filter { $0 != "import Kennel" }
        try await SwiftCompiler.shared.compile(
            output.files + [GeneratedFile(name: "KennelExample.swift", contents: body.joined(separator: "\n"))], module: "Kennel")
    }

    /// `assinafy-generator smoke` calls every operation, deprecated ones too (OpenAI's document
    /// deprecates some), and labels arguments named by keywords as a call writes them: the driver
    /// it writes compiles with warnings as errors all the same.
    @Test func smokeDriverOfDeprecatedOperationsCompiles() async throws {
        let text = """
            openapi: 3.0.3
            info: {title: Old, version: '1'}
            components:
              schemas:
                Legacy: {type: object, deprecated: true, properties: {name: {type: string}}}
            paths:
              /legacy/{id}:
                put:
                  operationId: putLegacy
                  deprecated: true
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: string}}
                    - {name: mode, in: query, required: true, deprecated: true, schema: {type: string}}
                    - {name: default, in: query, required: true, schema: {type: boolean}}
                  requestBody:
                    required: true
                    content: {application/json: {schema: {$ref: '#/components/schemas/Legacy'}}}
                  responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Legacy'}}}}}
              /forms:
                post:
                  operationId: postForm
                  requestBody:
                    required: true
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          required: [default, file]
                          properties: {default: {type: boolean}, file: {type: string, format: binary}}
                  responses: {'204': {description: done}}
            """
        let output = try GeneratorPipeline.generate(text: text, sourceName: "old.yaml", moduleName: "OldAPI")
        let document = try #require(DocumentLoader.load(try DocumentReader.read(text, file: "old.yaml")).document)
        let module = Translator.translate(document, options: .init(moduleName: "OldAPI", sourceName: "old.yaml")).module
        let driver = SmokeDriver.render(module)
        #expect(driver.contains("putLegacy(") && driver.contains("postForm("))
        // One module: the driver's `import OldAPI` names the module it is compiled into.
        let body = driver.split(separator: "\n", omittingEmptySubsequences: false).filter { $0 != "import OldAPI" }
        try await SwiftCompiler.shared.compile(
            output.files + [GeneratedFile(name: "main.swift", contents: body.joined(separator: "\n"))], module: "OldAPI",
            typecheckOnly: true)
    }

    @Test func syntheticMultiMegabyteDocumentCompiles() async throws {
        let yaml = SyntheticDocument.yaml(targetBytes: 1_100_000)
        #expect(yaml.utf8.count >= 1_000_000)
        let output = try GeneratorPipeline.generate(text: yaml, sourceName: "synthetic.yaml", moduleName: "Synthetic")
        #expect(output.operationCount > 300)
        try await SwiftCompiler.shared.compile(output.files, module: "Synthetic", typecheckOnly: true)
    }

    /// The large-public-API shape of the scaling benchmark (form bodies, expandable `anyOf`,
    /// nullable unions, deep `allOf`, inline types repeated everywhere, so most become aliases).
    @Test func largeAPIShapedDocumentCompiles() async throws {
        let yaml = LargeAPIDocument.yaml(targetBytes: 250_000)
        let output = try GeneratorPipeline.generate(text: yaml, sourceName: "large.yaml", moduleName: "Large")
        #expect(output.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(output.files.contains { $0.contents.contains("public typealias") })
        try await SwiftCompiler.shared.compile(output.files, module: "Large", typecheckOnly: true)
    }
}

/// Compiles generated files against APIRuntime with the toolchain's `swiftc`.
actor SwiftCompiler {
    static let shared = SwiftCompiler()
    private var runtimeDirectory: URL?

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func compile(_ files: [GeneratedFile], module: String, typecheckOnly: Bool = false) async throws {
        let runtime = try await runtimeModule()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(module)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for file in files {
            let url = directory.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: url)
            paths.append(url.path)
        }
        let mode = typecheckOnly ? ["-typecheck"] : ["-wmo", "-c", "-o", directory.appendingPathComponent("out.o").path]
        // `-package-name`, as SwiftPM passes it: a module generated with `access: package` needs one.
        try await run(
            ["swiftc", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors", "-module-name", module,
             "-package-name", "generated", "-I", runtime.path] + mode + paths)
    }

    func runtimeModule() async throws -> URL {
        if let runtimeDirectory { return runtimeDirectory }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let sources = FixtureCompileTests.packageRoot.appendingPathComponent("Sources/APIRuntime").resolvingSymlinksInPath()
        let enumerator = FileManager.default.enumerator(atPath: sources.path)
        var files: [String] = []
        while let next = enumerator?.nextObject() as? String {
            if next.hasSuffix(".swift") { files.append(sources.appendingPathComponent(next).path) }
        }
        // `-package-name` as SwiftPM passes it: the runtime shares `package` declarations with the overlay.
        try await run(
            ["swiftc", "-parse-as-library", "-swift-version", "6", "-module-name", "APIRuntime",
             "-package-name", "assinafy", "-emit-module",
             "-emit-module-path", directory.appendingPathComponent("APIRuntime.swiftmodule").path] + files.sorted())
        runtimeDirectory = directory
        return directory
    }

    /// Waits for `swiftc` without blocking a cooperative thread: a minute-long compile must not
    /// starve the other suites running beside it on a 2-core machine.
    func run(_ arguments: [String]) async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("swiftc-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
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
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard status == 0, !text.contains("warning:") else {
            throw Failure(description: "swiftc failed (\(status)):\n" + String(text.prefix(4000)))
        }
    }
}
