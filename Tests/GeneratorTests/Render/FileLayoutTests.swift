import Testing

@testable import GeneratorCore

/// Undocumented typealiases in a row read as one group; documented ones and everything else
/// stay set apart by a blank line, and each file's first declaration follows a blank line.
@Suite("FileLayout declaration spacing")
struct FileLayoutTests {
    static func sharedModels(_ declarations: [Declaration]) -> String {
        let module = ModuleDecl(
            moduleName: "Sample", sourceName: "sample.yaml", declarations: declarations, declarationGroups: [:],
            operations: [], webhookEvents: nil, webhookPayloads: [])
        let file = FileLayout.render(module).first { $0.name == "SharedModels.swift" }
        return file.map { String($0.contents.split(separator: "import APIRuntime\n", maxSplits: 1)[1]) } ?? ""
    }

    @Test func bareAliasesInARowHaveNoBlankLinesBetweenThem() {
        let text = Self.sharedModels([
            .alias(name: "A", type: .named("String"), docs: []),
            .alias(name: "B", type: .named("Int"), docs: []),
            .alias(name: "C", type: .named("Bool"), docs: ["Documented."]),
            .alias(name: "D", type: .named("Bool"), docs: []),
        ])
        #expect(
            text
                == "\npublic typealias A = String\npublic typealias B = Int\n\n/// Documented.\n"
                + "public typealias C = Bool\n\npublic typealias D = Bool\n")
    }
}
