import Testing

@testable import GeneratorCore
@testable import GeneratorTools

/// A group over the line budget keeps its struct in `<Group>.swift` and moves its operations into
/// extensions, one file per path resource; only file boundaries move.
@Suite("Operation files split by path")
struct OperationFileLayoutTests {
    static let resources = [
        "pets", "owners", "visits", "vets", "clinics", "invoices", "payments", "purchase-orders", "stock", "rooms",
    ]

    /// Untagged operations (so one `DefaultAPI`): four per resource under a shared `/v1`, nested
    /// reports, one on the prefix itself, one whose first segment is a parameter.
    static func document(resources: [String] = resources, extra: String = "") -> String {
        var paths = "  /v1:\n    get: {operationId: root, responses: {'204': {description: done}}}\n"
        paths += "  /v1/{tenant}:\n    get:\n      operationId: tenant\n"
        paths += "      parameters: [{name: tenant, in: path, required: true, schema: {type: string}}]\n"
        paths += "      responses: {'204': {description: done}}\n"
        for resource in resources {
            let name = SwiftNames.pascalCase(resource)
            paths += "  /v1/\(resource):\n"
            paths += "    get:\n      operationId: list\(name)\n"
            paths += "      parameters: [{name: limit, in: query, schema: {type: integer}}]\n"
            paths += "      responses:\n        '200':\n          description: a page\n"
            paths += "          headers: {X-Next: {schema: {type: string}}}\n"
            paths += "          content: {application/json: {schema: {type: array, items: {type: string}}}}\n"
            paths += "    post: {operationId: create\(name), responses: {'204': {description: done}}}\n"
            paths += "  /v1/\(resource)/{id}:\n"
            paths += "    parameters: [{name: id, in: path, required: true, schema: {type: string}}]\n"
            paths += "    get: {operationId: get\(name), responses: {'204': {description: done}}}\n"
            paths += "    delete: {operationId: delete\(name), responses: {'204': {description: done}}}\n"
        }
        for report in ["sales", "stock", "tax"] {
            for index in 0..<6 {
                paths += "  /v1/reports/\(report)/r\(index):\n"
                paths += "    get: {operationId: report\(report)\(index), responses: {'204': {description: done}}}\n"
            }
        }
        return "openapi: 3.0.3\ninfo: {title: Split, version: '1'}\npaths:\n" + paths + extra
    }

    static func files(_ text: String, budget: Int?) throws -> [GeneratedFile] {
        var configuration = GeneratorConfiguration()
        configuration.fileLineBudget = budget
        return try GeneratorPipeline.generate(
            text: text, sourceName: "split.yaml", moduleName: "Split", configuration: configuration
        ).files
    }

    static func lineCount(_ file: GeneratedFile) -> Int { lineBreakCount(file.contents) }

    static func operationCount(_ file: GeneratedFile) -> Int {
        file.contents.split(separator: "\n").filter { $0.contains("public func ") }.count
    }

    @Test func aGroupWithinTheBudgetIsOneFileAsBefore() throws {
        let names = try Self.files(Self.document(), budget: nil).map(\.name)
        #expect(names == ["DefaultAPI.swift", "Split.swift"])
    }

    static func file(_ files: [GeneratedFile], holding function: String) -> GeneratedFile? {
        files.first { $0.contents.contains("public func \(function)(") }
    }

    @Test func aLargeGroupSplitsByResourceWithinTheBudget() throws {
        let budget = 120
        let files = try Self.files(Self.document(), budget: budget)
        for file in files where file.name.hasPrefix("DefaultAPI") {
            #expect(Self.lineCount(file) <= budget, "\(file.name)")
        }
        let main = try #require(files.first { $0.name == "DefaultAPI.swift" })
        #expect(main.contents.contains("public struct DefaultAPI: Sendable {"))
        #expect(main.contents.contains("func root(") && main.contents.contains("func tenant("))
        // Resources packed in the order of their names, each file named for its first.
        let first = try #require(files.first { $0.name == "DefaultAPI+Clinics.swift" })
        #expect(first.contents.contains("/// Operations of `DefaultAPI` on `/v1/clinics` through `/v1/"))
        #expect(first.contents.contains("\nextension DefaultAPI {\n"))
        // One resource's operations share a file, its headers types beside them.
        for resource in Self.resources.map(SwiftNames.pascalCase) {
            let list = try #require(Self.file(files, holding: "list\(resource)"))
            #expect(list.name == Self.file(files, holding: "delete\(resource)")?.name)
            #expect(list.contents.contains("public struct List\(resource)Headers: Sendable, Hashable {"))
        }
        // Reports are over the budget as one resource: split again by their next segment.
        #expect(Self.file(files, holding: "reportsales0")?.name == "DefaultAPI+Reports+Sales.swift")
        #expect(Self.file(files, holding: "reporttax5")?.name == "DefaultAPI+Reports+Tax.swift")
    }

    /// The same members with the same text: every line of the one-file rendering is in the split
    /// one, and the split one adds only its extensions' openings and doc lines.
    @Test func splittingChangesNoMember() throws {
        let whole = try Self.files(Self.document(), budget: nil)
        let split = try Self.files(Self.document(), budget: 120)
        func lines(_ files: [GeneratedFile]) -> Set<Substring> {
            Set(files.flatMap { $0.contents.split(separator: "\n") })
        }
        #expect(lines(whole).subtracting(lines(split)).isEmpty)
        let added = lines(split).subtracting(lines(whole))
        #expect(added.allSatisfy { $0 == "extension DefaultAPI {" || $0.hasPrefix("/// Operations of `DefaultAPI`") })
        #expect(whole.map(Self.operationCount).reduce(0, +) == split.map(Self.operationCount).reduce(0, +))
    }

    @Test func outputIsDeterministic() throws {
        #expect(try Self.files(Self.document(), budget: 120) == Self.files(Self.document(), budget: 120))
    }

    /// Operations added to one resource move no boundary before it: every file before the
    /// resource's own is as it was.
    @Test func aChangeToOneResourceLeavesTheFilesBeforeItAlone() throws {
        let before = try Self.files(Self.document(), budget: 120)
        let extra =
            "  /v1/visits/{id}/notes:\n    get: {operationId: visitNotes, responses: {'204': {description: done}}}\n"
        let after = try Self.files(Self.document(extra: extra), budget: 120)
        let changed = try #require(Self.file(after, holding: "visitNotes")).name
        let afterByName = Dictionary(uniqueKeysWithValues: after.map { ($0.name, $0.contents) })
        let earlier = before.filter { $0.name.hasPrefix("DefaultAPI+") && $0.name < changed }
        #expect(earlier.count >= 3)
        for file in earlier { #expect(afterByName[file.name] == file.contents, "\(file.name)") }
    }

    /// A budget smaller than one operation: each operation gets a file of its own, whole.
    @Test func anOperationLargerThanTheBudgetStaysWhole() throws {
        let files = try Self.files(Self.document(), budget: 5)
        let extensions = files.filter { $0.name.hasPrefix("DefaultAPI+") }
        #expect(extensions.allSatisfy { Self.operationCount($0) == 1 })
        #expect(extensions.contains { $0.name == "DefaultAPI+Pets2.swift" })
        #expect(files.map(Self.operationCount).reduce(0, +) == Self.resources.count * 4 + 2 + 18)
    }

    /// Segments that differ only in case share a file: a case-insensitive disk cannot hold both.
    @Test func segmentsDifferingInCaseShareAFile() throws {
        let extra = "  /v1/Pets/search:\n    get: {operationId: searchPets, responses: {'204': {description: done}}}\n"
        let files = try Self.files(Self.document(extra: extra), budget: 120)
        let names = files.map { $0.name.lowercased() }
        #expect(Set(names).count == names.count)
        #expect(Self.file(files, holding: "searchPets")?.name == Self.file(files, holding: "listPets")?.name)
    }

    /// Extensions in other files see the struct and its `client`; a fixture with tags, models
    /// and headers still compiles with every group split.
    @Test func splitModulesCompile() async throws {
        try await SwiftCompiler.shared.compile(
            Self.files(Self.document(), budget: 120), module: "Split", typecheckOnly: true)
        var configuration = GeneratorConfiguration()
        configuration.fileLineBudget = 30
        let fixture = FixtureCompileTests.fixtures.appendingPathComponent("wide-multitag-3.0.yaml").path
        let output = try GeneratorPipeline.generate(
            specPath: fixture, moduleName: "Wide", configuration: configuration)
        #expect(output.files.contains { $0.name.contains("API+") })
        try await SwiftCompiler.shared.compile(output.files, module: "Wide", typecheckOnly: true)
    }

    @Test func theConfigurationReadsTheBudget() throws {
        let configuration = try GeneratorConfiguration.parse(Array("fileLineBudget: 2500\n".utf8), file: "gen.yaml")
        #expect(configuration.fileLineBudget == 2500)
        #expect(configuration.lineBudget == 2500)
        #expect(GeneratorConfiguration().lineBudget == FileLayout.defaultLineBudget)
        for bad in ["fileLineBudget: 0\n", "fileLineBudget: many\n", "fileLineBudget: 1.5\n"] {
            #expect(throws: ParseError.self) { try GeneratorConfiguration.parse(Array(bad.utf8), file: "gen.yaml") }
        }
    }
}
