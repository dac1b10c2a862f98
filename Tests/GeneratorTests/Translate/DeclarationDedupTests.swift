import Testing

@testable import GeneratorCore
@testable import GeneratorTools

/// Structurally identical inline declarations are emitted once; every other name stays as an
/// alias (issue 17). The golden case `duplicateInlineTypes` shows the emitted Swift.
@Suite("Declaration dedup")
struct DeclarationDedupTests {
    static func openEnum(_ name: String, _ raws: [String], docs: [String] = []) -> Declaration {
        .openEnum(
            EnumDecl(name: name, docs: docs, rawType: "String", cases: raws.map { ($0, $0) }, deprecated: false))
    }

    static func object(_ name: String, member type: String) -> Declaration {
        .structure(
            StructDecl(
                name: name, docs: [],
                properties: [
                    PropertyDecl(
                        swiftName: "kind", wireName: "kind", type: .named(type), isOptional: true, docs: [],
                        deprecated: false, constValue: nil)
                ], keepsAdditionalFields: true, additionalFieldsType: nil, genericParameters: [], deprecated: false))
    }

    @Test func identicalInlineEnumsBecomeAliasesOfTheFirstKeepingTheirDocs() {
        let merged = DeclarationDedup.merge(
            [Self.openEnum("A", ["x", "y"]), Self.openEnum("B", ["x", "y"], docs: ["B's own words."])],
            components: [])
        #expect(merged[0] == Self.openEnum("A", ["x", "y"]))
        guard case .alias(let name, let type, let docs) = merged[1] else {
            Issue.record("B is not an alias: \(merged[1])")
            return
        }
        #expect(name == "B" && type == .named("A") && docs == ["B's own words."])
    }

    /// Objects holding merged types merge on the next round, however deep.
    @Test func containersMergeOnceTheirMembersHave() {
        let merged = DeclarationDedup.merge(
            [
                Self.openEnum("E1", ["on"]), Self.object("O1", member: "E1"), Self.object("P1", member: "O1"),
                Self.openEnum("E2", ["on"]), Self.object("O2", member: "E2"), Self.object("P2", member: "O2"),
            ], components: [])
        let aliases = merged.compactMap { declaration -> String? in
            if case .alias(let name, let type, _) = declaration { return name + "=" + type.rendered }
            return nil
        }
        #expect(aliases == ["E2=E1", "O2=O1", "P2=P1"])
    }

    /// A component is the document's own name: never replaced, though identical to another.
    @Test func componentsAreNeverReplaced() {
        let declarations = [Self.openEnum("Inline", ["a"]), Self.openEnum("Component", ["a"])]
        let merged = DeclarationDedup.merge(declarations, components: ["Component"])
        #expect(merged == declarations)
    }

    /// Different values, raw types or member docs keep types apart.
    @Test func differentShapesStayApart() {
        let declarations = [
            Self.openEnum("A", ["x", "y"]), Self.openEnum("B", ["y", "x"]), Self.openEnum("C", ["x"]),
            Self.object("D", member: "A"), Self.object("F", member: "B"),
        ]
        #expect(DeclarationDedup.merge(declarations, components: []) == declarations)
    }

    /// The Swift API diff sees through dedup aliases: a struct that became an alias of an
    /// identical one, or an alias moved between identical ones, is no change; an alias of a
    /// different shape still is.
    @Test func apiDiffComparesWhatAnAliasDenotes() {
        let old = [Self.openEnum("E", ["on"]), Self.object("A", member: "E")]
        let aliased = [
            Self.openEnum("E", ["on"]), Self.object("First", member: "E"),
            .alias(name: "A", type: .named("First"), docs: []),
        ]
        #expect(SwiftAPIDiff.compareDeclarations(old, aliased).allSatisfy { $0.severity != .breaking })
        let different = [
            Self.openEnum("E", ["on"]), Self.openEnum("F", ["off"]), Self.object("Other", member: "F"),
            .alias(name: "A", type: .named("Other"), docs: []),
        ]
        #expect(SwiftAPIDiff.compareDeclarations(old, different).contains { $0.severity == .breaking })
    }
}
