import AssinafyTestSupport
import Foundation
import Testing

@testable import GeneratorCore
@testable import GeneratorTools

/// One construct per case in `Cases/`: `<name>.yaml` is a small document, `<name>.expected` the
/// exact Swift the generator must write for it (every file but the module file, each introduced
/// by `// <file name>`, headers and imports left out).
/// Every case's output compiles against APIRuntime with warnings as errors
/// (`FixtureCompileTests.goldenCaseCompiles`). A line `# per-call-credential: <scheme>` in the
/// YAML passes that generator option, and `# preferred-media-type: <operationId> <type>` the
/// per-operation request media type preference, the lines `# configuration: <line>`, joined, a
/// generator configuration file (with `testing:`, the testing module's files follow, each
/// introduced by `// Testing/<file name>`), and `# type-name: <generated> <given>` a configuration `types:`
/// rename. `GOLDEN_RECORD=1 swift test --filter GoldenTests` rewrites
/// every `.expected` from the current output (review the diff before committing it).
@Suite("Golden output", .offCooperativePool)
struct GoldenTests {
    static let casesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Cases")

    static let caseNames: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: casesDirectory.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }
            .map { String($0.dropLast(".yaml".count)) }.sorted()
    }()

    static func output(_ yaml: String, names: [String: String] = [:]) throws -> GeneratorPipeline.Output {
        let perCall = yaml.split(separator: "\n").compactMap { line -> String? in
            let prefix = "# per-call-credential: "
            return line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : nil
        }
        var preferred: [String: String] = [:]
        for line in yaml.split(separator: "\n") where line.hasPrefix("# preferred-media-type: ") {
            let words = line.dropFirst("# preferred-media-type: ".count).split(separator: " ")
            if words.count == 2 { preferred[String(words[0])] = String(words[1]) }
        }
        let configurationLines = yaml.split(separator: "\n").filter { $0.hasPrefix("# configuration: ") }
            .map { $0.dropFirst("# configuration: ".count) }
        var configuration =
            configurationLines.isEmpty
            ? GeneratorConfiguration()
            : try GeneratorConfiguration.parse(
                Array(configurationLines.joined(separator: "\n").utf8), file: "configuration.yaml")
        for line in yaml.split(separator: "\n") where line.hasPrefix("# type-name: ") {
            let words = line.dropFirst("# type-name: ".count).split(separator: " ")
            if words.count == 2 { configuration.types[String(words[0])] = String(words[1]) }
        }
        return try GeneratorPipeline.generate(
            text: yaml, sourceName: "fragment.yaml", moduleName: "G", names: names,
            perCallCredentialSchemes: Set(perCall), preferredRequestMediaTypes: preferred,
            configuration: configuration)
    }

    /// Every file a case generates, the module file included (what the compile test builds).
    static func output(case name: String) throws -> GeneratorPipeline.Output {
        let yaml = try String(contentsOf: casesDirectory.appendingPathComponent("\(name).yaml"), encoding: .utf8)
        return try output(yaml)
    }

    static func generated(_ yaml: String, names: [String: String] = [:]) throws -> String {
        let output = try output(yaml, names: names)
        var text = ""
        // The module file only re-exports the runtime unless the document has schemes, servers or
        // shared request parts.
        for file in output.files where file.name != "G.swift" || file.contents.contains("SecurityScheme(")
            || file.contents.contains("enum Servers") || file.contents.contains("static var shared")
        {
            let body = file.contents.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(3)
                .filter { $0 != "import Foundation" && $0 != "import APIRuntime" && $0 != "@_exported import APIRuntime" }
                .joined(separator: "\n")
            text += "// \(file.name)\n" + trimmingNewlines(body) + "\n"
        }
        // The testing module (`# configuration: testing: {output: T}`), after the API module's files.
        let testingImports: Set<Substring> = ["import Foundation", "import APIRuntime", "import APITesting", "import G"]
        for file in output.testingFiles {
            let body = file.contents.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(3)
                .filter { !testingImports.contains($0) }.joined(separator: "\n")
            text += "// Testing/\(file.name)\n" + trimmingNewlines(body) + "\n"
        }
        return text
    }

    static func trimmingNewlines(_ text: String) -> String {
        var result = Substring(text)
        while result.first == "\n" { result = result.dropFirst() }
        while result.last == "\n" { result = result.dropLast() }
        return String(result)
    }

    @Test func everyConstructHasACase() {
        let required = [
            "openEnum", "nullableAndOptional", "allOfMerge", "oneOfWithDiscriminator", "oneOfOrderedTrial",
            "anyOfNullAndConst", "recursion", "valuesAnyJSONDatesDeprecated", "multipartForm",
            "binaryHeadersQueryArraysSigner", "securityClasses", "nameMapAndDerivedNames", "genericEnvelope",
            "declaredResponseHeaders", "securitySchemesAndServers", "duplicateInlineTypes", "reservedLookingNames",
            "webhookNamesNormalisingAlike", "requestMediaTypeOrder", "deepObjectAndCookies", "optionalConstant",
            "expandableMembers", "requestSettingsVersusParameterNames", "emptyFormBodies", "unionCaseNames",
            "unionCaseFollowsRenamedType", "typedStubs", "exampleAnswers",
        ]
        #expect(Set(required).isSubset(of: Set(Self.caseNames)), "missing: \(Set(required).subtracting(Self.caseNames))")
    }

    @Test(arguments: caseNames)
    func golden(_ name: String) throws {
        let directory = Self.casesDirectory
        let yaml = try String(contentsOf: directory.appendingPathComponent("\(name).yaml"), encoding: .utf8)
        let expected = try String(contentsOf: directory.appendingPathComponent("\(name).expected"), encoding: .utf8)
        let actual = try Self.generated(yaml)
        if ProcessInfo.processInfo.environment["GOLDEN_RECORD"] == "1" {
            try actual.write(to: directory.appendingPathComponent("\(name).expected"), atomically: true, encoding: .utf8)
            return
        }
        guard actual != expected else { return }
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let index = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(actualLines.count, expectedLines.count)
        let wanted = index < expectedLines.count ? String(expectedLines[index]) : "<end>"
        let got = index < actualLines.count ? String(actualLines[index]) : "<end>"
        Issue.record("\(name): first difference at line \(index + 1)\nexpected: \(wanted)\nactual:   \(got)")
    }
}
