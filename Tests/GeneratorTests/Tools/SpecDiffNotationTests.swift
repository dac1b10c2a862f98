import AssinafyTestSupport
import Foundation
import GeneratorCore
@testable import GeneratorTools
import Testing

/// Each notation equivalence on its own: a component schema `S`, sent and received by one
/// operation, written two ways. Equal spellings must report nothing; the controls prove the
/// comparison still sees real differences so the equivalences cannot pass vacuously.
@Suite(.offCooperativePool)
struct SpecDiffNotationTests {
    struct Pair: Sendable, CustomTestStringConvertible {
        var name: String
        var oldVersion: String
        var old: String
        var newVersion: String
        var new: String
        var testDescription: String { name }
    }

    static func document(version: String, schema: String) -> String {
        let indented = schema.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }
            .joined(separator: "\n")
        return """
            openapi: \(version)
            info: {title: Notation, version: '1'}
            paths:
              /s:
                post:
                  requestBody:
                    content:
                      application/json:
                        schema: {$ref: '#/components/schemas/S'}
                  responses:
                    '200':
                      description: Echo.
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/S'}
            components:
              schemas:
                T: {type: object, properties: {id: {type: string}}}
                S:
            \(indented)
            """
    }

    static func diff(_ pair: Pair) throws -> DiffReport {
        let old = try ToolsFixtures.load(text: document(version: pair.oldVersion, schema: pair.old), name: "old.yaml")
        let new = try ToolsFixtures.load(text: document(version: pair.newVersion, schema: pair.new), name: "new.yaml")
        return SpecDiff.compare(old: old, new: new)
    }

    static let equivalent: [Pair] = [
        Pair(
            name: "nullable: true = type [T, null]", oldVersion: "3.0.3", old: "type: string\nnullable: true",
            newVersion: "3.1.0", new: "type: [string, 'null']"),
        Pair(
            name: "nullable: true = anyOf with {type: null}", oldVersion: "3.0.3", old: "type: string\nnullable: true",
            newVersion: "3.1.0", new: "anyOf:\n  - type: string\n  - type: 'null'"),
        Pair(
            name: "nullable allOf [$ref] = oneOf [$ref, {type: null}]", oldVersion: "3.0.3",
            old: "nullable: true\nallOf:\n  - $ref: '#/components/schemas/T'", newVersion: "3.1.0",
            new: "oneOf:\n  - $ref: '#/components/schemas/T'\n  - type: 'null'"),
        Pair(
            name: "boolean exclusiveMinimum = numeric", oldVersion: "3.0.3",
            old: "type: number\nminimum: 0\nexclusiveMinimum: true", newVersion: "3.1.0",
            new: "type: number\nexclusiveMinimum: 0"),
        Pair(
            name: "boolean exclusiveMaximum = numeric", oldVersion: "3.0.3",
            old: "type: integer\nmaximum: 9\nexclusiveMaximum: true", newVersion: "3.1.0",
            new: "type: integer\nexclusiveMaximum: 9"),
        Pair(
            name: "exclusiveMinimum: false is no modifier", oldVersion: "3.0.3",
            old: "type: number\nminimum: 1\nexclusiveMinimum: false", newVersion: "3.1.0",
            new: "type: number\nminimum: 1"),
        Pair(
            name: "enum is a set", oldVersion: "3.1.0", old: "type: string\nenum: [a, b, c]",
            newVersion: "3.1.0", new: "type: string\nenum: [c, a, b]"),
        Pair(
            name: "null inside enum is nullability", oldVersion: "3.0.3",
            old: "type: string\nnullable: true\nenum: [a, null]",
            newVersion: "3.1.0", new: "type: ['null', string]\nenum: [a, null]"),
        Pair(
            name: "required is a set", oldVersion: "3.1.0",
            old: "type: object\nrequired: [a, b]\nproperties:\n  a: {type: string}\n  b: {type: integer}",
            newVersion: "3.1.0",
            new: "properties:\n  b: {type: integer}\n  a: {type: string}\nrequired: [b, a]\ntype: object"),
        Pair(
            name: "nullable without type = any value", oldVersion: "3.0.3",
            old: "type: object\nproperties:\n  v: {nullable: true}", newVersion: "3.1.0",
            new: "type: object\nproperties:\n  v: {}"),
        Pair(
            name: "type [T] = type T", oldVersion: "3.1.0", old: "type: [string]", newVersion: "3.1.0",
            new: "type: string"),
        Pair(
            name: "1.0 = 1 in values", oldVersion: "3.0.3", old: "type: number\ndefault: 1.0\nenum: [1.0, 2]",
            newVersion: "3.1.0", new: "type: number\ndefault: 1\nenum: [2, 1]"),
        Pair(
            name: "additionalProperties: true = unspecified", oldVersion: "3.1.0",
            old: "type: object\nadditionalProperties: true", newVersion: "3.1.0", new: "type: object"),
        Pair(
            name: "prose and extensions are ignored", oldVersion: "3.0.3",
            old: "type: string\ndescription: Old words.\nexample: x\nx-note: 1", newVersion: "3.1.0",
            new: "type: string\ntitle: New title\nexamples: [y]\ndescription: New words."),
    ]

    @Test(arguments: equivalent)
    func equivalentSpellingsCompareEqual(_ pair: Pair) throws {
        let report = try Self.diff(pair)
        #expect(report.changes.isEmpty, "\(report.listing)")
        let reversed = try Self.diff(
            Pair(
                name: pair.name, oldVersion: pair.newVersion, old: pair.new, newVersion: pair.oldVersion, new: pair.old)
        )
        #expect(reversed.changes.isEmpty, "\(reversed.listing)")
    }

    static let different: [Pair] = [
        Pair(
            name: "becoming nullable", oldVersion: "3.1.0", old: "type: string", newVersion: "3.1.0",
            new: "type: [string, 'null']"),
        Pair(
            name: "3.0 nullable dropped", oldVersion: "3.0.3", old: "type: string\nnullable: true", newVersion: "3.0.3",
            new: "type: string"),
        Pair(
            name: "null member added", oldVersion: "3.1.0", old: "oneOf:\n  - $ref: '#/components/schemas/T'",
            newVersion: "3.1.0", new: "oneOf:\n  - $ref: '#/components/schemas/T'\n  - type: 'null'"),
        Pair(
            name: "inclusive vs exclusive bound", oldVersion: "3.1.0", old: "type: number\nminimum: 0",
            newVersion: "3.1.0", new: "type: number\nexclusiveMinimum: 0"),
        Pair(
            name: "$ref vs the same schema inline is not required to match", oldVersion: "3.1.0",
            old: "$ref: '#/components/schemas/T'", newVersion: "3.1.0",
            new: "type: object\nproperties:\n  id: {type: string}"),
    ]

    @Test(arguments: different)
    func realDifferencesAreStillSeen(_ pair: Pair) throws {
        let report = try Self.diff(pair)
        #expect(!report.changes.isEmpty)
        // `S` is both sent and received: any change to it breaks one side.
        #expect(report.breakingCount > 0, "\(report.listing)")
    }
}
